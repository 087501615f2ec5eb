import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { RECORD_TABS, recordsHref, type RecordsQuery } from "./query";

/** The three record lists as plain links: they work without JavaScript and keep the date filter. */
export function RecordTabs({ query }: { query: RecordsQuery }) {
  const { t } = useTranslation("records");
  return (
    <nav aria-label={t("tabs.label")} className="record-tabs">
      {RECORD_TABS.map((tab) => (
        <Link
          key={tab}
          to={recordsHref({ tab, from: query.from, to: query.to })}
          aria-current={tab === query.tab ? "page" : undefined}
        >
          {t(`tabs.${tab}`)}
        </Link>
      ))}
    </nav>
  );
}
