import type { z } from "zod";
import type { CampaignRule } from "../../contract";
import type { Order, orderBody, VoidReason } from "../../contract/game";
import { OPPOSITES, type BetOption } from "#rules/bet-options";
import { newId } from "../auth/token";
import type { BetSnapshot, PeriodResult } from "../market/reads";
import { STALE_MS } from "../market/pairs";
import { oddsBp, payout } from "#rules/outcomes";
import { iso } from "../game/schedule";
import { fail, ok, type Failure, type Result } from "../result";
import { balanceOf, dayRange, record, recordAll, replay } from "./ledger";
import type { Page, PageQuery } from "./pages";
import type { Idem } from "./requests";
import { countTurnover } from "./bonuses";
import { playRefusal, sessionCheck } from "./protection-checks";
import { accountsOf, ensurePractice } from "./practice";
import type { AccountMode } from "#rules/account-mode";

/**
 * Bets of one member. Like money.ts, every function is synchronous and runs inside the member
 * object's `transactionSync`: the checks, the order row, the ledger postings and the stream
 * events commit together. `streaming` says whether the member has a live stream open: events are
 * written only then, since the alarm drops them anyway when no socket is there to take them.
 */

export type OrderBody = z.output<typeof orderBody>;

/** The site's rules for a bet, read by the worker per request. */
export interface BetRules {
  pairs: string[];
  odds: Record<BetOption, number>;
  minBetAmount: number;
  maxBetAmount: number;
  /** the game wallet: the site's first game */
  gameCode: string;
  currency: string;
  /** the site's rebate rules: a bet marks the rebate period it falls in as due (member/rebates.ts) */
  rebates?: CampaignRule[];
  /** play money (member/practice.ts): the stake comes from "practice", opened at practiceBalance on first use */
  mode?: AccountMode;
  practiceBalance?: number;
  /** the site's reality-check interval: a bet waits while the session's check is due (decision 033) */
  realityCheckMinutes?: number;
  /** the session asking (set by the member object from the caller's proof) */
  sessionId?: string;
}

type OrderRow = {
  id: string;
  pair: string;
  period_no: string;
  period_start: number;
  period_end: number;
  option: BetOption;
  amount: number;
  odds_bp: number;
  price_at_bet: number;
  game_code: string;
  currency: string;
  status: Order["status"];
  payout: number;
  close_price: number | null;
  last_digit: number | null;
  created_at: string;
  settled_at: string | null;
  mode: AccountMode;
  void_reason: VoidReason | null;
};

export const toOrder = (r: OrderRow): Order => ({
  mode: r.mode,
  id: r.id,
  pair: r.pair,
  periodNo: r.period_no,
  option: r.option,
  amount: r.amount,
  odds: r.odds_bp / 10_000,
  priceAtBet: r.price_at_bet,
  status: r.status,
  payout: r.payout,
  currency: r.currency,
  startsAt: iso(r.period_start),
  endsAt: iso(r.period_end),
  createdAt: r.created_at,
  settledAt: r.settled_at,
  closePrice: r.close_price,
  lastDigit: r.last_digit,
  voidReason: r.void_reason ?? null,
});

const requestKey = (key: string) => `request:${key}`;
const settleKey = (orderId: string) => `settle:${orderId}`;

/** Queues stream events (the order, then the balances) for the alarm to push after the commit. */
function toStream(sql: SqlStorage, order: Order, streaming: boolean): void {
  if (!streaming) return;
  sql.exec("INSERT INTO stream_outbox (payload) VALUES (?)", JSON.stringify({ type: "order", order }));
  // The wallets are read when pushed, so a burst of changes is shown with the balances after them.
  sql.exec("INSERT INTO stream_outbox (payload) VALUES (?)", JSON.stringify({ type: "balance" }));
}

export const amountInRange = (amount: number, rules: BetRules) =>
  amount >= rules.minBetAmount && amount <= rules.maxBetAmount;

/** Orders period numbers in time: YYYYMMDD first, then the index in the day (4 or 5 digits). */
export function comparePeriodNo(a: string, b: string): number {
  return a.slice(0, 8).localeCompare(b.slice(0, 8)) || Number(a.slice(8)) - Number(b.slice(8));
}

/**
 * Which period a bet may name at `nowMs` (server/platform/README.md, "Game rules"): only the one
 * the market says takes bets, and only before its cut-off. A bet naming a period that has already
 * started (the running one, or this one once the clock passed its start) is `period_started`.
 */
