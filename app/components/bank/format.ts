import { numberFormat } from "~/utils/intl";

/** Sizes for the member's language (Intl); dates and times are utils/date-time.ts's formatDateTime. */
export function formatBytes(bytes: number, locale: string): string {
  const [value, unit] =
    bytes >= 1024 * 1024
      ? [bytes / (1024 * 1024), "megabyte"]
      : bytes >= 1024
        ? [bytes / 1024, "kilobyte"]
        : [bytes, "byte"];
  return numberFormat(locale, { style: "unit", unit, maximumFractionDigits: 1 }).format(value);
}
