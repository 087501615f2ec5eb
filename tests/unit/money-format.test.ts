import { describe, expect, it } from "vitest";
import { LOCALES } from "../../app/i18n";
import { currencySign, formatMoney } from "../../app/utils/money";

/** One currency display rule for every language (app/README.md, "Currency display"). */
describe("formatMoney", () => {
  it("shows a whole TWD amount without cents and never hides a fraction (server/rules/units.ts, WHOLE_WHEN_EVEN)", () => {
    for (const locale of ["en-US", "zh-TW", "zh-CN", "ja-JP"]) {
      expect(formatMoney(100_000, "TWD", locale), locale).toBe("NT$1,000");
      expect(formatMoney(50, "TWD", locale), locale).toBe("NT$0.50");
      expect(formatMoney(100_001, "TWD", locale), locale).toBe("NT$1,000.01");
      expect(formatMoney(-100_000, "TWD", locale), locale).toMatch(/^[-−]NT\$1,000$/);
      // dollars keep their cents, whole or not
      expect(formatMoney(100_000, "USD", locale), locale).toBe("US$1,000.00");
    }
  });

  it("shows USD as US$ and TWD as NT$ in all four languages, digits grouped, the sign before the amount", () => {
    expect(LOCALES).toEqual(["en-US", "zh-TW", "zh-CN", "ja-JP"]);
    for (const locale of LOCALES) {
      expect(formatMoney(123_450, "USD", locale), locale).toBe("US$1,234.50");
      expect(formatMoney(123_450, "TWD", locale), locale).toBe("NT$1,234.50");
      expect(formatMoney(-500, "USD", locale), locale).toBe("−US$5.00");
    }
  });

  it("tells the yens apart and keeps a currency's own digits", () => {
    for (const locale of LOCALES) {
      expect(formatMoney(1_000, "JPY", locale), locale).toBe("JP¥1,000");
      expect(formatMoney(1_000, "CNY", locale), locale).toBe("CN¥10.00");
    }
  });

  it("gives any other currency the symbol English gives it, the same in every language", () => {
    expect(currencySign("EUR")).toBe("€");
    for (const locale of LOCALES) expect(formatMoney(250, "EUR", locale), locale).toBe("€2.50");
  });
});