export function periodRefusal(periodNo: string, slot: BetSnapshot["slot"], nowMs: number): Failure | null {
  const order = comparePeriodNo(periodNo, slot.periodNo);
  if (order < 0 || (order === 0 && nowMs >= slot.start * 1000)) return fail(400, "period_started");
  if (order > 0) return fail(400, "invalid_period");
  if (nowMs >= slot.cutoff * 1000) return fail(400, "betting_forbidden");
  return null;
}

/**
 * Takes a bet. `nowMs` is the clock at this commit: the period and the cut-off are decided by
 * it, and it is the order's recorded time, so the two can never disagree: an order is always
 * created before its period starts.
 */
export function placeOrder(
  sql: SqlStorage,
  idem: Idem,
  body: OrderBody,
  rules: BetRules,
  market: BetSnapshot,
  nowMs: number,
  streaming: boolean,
): Result<Order> {
  const replayed = replay(sql, requestKey(idem.key), idem.fingerprint);
  if (replayed) return replayed as Result<Order>;
  if (!rules.pairs.includes(body.pair)) return fail(400, "invalid_trading_pair");
  const odds = rules.odds[body.option];
  if (odds === undefined) return fail(400, "invalid_bet_option");
  const slot = market.slot;
  const closed = periodRefusal(body.periodNo, slot, nowMs);
  if (closed) return closed;
  if (!amountInRange(body.amount, rules)) return fail(400, "amount_out_of_range");
  if (market.price === null || market.priceAt === null || nowMs - market.priceAt > STALE_MS)
    return fail(400, "price_unavailable");
  // practice: the same rules on the practice accounts (the game code is still the site's, validated above)
  const mode = rules.mode ?? "real";
  // player protection: a break stops play in either mode; the loss limits count real money only
  // (the stake counts as lost until settled)
  const refused = playRefusal(sql, body.amount, nowMs, mode === "real", sessionCheck(rules));
  if (refused) return refused;
  const { wallet, house } = accountsOf(mode, rules.gameCode);
  if (mode === "practice") ensurePractice(sql, rules.practiceBalance ?? 0, new Date(nowMs).toISOString());
  if (balanceOf(sql, wallet) < body.amount) return fail(400, "insufficient_game_wallet_balance");
  const opposite = OPPOSITES[body.option];
  if (
    opposite !== null &&
    sql
      .exec(
        "SELECT 1 FROM orders WHERE pair = ? AND period_start = ? AND option = ? AND mode = ? LIMIT 1",
        body.pair,
        slot.start,
        opposite,
        mode,
      )
      .toArray().length > 0
  ) {
    return fail(400, "conflicting_bet_options");
  }

  const now = new Date(nowMs).toISOString();
  const row: OrderRow = {
    id: newId(),
    pair: body.pair,
    period_no: slot.periodNo,
    period_start: slot.start,
    period_end: slot.end,
    option: body.option,
    amount: body.amount,
    odds_bp: oddsBp(odds),
    price_at_bet: market.price,
    game_code: rules.gameCode,
    currency: rules.currency,
    status: "open",
    payout: 0,
    close_price: null,
    last_digit: null,
    created_at: now,
    settled_at: null,
    mode,
    void_reason: null,
  };
  const seq = sql.exec<{ n: number }>("SELECT COALESCE(MAX(seq), 0) + 1 AS n FROM orders").one().n;
  sql.exec(
    `INSERT INTO orders (id, seq, pair, period_no, period_start, period_end, option, amount, odds_bp, price_at_bet, game_code,
       currency, status, created_at, mode) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?)`,
    row.id,
    seq,
    row.pair,
    row.period_no,
    row.period_start,
    row.period_end,
    row.option,
    row.amount,
    row.odds_bp,
    row.price_at_bet,
    row.game_code,
    row.currency,
    now,
    mode,
  );
  const order = toOrder(row);
  record(
    sql,
    { key: requestKey(idem.key), call: "placeOrder", fingerprint: idem.fingerprint, response: order, now },
    {
      type: "bet",
      reference: order.id,
      legs: [
        { account: wallet, amount: -row.amount },
        { account: house, amount: row.amount },
      ],
    },
  );
  toStream(sql, order, streaming);
  return ok(order);
}

/** The periods with open bets that have ended by `nowMs`, oldest first. */
export function duePeriods(sql: SqlStorage, nowMs: number): { pair: string; period_start: number }[] {
  return sql
    .exec<{ pair: string; period_start: number }>(
      "SELECT DISTINCT pair, period_start FROM orders WHERE status = 'open' AND period_end <= ? ORDER BY period_start",
      Math.floor(nowMs / 1000),
    )
    .toArray();
}

