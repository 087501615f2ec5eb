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
import { fail, type Failure } from "../result";

/**
 * What player protection has in force for one member, and the checks the money calls ask of it
 * (the rules and the member's calls: protection.ts). Like money.ts, every function is synchronous
 * and runs inside the member object's `transactionSync`, so a limit's check and the deposit row,
 * the bet's postings or the open's intent it allows commit together: parallel requests are
 * serialised by the object and each sees what the one before it wrote.
 *
 * Nothing here runs on a timer. A pending increase or removal is stored with the time its 24 hours
 * end, and every read and check derives the limit in force from the stored times and the clock
 * (`inForce`): after its 24 hours it is "ready" and waits for the member's confirmation
 * (decision 033). A self-exclusion's end, a return's cooling and a due reality check are derived
 * the same way, so a stopped clock can prove each to the second.
 */

export const HOUR_MS = 3_600_000;

export type LimitRow = {
  kind: LimitKind;
  period: LimitPeriod;
  amount: number | null;
  pending: number;
  pending_amount: number | null;
  pending_applies_at: string | null;
  /** 1: the pending change applies only when confirmed (decision 033); 0: a change asked for before that rule, applying by itself */
  pending_confirm: number;
};

export const iso = (ms: number) => new Date(ms).toISOString();

export function limitRow(sql: SqlStorage, kind: LimitKind, period: LimitPeriod): LimitRow | undefined {
  return sql.exec<LimitRow>("SELECT * FROM protection_limits WHERE kind = ? AND period = ?", kind, period).toArray()[0];
}

/**
 * The limit in force at `nowMs` and what still waits. A pending increase or removal stays out of
 * force until the member confirms it (confirmLimit), however long ago its 24 hours ended; from
 * then it is `ready`. Only a change stored before confirmations existed (pending_confirm = 0)
 * applies by itself when its time comes, as it was promised when asked for.
 */
