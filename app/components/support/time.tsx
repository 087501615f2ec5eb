import { useTranslation } from "~/utils/translator";
import { formatDateTime } from "~/utils/date-time";
import { useTimeZone } from "~/utils/time-zone";

/** A time in the member's language, in UTC and labelled so (the server cannot know the member's zone). */
export function Time({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  const zone = useTimeZone();
  return <time dateTime={iso}>{formatDateTime(iso, i18n.language, zone)}</time>;
}

/** A campaign's period: start – end, or from the start with no end set. */
export function Period({ startsAt, endsAt }: { startsAt: string; endsAt: string | null }) {
  const { t } = useTranslation("support");
  if (!endsAt) {
    return (
      <>
        {t("activity.from")} <Time iso={startsAt} /> · {t("activity.no_end")}
      </>
    );
  }
  return (
    <>
      <Time iso={startsAt} /> – <Time iso={endsAt} />
    </>
  );
}
