import { describe, expect, it } from "vitest";
import { resources } from "../../server/site/i18n";
import { failureMessage, messageKey } from "../../app/utils/messages";
import { catalogT, staticCatalog } from "../../app/utils/translator";

/** A refused call's message as a member reads it: the one path from a failure to text. */
const textOf = (language: keyof typeof resources, key: string) =>
  catalogT(staticCatalog(language, resources[language]))(key as never);

describe("a refusal that names a figure", () => {
  it("bonus_locked says how much more to bet, in the site's currency and the page's digits", () => {
    const en = failureMessage({ code: "bonus_locked", amount: 45000 }, { currency: "USD", locale: "en-US" });
    expect(textOf("en-US", en)).toBe(
      "This would use bonus funds that are still locked. Bet US$450.00 more to unlock them.",
    );
    const ja = failureMessage({ code: "bonus_locked", amount: 123456 }, { currency: "TWD", locale: "ja-JP" });
    expect(textOf("ja-JP", ja)).toBe(
      "ロック中のボーナスを使う操作です。あとNT$1,234.56ベットするとロックが解除されます。",
    );
  });

  it("survives the trip as a plain string (a form error, a toast) and reads the same in every place t reads it", () => {
    const key = String(failureMessage({ code: "bonus_locked", amount: 5 }, { currency: "USD", locale: "zh-TW" }));
    expect(key.startsWith("messages:bonus_locked?")).toBe(true);
    expect(textOf("zh-TW", key)).toBe("此操作會動用尚未解鎖的獎金。再投注 US$0.05 即可解鎖。");
  });

  it("a failure without a figure is the plain message key, as before", () => {
    expect(failureMessage({ code: "insufficient_balance" }, { currency: "USD", locale: "en-US" })).toBe(
      "messages:insufficient_balance",
    );
    expect(messageKey("bonus_locked")).toBe("messages:bonus_locked");
  });

  it("values given to t win over the ones in the key; a key with values but no text is shown without them", () => {
    const t = catalogT(staticCatalog("en-US", resources["en-US"]));
    expect(t(messageKey("bonus_locked", { amount: "X" }), { amount: "Y" })).toContain("Bet Y more");
    expect(t(messageKey("no_such_code", { amount: "1" }))).toBe("messages:no_such_code");
  });
});
