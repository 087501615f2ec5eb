import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { gameHref, HISTORY_PAGE_SIZE, type GameQuery } from "~/utils/game";

/** The page's path and query, and how many items the section has in all. */
export type Pages = { path: string; query: GameQuery; total: number };

/**
 * Previous and next page of the history and quotes sections, which render it (code loaded with
 * them by game-page.tsx, never on the first screen).
 */
export function GamePagination({ path, query, total }: Pages) {
  const { t } = useTranslation("game");
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  if (pages === 1 && query.page === 1) return null;
  return (
    <nav aria-label={t("pagination.label")} className="pagination">
      {query.page > 1 ? (
        <Link to={gameHref(path, { ...query, page: Math.min(query.page - 1, pages) })} rel="prev" preventScrollReset>
          {t("pagination.previous")}
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
      <span>{t("pagination.status", { page: query.page, pages })}</span>
      {query.page < pages ? (
        <Link to={gameHref(path, { ...query, page: query.page + 1 })} rel="next" preventScrollReset>
          {t("pagination.next")}
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  );
}
