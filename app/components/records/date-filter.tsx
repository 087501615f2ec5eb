import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { daysBefore, QUICK_RANGES, RECORDS_PATH, recordsHref, type RecordsQuery } from "./query";

const ERROR_ID = "records-range-error";

/** A GET form (works without JavaScript): it keeps the tab and starts again at page 1. */
export function DateFilter({
  query,
  rangeError,
  today,
  timeZone,
}: {
  query: RecordsQuery;
  rangeError: boolean;
  /** the member's today (YYYY-MM-DD, in their time zone), from the loader: server and browser agree */
  today: string;
  timeZone: string;
}) {
  const { t } = useTranslation("records");
  const invalid = rangeError || undefined;
  const describedBy = rangeError ? ERROR_ID : undefined;
  return (
    <Form method="get" action={RECORDS_PATH} className="records-filter" aria-label={t("filter.label")}>
      {/* Today, 7 and 30 days: one tap, as a statement's presets; links, so no JavaScript is needed */}
      <nav className="records-ranges" aria-label={t("filter.quick")}>
        {QUICK_RANGES.map((range) => {
          const from = daysBefore(today, range.days - 1);
          const current = query.from === from && query.to === today;
          return (
            <Link
              key={range.key}
              to={recordsHref({ tab: query.tab, from, to: today })}
              aria-current={current ? "true" : undefined}
              data-testid={`range-${range.key}`}
            >
              {t(`filter.${range.key}`)}
            </Link>
          );
        })}
      </nav>
      <input type="hidden" name="tab" value={query.tab} />
      <div className="field">
        <label htmlFor="records-from">{t("filter.from")}</label>
        <input
          key={`from-${query.from ?? ""}`}
          id="records-from"
          type="date"
          name="from"
          defaultValue={query.from}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        />
      </div>
      <div className="field">
        <label htmlFor="records-to">{t("filter.to")}</label>
        <input
          key={`to-${query.to ?? ""}`}
          id="records-to"
          type="date"
          name="to"
          defaultValue={query.to}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        />
      </div>
      <div className="records-filter-actions">
        <button type="submit" className="button button-small">
          {t("filter.apply")}
        </button>
        {query.from || query.to ? <Link to={recordsHref({ tab: query.tab })}>{t("filter.clear")}</Link> : null}
      </div>
      <p className="hint records-filter-hint">{t("filter.hint", { zone: timeZone })}</p>
      {rangeError ? (
        <p id={ERROR_ID} role="alert" className="error-list">
          {t("filter.from_after_to")}
        </p>
      ) : null}
    </Form>
  );
}
