import { useMemo } from "react";
import { useTranslation } from "~/utils/translator";
import { ScrollTable } from "../scroll-table";
import { dateTimeFormat } from "~/utils/intl";
import type { KeyOf } from "~/utils/translation-keys";

/**
 * Times are shown in UTC, as the date filter counts days in UTC: the server cannot know the
 * member's time zone, and the same text must render on the server and in the browser.
 */
export function useFormatTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = dateTimeFormat(i18n.language, {
      timeZone: "UTC",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    return (iso: string) => format.format(new Date(iso));
  }, [i18n.language]);
}

export function RecordTime({ iso }: { iso: string }) {
  const format = useFormatTime();
  return <time dateTime={iso}>{format(iso)}</time>;
}

/** A record list: a captioned table in a horizontal scroller (narrow phones), or the empty state. */
export function RecordTable({
  caption,
  columns,
  count,
  filtered,
  children,
}: {
  caption: string;
  /** translation keys of the column headers, in the records namespace */
  columns: readonly KeyOf<"records">[];
  count: number;
  filtered: boolean;
  children: React.ReactNode;
}) {
  const { t } = useTranslation("records");
  if (count === 0) return <p className="records-empty">{t(filtered ? "empty_filtered" : "empty")}</p>;
  return (
    <ScrollTable caption={caption} columns={columns.map((key) => t(key))}>
      {children}
    </ScrollTable>
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
