import { dateTimeFormat, numberFormat } from "~/utils/intl";

/**
 * Dates and sizes for the member's language (Intl). Times are shown in UTC and say so: the server
 * renders the page, and the browser must hydrate the very same text whatever its time zone.
 */
export function formatDateTime(iso: string, locale: string): string {
  return dateTimeFormat(locale, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  }).format(new Date(iso));
}

export function formatBytes(bytes: number, locale: string): string {
  const [value, unit] =
    bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), "megabyte"] : bytes >= 1024 ? [bytes / 1024, "kilobyte"] : [bytes, "byte"];
  return numberFormat(locale, { style: "unit", unit, maximumFractionDigits: 1 }).format(value);
}
