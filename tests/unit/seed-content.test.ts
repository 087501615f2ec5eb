import { describe, expect, it } from "vitest";
import { contractSettings } from "../../server/contract";
import { DEMO2_SITE, DEMO_SITE } from "../../server/cli/seed/sites";
import { DEFAULT_PAIRS } from "../../server/platform/market/pairs";

/**
 * The demo sites' seeded news and instructions state only what the product does: the pairs they
 * name are the site's own, and a win is described as the platform pays it (floor(stake × odds) in
 * all, stake included: server/platform/README.md, "Game rules").
 */
describe.each([DEMO_SITE, DEMO2_SITE])("$siteId's seeded news and instructions", (site) => {
  const texts = [...site.press, ...site.instructions].map((item) => ({
    where: `${"path" in item ? item.path : item.key} (${item.lang})`,
    text: [item.title, "summary" in item ? item.summary : "", item.content].join("\n"),
  }));

  it("name only pairs the site offers", () => {
    const offered = new Set((site.config.pairs ?? []).map((p) => p.replace("-", "/")));
    expect(offered.size).toBeGreaterThan(0);
    const named = texts.flatMap(({ where, text }) =>
      [...text.matchAll(/\b[A-Z]{2,6}\/USDT\b/g)].map((m) => `${where}: ${m[0]}`),
    );
    expect(named.length, "the markets news names the site's pairs").toBeGreaterThan(0);
    expect(named.filter((hit) => !offered.has(hit.split(": ")[1]!))).toEqual([]);
  });

  it("describe a win as stake × odds in all, with the site's own odds, in all four languages", () => {
    // computed here, not by the seed: the site's second chip at its high/low odds, as the platform pays it
    const stake = (site.config.betAmounts ?? [100, 500])[1]!;
    const total = Math.floor((stake * Math.round(site.config.odds!.high! * 10_000)) / 10_000);
    const sign = site.config.currency === "TWD" ? "NT$" : "US$";
    // a whole NT$ amount without cents, as the site writes it (server/rules/units.ts, WHOLE_WHEN_EVEN)
    const money = (minor: number) =>
      `${sign}${sign === "NT$" && minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2)}`;
    const payouts = site.instructions.filter((i) => i.key === "bet-options");
    expect(payouts).toHaveLength(4);
    for (const item of payouts) {
      expect(item.content, item.lang).toContain(money(stake));
      expect(item.content, item.lang).toContain(money(total));
      expect(item.content, item.lang).toContain(money(total - stake));
      expect(item.content, item.lang).not.toMatch(/stake back plus|返還本金並支付|返还本金并支付|ベット額に加えて/);
    }
  });
});

/**
 * Contract trading: each demo site states its own settings explicitly (valid for the contract, in
 * its own currency), and its "Contract trading" help says what the product does with that site's
 * figures, worked out here from the settings rather than taken from the seed.
 */
describe.each([DEMO_SITE, DEMO2_SITE])("$siteId's contract trading", (site) => {
  const settings = site.config.contractSettings!;
  const sign = site.config.currency === "TWD" ? "NT$" : "US$";
  const money = (minor: number) =>
    `${sign}${(minor / 100).toLocaleString("en-US", { minimumFractionDigits: sign === "NT$" && minor % 100 === 0 ? 0 : 2 })}`;

  it("has explicit settings the contract accepts", () => {
    expect(settings).toBeDefined();
    expect(contractSettings.safeParse(settings).success).toBe(true);
  });

  it("explains the product in all four languages with the site's own leverages, fee, stop-out, margins and an exact fee example", () => {
    const help = site.instructions.filter((i) => i.key === "contract");
    expect(help.map((i) => i.lang).sort()).toEqual(["en_US", "ja_JP", "zh_CN", "zh_TW"]);
    expect(new Set(help.map((i) => i.type))).toEqual(new Set(["help"]));
    // the example: 100 minimum margins at 10× (or the second leverage), fee rounded up as the platform does
    const leverage = settings.leverageOptions.includes(10) ? 10 : settings.leverageOptions[1]!;
    const margin = settings.minMargin * 100;
    const fee = Math.ceil((margin * leverage * settings.feePpm) / 1_000_000);
    for (const item of help) {
      const text = item.content;
      for (const l of settings.leverageOptions) expect(text, item.lang).toContain(`${l}×`);
      expect(text, item.lang).toContain(`${settings.feePpm / 10_000}%`);
      expect(text, item.lang).toContain(`${settings.stopOutBp / 100}%`);
      expect(text, item.lang).toContain(`${settings.slippageBp / 100}%`);
      expect(text, item.lang).toContain(money(settings.minMargin));
      expect(text, item.lang).toContain(money(settings.maxMargin));
      expect(text, item.lang).toContain(money(margin * leverage));
      expect(text, item.lang).toContain(money(fee));
      expect(text, item.lang).toContain(String(settings.maxOpenPositions));
    }
    const en = help.find((i) => i.lang === "en_US")!.content;
    for (const fact of [
      "isolated margin",
      "liquidation price",
      "take-profit",
      "stop-loss",
      "market price",
      "exactly once",
      "never less than zero",
    ]) {
      expect(en).toContain(fact);
    }
  });
});

