import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITE_INFO_WHEN_MISSING, type PairConfig } from "../../server/contract";
import { chances, optionReturns } from "../../server/contract/returns";
import { DEFAULT_PAIRS } from "../../server/platform/market/pairs";
import { createPlatform, type Platform } from "../helpers/platform";
import { SHIFTED_CLOCK_ENTRY, shiftedClock } from "../helpers/shifted-clock";
import { bet, GAME_SITE, gameMember, marketOf } from "./game-helpers";

/**
 * Return to player on the platform (server/platform/README.md, "Return to player"): the published
 * table (gameReturns), odds refused when an option would return 100 % or more on one of the site's
 * pairs (operatorPutSite), and bets refused on an option a later price brought there (placeOrder).
 * The platform's clock runs and is moved ahead rather than waited for (tests/helpers/shifted-clock.ts).
 */

let platform: Platform;
let clock: ReturnType<typeof shiftedClock>;
const ODDS = SITE_INFO_WHEN_MISSING.odds;
/** a pair at 500.00 moving 1 bp a second: P(draw) ≈ 1.03 %, so draw returns 100 % from odds ≈ 97.3 */
const DRAWISH = "DRW-USDT";
/** a pair at 30.00 moving 1 bp a second: its moves are about a step, so draw and the digits overpay at the default odds */
const FALLEN = "LOW-USDT";
const pairConfig = (name: string, startPrice: number): PairConfig => ({
  name,
  precision: 2,
  periodSeconds: 60,
  cutoffSeconds: 10,
  startPrice,
  volatilityBp: 1,
  paused: false,
});

beforeAll(async () => {
  platform = await createPlatform({ wrapEntry: SHIFTED_CLOCK_ENTRY });
  clock = shiftedClock(platform);
  const put = await platform.operator("operatorPutPair", {
    params: { pair: DRAWISH },
    body: pairConfig("DRW Walk", 50_000),
  });
  expect(put.envelope.statusCode, put.envelope.message).toBe(200);
});
afterAll(() => platform.dispose());

const putSite = (siteId: string, body: Parameters<Platform["seedSite"]>[1]) =>
  platform.operator("operatorPutSite", { params: { siteId }, body });
/** a refusal's lines (FailureData.problems), for odds_return_too_high one per option, pair and day */
const problemsOf = (data: unknown) => (data as { problems: string[] }).problems;

describe("the published table", () => {
  it("gives each pair of the site, at the site's odds, today's committed parameters and the latest price, every option's figures", async () => {
    await platform.seedSite("rtp-table", { pairs: ["BTC-USDT", "ETH-USDT"], odds: ODDS });
    const { envelope } = await platform.call("gameReturns", { params: { siteId: "rtp-table" } });
    expect(envelope.statusCode, envelope.message).toBe(200);
    const tables = envelope.data!;
    expect(tables.map((t) => t.pair)).toEqual(["BTC-USDT", "ETH-USDT"]);
    for (const table of tables) {
      const config = DEFAULT_PAIRS[table.pair]!;
      expect(table).toMatchObject({
        name: config.name,
        precision: 2,
        volatilityBp: config.volatilityBp,
        periodSeconds: 60,
        cutoffSeconds: 10,
        method: "exact",
      });
      expect(table.day).toBe(new Date().toISOString().slice(0, 10));
      expect(Math.abs(table.price / config.startPrice - 1)).toBeLessThan(0.01);
      // the figures are returns.ts's at that price, and no option is suspended at the default odds
      const expected = optionReturns(
        chances({ price: table.price, volatilityBp: config.volatilityBp, periodSeconds: 60, cutoffSeconds: 10 }),
        ODDS,
      );
      expect(table.options.map((o) => o.option)).toEqual([
        "high",
        "low",
        "odd",
        "even",
        "rise",
        "fall",
        "counter",
        "draw",
      ]);
      table.options.forEach((row, i) => {
        expect(row.rtp).toBeCloseTo(expected[i]!.rtp, 12);
        expect(row.win).toBeCloseTo(expected[i]!.win, 12);
        expect(row.suspended).toBe(false);
      });
      expect(table.options.find((o) => o.option === "rise")!.rtp).toBeCloseTo(0.975, 4);
    }
  });

  it("answers invalid_site for a site nobody configured", async () => {
    expect((await platform.call("gameReturns", { params: { siteId: "rtp-nobody" } })).envelope.message).toBe(
      "invalid_site",
    );
  });
});

