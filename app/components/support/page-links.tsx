import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";

/** Previous/next links of a list at `path?page=N`; shown only when there is somewhere to go. */
export function PageLinks({
  path,
  page,
  total,
  pageSize,
}: {
  path: string;
  page: number;
  total: number;
  pageSize: number;
}) {
  const { t } = useTranslation("support");
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1 && page === 1) return null;
  const href = (n: number) => (n > 1 ? `${path}?page=${n}` : path);
  return (
    <nav aria-label={t("pagination.label")} className="pagination">
      {page > 1 ? (
        <Link to={href(Math.min(page - 1, pages))} rel="prev">
          {t("pagination.previous")}
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
      <span>{t("pagination.status", { page, pages })}</span>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next">
          {t("pagination.next")}
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  );
}
