/**
 * Plain-text output of the operator CLI: money, times, aligned tables and key: value blocks.
 * Everything here is pure (strings in, strings out), so it is tested without a platform.
 */
import { decimalString, minorDigits } from "#rules/units";

/** An amount of minor units as money: formatMoney(123456, "USD") → "$1,234.56". */
export function formatMoney(minor: number, currency: string, digits: number = minorDigits(currency)): string {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
  } catch {
    return `${decimalString(minor, digits)} ${currency}`;
  }
  // Intl formats a decimal string exactly (Node ≥ 19); the cast is for TypeScript's ES2022 lib.
  return format.format(decimalString(minor, digits) as unknown as number);
}

/** How amounts of a site are shown: money in its currency, or plain minor units when it is unknown. */
export type Money = (minor: number) => string;

export const moneyIn = (currency: string | undefined): Money =>
  currency ? (minor) => formatMoney(minor, currency) : (minor) => `${minor} (minor units)`;

/** An ISO time as "2025-01-02 03:04:05 UTC"; "—" for none. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

export const yesNo = (value: boolean): string => (value ? "yes" : "no");

/** Terminal columns of a string: East Asian wide characters take two. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const wide =
      (code >= 0x1100 && code <= 0x115f) ||
      (code >= 0x2e80 && code <= 0xa4cf) ||
      (code >= 0xac00 && code <= 0xd7a3) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xfe30 && code <= 0xfe4f) ||
      (code >= 0xff00 && code <= 0xff60) ||
      (code >= 0xffe0 && code <= 0xffe6) ||
      (code >= 0x1f300 && code <= 0x1faff) ||
      (code >= 0x20000 && code <= 0x3fffd);
    width += wide ? 2 : 1;
  }
  return width;
}

const pad = (text: string, width: number, align: "left" | "right") => {
  const fill = " ".repeat(Math.max(0, width - displayWidth(text)));
  return align === "right" ? fill + text : text + fill;
};

/** One line, at most `max` columns: whitespace runs become one space, the rest is cut with "…". */
export function cell(text: string, max = 40): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (displayWidth(flat) <= max) return flat;
  let out = "";
  for (const char of flat) {
    if (displayWidth(out + char) > max - 1) break;
    out += char;
  }
  return `${out}…`;
}

export interface Column<T> {
  header: string;
  value: (row: T) => string;
  /** numbers and money read best right-aligned */
  align?: "left" | "right";
  /** longest cell before it is cut (default 40) */
  max?: number;
}

/** An aligned table with a header row and a rule; `empty` is printed instead when there are no rows. */
export function table<T>(rows: readonly T[], columns: readonly Column<T>[], empty = "(none)"): string {
  if (rows.length === 0) return empty;
  const cells = rows.map((row) => columns.map((column) => cell(column.value(row), column.max)));
  const widths = columns.map((column, i) =>
    Math.max(displayWidth(column.header), ...cells.map((line) => displayWidth(line[i]!))),
  );
  const line = (values: string[]) =>
    values
      .map((value, i) => pad(value, widths[i]!, columns[i]!.align ?? "left"))
      .join("  ")
      .trimEnd();
  return [
    line(columns.map((column) => column.header)),
    line(widths.map((width) => "-".repeat(width))),
    ...cells.map(line),
  ].join("\n");
}

/** "key:  value" lines with the values aligned; a multi-line value continues under its first line. */
export function keyValue(pairs: ReadonlyArray<readonly [string, string]>): string {
  const width = Math.max(0, ...pairs.map(([key]) => displayWidth(key) + 1));
  return pairs
    .map(([key, value]) => {
      const [first = "", ...rest] = value.split("\n");
      const indent = " ".repeat(width + 2);
      return [
        `${pad(`${key}:`, width, "left")}  ${first}`.trimEnd(),
        ...rest.map((more) => `${indent}${more}`.trimEnd()),
      ].join("\n");
    })
    .join("\n");
}
