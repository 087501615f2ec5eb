/**
 * Dates and times in the member's time zone (app/README.md, "Dates and times"), with each
 * Intl.DateTimeFormat made once per language and options and kept, as utils/intl.ts keeps the
 * number formats.
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) dateTimeFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/** The zone a page renders times in until the browser has said its own (utils/time-zone.ts). */
export const UTC = "UTC";

/**
 * Every time the site prints is on a 24-hour clock, in every language: the default of zh-TW
 * (and of en-US) is 12-hour, which printed 「上午12:00」 for midnight beside brokers' 00:00. The
 * zone is never printed after a time (Intl wrote 「[UTC]」 in zh-TW): a member reads their own
 * zone's times as they read their phone's clock, and a page rendered in UTC (a first visit,
 * before the browser has said its zone) says so once, in the footer's catalog line
 * (`common:time.zone_utc`, components/site-footer.tsx).
 */
export const CLOCK: Pick<Intl.DateTimeFormatOptions, "hourCycle"> = { hourCycle: "h23" };

/**
 * A date and time as members read it on records, bank reviews, messages, campaigns and protection
 * texts: in the member's time zone (the root loader's `timeZone`, from the browser), so the server
 * and the browser render the very same text; UTC until the browser has said its zone.
 */
export function formatDateTime(iso: string, locale: string, timeZone: string = UTC): string {
  return dateTimeFormat(locale, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    ...CLOCK,
    timeZone,
  }).format(new Date(iso));
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function dayIn(instant: number, timeZone: string): string {
  // en-CA writes a date as YYYY-MM-DD
  return dateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(instant),
  );
}
