/**
 * Money as members read it. Amounts are integers of minor units inside; they become decimals only
 * at the edge: here for display, and by the shared rule (server/rules/units.ts) for typing.
 */
import { minorDigits, shownDigits } from "#rules/units";
import { numberFormat } from "./intl";

/**
 * One currency display rule for every language (app/README.md, "Currency display"): the digits are
 * the member's language's (grouping, decimal mark, minus sign), the currency sign is the same in
 * all of them and never ambiguous. Intl's own symbols change with the language: USD is "US$" in
 * zh-CN but "$" in en-US, TWD "$" in zh-TW, JPY "¥" like CNY; a member of a dollar or yen market
 * could not tell which money a site holds. So the sign of the currencies our markets share a
 * glyph for is fixed here, and any other currency takes the symbol CLDR gives in English (e.g.
 * "€", "£", "CA$"), whatever the member's language. It stands before the amount, with no space.
 */
const SIGNS: Readonly<Record<string, string>> = { USD: "US$", TWD: "NT$", CNY: "CN¥", JPY: "JP¥", HKD: "HK$" };
const signOf = new Map<string, string>();

export function currencySign(currency: string): string {
  let sign = SIGNS[currency] ?? signOf.get(currency);
  if (sign === undefined) {
    const parts = numberFormat("en", { style: "currency", currency, currencyDisplay: "symbol" }).formatToParts(0);
    sign = parts.find((p) => p.type === "currency")?.value ?? currency;
    signOf.set(currency, sign);
  }
  return sign;
}

export function formatMoney(minor: number, currency: string, locale: string): string {
  const digits = minorDigits(currency);
  // the language's digits around its currency code, then the code swapped for the one sign
  const parts = numberFormat(locale, {
    style: "currency",
    currency,
    currencyDisplay: "code",
    // NT$1,000 whole, NT$0.50 with its fraction (server/rules/units.ts, WHOLE_WHEN_EVEN)
    minimumFractionDigits: shownDigits(minor, currency),
    maximumFractionDigits: digits,
  }).formatToParts(minor / 10 ** digits);
  const sign = currencySign(currency);
  let text = "";
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part.type === "currency") text += sign;
    // the minus sign (U+2212), as results and positions write it: Intl writes a hyphen-minus
    else if (part.type === "minusSign") text += "−";
    // "USD 1.00": the space a code needs, a sign does not
    else if (!(part.type === "literal" && parts[i - 1]?.type === "currency" && part.value.trim() === ""))
      text += part.value;
  }
  return text;
}
