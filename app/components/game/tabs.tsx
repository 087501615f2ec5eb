import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { gameHref, GAME_TABS, type GameQuery } from "~/utils/game";

/**
 * The game's section links (current orders, history, quotes, the K-line chart, rules): links, so
 * they work without JavaScript. Its own module, loaded with React.lazy by game-page.tsx like the
 * sections themselves, below the first screen on a phone (initial JS budget, tests/bench).
 */
export default function GameTabs({ path, query }: { path: string; query: GameQuery }) {
  const { t } = useTranslation("game");
  return (
    <nav aria-label={t("tabs.label")} className="support-tabs game-tabs">
      {GAME_TABS.map((tab) => (
        <Link
          key={tab}
          to={gameHref(path, { pair: query.pair, tab })}
          aria-current={tab === query.tab ? "page" : undefined}
          preventScrollReset
        >
          {t(`tabs.${tab}`)}
        </Link>
      ))}
    </nav>
  );
}
