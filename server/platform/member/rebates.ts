import type { CampaignRule, Order, RebateRule } from "../../contract";
import {
  betPeriod,
  isActive,
  joinedAt,
  operationExists,
  percentOf,
  rebatePeriodAt,
  ruleEnd,
  takesPart,
  windowStart,
} from "./campaigns";
import { record } from "./ledger";
import { MAIN, PROMOTIONS } from "./schema";

/**
 * Rebates of one member (campaigns.ts): a bet marks the rebate period it falls in as due, and the
 * member's alarm credits every due period once, a share of the period's net loss. Synchronous,
 * inside the member object's transaction.
 */

/**
 * How long after a rebate period's end its alarm comes: the member's settlement alarm runs 50 ms
 * after a bet's period ends, so by then the period's last bets are settled (if one is still open,
 * the alarm tries again a second later).
 */
export const REBATE_DELAY_MS = 2_000;
const RETRY_MS = 1_000;

type DueRow = { rule_key: string; period_key: string; due_at: number; rounds: number; window_start: number };
const ROUNDS = "rounds";

/**
 * A bet was taken (same transaction): for each running rebate the member takes part in, the
 * period the bet's end falls in becomes due at that period's end (a "rounds" rule: due when the
 * bet is settled), so the alarm knows when to look without reading the site's configuration.
 */
export function noteBet(sql: SqlStorage, rules: readonly CampaignRule[], order: Order, nowMs: number): void {
  const endMs = Date.parse(order.endsAt);
  for (const rule of rules) {
    if (rule.kind !== "rebate" || !isActive(rule, nowMs) || !takesPart(sql, rule, nowMs)) continue;
    const [periodKey, dueAt] =
      rule.period === "rounds"
        ? [ROUNDS, endMs + REBATE_DELAY_MS]
        : (() => {
            const p = betPeriod(rule.period, endMs);
            return [new Date(p.start).toISOString(), p.end + REBATE_DELAY_MS] as const;
          })();
    sql.exec(
      `INSERT INTO rebate_due (rule_key, period_key, due_at, rounds, window_start) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (rule_key, period_key) DO UPDATE SET due_at = MIN(due_at, excluded.due_at),
         rounds = excluded.rounds, window_start = excluded.window_start`,
      rule.key,
      periodKey,
      dueAt,
      rule.rounds,
      windowStart(sql, rule),
    );
  }
}

/** When the next rebate period may be due (ms), for scheduleAlarm; null when none is waiting. */
export function nextRebateDue(sql: SqlStorage): number | null {
  return sql.exec<{ at: number | null }>("SELECT MIN(due_at) AS at FROM rebate_due").one().at;
}

// practice bets (play money, member/practice.ts) never earn a rebate
const COUNTED = "status IN ('won', 'lost') AND mode = 'real'";

function openFrom(sql: SqlStorage, fromMs: number): number | null {
  return sql
    .exec<{ end: number | null }>(
      "SELECT MIN(period_end) AS end FROM orders WHERE status = 'open' AND mode = 'real' AND period_end * 1000 > ?",
      fromMs,
    )
    .one().end;
}

function creditedRounds(sql: SqlStorage, key: string): number {
  return sql
    .exec<{ n: number }>("SELECT COUNT(*) AS n FROM rebate_credits WHERE rule_key = ? AND period_key GLOB 'r*'", key)
    .one().n;
}

export function countedSince(sql: SqlStorage, fromMs: number, beforeEndSec: number | null): number {
  return sql
    .exec<{ n: number }>(
      `SELECT COUNT(*) AS n FROM orders WHERE ${COUNTED} AND period_end * 1000 > ? AND period_end < ?`,
      fromMs,
      beforeEndSec ?? Number.MAX_SAFE_INTEGER,
    )
    .one().n;
}

/**
 * Whether the alarm must read the site's configuration to credit a rebate: a day or week period
 * whose time came, or a "rounds" period that has filled up. A "rounds" row that cannot have is
 * moved to its next open bet's end, or dropped when none is open (the next bet adds it again).
 * Without this, every settlement of a member in a "rounds" campaign would read the configuration.
 */
export function rebateMayBeDue(sql: SqlStorage, nowMs: number): boolean {
  const due = sql.exec<DueRow>("SELECT * FROM rebate_due WHERE due_at <= ?", nowMs).toArray();
  let any = false;
  for (const row of due) {
    if (row.period_key !== ROUNDS || row.rounds <= 0) {
      any = true;
      continue;
    }
    const open = openFrom(sql, row.window_start);
    const filled =
      countedSince(sql, row.window_start, open) - creditedRounds(sql, row.rule_key) * row.rounds >= row.rounds;
    if (filled) any = true;
    else if (open !== null)
      sql.exec(
        "UPDATE rebate_due SET due_at = ? WHERE rule_key = ? AND period_key = ?",
        open * 1000 + REBATE_DELAY_MS,
        row.rule_key,
        ROUNDS,
      );
    else sql.exec("DELETE FROM rebate_due WHERE rule_key = ? AND period_key = ?", row.rule_key, ROUNDS);
  }
  return any;
}

