import { describe, expect, it } from "vitest";
import { siteTexts, type SiteInfo, type SiteTexts } from "../../server/contract";
import { localizeSite, textLanguage } from "../../server/contract/localize";
import { defaultSiteConfig } from "../../server/platform/site/defaults";
import { localSiteInfo } from "../../server/site/tenant";

/** Operator texts per language with the default language as fallback (server/contract/README.md, "Operator texts"). */

const site: SiteInfo = {
  ...defaultSiteConfig("t"),
  siteId: "t",
  defaultLanguage: "en_US",
  title: "Default title",
  description: "Default description",
  keywords: "default, keywords",
  copyRight: "© Default",
  gameName: "Default game",
  terms: "Default terms",
  games: [
    { code: "binary", name: "Default binary" },
    { code: "turbo", name: "Default turbo" },
  ],
  depositOptions: [
    {
      id: "bank",
      kind: "bank",
      name: "Default bank",
      instructions: "Default bank instructions",
      bankAccount: { bank: "Bank", branch: "Main", accountName: "Site Ltd.", accountNumber: "0015-123-456789" },
    },
    {
      id: "usdt",
      kind: "crypto",
      name: "Default usdt",
      instructions: "Default usdt instructions",
      crypto: { asset: "USDT", network: "TRON (TRC20)", decimals: 6, unitPrice: 100, assign: "member", address: "" },
    },
  ],
};

/** Every text in Japanese. */
const JA: Required<SiteTexts> = {
  title: "日本語タイトル",
  description: "日本語の説明",
  keywords: "日本語, キーワード",
  copyRight: "© 日本語",
  gameName: "日本語ゲーム",
  terms: "日本語の規約",
  licence: "日本語の運営者とライセンス",
  games: { binary: "日本語バイナリ", turbo: "日本語ターボ" },
  depositOptions: {
    bank: { name: "日本語銀行", instructions: "日本語の銀行手順" },
    usdt: { name: "日本語USDT", instructions: "日本語のUSDT手順" },
  },
};

const FIELDS = ["title", "description", "keywords", "copyRight", "gameName", "terms", "licence"] as const;

describe("localizeSite", () => {
  it("covers every field of siteTexts in this test", () => {
    expect(Object.keys(siteTexts.shape).sort()).toEqual([...FIELDS, "games", "depositOptions"].sort());
  });

  it("shows every text in the member's language when given", () => {
    const ja = localizeSite({ ...site, translations: { ja_JP: JA } }, "ja_JP");
    for (const field of FIELDS) expect(ja[field]).toBe(JA[field]);
    expect(ja.games.map((g) => g.name)).toEqual(["日本語バイナリ", "日本語ターボ"]);
    expect(ja.depositOptions.map((o) => [o.name, o.instructions])).toEqual([
      ["日本語銀行", "日本語の銀行手順"],
      ["日本語USDT", "日本語のUSDT手順"],
    ]);
    // codes, ids and everything else stay
    expect(ja.games.map((g) => g.code)).toEqual(["binary", "turbo"]);
    expect(ja.depositOptions.map((o) => [o.id, o.kind])).toEqual([
      ["bank", "bank"],
      ["usdt", "crypto"],
    ]);
  });

  for (const field of FIELDS) {
    it(`falls back to the default language for ${field} alone, dropped or empty`, () => {
      for (const dropped of [
        { ...JA, [field]: undefined },
        { ...JA, [field]: "" },
      ]) {
        const ja = localizeSite({ ...site, translations: { ja_JP: dropped } }, "ja_JP");
        expect(ja[field]).toBe(site[field]);
        for (const other of FIELDS.filter((f) => f !== field)) expect(ja[other]).toBe(JA[other]);
      }
    });
  }

  it("names a bank option's bank and branch in the member's language, the account's name and number as they are", () => {
    const translations = { ja_JP: { ...JA, depositOptions: { bank: { bank: "日本語銀行名", branch: "日本語支店" } } } };
    const ja = localizeSite({ ...site, translations }, "ja_JP");
    expect(ja.depositOptions[0]!.bankAccount).toEqual({
      bank: "日本語銀行名",
      branch: "日本語支店",
      accountName: "Site Ltd.",
      accountNumber: "0015-123-456789",
    });
    // a branch left out falls back alone; a crypto option gets no bank account
    const partial = localizeSite(
      { ...site, translations: { ja_JP: { depositOptions: { bank: { bank: "日本語銀行名" } } } } },
      "ja_JP",
    );
    expect(partial.depositOptions[0]!.bankAccount).toMatchObject({ bank: "日本語銀行名", branch: "Main" });
    expect(partial.depositOptions[1]!.bankAccount).toBeUndefined();
  });

  it("falls back game by game", () => {
    const ja = localizeSite({ ...site, translations: { ja_JP: { ...JA, games: { turbo: "日本語ターボ" } } } }, "ja_JP");
    expect(ja.games.map((g) => g.name)).toEqual(["Default binary", "日本語ターボ"]);
  });

  it("falls back deposit option by option and field by field", () => {
    const ja = localizeSite(
      {
        ...site,
        translations: {
          ja_JP: {
            ...JA,
            depositOptions: { bank: { name: "日本語銀行" }, usdt: { instructions: "日本語のUSDT手順" } },
          },
        },
      },
      "ja_JP",
    );
    expect(ja.depositOptions.map((o) => [o.name, o.instructions])).toEqual([
      ["日本語銀行", "Default bank instructions"],
      ["Default usdt", "日本語のUSDT手順"],
    ]);
  });

  it("shows the default language to a language without translations, and the base fields in the default language", () => {
    const translated = { ...site, translations: { ja_JP: JA, en_US: { title: "Never used" } } };
    expect(localizeSite(translated, "zh_TW")).toEqual(translated);
    expect(localizeSite(translated, "en_US").title).toBe("Default title");
    expect(textLanguage({ defaultLanguage: "", langOptions: ["zh_TW", "en_US"] })).toBe("zh_TW");
  });
});

describe("localSiteInfo", () => {
  it("makes one copy per snapshot and language, and a new one for a new snapshot", () => {
    const snapshot = { ...site, translations: { ja_JP: JA } };
    const ja = localSiteInfo(snapshot, "ja_JP");
    expect(ja.title).toBe(JA.title);
    expect(localSiteInfo(snapshot, "ja_JP")).toBe(ja);
    expect(localSiteInfo(snapshot, "zh_CN")).not.toBe(ja);
    const refreshed = { ...snapshot, translations: { ja_JP: { ...JA, title: "新しいタイトル" } } };
    expect(localSiteInfo(refreshed, "ja_JP").title).toBe("新しいタイトル");
  });
});
