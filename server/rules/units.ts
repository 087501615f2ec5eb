/**
 * Integers of a smallest unit, and the decimals people read and type for them: money is minor
 * units of the site's currency (12345 is 123.45 USD), a price is steps of its pair (6123450 is
 * 61234.50 on a 2-digit pair), a crypto payment is the asset's smallest unit. Only strings and
 * integers meet here: a float never touches money.
 */

/**
 * The integer as a decimal with exactly `digits` places: 123450 at 2 → "1234.50", 5 at 2 →
 * "0.05", −5 at 2 → "-0.05". A bigint for amounts past 2^53 (an asset's 18 decimals).
 */
export function decimalString(units: number | bigint, digits: number): string {
  const sign = units < 0 ? "-" : "";
  const whole = typeof units === "bigint" ? String(units < 0n ? -units : units) : String(Math.abs(Math.trunc(units)));
  if (digits === 0) return sign + whole;
  const padded = whole.padStart(digits + 1, "0");
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

const digitsOf = new Map<string, number>();

/** How many minor digits a currency has (USD 2, JPY 0, BHD 3), as Intl knows it; 2 for a code it cannot read. */
export function minorDigits(currency: string): number {
  let digits = digitsOf.get(currency);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsOf.set(currency, digits);
  }
  return digits;
}

/**
 * Currencies whose whole amounts are written without their minor digits. Taiwan's banks, brokers
 * and betting apps write NT$1,000, never NT$1,000.00: cents of a New Taiwan dollar are not in
 * everyday use, and ".00" on every figure of a TWD site read as foreign. A TWD amount with a
 * fraction (a fee of NT$0.50, a rate) still shows all its digits: a fraction is never hidden or
 * rounded away. Every other currency always shows its minor digits (US$10.00).
 */
export const WHOLE_WHEN_EVEN: ReadonlySet<string> = new Set(["TWD"]);

/** How many minor digits `minor` shows in `currency`: none for a whole amount of WHOLE_WHEN_EVEN, else all. */
export function shownDigits(minor: number, currency: string): number {
  const digits = minorDigits(currency);
  return WHOLE_WHEN_EVEN.has(currency) && minor % 10 ** digits === 0 ? 0 : digits;
}

/**
 * A non-negative decimal as people type it: the whole part plain ("1234") or grouped by commas
 * in threes after a first group of one to three digits not starting with 0 ("1,234", "12,345,678"),
 * then an optional fraction. A comma anywhere else is refused, never dropped: "1,50" is not 150,
 * and nobody can tell whether its writer meant 1.50 (nor "0,100" whether 0.1). Nor is a space a
 * separator: "1 000" is refused as well.
 */
export const AMOUNT_TEXT = /^(\d+|[1-9]\d{0,2}(?:,\d{3})+)(?:\.(\d*))?$/;
/** Whole digits an amount may have: beyond that it is no amount a site takes (and no safe integer in minor units). */
const MAX_WHOLE_DIGITS = 13;

/**
 * "1,234.5" → 123450 (for 2 digits), with string arithmetic only: a float never touches money.
 * Returns null for anything that is not such a decimal with at most `digits` places.
 */
export function parseAmount(text: string, digits: number): number | null {
  const match = AMOUNT_TEXT.exec(text.trim());
  if (!match) return null;
  const whole = match[1]!.replace(/,/g, "");
  const fraction = match[2] ?? "";
  if (whole.length > MAX_WHOLE_DIGITS || fraction.length > digits) return null;
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
  return Number.isSafeInteger(minor) ? minor : null;
}