/** Pays one rebate period once: its operation, the credit (if any) and the period's row, together. */
function creditPeriod(
  sql: SqlStorage,
  rule: RebateRule,
  periodKey: string,
  stakes: number,
  payouts: number,
  nowMs: number,
): void {
  const key = `rebate:${rule.key}:${periodKey}`;
  if (operationExists(sql, key)) return;
  const amount = percentOf(stakes - payouts, rule.percentBp, rule.cap);
  const now = new Date(nowMs).toISOString();
  record(
    sql,
    { key, call: "rebate", fingerprint: periodKey, response: { stakes, payouts, amount }, now },
    amount > 0
      ? {
          type: "rebate",
          reference: `${rule.key}:${periodKey}`,
          legs: [
            { account: PROMOTIONS, amount: -amount },
            { account: MAIN, amount },
          ],
        }
      : undefined,
  );
  sql.exec(
    "INSERT INTO rebate_credits (rule_key, period_key, stakes, payouts, amount, created_at) VALUES (?, ?, ?, ?, ?, ?)",
    rule.key,
    periodKey,
    stakes,
    payouts,
    amount,
    now,
  );
}

type Sums = { n: number; stakes: number; payouts: number };
export function sumsBetween(sql: SqlStorage, fromMs: number, toMs: number): Sums {
  return sql
    .exec<Sums>(
      `SELECT COUNT(*) AS n, COALESCE(SUM(amount), 0) AS stakes, COALESCE(SUM(payout), 0) AS payouts
       FROM orders WHERE ${COUNTED} AND period_end * 1000 > ? AND period_end * 1000 <= ?`,
      fromMs,
      toMs,
    )
    .one();
}

type CountedBet = { amount: number; payout: number; period_end: number };
/** The counted bets of a "rounds" rule from the `skip`-th on, in the order they were settled (by period end). */
export function roundsBets(
  sql: SqlStorage,
  fromMs: number,
  beforeEndSec: number | null,
  skip: number,
  limit: number,
): CountedBet[] {
  return sql
    .exec<CountedBet>(
      `SELECT amount, payout, period_end FROM orders WHERE ${COUNTED} AND period_end * 1000 > ? AND period_end < ?
       ORDER BY period_end, seq LIMIT ? OFFSET ?`,
      fromMs,
      beforeEndSec ?? Number.MAX_SAFE_INTEGER,
      limit,
      skip,
    )
    .toArray();
}

/**
 * The alarm, with the site's current rules: credits every rebate period that is due. A day or
 * week period is credited once it ended (and its bets are settled) unless it ended after the
 * campaign did; a "rounds" period once its `rounds` counted bets are settled, unless its last one
 * ended after the campaign did. Net loss = stakes − payouts of the period's won and lost bets (by
 * each bet's period end; refunds count for neither); nothing is paid for a winning period, but the
 * period is closed all the same. Running it twice, or again after a crash, credits nothing twice.
 */
export function creditRebates(sql: SqlStorage, rules: readonly CampaignRule[], nowMs: number): void {
  const due = sql.exec<DueRow>("SELECT * FROM rebate_due WHERE due_at <= ?", nowMs).toArray();
  for (const row of due) {
    const drop = () =>
      sql.exec("DELETE FROM rebate_due WHERE rule_key = ? AND period_key = ?", row.rule_key, row.period_key);
    const later = (at: number) =>
      sql.exec(
        "UPDATE rebate_due SET due_at = ? WHERE rule_key = ? AND period_key = ?",
        at,
        row.rule_key,
        row.period_key,
      );
    const rule = rules.find((r): r is RebateRule => r.kind === "rebate" && r.key === row.rule_key);
    // a rule the operator removed or changed to another kind of period pays nothing more
    if (
      !rule ||
      (rule.period === "rounds") !== (row.period_key === ROUNDS) ||
      (rule.optIn && joinedAt(sql, rule.key) === null)
    ) {
      drop();
      continue;
    }
    const from = windowStart(sql, rule);
    const end = ruleEnd(rule);
    if (rule.period !== "rounds") {
      const start = Date.parse(row.period_key);
      const period = rebatePeriodAt(rule.period, start);
      if (end !== null && period.end > end) {
        drop();
        continue;
      }
      if (period.end + REBATE_DELAY_MS > nowMs) {
        later(period.end + REBATE_DELAY_MS);
        continue;
      }
      const since = Math.max(period.start, from);
      const open = sql
        .exec<{ n: number }>(
          "SELECT COUNT(*) AS n FROM orders WHERE status = 'open' AND mode = 'real' AND period_end * 1000 > ? AND period_end * 1000 <= ?",
          since,
          period.end,
        )
        .one().n;
      if (open > 0) {
        later(nowMs + RETRY_MS);
        continue;
      }
      const sums = sumsBetween(sql, since, period.end);
      creditPeriod(sql, rule, row.period_key, sums.stakes, sums.payouts, nowMs);
      drop();
      continue;
    }
    // rounds: groups of `rounds` counted bets in a row, counted only before the first open one
    const open = openFrom(sql, from);
    let done = creditedRounds(sql, rule.key);
    let finished = false;
    for (;;) {
      const group = roundsBets(sql, from, open, done * rule.rounds, rule.rounds);
      if (group.length < rule.rounds) break;
      if (end !== null && group[group.length - 1]!.period_end * 1000 > end) {
        finished = true;
        break;
      }
      const stakes = group.reduce((sum, b) => sum + b.amount, 0);
      const payouts = group.reduce((sum, b) => sum + b.payout, 0);
      done += 1;
      creditPeriod(sql, rule, `r${done}`, stakes, payouts, nowMs);
    }
    if (open !== null && !finished) later(open * 1000 + REBATE_DELAY_MS);
    else drop();
  }
}