describe("odds an operator may set", () => {
  it("accepts the default odds", async () => {
    const { envelope } = await putSite("rtp-odds", {
      pairs: ["BTC-USDT", "ETH-USDT", DRAWISH],
      odds: { ...ODDS, draw: 9 },
    });
    expect(envelope.statusCode, JSON.stringify(envelope.data)).toBe(200);
  });

  it("refuses odds of 2 on rise, naming the option, every pair and why, and stores nothing", async () => {
    const { envelope } = await putSite("rtp-odds", { odds: { ...ODDS, rise: 2 } });
    expect(envelope.statusCode).toBe(400);
    expect(envelope.message).toBe("odds_return_too_high");
    const problems = problemsOf(envelope.data);
    for (const pair of ["BTC-USDT", "ETH-USDT", DRAWISH]) {
      // today's and tomorrow's committed parameters are both checked
      expect(
        problems.filter((p) => p.startsWith(`rise at 2 returns 100.0 % on ${pair} `)),
        problems.join("\n"),
      ).toHaveLength(2);
    }
    expect(
      problems.every((p) => p.startsWith("rise ")),
      "only rise is named",
    ).toBe(true);
    expect(problems[0]).toMatch(/odds below 2 return less than 100 %$/);
    const site = await platform.call("siteInfo", { params: { siteId: "rtp-odds" } });
    expect(site.envelope.data!.odds.rise).toBe(1.95);
  });

  it("refuses draw odds above 1/q on a pair whose draw is common, and accepts odds below it", async () => {
    const refused = await putSite("rtp-odds", { odds: { ...ODDS, draw: 100 } });
    expect(refused.envelope.message).toBe("odds_return_too_high");
    const problems = problemsOf(refused.envelope.data);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(
      /^draw at 100 returns 10[23]\.\d % on DRW-USDT at its parameters committed for \d{4}-\d{2}-\d{2} \(volatility 1 bp a second, 60 s periods, betting closing 10 s before\) and its price \d+ \(in its smallest steps\); odds below 9[67]\.\d+ return less than 100 %$/,
    );
    const accepted = await putSite("rtp-odds", { odds: { ...ODDS, draw: 90 } });
    expect(accepted.envelope.statusCode, JSON.stringify(accepted.envelope.data)).toBe(200);
    expect(accepted.envelope.data!.odds.draw).toBe(90);
  });

  it("checks a new pair list against the odds already set", async () => {
    expect(
      (await putSite("rtp-pairs", { pairs: ["BTC-USDT"], odds: { ...ODDS, draw: 200 } })).envelope.statusCode,
    ).toBe(200);
    const { envelope } = await putSite("rtp-pairs", { pairs: ["BTC-USDT", DRAWISH] });
    expect(envelope.message).toBe("odds_return_too_high");
    expect(problemsOf(envelope.data)[0]).toMatch(/^draw at 200 returns .* on DRW-USDT /);
  });
});

describe("an option that a price fall brought to 100 % or more", () => {
  const SITE = "rtp-fallen";

  beforeAll(async () => {
    // the site names the pair before it exists: nothing to check yet, so the odds are taken
    await platform.seedSite(SITE, { ...GAME_SITE, pairs: [FALLEN], odds: ODDS });
    const put = await platform.operator("operatorPutPair", {
      params: { pair: FALLEN },
      body: pairConfig("LOW Walk", 3_000),
    });
    expect(put.envelope.statusCode, put.envelope.message).toBe(200);
  });

  it("is shown suspended in the table, with its return", async () => {
    const { envelope } = await platform.call("gameReturns", { params: { siteId: SITE } });
    const rows = Object.fromEntries(envelope.data![0]!.options.map((o) => [o.option, o]));
    for (const option of ["draw", "high", "low"]) {
      expect(rows[option]!.suspended, option).toBe(true);
      expect(rows[option]!.rtp, option).toBeGreaterThan(1.2);
    }
    for (const option of ["rise", "fall", "counter"]) expect(rows[option]!.suspended, option).toBe(false);
  });

  it("takes no bet on it (bet_option_suspended) while other options still take bets", async () => {
    const member = await gameMember(platform, SITE, 10_000);
    for (;;) {
      const market = await marketOf(platform, FALLEN);
      // a bet needs time before the cut-off of the period taking bets; else the clock moves to
      // that period's start, after which the one after it takes bets
      if (Date.parse(market.next.cutoffAt) - Date.parse(market.serverTime) < 3_000) {
        await clock.jumpTo(Date.parse(market.next.startsAt) + 100);
        continue;
      }
      const draw = await bet(platform, member, {
        pair: FALLEN,
        periodNo: market.next.periodNo,
        option: "draw",
        amount: 100,
      });
      expect(draw.envelope.statusCode).toBe(400);
      expect(draw.envelope.message).toBe("bet_option_suspended");
      const rise = await bet(platform, member, {
        pair: FALLEN,
        periodNo: market.next.periodNo,
        option: "rise",
        amount: 100,
      });
      expect(rise.envelope.statusCode, rise.envelope.message).toBe(200);
      break;
    }
  });

  it("refuses the same odds again once the pair is there, but not a change that names neither odds nor pairs", async () => {
    expect((await putSite(SITE, { odds: ODDS })).envelope.message).toBe("odds_return_too_high");
    expect((await putSite(SITE, { title: "Still open" })).envelope.statusCode).toBe(200);
  });
});
