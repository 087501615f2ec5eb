import { describe, expect, it } from "vitest";
import { BET_OPTIONS } from "#rules/bet-options";
import { fairFeed } from "../../server/platform/game/feed";
import { lastDigit, oddsBp, outcomes, payout } from "#rules/outcomes";
import { decimalString } from "#rules/units";
import { slotAt } from "../../server/platform/game/schedule";

/**
 * The game rules (server/platform/README.md, "Game rules") as tables: every option against every
 * last digit, rises, falls, ties and reversals.
 */

describe("the last digit", () => {
  it.each([
    [6_123_450, 2, "61234.50", 0],
    [6_123_455, 2, "61234.55", 5],
    [6_123_459, 2, "61234.59", 9],
    [1_234_567, 3, "1234.567", 7],
    [1_234_560, 3, "1234.560", 0],
    [61_234, 0, "61234", 4],
    [5, 2, "0.05", 5],
  ])("of %i at precision %i is the last digit of %s", (price, precision, shown, digit) => {
    expect(decimalString(price, precision)).toBe(shown);
    expect(lastDigit(price)).toBe(digit);
    expect(shown.at(-1)).toBe(String(digit));
  });
});

describe("high, low, odd and even against every last digit", () => {
  it.each([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])("close ending in %i", (digit) => {
    const close = 6_123_440 + digit;
    const r = outcomes(6_000_000, close, 1);
    expect(r.high).toBe(digit >= 5 ? "win" : "lose");
    expect(r.low).toBe(digit <= 4 ? "win" : "lose");
    expect(r.odd).toBe(digit % 2 === 1 ? "win" : "lose");
    expect(r.even).toBe(digit % 2 === 0 ? "win" : "lose");
  });

  it("decides 61234.50 (6123450 at precision 2) as digit 0: low and even, never high or odd", () => {
    expect(outcomes(6_123_400, 6_123_450, 1)).toMatchObject({ low: "win", even: "win", high: "lose", odd: "lose" });
  });
});

describe("rise, fall, draw and counter", () => {
  // [open, close, previous direction, rise, fall, draw, counter]
  it.each([
    ["a rise after a fall (reversal)", 100, 101, -1, "win", "lose", "lose", "win"],
    ["a rise after a rise", 100, 105, 1, "win", "lose", "lose", "lose"],
    ["a fall after a rise (reversal)", 100, 99, 1, "lose", "win", "lose", "win"],
    ["a fall after a fall", 100, 90, -1, "lose", "win", "lose", "lose"],
    ["a tie after a rise", 100, 100, 1, "refund", "refund", "win", "refund"],
    ["a tie after a fall", 100, 100, -1, "refund", "refund", "win", "refund"],
    ["a rise after a flat period", 100, 101, 0, "win", "lose", "lose", "refund"],
    ["a fall after a flat period", 100, 99, 0, "lose", "win", "lose", "refund"],
    ["a rise with no previous period", 100, 101, null, "win", "lose", "lose", "refund"],
  ] as const)("%s", (_, open, close, previous, rise, fall, draw, counter) => {
    expect(outcomes(open, close, previous)).toMatchObject({ rise, fall, draw, counter });
  });

  it("gives every option an outcome", () => {
    expect(Object.keys(outcomes(1, 2, 1)).sort()).toEqual([...BET_OPTIONS].sort());
  });
});

describe("payouts in integer minor units", () => {
  it.each([
    ["win", 1000, 1.95, 1950],
    ["win", 333, 1.95, 649], // 649.35 floored
    ["win", 100, 9, 900],
    ["win", 101, 1.9, 191], // 191.9 floored
    ["lose", 1000, 1.95, 0],
    ["refund", 1000, 1.95, 1000],
  ] as const)("%s on %i at %f pays %i", (outcome, stake, odds, paid) => {
    expect(payout(outcome, stake, oddsBp(odds))).toBe(paid);
  });
});

