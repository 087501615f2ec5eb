import { useTranslation } from "~/utils/translator";
import { formatDateTime } from "~/utils/date-time";
import { useTimeZone } from "~/utils/time-zone";

/** A time in the member's language, in UTC and labelled so (the server cannot know the member's zone). */
export function Time({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  const zone = useTimeZone();
  return <time dateTime={iso}>{formatDateTime(iso, i18n.language, zone)}</time>;
}

/**
 * A campaign's dates: start to end, or from the start with no end set. One catalog string each,
 * so each language places its own label, range sign and punctuation around the times.
 */
export function Period({ startsAt, endsAt }: { startsAt: string; endsAt: string | null }) {
  const { t, i18n } = useTranslation("support");
  const zone = useTimeZone();
  const from = formatDateTime(startsAt, i18n.language, zone);
  return (
    <>
      {endsAt
        ? t("activity.runs", { from, to: formatDateTime(endsAt, i18n.language, zone) })
        : t("activity.runs_open", { from })}
    </>
  );
}
