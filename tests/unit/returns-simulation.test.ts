import { describe, expect, it } from "vitest";
import { chances, optionChances, type FeedParams } from "../../server/contract/returns";
import { fastDigests, walk } from "../helpers/fast-walk";

/**
 * The computed chances (server/contract/returns.ts) against the walk itself: 100,000 periods of the
 * real `nextPrice` per case, each from the same last known price, with uniformly random digests
 * (tests/helpers/fast-walk.ts). Each period draws cutoffSeconds ticks (the open) and then
 * periodSeconds ticks (the close); every frequency must lie within 4 standard errors of its
 * probability: P(close = open), and the law of (close − last known price) mod 10, from which the
 * digit options' chances follow, with the best-informed member's win rate on high checked too.
 */

const PERIODS = 100_000;
const CASES: [string, FeedParams][] = [
  ["BTC-USDT as seeded (61234.50, 1 bp)", { price: 6_123_450, volatilityBp: 1, periodSeconds: 60, cutoffSeconds: 10 }],
  ["ETH-USDT as seeded (3456.78, 2 bp)", { price: 345_678, volatilityBp: 2, periodSeconds: 60, cutoffSeconds: 10 }],
  // moves of a step or two: the draw is common and the last digit far from even
  ["BTC-USDT fallen to 40.07 (1 bp)", { price: 4_007, volatilityBp: 1, periodSeconds: 60, cutoffSeconds: 10 }],
];

const within = (observed: number, expected: number, n: number, what: string) => {
  const standardError = Math.sqrt((expected * (1 - expected)) / n);
  expect(Math.abs(observed / n - expected), `${what}: ${observed} of ${n}, expected ${expected}`).toBeLessThanOrEqual(
    4 * standardError,
  );
};

describe("the chances against 100,000 simulated periods of the walk", () => {
  it.each(CASES)("%s", (_, params) => {
    const ch = chances(params);
    const digests = fastDigests(params.price);
    let draws = 0;
    let highWins = 0;
    const residues = new Array<number>(10).fill(0);
    const ticks = params.cutoffSeconds + params.periodSeconds;
    for (let n = 0; n < PERIODS; n++) {
      const prices = walk(params.price, params.volatilityBp, ticks, digests);
      const open = prices[params.cutoffSeconds]!;
      const close = prices[ticks]!;
      if (close === open) draws++;
      residues[(((close - params.price) % 10) + 10) % 10]! += 1;
      if (close % 10 >= 5) highWins++;
    }
    within(draws, ch.draw, PERIODS, "close = open");
    residues.forEach((count, r) => within(count, ch.digitLaw[r]!, PERIODS, `sum ≡ ${r} (mod 10)`));
    // high bet knowing the last price: its digit is the price's own (the model's worst case takes the best one)
    const lastDigit = params.price % 10;
    const highAtThisDigit = ch.digitLaw.reduce((sum, p, s) => sum + ((lastDigit + s) % 10 >= 5 ? p : 0), 0);
    within(highWins, highAtThisDigit, PERIODS, "high wins from this last digit");
    expect(highAtThisDigit).toBeLessThanOrEqual(optionChances(ch, "high").win);
  });
});
