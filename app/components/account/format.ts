import { dateTimeFormat } from "~/utils/date-time";

/** The mobile number with its middle hidden: enough for the member to recognise it, not to read it off a screen. */
export function maskMobile(mobile: string): string {
  if (mobile.length <= 6) return mobile.replace(/.(?=.{2})/g, "*");
  return `${mobile.slice(0, 4)}${"*".repeat(mobile.length - 7)}${mobile.slice(-3)}`;
}

/**
 * A time of day in UTC, labelled so: the server renders the page, and the browser must hydrate
 * the very same text whatever its time zone (as in the records).
 */
export function formatTime(iso: string, locale: string): string {
  return dateTimeFormat(locale, {
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  }).format(new Date(iso));
}
