import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { recordsHref, type RecordsQuery } from "./query";

/** Previous/next links that keep the tab and the dates; shown only when there is somewhere to go. */
export function Pagination({ query, total, pageSize }: { query: RecordsQuery; total: number; pageSize: number }) {
  const { t } = useTranslation("records");
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = query.page;
  if (pages === 1 && page === 1) return null;
  // a hand-typed page past the end leads back to the last one
  const previous = Math.min(page - 1, pages);
  return (
    <nav aria-label={t("pagination.label")} className="pagination">
      {page > 1 ? (
        <Link to={recordsHref({ ...query, page: previous })} rel="prev">
          {t("pagination.previous")}
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
      <span>{t("pagination.status", { page, pages })}</span>
      {page < pages ? (
        <Link to={recordsHref({ ...query, page: page + 1 })} rel="next">
          {t("pagination.next")}
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  );
}
