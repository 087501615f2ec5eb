import type { BonusLock, CampaignRule, DepositBonusRule, MemberCampaign, Order, RebateRule } from "../../contract";
import { countedTurnover, isVoidRound, type WagerBet } from "#rules/wagering";
import { auditEvent, auditToOutbox } from "../audit";
import { newId } from "../auth/token";
import type { PeriodResult } from "../market/market-object";
import { fail, failWithAmount, ok, type Failure, type Result } from "../result";
import { balanceOf, record } from "./ledger";
import type { Who } from "./money";
import { BONUS, MAIN, PROMOTIONS } from "./schema";

/**
 * Campaigns of one member (server/contract/campaigns.ts; server/platform/README.md, "Campaigns").
 * Like money.ts, every function is synchronous and runs inside the member object's
 * `transactionSync`. The rules are the site's (`campaignRules`), handed in by the caller; what
 * the member object keeps is its own part: joins, bonus locks and their wagering, rebate periods
 * that may be due, and rebate credits. Every credit is a ledger operation with its own key, so
 * it happens once whatever runs twice:
 *
 * - `bonus:<rule>:<deposit>`   PROMOTIONS → BONUS when a deposit is credited
 * - `bonus:<lock>:release`     BONUS → MAIN when the lock's turnover is met
 * - `rebate:<rule>:<period>`   PROMOTIONS → MAIN once per period (the period's start, or r<n>)
 */

const DAY_MS = 86_400_000;
/**
 * How long after a rebate period's end its alarm comes: the member's settlement alarm runs 50 ms
 * after a bet's period ends, so by then the period's last bets are settled (if one is still open,
 * the alarm tries again a second later).
 */
export const REBATE_DELAY_MS = 2_000;
const RETRY_MS = 1_000;

// rule arithmetic (pure) ---------------------------------------------------------------------------

/** floor(base × bp / 10 000), capped; in BigInt so that no product leaves the safe integers. */
export function percentOf(base: number, percentBp: number, cap: number): number {
  if (base <= 0) return 0;
  return Math.min(cap, Number((BigInt(base) * BigInt(percentBp)) / 10_000n));
}

/** When a rule stops crediting (ms): its end date or the operator's end, whichever is first; null = never. */
export function ruleEnd(rule: CampaignRule): number | null {
  const ends = [rule.endsAt, rule.endedAt].filter((t): t is string => t !== null).map(Date.parse);
  return ends.length === 0 ? null : Math.min(...ends);
}

/** Running at `nowMs`: started, not past its end date, not ended by the operator. */
export function isActive(rule: CampaignRule, nowMs: number): boolean {
  const end = ruleEnd(rule);
  return Date.parse(rule.startsAt) <= nowMs && (end === null || nowMs < end);
}

/**
 * The UTC day, or the week from Monday 00:00 UTC, that `ms` falls in: [start, end). A bet belongs
 * to the period its own period's end falls in, an end exactly at midnight to the day before
 * (`betPeriod`): the last round of a day is played in that day.
 */
export function rebatePeriodAt(period: "day" | "week", ms: number): { start: number; end: number } {
  const day = Math.floor(ms / DAY_MS);
  if (period === "day") return { start: day * DAY_MS, end: (day + 1) * DAY_MS };
  // 1970-01-01 was a Thursday: with Monday as 0 it is weekday 3.
  const monday = day - ((day + 3) % 7);
  return { start: monday * DAY_MS, end: (monday + 7) * DAY_MS };
}

/** The rebate period a bet ending at `endMs` counts in: (start, end]. */
export const betPeriod = (period: "day" | "week", endMs: number) => rebatePeriodAt(period, endMs - 1);

// joins --------------------------------------------------------------------------------------------

function joinedAt(sql: SqlStorage, key: string): string | null {
  return sql.exec<{ joined_at: string }>("SELECT joined_at FROM campaign_joins WHERE rule_key = ?", key).toArray()[0]?.joined_at ?? null;
}

/** Whether the member takes part at `nowMs`: every member when the rule has no opt-in, else those who joined by then. */
function takesPart(sql: SqlStorage, rule: CampaignRule, nowMs: number): boolean {
  if (!rule.optIn) return true;
  const at = joinedAt(sql, rule.key);
  return at !== null && Date.parse(at) <= nowMs;
}

/** Where a rebate's counting starts (ms): the rule's start, or the member's join when it needs one. */
function windowStart(sql: SqlStorage, rule: RebateRule): number {
  const start = Date.parse(rule.startsAt);
  const joined = rule.optIn ? joinedAt(sql, rule.key) : null;
  return joined === null ? start : Math.max(start, Date.parse(joined));
}

