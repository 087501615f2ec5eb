import { describe, expect, it } from "vitest";
import { direction, oddsBp, outcomes, payout } from "#rules/outcomes";
import type { BetOption } from "#rules/bet-options";
import { SITE_INFO_WHEN_MISSING } from "../../server/contract/schemas";
import { DAY_SECONDS } from "#rules/fairness-walk";
import { bettingSlot, slotAt, type Slot } from "../../server/platform/game/schedule";
import { fastDigests, walk } from "../helpers/fast-walk";

/**
 * The late-information attack (server/platform/README.md, "Return to player"): over 100,000
 * periods of the real walk (BTC-USDT as seeded: 61234.50, 1 bp, 60 s periods, 10 s cut-off;
 * tests/helpers/fast-walk.ts), a member bets at the last second a betting rule accepts, knowing
 * every price until then, the running period's open and the price now, as the public API shows
 * them, with four strategies:
 *
 * - momentum: rise or fall, the side the running period stands on;
 * - counter: whenever the period before the one bet on has (so far) moved, unless the one bet on
 *   already stands with it;
 * - digit: high or low, and odd or even, as the current price's last digit is;
 * - draw: whenever the period bet on has not (so far) moved.
 *
 * The rule under test is one function: `bettingSlot` (game/schedule.ts), the platform's. Under it
 * none of the strategies may have a positive expectation: the one-sided upper confidence bound of
 * the mean return per unit stake, the mean plus 4 standard errors, must stay below 1. Each bet's
 * outcome depends only on ticks drawn after it was placed, so the returns less their mean are
 * martingale differences and the usual standard error holds. The same attack against the rule
 * before it (bets on the running period, decided against its known open, until a cut-off before
 * its end) must win, so the harness is known to catch a rule that can be beaten.
 */

type BettingRule = (second: number) => { slot: Slot; open: boolean };
type Strategy = "momentum" | "counter" | "digit" | "parity" | "draw";

const PERIOD = 60;
const CUTOFF = 10;
const ODDS = SITE_INFO_WHEN_MISSING.odds;
const STAKE = 10_000;

const currentRule: BettingRule = (second) =>
  bettingSlot(second, () => ({ periodSeconds: PERIOD, cutoffSeconds: CUTOFF }));

/** The rule before the change: the running period takes bets until `cutoffSeconds` before its end. */
const oldRule: BettingRule = (second) => {
  const running = slotAt(second, PERIOD, CUTOFF);
  const cutoff = Math.max(running.start, running.end - CUTOFF);
  return { slot: { ...running, cutoff }, open: second < cutoff };
};

type Tally = { bets: number; sum: number; squares: number };
type Result = Record<Strategy, Tally & { mean: number; upper: number; lower: number }>;

/**
 * Runs the attack over `periods` periods of one walk starting at UTC midnight. prices[i] is the
 * price after the tick of second start + i (the catch-up at second t has ticks up to t).
 */
function attack(rule: BettingRule, prices: Int32Array, start: number): Result {
  const at = (second: number) => prices[second - start]!;
  const end = start + prices.length - 1;
  const tallies = Object.fromEntries(
    (["momentum", "counter", "digit", "parity", "draw"] as const).map((s) => [s, { bets: 0, sum: 0, squares: 0 }]),
  ) as Record<Strategy, Tally>;
  const settle = (strategy: Strategy, slot: Slot, option: BetOption) => {
    const open = at(slot.start);
    const close = at(slot.end);
    const outcome = outcomes(open, close, direction(at(slot.start - PERIOD), open))[option];
    const back = payout(outcome, STAKE, oddsBp(ODDS[option]!)) / STAKE;
    const tally = tallies[strategy];
    tally.bets++;
    tally.sum += back;
    tally.squares += back * back;
  };
  let now = rule(start + 2 * PERIOD);
  for (let t = start + 2 * PERIOD; t < end - 2 * PERIOD; t++) {
    const next = rule(t + 1);
    // t is the last second the rule takes bets on now.slot: at t + 1 it is closed or another period's
    const lastChance = now.open && !(next.open && next.slot.start === now.slot.start);
    if (lastChance && now.slot.end <= end) {
      const slot = now.slot;
      const price = at(t);
      const running = slotAt(t, PERIOD, CUTOFF);
      const started = t >= slot.start;
      const side = direction(at(running.start), price);
      if (side !== 0) settle("momentum", slot, side > 0 ? "rise" : "fall");
      // the previous period's direction as far as known; the bet-on period's so far (0 before it starts)
      const before = direction(at(slot.start - PERIOD), started ? at(slot.start) : price);
      const soFar = started ? direction(at(slot.start), price) : 0;
      if (before !== 0 && soFar !== before) settle("counter", slot, "counter");
      settle("digit", slot, price % 10 >= 5 ? "high" : "low");
      settle("parity", slot, price % 2 === 1 ? "odd" : "even");
      if (soFar === 0) settle("draw", slot, "draw");
    }
    now = next;
  }
  return Object.fromEntries(
    Object.entries(tallies).map(([s, { bets, sum, squares }]) => {
      const mean = sum / bets;
      const standardError = Math.sqrt((squares / bets - mean * mean) / bets);
      return [s, { bets, sum, squares, mean, upper: mean + 4 * standardError, lower: mean - 4 * standardError }];
    }),
  ) as Result;
}

const START = 20_781 * DAY_SECONDS; // 2026-11-24 00:00 UTC

describe("the late-information attack on the rounds", () => {
  it("wins nothing under bettingSlot: every strategy's upper bound of the mean return stays below 1", () => {
    const prices = walk(6_123_450, 1, 100_000 * PERIOD, fastDigests(20_781));
    const result = attack(currentRule, prices, START);
    for (const [strategy, r] of Object.entries(result)) {
      expect(r.bets, strategy).toBeGreaterThan(90_000);
      expect(r.upper, `${strategy}: mean ${r.mean.toFixed(4)} over ${r.bets} bets`).toBeLessThan(1);
    }
  });

  it("beats the old rule (bets on the running period until a cut-off before its end): the harness catches a rule that can be won", () => {
    const prices = walk(6_123_450, 1, 20_000 * PERIOD, fastDigests(20_782));
    const result = attack(oldRule, prices, START);
    expect(result.momentum.lower, `momentum: mean ${result.momentum.mean.toFixed(4)}`).toBeGreaterThan(1.5);
    expect(result.counter.lower, `counter: mean ${result.counter.mean.toFixed(4)}`).toBeGreaterThan(1.5);
  });
});
