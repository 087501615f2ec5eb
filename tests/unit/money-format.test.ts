import { describe, expect, it } from "vitest";
import { LOCALES } from "../../app/i18n";
import { currencySign, formatMoney } from "../../app/utils/money";

/** One currency display rule for every language (app/README.md, "Currency display"). */
describe("formatMoney", () => {
  it("shows USD as US$ and TWD as NT$ in all four languages, digits grouped, the sign before the amount", () => {
    expect(LOCALES).toEqual(["en-US", "zh-TW", "zh-CN", "ja-JP"]);
    for (const locale of LOCALES) {
      expect(formatMoney(123_450, "USD", locale), locale).toBe("US$1,234.50");
      expect(formatMoney(123_450, "TWD", locale), locale).toBe("NT$1,234.50");
      expect(formatMoney(-500, "USD", locale), locale).toBe("-US$5.00");
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
