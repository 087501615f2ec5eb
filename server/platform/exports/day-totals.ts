import type { SiteDayTotals } from "../../contract";
import type { MemberDay } from "../member/day-export";
import { EXTERNAL_DEPOSIT, EXTERNAL_WITHDRAWAL } from "../member/schema";

/**
 * A site's day in four figures (operatorSiteDay), summed from the same member days the daily
 * files are made of (exports/site-day.ts), so the oversight page and the accounting files cannot
 * disagree. Real money only (the member days hold no practice postings).
 *
 * - deposits: the day's "deposit" postings out of the outside world (external:deposit), each
 *   operation one deposit;
 * - withdrawals: the day's "withdrawal_paid" postings into the outside world
 *   (external:withdrawal): what the members receive, the fee apart;
 * - bets: the day's "bet" operations and their stakes;
 * - net: the house's result from play, on the ledger's cash basis: what play took out of the
 *   members' own accounts (stakes, position fees, margin lost) less what it paid back (payouts,
 *   refunds, closed positions' returns). A bet still open at the day's end counts as staked; its
 *   payout counts on the day it settles.
 */
const PLAY_TYPES: ReadonlySet<string> = new Set(["bet", "payout", "refund", "position_open", "position_close"]);

export function dayTotals(siteId: string, day: string, currency: string, days: readonly MemberDay[]): SiteDayTotals {
  const totals: SiteDayTotals = {
    siteId,
    day,
    currency,
    deposits: { count: 0, amount: 0 },
    withdrawals: { count: 0, amount: 0 },
    bets: { count: 0, amount: 0 },
    net: 0,
    activeMembers: 0,
  };
  for (const member of days) {
    if (member.ledger.length === 0) continue;
    totals.activeMembers += 1;
    const own = new Set(member.balances.filter((b) => b.own).map((b) => b.account));
    const bets = new Set<string>();
    for (const row of member.ledger) {
      if (row.type === "deposit" && row.account === EXTERNAL_DEPOSIT) {
        totals.deposits.count += 1;
        totals.deposits.amount += -row.amount;
      } else if (row.type === "withdrawal_paid" && row.account === EXTERNAL_WITHDRAWAL) {
        totals.withdrawals.count += 1;
        totals.withdrawals.amount += row.amount;
      }
      if (!own.has(row.account) || !PLAY_TYPES.has(row.type)) continue;
      totals.net -= row.amount;
      if (row.type === "bet") {
        bets.add(row.operation);
        totals.bets.amount += -row.amount;
      }
    }
    totals.bets.count += bets.size;
  }
  return totals;
}
