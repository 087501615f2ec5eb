import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";

/**
 * Rounds or contracts on the same pair: two links drawn as one segmented control (DTrader's trade
 * types above its chart), on the game page and the contract page alike.
 */
export function GameModes({
  pair,
  current,
  roundsPath = "/game",
}: {
  pair: string;
  current: "rounds" | "contracts";
  roundsPath?: string;
}) {
  const { t } = useTranslation("game");
  const query = `?pair=${encodeURIComponent(pair)}`;
  return (
    <nav aria-label={t("modes.label")} className="game-modes">
      <Link to={`${roundsPath}${query}`} aria-current={current === "rounds" ? "page" : undefined}>
        {t("modes.rounds")}
      </Link>
      <Link
        to={`/game/contract${query}`}
        aria-current={current === "contracts" ? "page" : undefined}
        data-testid="contracts-link"
      >
        {t("modes.contracts")}
      </Link>
    </nav>
  );
}