const operationExists = (sql: SqlStorage, key: string) => sql.exec("SELECT 1 FROM operations WHERE key = ?", key).toArray().length > 0;

// deposit bonus ------------------------------------------------------------------------------------

type LockRow = {
  seq: number;
  id: string;
  rule_key: string;
  deposit_id: string;
  amount: number;
  turnover_required: number;
  turnover: number;
  status: BonusLock["status"];
  created_at: string;
  released_at: string | null;
};
const toLock = (r: LockRow): BonusLock => ({
  id: r.id,
  campaignKey: r.rule_key,
  depositId: r.deposit_id,
  amount: r.amount,
  turnoverRequired: r.turnover_required,
  turnover: r.turnover,
  status: r.status,
  createdAt: r.created_at,
  releasedAt: r.released_at,
});

/** Moves a met lock's bonus to the main account, once (its own operation key). */
function release(sql: SqlStorage, lock: LockRow, now: string): void {
  const key = `bonus:${lock.id}:release`;
  if (operationExists(sql, key)) return;
  sql.exec("UPDATE bonus_locks SET status = 'released', released_at = ? WHERE id = ? AND status = 'locked'", now, lock.id);
  record(
    sql,
    { key, call: "bonus_release", fingerprint: lock.id, response: { lockId: lock.id }, now },
    { type: "bonus_release", reference: lock.deposit_id, legs: [{ account: BONUS, amount: -lock.amount }, { account: MAIN, amount: lock.amount }] },
  );
}

/**
 * A deposit was just credited (an operator's confirmation, or a demo deposit): every deposit
 * bonus rule running now that the member takes part in and that applies ("first": no other
 * deposit of the member was ever credited) pays min(cap, amount × percent) into the bonus
 * balance, locked until the member's turnover reaches wagering × the bonus (none: free at once).
 */
export function creditDepositBonuses(sql: SqlStorage, depositId: string, amount: number, rules: readonly CampaignRule[], now: string): void {
  const nowMs = Date.parse(now);
  const applying = rules.filter((r): r is DepositBonusRule => r.kind === "deposit_bonus" && isActive(r, nowMs) && takesPart(sql, r, nowMs));
  if (applying.length === 0) return;
  const earlier = sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM deposits WHERE status = 'credited' AND id <> ?", depositId).one().n;
  for (const rule of applying) {
    if (rule.deposits === "first" && earlier > 0) continue;
    const bonus = percentOf(amount, rule.percentBp, rule.cap);
    const key = `bonus:${rule.key}:${depositId}`;
    if (bonus <= 0 || operationExists(sql, key)) continue;
    const lock: LockRow = {
      seq: 0,
      id: newId(),
      rule_key: rule.key,
      deposit_id: depositId,
      amount: bonus,
      turnover_required: bonus * rule.wagering,
      turnover: 0,
      status: "locked",
      created_at: now,
      released_at: null,
    };
    record(
      sql,
      { key, call: "bonus", fingerprint: depositId, response: { lockId: lock.id, amount: bonus }, now },
      { type: "bonus", reference: depositId, legs: [{ account: PROMOTIONS, amount: -bonus }, { account: BONUS, amount: bonus }] },
    );
    sql.exec(
      `INSERT INTO bonus_locks (id, rule_key, deposit_id, amount, turnover_required, turnover, status, created_at)
       VALUES (?, ?, ?, ?, ?, 0, 'locked', ?)`,
      lock.id,
      lock.rule_key,
      lock.deposit_id,
      lock.amount,
      lock.turnover_required,
      now,
    );
    if (lock.turnover_required === 0) release(sql, lock, now);
  }
}

/** A settled real-money bet as the wagering counts it (practice bets never count). */
export interface SettledBet extends WagerBet {
  /** when the bet was taken: the round counts only for bonuses credited before the member's first bet in it */
  createdAt: string;
}

/** What the wagering needs of a settled round: its recorded outcomes (a void round counts nothing) and the previous round's direction. */
export type SettledRound = Pick<PeriodResult, "outcomes" | "previous">;

/**
 * Settlement (same transaction) of one member's bets of one round (one pair, one period: the
 * member object settles them together, once): their stake at risk (server/rules/wagering.ts: total
 * stake minus the least they would pay back, whatever the round's result) counts toward the
 * locked bonuses, oldest lock first, the surplus over one lock's need going on to the next; a
 * lock whose turnover reaches its requirement is released.
 *
 * The round counts only for bonuses credited before the member's first bet in it. Counting per
 * bet, as the whole stakes once were, would let a hedge through again: Rise before the deposit is
 * credited and Counter after it would count Counter's whole stake for the new bonus, though the
 * two together risk only the margin. One query when nothing is locked, so settlement stays as
 * cheap as before.
 */
