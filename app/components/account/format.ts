import { CLOCK, dateTimeFormat, UTC } from "~/utils/date-time";

/** The mobile number with its middle hidden: enough for the member to recognise it, not to read it off a screen. */
export function maskMobile(mobile: string): string {
  if (mobile.length <= 6) return mobile.replace(/.(?=.{2})/g, "*");
  return `${mobile.slice(0, 4)}${"*".repeat(mobile.length - 7)}${mobile.slice(-3)}`;
}

/**
 * A time of day in the member's time zone (the root loader's, so the server and the browser
 * render the same text), on a 24-hour clock (utils/date-time.ts, CLOCK).
 */
export function formatTime(iso: string, locale: string, timeZone: string = UTC): string {
  return dateTimeFormat(locale, {
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    ...CLOCK,
    timeZone,
  }).format(new Date(iso));
}