describe("the period schedule", () => {
  const day = Date.UTC(2025, 0, 2) / 1000;
  it("numbers periods YYYYMMDD + index from 0001, aligned to the UTC day", () => {
    // betting on a period closes `cutoffSeconds` before it starts (bets are taken while the one before runs)
    expect(slotAt(day, 60, 10)).toEqual({ periodNo: "202501020001", start: day, cutoff: day - 10, end: day + 60 });
    expect(slotAt(day + 59, 60, 10).periodNo).toBe("202501020001");
    expect(slotAt(day + 60, 60, 10).periodNo).toBe("202501020002");
    expect(slotAt(day + 86_399, 60, 10).periodNo).toBe("202501021440");
  });
  it("uses a 5-digit index when a day has more than 9999 periods", () => {
    expect(slotAt(day + 86_399, 5, 1).periodNo).toBe("2025010217280");
  });
  it("ends the day with a shorter period when the day is not a whole number of them", () => {
    const last = slotAt(day + 86_399, 7, 1);
    expect(last.end).toBe(day + 86_400);
    expect(last.end - last.start).toBe(86_400 % 7);
  });
});

describe("the verifiable feed", () => {
  // the committed-seed walk (server/rules/fairness-walk.ts); its fixed vectors are in tests/unit/fairness-walk.test.ts
  const seedA = new Uint8Array(32).fill(7);
  const seedB = new Uint8Array(32).fill(7).fill(8, 31);
  const feed = (seed: Uint8Array, volatilityBp = 1, paused = false, symbol = "BTC-USDT") =>
    fairFeed(
      { paused },
      {
        symbol,
        day: () => ({ seed, volatilityBp, algorithm: "hmac-sha256-walk-1", beacon: null }),
        randomness: () => null,
      },
    );
  const from = { second: 1_700_000_000, price: 6_123_450 };

  it("gives the same prices for the same seed and pair, and other prices for another seed or pair", () => {
    const walk = feed(seedA).ticksAfter(from, from.second + 600);
    expect(walk).toHaveLength(600);
    expect(feed(seedA).ticksAfter(from, from.second + 600)).toEqual(walk);
    expect(feed(seedB).ticksAfter(from, from.second + 600)).not.toEqual(walk);
    expect(feed(seedA, 1, false, "ETH-USDT").ticksAfter(from, from.second + 600)).not.toEqual(walk);
  });
  it("moves about volatilityBp basis points a second, in integer steps", () => {
    const prices = feed(seedA)
      .ticksAfter(from, from.second + 3600)
      .map((t) => t.price);
    const moves = prices.slice(1).map((p, i) => p - prices[i]!);
    const sd = Math.sqrt(moves.reduce((s, m) => s + m * m, 0) / moves.length);
    expect(prices.every(Number.isInteger)).toBe(true);
    expect(sd).toBeGreaterThan(400); // 1 bp of 61234.50 is 612 steps
    expect(sd).toBeLessThan(900);
    expect(new Set(prices.map((p) => p % 10)).size).toBe(10);
  });
  it("draws each second from (seed, pair, day, index) and the previous price only: a walk in two pieces equals one", () => {
    const whole = feed(seedA).ticksAfter(from, from.second + 100);
    const first = feed(seedA).ticksAfter(from, from.second + 40);
    const rest = feed(seedA).ticksAfter(first[first.length - 1]!, from.second + 100);
    expect([...first, ...rest]).toEqual(whole);
  });
  it("takes each tick's seed and volatility from its own UTC day (the midnight tick is the day before's)", () => {
    const midnight = 1_700_006_400; // 1700006400 = 86400 × 19676
    const asked: number[] = [];
    const split = fairFeed(
      { paused: false },
      {
        symbol: "BTC-USDT",
        day: (d) => (
          asked.push(d),
          { seed: d === 19_676 ? seedB : seedA, volatilityBp: 1, algorithm: "hmac-sha256-walk-1", beacon: null }
        ),
        randomness: () => null,
      },
    );
    const ticks = split.ticksAfter({ second: midnight - 2, price: 6_123_450 }, midnight + 2);
    expect([...new Set(asked)]).toEqual([19_675, 19_676]);
    expect(ticks.slice(0, 2)).toEqual(feed(seedA).ticksAfter({ second: midnight - 2, price: 6_123_450 }, midnight));
  });
  it("produces nothing while paused", () => {
    expect(feed(seedA, 1, true).ticksAfter({ second: 0, price: 1 }, 100)).toEqual([]);
  });
});
