import { useMemo } from "react";
import { useTranslation } from "~/utils/translator";
import { CLOCK, dateTimeFormat } from "~/utils/date-time";
import { useTimeZone } from "~/utils/time-zone";
import type { KeyOf } from "~/utils/translation-keys";

/**
 * Times in the member's time zone (utils/time-zone.ts), the one the date filter's days are counted
 * in; the root loader gives the server the same zone, so both render the same text.
 */
export function useFormatTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const zone = useTimeZone();
  return useMemo(() => {
    const format = dateTimeFormat(i18n.language, {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      ...CLOCK,
      timeZone: zone,
    });
    return (iso: string) => format.format(new Date(iso));
  }, [i18n.language, zone]);
}

export function RecordTime({ iso }: { iso: string }) {
  const format = useFormatTime();
  return <time dateTime={iso}>{format(iso)}</time>;
}

/**
 * Where a cell sits on a phone card (member.css, "records"): `what` (what happened) and `amount`
 * on the first line, `time` and `side` (balance after, fee, status) on the second, `more` across
 * the card. From 720 px up the same cells are an ordinary table row.
 */
export type CardSlot = "what" | "amount" | "time" | "side" | "more";

/** One column: its header (records namespace) and its place on a phone card. */
export type RecordColumn = { key: KeyOf<"records">; slot: CardSlot };

/**
 * A record list: one table whose rows read as cards on a phone (no sideways scrolling: the
 * amount is on the first line) and as a table from 720 px up; or the empty state. The cell
 * labels a card needs ("Balance after") come from `data-label`, so the markup is the same for
 * both and works without JavaScript.
 */
export function RecordTable({
  caption,
  columns,
  count,
  filtered,
  children,
}: {
  caption: string;
  columns: readonly RecordColumn[];
  count: number;
  filtered: boolean;
  children: React.ReactNode;
}) {
  const { t } = useTranslation("records");
  if (count === 0) return <p className="records-empty">{t(filtered ? "empty_filtered" : "empty")}</p>;
  return (
    // a scrollable region must be reachable by keyboard (WCAG 2.1.1; axe's scrollable-region-focusable)
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="table-scroll record-cards-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="records-table record-cards">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={`slot-${c.slot}`}>
                {t(c.key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A cell placed on the phone card by its column; `label` is shown before it on a card when the card would not say what it is. */
export function Cell({
  column,
  label,
  children,
}: {
  column: RecordColumn;
  label?: boolean;
  children: React.ReactNode;
}) {
  const { t } = useTranslation("records");
  const className = [
    `slot-${column.slot}`,
    column.slot === "amount" || column.key === "columns.balance_after" || column.key === "columns.fee" ? "num" : "",
  ]
    .filter(Boolean)
    .join(" ");
  if (column.key === "columns.time") {
    return (
      <th scope="row" className={className}>
        {children}
      </th>
    );
  }
  return (
    <td className={className} data-label={label ? t(column.key) : undefined}>
      {children}
    </td>
  );
}

/** A decided status, with the operator's reason when the request was turned down. */
export function RecordStatus({ label, status, reason }: { label: string; status: string; reason?: string }) {
  const { t } = useTranslation("records");
  return (
    <>
      <span className={`record-status record-status-${status}`}>{label}</span>
      {reason ? (
        <span className="record-reason">
          {t("reason")} {reason}
        </span>
      ) : null}
    </>
  );
}
