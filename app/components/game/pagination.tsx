import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { gameHref, HISTORY_PAGE_SIZE, type GameQuery } from "~/utils/game";

/**
 * Previous and next page of the history and quotes sections. Its own module, loaded with
 * React.lazy by game-page.tsx beside those sections: the first screen never shows it.
 */
export default function GamePagination({ path, query, total }: { path: string; query: GameQuery; total: number }) {
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
