import type { BetOption } from "#rules/bet-options";
import { outcomesOf, payout, type Direction, type Outcome } from "#rules/outcomes";

/**
 * How much of one round's bets counts toward a deposit bonus's wagering (server/platform/README.md,
 * "Campaigns"): the stake the member could have lost, not the stake put down. Bets that cover each
 * other (Rise with Counter after a rising round: exactly one of them wins) risk only the odds'
 * margin, so counting their whole stake let a bonus be cleared at almost no cost.
 *
 * counted = max(0, total stake − the least the bets would pay back over every result the round
 * could have had), with each bet's payback as settlement pays it (`payout`: floor(stake × odds) on
 * a win, the stake on a refund, nothing on a loss).
 *
 * Zod-free and pure: the platform's settlement counts with it and the campaign page works its
 * example with it, so both say the same.
 */

/** One bet of the round as the wagering sees it (minor units; odds in basis points, as kept with the order). */
export interface WagerBet {
  option: BetOption;
  amount: number;
  oddsBp: number;
}

const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
const DIRECTIONS: readonly Direction[] = [1, 0, -1];

/**
 * Every result a round could have had: each last digit of the close with each direction (rose,
 * flat, fell). The previous round's direction is the one it really had, not every one it might
 * have had: it is known when the round is settled, and a member hedging Rise with Counter does so
 * knowing it, so walking unknown previous directions as well would count the hedge as at risk.
 */
export function possibleOutcomes(previous: Direction | null): Record<BetOption, Outcome>[] {
  return DIRECTIONS.flatMap((moved) => DIGITS.map((digit) => outcomesOf(digit, moved, previous)));
}

/**
 * A round called off, every bet refunded whatever the prices (every option's outcome a refund,
 * which no real close gives: high or low always wins). Its one possible result is that one, so
 * nothing of it was at risk.
 */
export function isVoidRound(recorded: Readonly<Record<BetOption, Outcome>>): boolean {
  return Object.values(recorded).every((o) => o === "refund");
}

/** Total stake minus the least total payback over `results`, never below 0. */
export function stakeAtRisk(
  bets: readonly WagerBet[],
  results: readonly Readonly<Record<BetOption, Outcome>>[],
): number {
  const staked = bets.reduce((sum, b) => sum + b.amount, 0);
  if (staked === 0 || results.length === 0) return 0;
  let least = Number.POSITIVE_INFINITY;
  for (const result of results) {
    const back = bets.reduce((sum, b) => sum + payout(result[b.option], b.amount, b.oddsBp), 0);
    if (back < least) least = back;
  }
  return Math.max(0, staked - least);
}

/**
 * What one member's bets of one round (one pair, one period) count toward wagering: the stake at
 * risk over the round's possible results after the previous round as it was; a void round counts
 * nothing.
 */
export function countedTurnover(bets: readonly WagerBet[], previous: Direction | null, voided = false): number {
  return voided ? 0 : stakeAtRisk(bets, possibleOutcomes(previous));
}
