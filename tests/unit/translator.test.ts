import { describe, expect, it } from "vitest";
import { resources } from "../../server/site/i18n";
import { dynamicKey } from "../../app/utils/translation-keys";
import { BrowserCatalog, createT, staticCatalog, catalogT, type Tree } from "../../app/utils/translator";

const common: Tree = {
  greeting: "Hello {{name}}, welcome to {{ site }}",
  markup: "<b>{{name}}</b>",
  nested: { deep: { key: "Deep value" } },
  replies_one: "{{count}} reply",
  replies_other: "{{count}} replies",
  remaining: "Codes left: {{count}}",
  paragraphs: ["First {{site}}.", "Second {{site}}."],
};
const game: Tree = { title: "Game", only_in_game: "Game text" };
const lookup = (ns: string) => ({ common, game })[ns];

describe("translator t", () => {
  it("fills {{name}} placeholders (with or without inner spaces) and leaves the text unescaped", () => {
    const t = createT("en-US", lookup);
    expect(t("greeting", { name: "Ann", site: "Demo" })).toBe("Hello Ann, welcome to Demo");
    expect(t("markup", { name: "<i>&" })).toBe("<b><i>&</b>");
  });

  it("leaves a placeholder without a value as it is", () => {
    expect(createT("en-US", lookup)("greeting", { name: "Ann" })).toBe("Hello Ann, welcome to {{ site }}");
  });

  it("walks dotted keys into nested objects", () => {
    expect(createT("en-US", lookup)("nested.deep.key")).toBe("Deep value");
  });

  it("returns a missing key, or one naming an object, as written", () => {
    const t = createT("en-US", lookup);
    expect(t("nope.missing")).toBe("nope.missing");
    expect(t("game:nope")).toBe("game:nope");
    expect(t("unknownns:title")).toBe("unknownns:title");
    expect(t("nested.deep")).toBe("nested.deep");
  });

  it("chooses key_one / key_other by Intl.PluralRules in English", () => {
    const t = createT("en-US", lookup);
    expect(t("replies", { count: 1 })).toBe("1 reply");
    expect(t("replies", { count: 0 })).toBe("0 replies");
    expect(t("replies", { count: 2 })).toBe("2 replies");
  });

  it("uses key_other for every count in Japanese and Chinese, which have no `one` form", () => {
    for (const language of ["ja-JP", "zh-TW", "zh-CN"]) {
      const t = createT(language, lookup);
      expect(t("replies", { count: 1 }), language).toBe("1 replies");
      expect(t("replies", { count: 5 }), language).toBe("5 replies");
    }
  });

  it("falls back to the bare key when a count has no plural forms, still filling {{count}}", () => {
    expect(createT("en-US", lookup)("remaining", { count: 3 })).toBe("Codes left: 3");
  });

  it("looks keys up in the default namespace only, unless the key names one with ns:", () => {
    const inGame = createT("en-US", lookup, "game");
    expect(inGame("title")).toBe("Game");
    expect(inGame("greeting", { name: "A", site: "B" })).toBe("greeting");
    expect(inGame("common:nested.deep.key")).toBe("Deep value");
    const inCommon = createT("en-US", lookup);
    expect(inCommon("only_in_game")).toBe("only_in_game");
    expect(inCommon("game:only_in_game")).toBe("Game text");
  });

  it("returns the array at a key with returnObjects, each string interpolated", () => {
    const t = createT("en-US", lookup);
    expect(t("paragraphs", { site: "Demo", returnObjects: true })).toEqual(["First Demo.", "Second Demo."]);
    expect(t("nested", { returnObjects: true })).toEqual({ deep: { key: "Deep value" } });
  });
});

describe("catalogs", () => {
  it("a static catalog over the bundled resources translates the real files (server render)", () => {
    const t = catalogT(staticCatalog("ja-JP", resources["ja-JP"]), "support");
    expect(t("message.replies", { count: 1 })).toBe("返信1件");
    expect(catalogT(staticCatalog("en-US", resources["en-US"]), "support")("message.replies", { count: 1 })).toBe(
      "1 reply",
    );
    expect(catalogT(staticCatalog("en-US", resources["en-US"]))("messages:account_not_found")).toBe(
      "This account does not exist.",
    );
  });

  it("the browser catalog fetches each namespace once, tells listeners, and retries one that failed", async () => {
    const asked: string[] = [];
    let fail = true;
    const catalog = new BrowserCatalog("en-US", async (language, ns) => {
      asked.push(`${language}/${ns}`);
      if (ns === "game" && fail) throw new Error("offline");
      return ns === "game" ? game : common;
    });
    let heard = 0;
    catalog.subscribe(() => heard++);
    await Promise.all([catalog.load("en-US", ["common"]), catalog.load("en-US", ["common"])]);
    expect(asked).toEqual(["en-US/common"]);
    expect(heard).toBe(1);
    expect(catalog.namespace("common")).toBe(common);

    await expect(catalog.load("en-US", ["game"])).rejects.toThrow("offline");
    expect(catalog.namespace("game")).toBeUndefined();
    fail = false;
    await catalog.load("en-US", ["common", "game"]);
    expect(asked).toEqual(["en-US/common", "en-US/game", "en-US/game"]);
    expect(catalog.namespace("game")).toBe(game);
  });

  it("the browser catalog changes language only once the new language's copies of the loaded namespaces are there", async () => {
    const catalog = new BrowserCatalog("en-US", async (language, ns) => ({ title: `${language} ${ns}` }));
    await catalog.load("en-US", ["common", "game"]);
    const versionBefore = catalog.version();
    const switching = catalog.changeLanguage("ja-JP");
    expect(catalog.language).toBe("en-US");
    await switching;
    expect(catalog.language).toBe("ja-JP");
    expect(catalog.version()).toBeGreaterThan(versionBefore);
    expect(catalogT(catalog, "game")("title")).toBe("ja-JP game");
    // "title" is this test's own catalog's key, not one of the site's
    expect(catalogT(catalog)(dynamicKey("title"))).toBe("ja-JP common");
  });
});
