import { describe, expect, it } from "vitest";
import { dayTotals } from "../../server/platform/exports/day-totals";
import type { DayLedgerRow, MemberDay } from "../../server/platform/member/day-export";

/**
 * A site's day in totals (operatorSiteDay, decision 036) from the member days the daily files are
 * made of: which postings count as what, and the house's net on the ledger's cash basis.
 */
let id = 0;
const row = (operation: string, type: string, account: string, amount: number): DayLedgerRow => ({
  id: ++id,
  at: "2026-03-04T05:06:07.000Z",
  operation,
  type,
  account,
  amount,
  balanceAfter: 0,
  reference: operation,
});
const own = (...accounts: string[]) => accounts.map((account) => ({ account, own: true, opening: 0, closing: 0 }));
const day = (memberId: string, ledger: DayLedgerRow[]): MemberDay => ({
  memberId,
  account: memberId,
  currency: "USD",
  ledger,
  balances: own("main", "hold", "positions", "game:binary"),
  deposits: [],
  withdrawals: [],
  positions: [],
});

describe("a site's day in totals", () => {
  it("counts deposits in, withdrawals paid without their fee, bets and their stakes, and the house's net from play", () => {
    const a = day("a", [
      row("dep1", "deposit", "external:deposit", -5_000),
      row("dep1", "deposit", "main", 5_000),
      row("tr1", "transfer_out", "main", -5_000),
      row("tr1", "transfer_in", "game:binary", 5_000),
      // a lost bet of 1 000 and a won bet of 500 paid 975
      row("bet1", "bet", "game:binary", -1_000),
      row("bet1", "bet", "house", 1_000),
      row("bet2", "bet", "game:binary", -500),
      row("bet2", "bet", "house", 500),
      row("pay2", "payout", "house", -975),
      row("pay2", "payout", "game:binary", 975),
      // a position: 1 000 margin and a fee of 6; closed for 1 200 back
      row("pos1", "position_open", "game:binary", -1_006),
      row("pos1", "position_open", "positions", 1_000),
      row("pos1", "position_open", "house", 6),
      row("pos2", "position_close", "positions", -1_000),
      row("pos2", "position_close", "game:binary", 1_200),
      row("pos2", "position_close", "house", -200),
    ]);
    const b = day("b", [
      row("w1", "withdrawal_paid", "hold", -1_115),
      row("w1", "withdrawal_paid", "external:withdrawal", 1_000),
      row("w1", "withdrawal_paid", "fees", 115),
    ]);
    const quiet = day("c", []);
    expect(dayTotals("demo", "2026-03-04", "USD", [a, b, quiet])).toEqual({
      siteId: "demo",
      day: "2026-03-04",
      currency: "USD",
      deposits: { count: 1, amount: 5_000 },
      withdrawals: { count: 1, amount: 1_000 },
      bets: { count: 2, amount: 1_500 },
      // 1 500 staked − 975 paid + 6 fee − 200 position gain
      net: 331,
      activeMembers: 2,
    });
  });

  it("is the house's loss, negative, when members won more than they staked", () => {
    const lucky = day("a", [row("bet1", "bet", "game:binary", -1_000), row("pay1", "payout", "game:binary", 1_950)]);
    expect(dayTotals("demo", "2026-03-04", "USD", [lucky]).net).toBe(-950);
  });
});