export function countTurnover(sql: SqlStorage, bets: readonly SettledBet[], round: SettledRound, now: string): void {
  if (bets.length === 0) return;
  const locks = sql.exec<LockRow>("SELECT * FROM bonus_locks WHERE status = 'locked' ORDER BY seq").toArray();
  if (locks.length === 0) return;
  const firstBet = bets.reduce((first, b) => (b.createdAt < first ? b.createdAt : first), bets[0]!.createdAt);
  let left = countedTurnover(bets, round.previous, isVoidRound(round.outcomes));
  const changed: LockRow[] = [];
  for (const lock of locks) {
    if (left === 0) break;
    const need = lock.turnover_required - lock.turnover;
    if (need <= 0 || lock.created_at > firstBet) continue;
    const take = Math.min(left, need);
    lock.turnover += take;
    left -= take;
    changed.push(lock);
  }
  for (const lock of changed) {
    sql.exec("UPDATE bonus_locks SET turnover = ? WHERE id = ?", lock.turnover, lock.id);
    if (lock.turnover >= lock.turnover_required) release(sql, lock, now);
  }
}

/** The turnover still needed to free every locked bonus. */
export function turnoverStillNeeded(sql: SqlStorage): number {
  return sql
    .exec<{ n: number }>("SELECT COALESCE(SUM(turnover_required - turnover), 0) AS n FROM bonus_locks WHERE status = 'locked'")
    .one().n;
}

/**
 * Withdrawals and transfers into a game wallet spend the main balance only. When it cannot cover
 * `needed` but main + locked bonus could, the refusal says so (bonus_locked, with the turnover
 * still needed); otherwise null and the caller's own code stands (insufficient_balance).
 */
export function bonusLockedRefusal(sql: SqlStorage, needed: number): Failure | null {
  const main = balanceOf(sql, MAIN);
  if (main >= needed) return null;
  const bonus = balanceOf(sql, BONUS);
  if (bonus === 0 || main + bonus < needed) return null;
  return failWithAmount(400, "bonus_locked", turnoverStillNeeded(sql));
}

// rebates ------------------------------------------------------------------------------------------

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
  return sql.exec<{ end: number | null }>("SELECT MIN(period_end) AS end FROM orders WHERE status = 'open' AND mode = 'real' AND period_end * 1000 > ?", fromMs).one()
    .end;
}

function creditedRounds(sql: SqlStorage, key: string): number {
  return sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM rebate_credits WHERE rule_key = ? AND period_key GLOB 'r*'", key).one().n;
}

function countedSince(sql: SqlStorage, fromMs: number, beforeEndSec: number | null): number {
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
    const filled = countedSince(sql, row.window_start, open) - creditedRounds(sql, row.rule_key) * row.rounds >= row.rounds;
    if (filled) any = true;
    else if (open !== null) sql.exec("UPDATE rebate_due SET due_at = ? WHERE rule_key = ? AND period_key = ?", open * 1000 + REBATE_DELAY_MS, row.rule_key, ROUNDS);
    else sql.exec("DELETE FROM rebate_due WHERE rule_key = ? AND period_key = ?", row.rule_key, ROUNDS);
  }
  return any;
}

