import type { MessageCode } from "../../contract";
import type {
  BreakDuration,
  BreakKind,
  LimitKind,
  LimitPeriod,
  LimitState,
  ProtectionBreak,
} from "../../contract/protection";
import { LIMIT_KINDS, LIMIT_PERIOD_HOURS, LIMIT_PERIODS } from "#rules/protection-terms";
import type { Failure } from "../result";

/**
 * What player protection has in force for one member, and the checks the money calls ask of it
 * (the rules and the member's calls: protection.ts). Like money.ts, every function is synchronous
 * and runs inside the member object's `transactionSync`, so a limit's check and the deposit row,
 * the bet's postings or the open's intent it allows commit together: parallel requests are
 * serialised by the object and each sees what the one before it wrote.
 *
 * Nothing here runs on a timer. A pending increase or removal is stored with the time it applies,
 * and every read and check derives the limit in force from the stored times and the clock
 * (`inForce`), so a stopped clock can prove the 24-hour delay to the second.
 */

export const HOUR_MS = 3_600_000;

export type LimitRow = {
  kind: LimitKind;
  period: LimitPeriod;
  amount: number | null;
  pending: number;
  pending_amount: number | null;
  pending_applies_at: string | null;
};

export const iso = (ms: number) => new Date(ms).toISOString();

export function limitRow(sql: SqlStorage, kind: LimitKind, period: LimitPeriod): LimitRow | undefined {
  return sql.exec<LimitRow>("SELECT * FROM protection_limits WHERE kind = ? AND period = ?", kind, period).toArray()[0];
}

/** The limit in force at `nowMs` and what still waits: a pending change whose time has come is in force. */
export function inForce(
  row: LimitRow | undefined,
  nowMs: number,
): { amount: number | null; pending: LimitState["pending"] } {
  if (!row) return { amount: null, pending: null };
  if (row.pending === 1 && row.pending_applies_at !== null) {
    if (Date.parse(row.pending_applies_at) <= nowMs) return { amount: row.pending_amount, pending: null };
    return { amount: row.amount, pending: { amount: row.pending_amount, appliesAt: row.pending_applies_at } };
  }
  return { amount: row.amount, pending: null };
}

/** The start of a rolling window ending at `nowMs`: rows strictly after it count. */
const windowStart = (period: LimitPeriod, nowMs: number) => iso(nowMs - LIMIT_PERIOD_HOURS[period] * HOUR_MS);

/** Deposits asked for in the window and not refused (pending ones count: they may yet be credited). */
function depositsIn(sql: SqlStorage, period: LimitPeriod, nowMs: number): number {
  return sql
    .exec<{ n: number }>(
      "SELECT COALESCE(SUM(amount), 0) AS n FROM deposits WHERE status <> 'refused' AND created_at > ?",
      windowStart(period, nowMs),
    )
    .one().n;
}

/**
 * The ledger types that are play on a game wallet: what went into rounds and positions and what
 * came back. Transfers, bonuses and rebates are not play.
 */
const PLAY_TYPES = ["bet", "payout", "refund", "position_open", "position_close"] as const;

/**
 * The real game wallets: "game:<code>". Practice play posts to the practice accounts ("practice",
 * "practice:positions"), never to these, so it never counts toward a loss limit.
 */
const REAL_GAME_WALLETS = "account LIKE 'game:%'";

/**
 * Opens asked of the market and not answered yet count as lost at once (margin + fee), so a bet
 * and an open made together cannot both fit in the same remaining amount. Practice opens (their
 * own accounts) never count.
 */
const REAL_OPENING_INTENTS = "status = 'opening' AND mode = 'real'";

/** Net loss on real play in the window: money into rounds and positions minus what came back, plus opens under way. */
function lossIn(sql: SqlStorage, period: LimitPeriod, nowMs: number): number {
  const start = windowStart(period, nowMs);
  const net = sql
    .exec<{ n: number }>(
      `SELECT COALESCE(SUM(amount), 0) AS n FROM postings
       WHERE ${REAL_GAME_WALLETS} AND type IN (SELECT value FROM json_each(?)) AND created_at > ?`,
      JSON.stringify(PLAY_TYPES),
      start,
    )
    .one().n;
  const opening = sql
    .exec<{ n: number }>(`SELECT COALESCE(SUM(margin + open_fee), 0) AS n FROM positions WHERE ${REAL_OPENING_INTENTS}`)
    .one().n;
  return -net + opening;
}

const usedOf = (sql: SqlStorage, kind: LimitKind, period: LimitPeriod, nowMs: number) =>
  kind === "deposit" ? depositsIn(sql, period, nowMs) : lossIn(sql, period, nowMs);

