/**
 * One member's part of a site's daily files (server/platform/exports/site-day.ts): the real-money
 * ledger entries of the UTC day [start, end), each account's balance at its opening and closing,
 * the deposits and withdrawals asked for or decided in it, and the positions opened or closed in
 * it. Read in one synchronous pass, so the figures are of one state. Practice money is left out:
 * it is play money and leaves nothing to reconcile.
 */

const REAL = "(account <> 'practice' AND account NOT GLOB 'practice:*')";

export interface DayLedgerRow {
  id: number;
  at: string;
  operation: string;
  type: string;
  account: string;
  amount: number;
  balanceAfter: number;
  reference: string;
}

export interface DayBalanceRow {
  account: string;
  own: boolean;
  opening: number;
  closing: number;
}

export interface DayDepositRow {
  id: string;
  option: string;
  amount: number;
  status: string;
  createdAt: string;
  decidedAt: string | null;
}

export interface DayWithdrawalRow {
  id: string;
  amount: number;
  fee: number;
  status: string;
  createdAt: string;
  decidedAt: string | null;
}

export interface DayPositionRow {
  id: string;
  pair: string;
  side: string;
  status: string;
  margin: number;
  leverage: number;
  notional: number;
  openFee: number;
  closeFee: number | null;
  pnl: number | null;
  payout: number | null;
  openedAt: string | null;
  closedAt: string | null;
  closeReason: string | null;
}

export interface MemberDay {
  memberId: string;
  account: string;
  currency: string;
  ledger: DayLedgerRow[];
  balances: DayBalanceRow[];
  deposits: DayDepositRow[];
  withdrawals: DayWithdrawalRow[];
  positions: DayPositionRow[];
}

/** The running balance after the account's last posting before `bound` (0 before its first). */
function balanceBefore(sql: SqlStorage, account: string, bound: string): number {
  return (
    sql
      .exec<{ b: number }>(
        "SELECT balance_after AS b FROM postings WHERE account = ? AND created_at < ? ORDER BY id DESC LIMIT 1",
        account,
        bound,
      )
      .toArray()[0]?.b ?? 0
  );
}

export function memberDay(
  sql: SqlStorage,
  who: { memberId: string; account: string; currency: string },
  start: string,
  end: string,
  nowIso: string,
): MemberDay {
  const ledger = sql
    .exec<{
      id: number;
      created_at: string;
      operation_key: string;
      type: string;
      account: string;
      amount: number;
      balance_after: number;
      reference: string;
    }>(
      `SELECT id, created_at, operation_key, type, account, amount, balance_after, reference FROM postings
       WHERE ${REAL} AND created_at >= ? AND created_at < ? ORDER BY id`,
      start,
      end,
    )
    .toArray()
    .map((r) => ({
      id: r.id,
      at: r.created_at,
      operation: r.operation_key,
      type: r.type,
      account: r.account,
      amount: r.amount,
      balanceAfter: r.balance_after,
      reference: r.reference,
    }));
  // A day still running closes at the stored balance (what the member has now); an ended one at
  // the last running balance before its end. The opening is always the running balance.
  const running = end > nowIso;
  const balances = sql
    .exec<{ account: string; own: number; balance: number }>(`SELECT account, own, balance FROM balances WHERE ${REAL}`)
    .toArray()
    .map((b) => ({
      account: b.account,
      own: b.own === 1,
      opening: balanceBefore(sql, b.account, start),
      closing: running ? b.balance : balanceBefore(sql, b.account, end),
    }))
    .filter((b) => b.opening !== 0 || b.closing !== 0 || ledger.some((l) => l.account === b.account));
  const touched = "(created_at >= ? AND created_at < ?) OR (decided_at >= ? AND decided_at < ?)";
  const deposits = sql
    .exec<{
      id: string;
      option_id: string;
      amount: number;
      status: string;
      created_at: string;
      decided_at: string | null;
    }>(
      `SELECT id, option_id, amount, status, created_at, decided_at FROM deposits WHERE ${touched} ORDER BY created_at, id`,
      start,
      end,
      start,
      end,
    )
    .toArray()
    .map((d) => ({
      id: d.id,
      option: d.option_id,
      amount: d.amount,
      status: d.status,
      createdAt: d.created_at,
      decidedAt: d.decided_at,
    }));
  const withdrawals = sql
    .exec<{
      id: string;
      amount: number;
      fee: number;
      status: string;
      created_at: string;
      decided_at: string | null;
    }>(
      `SELECT id, amount, fee, status, created_at, decided_at FROM withdrawals WHERE ${touched} ORDER BY created_at, id`,
      start,
      end,
      start,
      end,
    )
    .toArray()
    .map((w) => ({
      id: w.id,
      amount: w.amount,
      fee: w.fee,
      status: w.status,
      createdAt: w.created_at,
      decidedAt: w.decided_at,
    }));
  const positions = sql
    .exec<{
      id: string;
      pair: string;
      side: string;
      status: string;
      margin: number;
      leverage: number;
      notional: number;
      open_fee: number;
      close_fee: number | null;
      pnl: number | null;
      payout: number | null;
      opened_at: string | null;
      closed_at: string | null;
      close_reason: string | null;
    }>(
      `SELECT id, pair, side, status, margin, leverage, notional, open_fee, close_fee, pnl, payout, opened_at, closed_at,
              close_reason FROM positions
       WHERE mode = 'real' AND status IN ('open', 'closed')
         AND ((opened_at >= ? AND opened_at < ?) OR (closed_at >= ? AND closed_at < ?))
       ORDER BY seq`,
      start,
      end,
      start,
      end,
    )
    .toArray()
    .map((p) => ({
      id: p.id,
      pair: p.pair,
      side: p.side,
      status: p.status,
      margin: p.margin,
      leverage: p.leverage,
      notional: p.notional,
      openFee: p.open_fee,
      closeFee: p.close_fee,
      pnl: p.pnl,
      payout: p.payout,
      openedAt: p.opened_at,
      closedAt: p.closed_at,
      closeReason: p.close_reason,
    }));
  return { ...who, ledger, balances, deposits, withdrawals, positions };
}
