import { describe, expect, it } from "vitest";
import { BET_OPTIONS, type BetOption } from "#rules/bet-options";
import { oddsBp, outcomes, type Direction, type Outcome } from "#rules/outcomes";
import { countedTurnover, isVoidRound, possibleOutcomes, stakeAtRisk, type WagerBet } from "#rules/wagering";

/**
 * Bonus wagering counts the stake at risk (server/platform/README.md, "Campaigns"): per round,
 * total stake minus the least the bets would pay back over every last digit and direction the
 * round could have had, after the previous round as it was. Amounts in minor units; odds 1.95
 * except draw at 9, as the test sites have them.
 */
const ODDS: Record<BetOption, number> = {
  high: 1.95,
  low: 1.95,
  odd: 1.95,
  even: 1.95,
  rise: 1.95,
  fall: 1.95,
  counter: 1.95,
  draw: 9,
};
const bet = (option: BetOption, amount: number, odds = ODDS[option]): WagerBet => ({
  option,
  amount,
  oddsBp: oddsBp(odds),
});
const ROSE: Direction = 1;
const FELL: Direction = -1;
const FLAT: Direction = 0;

describe("one bet alone counts its whole stake when some result loses it", () => {
  it.each([
    ["high", "high", ROSE],
    ["low", "low", FELL],
    ["odd", "odd", FLAT],
    ["even", "even", null],
    ["rise", "rise", ROSE],
    ["fall", "fall", FELL],
    ["draw", "draw", ROSE],
    ["counter after a rising round", "counter", ROSE],
    ["counter after a falling round", "counter", FELL],
  ] as const)("%s", (_, option, previous) => {
    expect(countedTurnover([bet(option, 10_000)], previous)).toBe(10_000);
  });

  it.each([
    ["after a flat round", FLAT],
    ["with no round before", null],
  ] as const)("except counter %s: it can only be refunded, so nothing is at risk", (_, previous) => {
    expect(countedTurnover([bet("counter", 10_000)], previous)).toBe(0);
  });
});

describe("bets of one round together", () => {
  // [what, bets, previous direction, counted]
  it.each([
    // the attack: exactly one of the two wins, 2 × 25 000 paid back 48 750 whatever happens (a flat round refunds both)
    [
      "rise + counter after a rising round count only the margin: 12.50 of 500.00",
      [bet("rise", 25_000), bet("counter", 25_000)],
      ROSE,
      1_250,
    ],
    // after a fall, counter wins when the round rises: the same side as rise, both lost on a fall
    [
      "rise + counter after a falling round are one side twice: counted in full",
      [bet("rise", 25_000), bet("counter", 25_000)],
      FELL,
      50_000,
    ],
    // after a flat round counter is always refunded: only rise is at risk
    [
      "rise + counter after a flat round count rise's stake",
      [bet("rise", 25_000), bet("counter", 25_000)],
      FLAT,
      25_000,
    ],
    [
      "fall + counter after a rising round are one side twice",
      [bet("fall", 25_000), bet("counter", 25_000)],
      ROSE,
      50_000,
    ],
    // the platform refuses odd with even in one account; the rule still counts what is at risk:
    // 30 000 staked, at least 19 500 back (odd or even wins; draw only on a flat round)
    [
      "odd + even + draw count all but the least paid back",
      [bet("odd", 10_000), bet("even", 10_000), bet("draw", 10_000)],
      ROSE,
      10_500,
    ],
    ["odd + even count the margin", [bet("odd", 10_000), bet("even", 10_000)], ROSE, 500],
    ["high + low count the margin", [bet("high", 10_000), bet("low", 10_000)], null, 500],
    // a low digit on a moving round loses both
    ["high + draw are both lost together: counted in full", [bet("high", 10_000), bet("draw", 10_000)], ROSE, 20_000],
    // odds kept per order can differ: the least back is rise's win, 1 950
    [
      "rise at 1.95 + counter at 2.10 count the lesser win's shortfall",
      [bet("rise", 1_000), bet("counter", 1_000, 2.1)],
      ROSE,
      50,
    ],
    // every result pays back at least the stakes: nothing at risk, never below zero
    [
      "bets that always pay back more than their stakes count nothing",
      [bet("rise", 1_000, 2.5), bet("counter", 1_000, 2.5)],
      ROSE,
      0,
    ],
    ["no bets count nothing", [], ROSE, 0],
  ] as const)("%s", (_, bets, previous, counted) => {
    expect(countedTurnover(bets, previous)).toBe(counted);
  });
});

describe("rounding at odd stakes, as settlement pays (floor per bet)", () => {
  it.each([
    // floor(333 × 1.95) = 649 (649.35): 666 − 649
    [333, 1.95, 17],
    // floor(101 × 1.9) = 191 (191.9): 202 − 191
    [101, 1.9, 11],
    // floor(1 × 1.95) = 1: 2 − 1
    [1, 1.95, 1],
  ] as const)("rise + counter of %i each after a rising round at odds %f count %i", (stake, odds, counted) => {
    expect(countedTurnover([bet("rise", stake, odds), bet("counter", stake, odds)], ROSE)).toBe(counted);
  });
});

describe("a void round (every bet refunded whatever the prices)", () => {
  const allRefund = Object.fromEntries(BET_OPTIONS.map((o) => [o, "refund"])) as Record<BetOption, Outcome>;
  const bets = [bet("high", 10_000), bet("rise", 5_000), bet("draw", 700)];

  it("is recognised by every option refunded, which no real close gives", () => {
    expect(isVoidRound(allRefund)).toBe(true);
    // a flat round refunds rise, fall and counter only
    expect(isVoidRound(outcomes(100, 100, ROSE))).toBe(false);
  });

  it("counts nothing: its one possible result pays every stake back", () => {
    expect(countedTurnover(bets, ROSE, true)).toBe(0);
    expect(stakeAtRisk(bets, [allRefund])).toBe(0);
    expect(countedTurnover(bets, ROSE, isVoidRound(allRefund))).toBe(0);
  });
});

describe("the possible results", () => {
  it("are every last digit with every direction, after the previous round as it was", () => {
    for (const previous of [ROSE, FLAT, FELL, null]) {
      const possible = possibleOutcomes(previous);
      expect(possible).toHaveLength(30);
      // whatever the prices, the round's real outcomes are among them
      for (const [open, close] of [
        [6_123_400, 6_123_457],
        [6_123_400, 6_123_400],
        [6_123_400, 6_123_321],
      ] as const) {
        expect(possible).toContainEqual(outcomes(open, close, previous));
      }
    }
  });

  it("take the previous direction as known: walking every previous direction would count the hedge in full", () => {
    const hedge = [bet("rise", 25_000), bet("counter", 25_000)];
    const anyPrevious = [ROSE, FLAT, FELL].flatMap((p) => possibleOutcomes(p));
    expect(stakeAtRisk(hedge, anyPrevious)).toBe(50_000);
    expect(stakeAtRisk(hedge, possibleOutcomes(ROSE))).toBe(1_250);
  });
});
