import { numberFormat } from "./intl";

/** Amounts are integers of minor units inside; they become decimals only here, at the edge. */
const digitsOf = new Map<string, number>();

export function minorDigits(currency: string): number {
  let digits = digitsOf.get(currency);
  if (digits === undefined) {
    digits = numberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsOf.set(currency, digits);
  }
  return digits;
}

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
  const parts = numberFormat(locale, { style: "currency", currency, currencyDisplay: "code", minimumFractionDigits: digits }).formatToParts(
    minor / 10 ** digits,
  );
  const sign = currencySign(currency);
  let text = "";
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part.type === "currency") text += sign;
    // "USD 1.00": the space a code needs, a sign does not
    else if (!(part.type === "literal" && parts[i - 1]?.type === "currency" && part.value.trim() === "")) text += part.value;
  }
  return text;
}

/**
 * A non-negative decimal as members type it: the whole part plain ("1234") or grouped by commas
 * in threes after a first group of one to three digits not starting with 0 ("1,234", "12,345,678"),
 * then an optional fraction. A comma anywhere else is refused, never dropped: "1,50" is not 150,
 * and nobody can tell whether its writer meant 1.50 (nor "0,100" whether 0.1). Nor is a space a
 * separator: "1 000" is refused as well.
 */
const AMOUNT = /^(\d+|[1-9]\d{0,2}(?:,\d{3})+)(?:\.(\d*))?$/;
/** Whole digits an amount may have: beyond that it is no amount a site takes (and no safe integer in minor units). */
const MAX_WHOLE_DIGITS = 13;

/**
 * "1,234.5" → 123450 (for 2 digits), with string arithmetic only: a float never touches money.
 * Returns null for anything that is not such a decimal with at most `digits` places.
 */
export function parseAmount(text: string, digits: number): number | null {
  const match = AMOUNT.exec(text.trim());
  if (!match) return null;
  const whole = match[1]!.replace(/,/g, "");
  const fraction = match[2] ?? "";
  if (whole.length > MAX_WHOLE_DIGITS || fraction.length > digits) return null;
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
  return Number.isSafeInteger(minor) ? minor : null;
}

/** The amount as a member would type it back: 123450 → "1234.50". */
export function toDecimalString(minor: number, digits: number): string {
  if (digits === 0) return String(minor);
  const s = String(minor).padStart(digits + 1, "0");
  return `${s.slice(0, -digits)}.${s.slice(-digits)}`;
}
