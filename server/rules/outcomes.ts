import type { BetOption } from "#rules/bet-options";

/**
 * Who wins a period (server/platform/README.md, "Game rules"). Zod-free and pure, so the
 * platform's settlement and the browser's verification of a period (fairness-walk.ts) share it: the same recorded prices
 * always give the same outcomes, so settlement can be re-run and re-checked. Prices are integers in
 * the pair's smallest step (61234.50 on a 2-digit pair is 6123450), so the price formatted with
 * exactly the pair's precision ends in the integer's last decimal digit: 61234.50 → 0, never 5.
 */

export const OUTCOMES = ["win", "lose", "refund"] as const;
export type Outcome = (typeof OUTCOMES)[number];
/** −1 fell, 0 flat, 1 rose; null when there is no previous period (treated as flat). */
export type Direction = -1 | 0 | 1;

export const lastDigit = (price: number): number => price % 10;

export const direction = (open: number, close: number): Direction => (close > open ? 1 : close < open ? -1 : 0);

const winIf = (won: boolean): Outcome => (won ? "win" : "lose");

/** Every option's outcome for a period with these recorded prices. */
export function outcomes(open: number, close: number, previous: Direction | null): Record<BetOption, Outcome> {
  return outcomesOf(lastDigit(close), direction(open, close), previous);
}

/**
 * Every option's outcome from what decides it: the close's last digit, the period's direction and
 * the previous period's. `outcomes` reads these from the prices; the bonus wagering
 * (wagering.ts) walks every digit and direction a period could have had.
 */
export function outcomesOf(digit: number, moved: Direction, previous: Direction | null): Record<BetOption, Outcome> {
  const before = previous ?? 0;
  // A flat period has no direction: rise, fall and counter are refunded, not lost.
  const directional = (won: boolean): Outcome => (moved === 0 ? "refund" : winIf(won));
  return {
    high: winIf(digit >= 5),
    low: winIf(digit <= 4),
    odd: winIf(digit % 2 === 1),
    even: winIf(digit % 2 === 0),
    rise: directional(moved === 1),
    fall: directional(moved === -1),
    draw: winIf(moved === 0),
    // A reversal needs a direction to reverse: after a flat (or no) previous period, refunded.
    counter: moved === 0 || before === 0 ? "refund" : winIf(moved === -before),
  };
}

/** Odds as whole basis points (1.95 → 19500), so no float ever touches money. */
export const oddsBp = (odds: number): number => Math.round(odds * 10_000);

/** What a settled bet credits: floor(stake × odds) on a win, the stake on a refund, nothing on a loss. */
export function payout(outcome: Outcome, stake: number, oddsBasisPoints: number): number {
  if (outcome === "lose") return 0;
  if (outcome === "refund") return stake;
  return Number((BigInt(stake) * BigInt(oddsBasisPoints)) / 10_000n);
}