/**
 * The practice account: each demo site states its play money (US$10,000.00, NT$100,000), and
 * its "Practice account" help names that figure, worked out here from the setting, in four languages.
 */
describe.each([
  [DEMO_SITE, 1_000_000, "US$10,000.00"],
  [DEMO2_SITE, 10_000_000, "NT$100,000"],
] as const)("the practice account of demo site %#", (site, balance, shown) => {
  it("opens at the site's own practiceBalance, named in its help in all four languages", () => {
    expect(site.config.practiceBalance).toBe(balance);
    const sign = site.config.currency === "TWD" ? "NT$" : "US$";
    const digits = sign === "NT$" ? 0 : 2; // a whole NT$ amount has no cents (server/rules/units.ts)
    expect(`${sign}${(balance / 100).toLocaleString("en-US", { minimumFractionDigits: digits })}`).toBe(shown);
    const help = site.instructions.filter((i) => i.key === "practice");
    expect(help.map((i) => i.lang).sort()).toEqual(["en_US", "ja_JP", "zh_CN", "zh_TW"]);
    for (const item of help) {
      expect(item.type).toBe("help");
      expect(item.content, item.lang).toContain(shown);
    }
  });
});

/**
 * The seeded deposit bonus states how its wagering counts (server/platform/README.md, "Campaigns"):
 * the stake at risk, bets that cover each other counting only what they risk, in all four
 * languages; never the old "refunded rounds do not count", which a flat round's refund no longer
 * follows.
 */
describe.each([DEMO_SITE, DEMO2_SITE])("$siteId's deposit bonus terms", (site) => {
  it("say that only the stake at risk counts toward wagering, in all four languages", () => {
    const terms = site.campaigns.filter((c) => c.key === "first-deposit");
    expect(terms.map((c) => c.lang).sort()).toEqual(["en_US", "ja_JP", "zh_CN", "zh_TW"]);
    const atRisk: Record<string, RegExp> = {
      en_US: /Only the stake you could lose counts[\s\S]*Rise with Counter indicator after a rising round/,
      zh_TW: /只有可能輸掉的投注額才計入[\s\S]*上一期上漲後同時下注漲與反指標/,
      zh_CN: /只有可能输掉的投注额才计入[\s\S]*上一期上涨后同时下注涨和反指标/,
      ja_JP: /失う可能性のあるベット額だけ[\s\S]*直前のラウンドが上昇したときの上昇と逆指標/,
    };
    for (const c of terms) {
      expect(c.content, c.lang).toMatch(atRisk[c.lang]!);
      expect(c.content, c.lang).not.toMatch(
        /refunded rounds do not|退款的回合不計|退款的回合不计|返金されたラウンドは対象外/,
      );
    }
  });
});

/**
 * The round's timing as the platform runs it (server/platform/game/schedule.ts): bets are taken on
 * the next round and close `cutoffSeconds` before it starts, never before a running round's end
 * (the old rule, which a script beat by betting the side the price already stood on). The seeded
 * rules say so with the demo pairs' own figures, in four languages.
 */
describe.each([DEMO_SITE, DEMO2_SITE])("$siteId's seeded round rules", (site) => {
  const timings = new Set(
    (site.config.pairs ?? []).map((p) => `${DEFAULT_PAIRS[p]!.periodSeconds}/${DEFAULT_PAIRS[p]!.cutoffSeconds}`),
  );
  const [periodSeconds, cutoffSeconds] = [...timings][0]!.split("/");
  const rules = site.instructions.filter((i) => i.key === "round");
  const closesBeforeStart: Record<string, RegExp> = {
    en_US: new RegExp(`next round[^.]*closes ${cutoffSeconds} seconds before that round starts`),
    zh_TW: new RegExp(`投注下一期，下一期開始前${cutoffSeconds}秒封盤`),
    zh_CN: new RegExp(`投注下一期，下一期开始前${cutoffSeconds}秒封盘`),
    ja_JP: new RegExp(`次のラウンドへ行い、そのラウンドが始まる${cutoffSeconds}秒前に締め切る`),
  };

  it("say bets are on the next round and close before it starts, with the pairs' period and cut-off, in all four languages", () => {
    expect(timings.size, "one timing for all of the site's pairs").toBe(1);
    expect(rules.map((i) => i.lang).sort()).toEqual(["en_US", "ja_JP", "zh_CN", "zh_TW"]);
    for (const item of rules) {
      expect(item.content, item.lang).toContain(periodSeconds);
      expect(item.content, item.lang).toMatch(closesBeforeStart[item.lang]!);
      expect(item.content, item.lang).not.toMatch(/before its end|結束前|结束前|終了 ?\d+ ?秒前/);
    }
  });
});
