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

export function formatMoney(minor: number, currency: string, locale: string): string {
  const digits = minorDigits(currency);
  return numberFormat(locale, { style: "currency", currency, minimumFractionDigits: digits }).format(minor / 10 ** digits);
}

/**
 * "1,234.5" → 123450 (for 2 digits), with string arithmetic only: a float never touches money.
 * Returns null for anything that is not a plain non-negative decimal with at most `digits` places.
 */
export function parseAmount(text: string, digits: number): number | null {
  const clean = text.trim().replace(/[,\s]/g, "");
  const match = /^(\d{1,13})(?:\.(\d*))?$/.exec(clean);
  if (!match) return null;
  const fraction = match[2] ?? "";
  if (fraction.length > digits) return null;
  const minor = Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
  return Number.isSafeInteger(minor) ? minor : null;
}

/** The amount as a member would type it back: 123450 → "1234.50". */
export function toDecimalString(minor: number, digits: number): string {
  if (digits === 0) return String(minor);
  const s = String(minor).padStart(digits + 1, "0");
  return `${s.slice(0, -digits)}.${s.slice(-digits)}`;
}

/**
 * Withdrawal fee (DESIGN.md §5): amount × withdrawFeeRatio + withdrawFeeFixed, in integers: the
 * ratio is taken as basis points and the proportional part rounds up to the next minor unit.
 */
export function withdrawFee(amount: number, ratio: number, fixed: number): number {
  const basisPoints = Math.round(ratio * 10_000);
  return Math.ceil((amount * basisPoints) / 10_000) + fixed;
}
