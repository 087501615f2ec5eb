/**
 * Translation keys are checked by the type checker (app/utils/translation-keys.ts): each
 * `@ts-expect-error` below must meet an error, or `npm run typecheck` fails. The test at run time
 * only proves the keys that do type-check exist in English.
 */
import { describe, expect, it } from "vitest";
import type { RouteHandle, TranslationKey } from "../../app/utils/translation-keys";
import { catalogs } from "../../server/site/i18n";
import { catalogT, type TFunction } from "../../app/utils/translator";

const money = catalogT<"money">(catalogs["en-US"], "money");
const common: TFunction<"common"> = catalogT(catalogs["en-US"]);

function typeChecks() {
  // @ts-expect-error a misspelled key of the page's namespace
  money("withdraw.titel");
  // @ts-expect-error a key of another namespace without its prefix
  common("withdraw.title");
  // @ts-expect-error a misspelled namespace
  common("mony:withdraw.title");
  // @ts-expect-error a route handle naming a namespace that does not exist
  const handle: RouteHandle = { i18n: ["mony"] };
  // @ts-expect-error a route handle whose title key does not exist
  const title: RouteHandle = { titleKey: "home.titel" };
  return [handle, title];
}

describe("typed translation keys", () => {
  it("accept the keys that exist, which then translate", () => {
    const keys: TranslationKey<"money">[] = ["withdraw.title", "money:withdraw.title", "messages:relogin"];
    for (const key of keys) expect(money(key)).not.toBe(key);
    expect(common("money:withdraw.title")).toBe(money("withdraw.title"));
    expect(typeof typeChecks).toBe("function");
  });
});
