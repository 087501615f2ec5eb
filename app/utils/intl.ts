/**
 * Intl formatters are costly to make and cheap to use: a page of records or wallets formats
 * dozens of amounts and times, so each formatter is made once per language and options and kept.
 * The options are module constants or small records, so their JSON is a stable key.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) dateTimeFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/**
 * A date and time as members read it on records, bank reviews, messages, campaigns and protection
 * texts: in UTC and labelled so, because the server renders the page and the browser must hydrate
 * the very same text whatever its time zone.
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
