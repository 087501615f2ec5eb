/**
 * Intl formatters are costly to make and cheap to use: a page of records or wallets formats
 * dozens of amounts and times, so each formatter is made once per language and options and kept.
 * The options are module constants or small records, so their JSON is a stable key. Dates and
 * time zones are in date-time.ts: the game and the money pages format numbers only on their first
 * screen, so the date code stays out of their first JavaScript.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}
