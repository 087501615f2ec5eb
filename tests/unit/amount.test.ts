import { describe, expect, it } from "vitest";
import { amountField } from "../../app/utils/money-schemas.server";
import { decimalString, parseAmount } from "#rules/units";

/**
 * The amount every money form reads (deposit, transfer, withdraw; the fee preview too; the operator
 * CLI's amounts as well: server/rules/units.ts): a grouping comma only where one belongs. The
 * outside test moved 150.00 with "1,50".
 */
const ACCEPTED: [text: string, minor: number][] = [
  ["0.01", 1],
  ["1", 100],
  ["1.5", 150],
  ["1.50", 150],
  ["12.", 1_200],
  ["  1,234.50 ", 123_450],
  ["1234.50", 123_450],
  ["12,345", 1_234_500],
  ["123,456", 12_345_600],
  ["1,234,567.8", 123_456_780],
  ["999,999,999", 99_999_999_900],
  ["0012", 1_200],
];

const REFUSED: string[] = [
  "1,50",
  "1,2,3",
  ",100",
  "100,",
  "1,,000",
  "1,0000",
  "1,00",
  "1234,567",
  "12,34,567",
  "1,234,56",
  "1,234.5,0",
  "1.234,50",
  "0,100",
  "00,100",
  "1 000",
  ".5",
  "1.234",
  "-1",
  "+1",
  "1e3",
  "",
  ",",
  ".",
  "1,234,567,890,123,456",
  "12345678901234",
];

describe("parseAmount: commas only where grouping puts them", () => {
  it.each(ACCEPTED)("reads %j as %d minor units", (text, minor) => {
    expect(parseAmount(text, 2)).toBe(minor);
  });

  it.each(REFUSED)("refuses %j", (text) => {
    expect(parseAmount(text, 2)).toBeNull();
  });

  it("still takes a whole number with a bare dot, and ignores spaces around the amount", () => {
    expect(parseAmount("1.", 2)).toBe(100);
    expect(parseAmount("1,234 ", 2)).toBe(123_400);
  });

  it("counts places against the currency's digits: none for a currency without minor units", () => {
    expect(parseAmount("1,234", 0)).toBe(1_234);
    expect(parseAmount("1,234.5", 0)).toBeNull();
    expect(parseAmount("1,234.567", 3)).toBe(1_234_567);
  });
});

describe("amountField: a refused amount gets the amount message", () => {
  const field = amountField({ min: 1, max: 100_000_000_000, digits: 2 });

  it.each(REFUSED.filter((t) => t !== ""))("answers %j with money:validation.amount_invalid", (text) => {
    const parsed = field.safeParse(text);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.message)).toEqual(["money:validation.amount_invalid"]);
  });

  it.each(ACCEPTED)("takes %j as %d", (text, minor) => {
    expect(field.safeParse(text)).toEqual({ success: true, data: minor });
  });
});

describe("decimalString: an integer of a smallest unit as the decimal people read", () => {
  it.each([
    [123_450, 2, "1234.50"],
    [5, 2, "0.05"],
    [0, 2, "0.00"],
    [1_234, 0, "1234"],
    [1_234_567, 3, "1234.567"],
    [-5, 2, "-0.05"],
    [-123_450, 2, "-1234.50"],
    [Number.MAX_SAFE_INTEGER, 2, "90071992547409.91"],
  ])("writes %d at %d places as %s", (units, digits, text) => {
    expect(decimalString(units, digits)).toBe(text);
  });

  it("writes a bigint past 2^53 exactly (an asset's 18 decimals)", () => {
    expect(decimalString(123_456_789_012_345_678_901n, 18)).toBe("123.456789012345678901");
    expect(decimalString(1n, 18)).toBe("0.000000000000000001");
  });

  it("is what parseAmount reads back", () => {
    for (const minor of [0, 1, 99, 100, 123_456, 99_999_999_999_99])
      expect(parseAmount(decimalString(minor, 2), 2)).toBe(minor);
  });
});
