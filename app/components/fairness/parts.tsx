import { CLOCK, dateTimeFormat } from "~/utils/date-time";
import { useTranslation } from "~/utils/translator";
import { CopyButton } from "../copy-button";

/** A time as the fairness pages write it: UTC, the clock days and periods are numbered by. */
export function formatUtc(iso: string, locale: string): string {
  return dateTimeFormat(locale, {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    ...CLOCK,
    timeZone: "UTC",
  }).format(new Date(iso));
}

/**
 * When a day's seed is revealed, as text computed on the server's clock ("… at 00:00:00 UTC, in
 * 5 h 12 min"); no ticking countdown (the page has nothing to do at the reveal but be reloaded).
 * Past the reveal time the seed waits for the day's last period to be recorded: said so.
 */
export function RevealText({
  revealAt,
  now,
  kind,
  day,
}: {
  revealAt: string;
  now: number;
  kind: "day" | "period";
  day?: string;
}) {
  const { t, i18n } = useTranslation("fairness");
  const time = formatUtc(revealAt, i18n.language);
  const left = Math.ceil((Date.parse(revealAt) - now) / 60_000);
  const countdown =
    left >= 60
      ? t("countdown.hours", { hours: Math.floor(left / 60), minutes: left % 60 })
      : t("countdown.minutes", { minutes: Math.max(left, 0) });
  if (kind === "day")
    return <>{left > 0 ? t("days.reveal_in", { time, countdown }) : t("days.reveal_due", { time })}</>;
  return (
    <>
      {left > 0
        ? t("period.not_revealed", { day: day ?? "", time, countdown })
        : t("period.not_revealed_due", { day: day ?? "", time })}
    </>
  );
}

/**
 * A seed, commitment or digest: monospace, wrapping anywhere (64 hex digits never push a 360 px
 * page sideways), selected whole by one tap; a copy button once the page runs with a clipboard.
 */
export function HexValue({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation("fairness");
  return (
    <div className="hex-value">
      <span className="hex-label">{label}</span>
      <span className="hex-row">
        <code className="hex" data-testid={testId}>
          {value}
        </code>
        <CopyButton
          text={value}
          label={t("copy.what", { what: label })}
          copy={t("copy.button")}
          done={t("copy.done")}
        />
      </span>
    </div>
  );
}