/** Pays one rebate period once: its operation, the credit (if any) and the period's row, together. */
function creditPeriod(sql: SqlStorage, rule: RebateRule, periodKey: string, stakes: number, payouts: number, nowMs: number): void {
  const key = `rebate:${rule.key}:${periodKey}`;
  if (operationExists(sql, key)) return;
  const amount = percentOf(stakes - payouts, rule.percentBp, rule.cap);
  const now = new Date(nowMs).toISOString();
  record(
    sql,
    { key, call: "rebate", fingerprint: periodKey, response: { stakes, payouts, amount }, now },
    amount > 0
      ? { type: "rebate", reference: `${rule.key}:${periodKey}`, legs: [{ account: PROMOTIONS, amount: -amount }, { account: MAIN, amount }] }
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
function sumsBetween(sql: SqlStorage, fromMs: number, toMs: number): Sums {
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
function roundsBets(sql: SqlStorage, fromMs: number, beforeEndSec: number | null, skip: number, limit: number): CountedBet[] {
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
    const drop = () => sql.exec("DELETE FROM rebate_due WHERE rule_key = ? AND period_key = ?", row.rule_key, row.period_key);
    const later = (at: number) => sql.exec("UPDATE rebate_due SET due_at = ? WHERE rule_key = ? AND period_key = ?", at, row.rule_key, row.period_key);
    const rule = rules.find((r): r is RebateRule => r.kind === "rebate" && r.key === row.rule_key);
    // a rule the operator removed or changed to another kind of period pays nothing more
    if (!rule || (rule.period === "rounds") !== (row.period_key === ROUNDS) || (rule.optIn && joinedAt(sql, rule.key) === null)) {
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
        .exec<{ n: number }>("SELECT COUNT(*) AS n FROM orders WHERE status = 'open' AND mode = 'real' AND period_end * 1000 > ? AND period_end * 1000 <= ?", since, period.end)
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

// the member's view --------------------------------------------------------------------------------

function currentPeriod(sql: SqlStorage, rule: RebateRule, nowMs: number): MemberCampaign["currentPeriod"] {
  const from = windowStart(sql, rule);
  const projected = (s: { stakes: number; payouts: number }) => percentOf(s.stakes - s.payouts, rule.percentBp, rule.cap);
  if (rule.period !== "rounds") {
    const period = rebatePeriodAt(rule.period, nowMs);
    const sums = sumsBetween(sql, Math.max(period.start, from), period.end);
    return {
      startsAt: new Date(Math.max(period.start, from)).toISOString(),
      endsAt: new Date(period.end).toISOString(),
      rounds: sums.n,
      stakes: sums.stakes,
      payouts: sums.payouts,
      projected: projected(sums),
    };
  }
  const total = countedSince(sql, from, null);
  const full = Math.floor(total / rule.rounds) * rule.rounds;
  const previous = full === 0 ? [] : roundsBets(sql, from, null, full - 1, 1);
  const bets = roundsBets(sql, from, null, full, rule.rounds);
  const sums = { stakes: bets.reduce((s, b) => s + b.amount, 0), payouts: bets.reduce((s, b) => s + b.payout, 0) };
  return {
    startsAt: new Date(previous[0] ? previous[0].period_end * 1000 : from).toISOString(),
    endsAt: null,
    rounds: bets.length,
    ...sums,
    projected: projected(sums),
  };
}

function view(sql: SqlStorage, rule: CampaignRule, nowMs: number): MemberCampaign {
  const active = isActive(rule, nowMs);
  const at = joinedAt(sql, rule.key);
  const joined = !rule.optIn || at !== null;
  if (rule.kind === "deposit_bonus") {
    const bonuses = sql.exec<LockRow>("SELECT * FROM bonus_locks WHERE rule_key = ? ORDER BY seq DESC", rule.key).toArray().map(toLock);
    const credited = bonuses.reduce((sum, b) => sum + b.amount, 0);
    return { rule, active, joined, joinedAt: at, bonuses, currentPeriod: null, credited };
  }
  const credited = sql.exec<{ n: number }>("SELECT COALESCE(SUM(amount), 0) AS n FROM rebate_credits WHERE rule_key = ?", rule.key).one().n;
  return { rule, active, joined, joinedAt: at, bonuses: [], currentPeriod: active && joined ? currentPeriod(sql, rule, nowMs) : null, credited };
}

/** Every running campaign, and the ended ones the member still has a locked bonus from, with the member's part. */
export function memberCampaigns(sql: SqlStorage, rules: readonly CampaignRule[], nowMs: number): MemberCampaign[] {
  const locked = new Set(
    sql.exec<{ rule_key: string }>("SELECT DISTINCT rule_key FROM bonus_locks WHERE status = 'locked'").toArray().map((r) => r.rule_key),
  );
  return rules.filter((r) => isActive(r, nowMs) || locked.has(r.key)).map((r) => view(sql, r, nowMs));
}

/**
 * Joins a campaign (idempotent: a second join keeps the first time and changes nothing). A key
 * without a rule is campaign_not_found, a campaign not running campaign_ended. Audited once.
 */
export function joinCampaign(sql: SqlStorage, who: Who, rules: readonly CampaignRule[], key: string, nowMs: number): Result<MemberCampaign> {
  const rule = rules.find((r) => r.key === key);
  if (!rule) return fail(400, "campaign_not_found");
  if (!isActive(rule, nowMs)) return fail(400, "campaign_ended");
  const now = new Date(nowMs).toISOString();
  const joined = sql.exec("INSERT INTO campaign_joins (rule_key, joined_at) VALUES (?, ?) ON CONFLICT (rule_key) DO NOTHING RETURNING rule_key", key, now).toArray();
  if (joined.length > 0) auditToOutbox(sql, auditEvent("campaign_joined", "member", who, { campaign: key }, now));
  return ok(view(sql, rule, nowMs));
}