export function inForce(
  row: LimitRow | undefined,
  nowMs: number,
): { amount: number | null; pending: LimitState["pending"] } {
  if (!row) return { amount: null, pending: null };
  if (row.pending === 1 && row.pending_applies_at !== null) {
    const ready = Date.parse(row.pending_applies_at) <= nowMs;
    if (ready && row.pending_confirm !== 1) return { amount: row.pending_amount, pending: null };
    return { amount: row.amount, pending: { amount: row.pending_amount, appliesAt: row.pending_applies_at, ready } };
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
 * The break in force at ?1 (an ISO time), as one JSON object: a time-out until its end; a
 * self-exclusion until its minimum and after it, until a return the member asked for after the
 * minimum has had its 24 hours (protection_returns). A self-exclusion comes first (it is the one
 * that does not end by itself), then the one ending last. `return_at`: the asked return's time.
 */
const BREAK_IN_FORCE = `
  SELECT json_object('kind', b.kind, 'duration', b.duration, 'started_at', b.started_at, 'until', b.until,
           'origin', b.origin,
           'return_at', (SELECT MIN(r.applies_at) FROM protection_returns r WHERE r.asked_at >= b.until))
    FROM protection_breaks b
   WHERE b.until > ?1
      OR (b.kind = 'exclusion'
          AND NOT EXISTS (SELECT 1 FROM protection_returns r WHERE r.asked_at >= b.until AND r.applies_at <= ?1))
   ORDER BY b.kind = 'exclusion' DESC, b.until DESC, b.seq DESC LIMIT 1`;

type BreakJson = {
  kind: BreakKind;
  duration: BreakDuration;
  started_at: string;
  until: string;
  origin: string | null;
  return_at: string | null;
};

const breakOf = (json: string | null, nowMs: number): ProtectionBreak | null => {
  if (json === null) return null;
  const b = JSON.parse(json) as BreakJson;
  const pastMinimum = b.kind === "exclusion" && Date.parse(b.until) <= nowMs;
  return {
    kind: b.kind,
    duration: b.duration,
    startedAt: b.started_at,
    until: b.until,
    mayReturn: pastMinimum && b.return_at === null,
    returnAt: b.return_at,
    linked: b.origin !== null,
  };
};

/**
 * The session's reality check, when the caller names the session: the time it was answered or
 * begun and the member's interval (null: the site's), read with the break and limits.
 */
export type SessionCheck = { sessionId: string; siteMinutes: number };

/** The session check a bet's or open's rules name (both fields, or none). */
export const sessionCheck = (rules: { sessionId?: string; realityCheckMinutes?: number }): SessionCheck | null =>
  rules.sessionId !== undefined && rules.realityCheckMinutes !== undefined
    ? { sessionId: rules.sessionId, siteMinutes: rules.realityCheckMinutes }
    : null;

/**
 * The break in force, the kind's limit rows and, for a session, whether its reality check is
 * due, in one statement: every deposit, bet and open asks this, and most members have no break
 * and no limit, so the common case costs one query (the 200-member betting test fires its bets
 * through one isolate, where four statements a bet already showed).
 */
function guardOf(
  sql: SqlStorage,
  kind: LimitKind,
  nowMs: number,
  session: SessionCheck | null = null,
): { brk: ProtectionBreak | null; limits: LimitRow[]; checkDue: boolean } {
  const row = sql
    .exec<{ brk: string | null; limits: string; check_from: string | null; minutes: number | null }>(
      `SELECT
         (${BREAK_IN_FORCE}) AS brk,
         (SELECT json_group_array(json_object('kind', kind, 'period', period, 'amount', amount, 'pending', pending,
                   'pending_amount', pending_amount, 'pending_applies_at', pending_applies_at,
                   'pending_confirm', pending_confirm))
            FROM protection_limits WHERE kind = ?2) AS limits,
         COALESCE((SELECT acknowledged_at FROM reality_checks WHERE session_id = ?3),
                  (SELECT created_at FROM sessions WHERE id = ?3)) AS check_from,
         (SELECT reality_check_minutes FROM protection_settings WHERE id = 1) AS minutes`,
      iso(nowMs),
      kind,
      session?.sessionId ?? "",
    )
    .one();
  const minutes = row.minutes ?? session?.siteMinutes ?? null;
  return {
    brk: breakOf(row.brk, nowMs),
    limits: JSON.parse(row.limits) as LimitRow[],
    checkDue:
      session !== null && row.check_from !== null && minutes !== null
        ? nowMs >= Date.parse(row.check_from) + minutes * 60_000
        : false,
  };
}

/** The refusal a break in force gives: its end, its return's time, or (past the minimum) the way back. */
function refusalOf(b: ProtectionBreak, nowMs: number): Failure {
  if (b.kind === "timeout")
    return { ok: false, statusCode: 400, message: "timeout_in_force", data: { until: b.until } };
  if (Date.parse(b.until) > nowMs)
    return { ok: false, statusCode: 400, message: "exclusion_in_force", data: { until: b.until } };
  if (b.returnAt !== null)
    return { ok: false, statusCode: 400, message: "exclusion_returning", data: { until: b.returnAt } };
  return { ok: false, statusCode: 400, message: "exclusion_until_return" };
}

/** The break in force at `nowMs`, if any (BREAK_IN_FORCE). */
export function activeBreak(sql: SqlStorage, nowMs: number): ProtectionBreak | null {
  return breakOf(sql.exec<{ brk: string | null }>(`SELECT (${BREAK_IN_FORCE}) AS brk`, iso(nowMs)).one().brk, nowMs);
}

// hooks of the money calls -------------------------------------------------------------------------

/**
 * The refusal of a call a break stops (placeOrder, openPosition, deposit, transfer into a game,
 * joinCampaign), or null. Reads, withdrawals, transfers out, closes and triggers never ask.
 */
export function breakRefusal(sql: SqlStorage, nowMs: number): Failure | null {
  const b = activeBreak(sql, nowMs);
  return b ? refusalOf(b, nowMs) : null;
}

/** A deposit of `amount`: refused during a break, or past a deposit limit (called before the deposit row is written). */
export function depositRefusal(sql: SqlStorage, amount: number, nowMs: number): Failure | null {
  const { brk, limits } = guardOf(sql, "deposit", nowMs);
  if (brk) return refusalOf(brk, nowMs);
  return limits.length === 0 ? null : limitRefusal(sql, "deposit", limits, amount, nowMs);
}

/**
 * A bet of `stake` or an open of margin + fee (called before its postings or intent are
 * written). A break stops real and practice play alike, and so does the session's reality check
 * while it is due and unanswered (`session`: the session asking; reality_check_due);
 * `countsTowardLimits` is false for practice play, which no loss limit counts.
 */
export function playRefusal(
  sql: SqlStorage,
  stake: number,
  nowMs: number,
  countsTowardLimits = true,
  session: SessionCheck | null = null,
): Failure | null {
  const { brk, limits, checkDue } = guardOf(sql, "loss", nowMs, session);
  if (brk) return refusalOf(brk, nowMs);
  if (checkDue) return fail(400, "reality_check_due");
  return countsTowardLimits && limits.length > 0 ? limitRefusal(sql, "loss", limits, stake, nowMs) : null;
}
