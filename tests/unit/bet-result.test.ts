import { describe, expect, it } from "vitest";
import { resources } from "../../server/site/i18n";
import { catalogT, staticCatalog } from "../../app/utils/translator";
import { betResultWords } from "../../app/components/game/bet-result";
import { LOCALES } from "../../app/i18n";

/**
 * A settled bet's words, the one rule the game page's result, the game history and current orders
 * all print: the net result first, then the payout beside it when one was paid.
 */
const t = (lng: string) => catalogT(staticCatalog(lng, resources[lng as keyof typeof resources]), "game");
const words = (lng: string, status: "won" | "lost" | "refunded", amount: number, payout: number) =>
  betResultWords(t(lng), { status, amount, payout }, "USD", lng);

describe("a bet's result in words", () => {
  it("leads a win with what it made, then what it paid", () => {
    expect(words("en-US", "won", 500, 975).text).toBe("Won +US$4.75 · paid US$9.75");
    expect(words("en-US", "won", 500, 975)).toMatchObject({ head: "Won +US$4.75", paid: "paid US$9.75" });
  });

  it("says a loss is the stake lost, with a minus and no payout", () => {
    expect(words("en-US", "lost", 500, 0)).toMatchObject({ text: "Lost −US$5.00", paid: null, status: "lost" });
  });

  it("says a refund is the stake given back", () => {
    expect(words("en-US", "refunded", 500, 500)).toMatchObject({ text: "Refunded US$5.00", paid: null });
  });

  it("words each in all four languages, the figures the same", () => {
    for (const lng of LOCALES) {
      const won = words(lng, "won", 500, 975).text;
      expect(won, lng).toContain("+US$4.75");
      expect(won, lng).toContain("US$9.75");
      expect(won.indexOf("+US$4.75"), `${lng}: the net result comes first`).toBeLessThan(won.indexOf("US$9.75"));
      expect(words(lng, "lost", 500, 0).text, lng).toContain("−US$5.00");
      expect(words(lng, "refunded", 500, 500).text, lng).toContain("US$5.00");
    }
    expect(words("ja-JP", "won", 500, 975).text).toBe("勝ち +US$4.75 · 払戻 US$9.75");
    expect(words("zh-TW", "lost", 500, 0).text).toBe("輸 −US$5.00");
  });
});