export function limitStates(sql: SqlStorage, nowMs: number): LimitState[] {
  return LIMIT_KINDS.flatMap((kind) =>
    LIMIT_PERIODS.map((period): LimitState => {
      const { amount, pending } = inForce(limitRow(sql, kind, period), nowMs);
      const used = usedOf(sql, kind, period, nowMs);
      return { kind, period, amount, used, remaining: amount === null ? null : Math.max(0, amount - used), pending };
    }),
  );
}

/**
 * The refusal of `amount` more deposits or losses, or null when every limit of the kind has room
 * for it. The tightest limit (least remaining; the shorter period on a tie) names the refusal and
 * its remaining amount goes in data.amount. `rows`: the kind's limit rows (guardOf).
 */
function limitRefusal(
  sql: SqlStorage,
  kind: LimitKind,
  rows: LimitRow[],
  amount: number,
  nowMs: number,
): Failure | null {
  let tightest: { period: LimitPeriod; remaining: number } | null = null;
  for (const period of LIMIT_PERIODS) {
    const limit = inForce(
      rows.find((r) => r.period === period),
      nowMs,
    ).amount;
    if (limit === null) continue;
    const remaining = Math.max(0, limit - usedOf(sql, kind, period, nowMs));
    if (tightest === null || remaining < tightest.remaining) tightest = { period, remaining };
  }
  if (tightest === null || amount <= tightest.remaining) return null;
  const code = `${kind}_limit_${tightest.period}` as MessageCode;
  return { ok: false, statusCode: 400, message: code, data: { amount: tightest.remaining } };
}

/**
 * The break in force and the kind's limit rows in one statement: every deposit, bet and open asks
 * this, and most members have neither, so the common case costs one query (the 200-member betting
 * test fires its bets through one isolate, where four statements a bet already showed).
 */
function guardOf(sql: SqlStorage, kind: LimitKind, nowMs: number): { brk: ProtectionBreak | null; limits: LimitRow[] } {
  const row = sql
    .exec<{ brk: string | null; limits: string }>(
      `SELECT
         (SELECT json_object('kind', kind, 'duration', duration, 'startedAt', started_at, 'until', until)
            FROM protection_breaks WHERE until > ? ORDER BY until DESC, seq DESC LIMIT 1) AS brk,
         (SELECT json_group_array(json_object('kind', kind, 'period', period, 'amount', amount, 'pending', pending,
                   'pending_amount', pending_amount, 'pending_applies_at', pending_applies_at))
            FROM protection_limits WHERE kind = ?) AS limits`,
      iso(nowMs),
      kind,
    )
    .one();
  return {
    brk: row.brk === null ? null : (JSON.parse(row.brk) as ProtectionBreak),
    limits: JSON.parse(row.limits) as LimitRow[],
  };
}

const refusalOf = (b: ProtectionBreak): Failure => ({
  ok: false,
  statusCode: 400,
  message: b.kind === "timeout" ? "timeout_in_force" : "exclusion_in_force",
  data: { until: b.until },
});

/** The break ending last, if it has not ended by `nowMs`. */
export function activeBreak(sql: SqlStorage, nowMs: number): ProtectionBreak | null {
  const row = sql
    .exec<{ kind: BreakKind; duration: BreakDuration; started_at: string; until: string }>(
      "SELECT kind, duration, started_at, until FROM protection_breaks WHERE until > ? ORDER BY until DESC, seq DESC LIMIT 1",
      iso(nowMs),
    )
    .toArray()[0];
  return row ? { kind: row.kind, duration: row.duration, startedAt: row.started_at, until: row.until } : null;
}

// hooks of the money calls -------------------------------------------------------------------------

/**
 * The refusal of a call a break stops (placeOrder, openPosition, deposit, transfer into a game,
 * joinCampaign), or null. Reads, withdrawals, transfers out, closes and triggers never ask.
 */
export function breakRefusal(sql: SqlStorage, nowMs: number): Failure | null {
  const b = activeBreak(sql, nowMs);
  return b ? refusalOf(b) : null;
}

/** A deposit of `amount`: refused during a break, or past a deposit limit (called before the deposit row is written). */
export function depositRefusal(sql: SqlStorage, amount: number, nowMs: number): Failure | null {
  const { brk, limits } = guardOf(sql, "deposit", nowMs);
  if (brk) return refusalOf(brk);
  return limits.length === 0 ? null : limitRefusal(sql, "deposit", limits, amount, nowMs);
}

/**
 * A bet of `stake` or an open of margin + fee (called before its postings or intent are
 * written). A break stops real and practice play alike; `countsTowardLimits` is false for
 * practice play, which no loss limit counts.
 */
export function playRefusal(sql: SqlStorage, stake: number, nowMs: number, countsTowardLimits = true): Failure | null {
  const { brk, limits } = guardOf(sql, "loss", nowMs);
  if (brk) return refusalOf(brk);
  return countsTowardLimits && limits.length > 0 ? limitRefusal(sql, "loss", limits, stake, nowMs) : null;
}