/** When the next open bet's period ends (ms), or null when nothing is open. */
export function nextSettlement(sql: SqlStorage): number | null {
  const row = sql.exec<{ end: number | null }>("SELECT MIN(period_end) AS end FROM orders WHERE status = 'open'").one();
  return row.end === null ? null : row.end * 1000;
}

/**
 * Settles every open bet of one period from the market's recorded result. Exactly once per bet:
 * only rows still `open` with no settlement recorded are taken, and each settlement is an
 * operation with its own key, so an alarm that runs twice, or again after a crash, finds nothing
 * left to do. The period's bets are written together (one statement per table, not per bet): the
 * rows and postings are the same as settling them one by one in order.
 */
export function settlePeriod(
  sql: SqlStorage,
  pair: string,
  periodStart: number,
  result: PeriodResult,
  now: string,
  streaming: boolean,
): number {
  const rows = sql
    .exec<OrderRow>(
      `SELECT * FROM orders WHERE pair = ? AND period_start = ? AND status = 'open'
         AND NOT EXISTS (SELECT 1 FROM operations WHERE key = ? || orders.id) ORDER BY seq`,
      pair,
      periodStart,
      settleKey(""),
    )
    .toArray();
  if (rows.length === 0) return 0;
  const settled = rows.map((row) => {
    const outcome = result.outcomes[row.option];
    const credited = payout(outcome, row.amount, row.odds_bp);
    const status: Order["status"] = outcome === "win" ? "won" : outcome === "refund" ? "refunded" : "lost";
    const order = toOrder({
      ...row,
      status,
      payout: credited,
      close_price: result.closePrice,
      last_digit: result.lastDigit,
      settled_at: now,
      void_reason: result.voidReason ?? null,
    });
    return { row, outcome, order };
  });
  sql.exec(
    `UPDATE orders SET status = s.value ->> 1, payout = s.value ->> 2, close_price = ?, last_digit = ?, settled_at = ?, void_reason = ?
     FROM json_each(?) s WHERE orders.id = s.value ->> 0 AND orders.status = 'open'`,
    result.closePrice,
    result.lastDigit,
    now,
    result.voidReason ?? null,
    JSON.stringify(settled.map(({ order }) => [order.id, order.status, order.payout])),
  );
  recordAll(
    sql,
    settled.map(({ row, outcome, order }) => ({
      op: { key: settleKey(row.id), call: "settle", fingerprint: "", response: order, now },
      posting:
        order.payout === 0
          ? undefined
          : {
              type: outcome === "refund" ? "refund" : "payout",
              reference: row.id,
              // a practice bet pays into "practice" from "practice:house" (member/practice.ts)
              legs: [
                { account: accountsOf(row.mode, row.game_code).house, amount: -order.payout },
                { account: accountsOf(row.mode, row.game_code).wallet, amount: order.payout },
              ],
            },
    })),
  );
  // campaigns: the round's stake at risk counts toward locked deposit bonuses (same transaction)
  // (practice bets never count toward a campaign)
  countTurnover(
    sql,
    settled
      .filter(({ row }) => row.mode === "real")
      .map(({ row }) => ({ option: row.option, amount: row.amount, oddsBp: row.odds_bp, createdAt: row.created_at })),
    result,
    now,
  );
  for (const { order } of settled) toStream(sql, order, streaming);
  return settled.length;
}

/** One mode's bets only: practice and real are listed apart (member/practice.ts). */
export function listOrders(
  sql: SqlStorage,
  q: PageQuery & { status: "open" | "settled" | "all" },
  mode: AccountMode = "real",
): Page<Order> {
  const range = dayRange(q.from, q.to, q.zone);
  const status = q.status === "open" ? "status = 'open'" : q.status === "settled" ? "status <> 'open'" : "1";
  const where = `${status} AND mode = ? AND ${range.sql}`;
  const total = sql
    .exec<{ n: number }>(`SELECT COUNT(*) AS n FROM orders WHERE ${where}`, mode, ...range.bindings)
    .one().n;
  const items = sql
    .exec<OrderRow>(
      `SELECT * FROM orders WHERE ${where} ORDER BY seq DESC LIMIT ? OFFSET ?`,
      mode,
      ...range.bindings,
      q.pageSize,
      (q.page - 1) * q.pageSize,
    )
    .toArray()
    .map(toOrder);
  return { items, total, page: q.page, pageSize: q.pageSize };
}

export function openOrders(sql: SqlStorage, mode: AccountMode = "real"): Order[] {
  return sql
    .exec<OrderRow>("SELECT * FROM orders WHERE status = 'open' AND mode = ? ORDER BY seq DESC", mode)
    .toArray()
    .map(toOrder);
}
