import type { AccountMode } from "#rules/account-mode";

/**
 * What a member's money adds up to (server/platform/README.md, "Balances"): the one place the
 * total is summed, for the wallets answer (real money) and the practice account (play money)
 * alike, so the site shows parts and a total and never adds them itself.
 *
 * A bet's stake leaves the wallet for the house when it is placed (game.ts) and comes back only
 * as a payout, so the ledger alone would forget it until the round settles: "in open bets" is
 * read from the open orders of the mode. A position's margin stays the member's own account
 * ("positions", "practice:positions") until it closes, so it is that account's balance.
 */

/** The stakes of the mode's bets whose rounds have not settled yet, in minor units. */
export function openStakes(sql: SqlStorage, mode: AccountMode): number {
  return sql
    .exec<{ total: number }>(
      "SELECT COALESCE(SUM(amount), 0) AS total FROM orders WHERE status = 'open' AND mode = ?",
      mode,
    )
    .one().total;
}

/**
 * The total of the member's money in one mode: every part that is the member's (what is free,
 * on hold for a withdrawal, in game wallets, staked on open bets, held as margin). A bonus still
 * locked by its wagering is not among the parts: it is shown beside the total, never in it.
 */
export function totalOf(parts: readonly number[]): number {
  return parts.reduce((sum, part) => sum + part, 0);
}
