import type { z } from "zod";
import type { MessageCode } from "../../contract";
import type {
  BreakDuration,
  BreakKind,
  LimitKind,
  LimitPeriod,
  LimitState,
  ProtectionBreak,
  ProtectionState,
  RealityCheck,
  setLimitBody,
  startBreakBody,
} from "../../contract/protection";
import {
  BREAK_DURATIONS,
  LIMIT_INCREASE_DELAY_HOURS,
  LIMIT_KINDS,
  LIMIT_PERIOD_HOURS,
  LIMIT_PERIODS,
} from "#rules/protection-terms";
import { auditEvent, auditToOutbox } from "../audit";
import { fail, ok, type Failure, type Result } from "../result";
import { record, replay } from "./ledger";
import { requestKey, type Idem, type Who } from "./requests";

/**
 * Player protection of one member (server/platform/README.md, "Player protection"): deposit and
 * loss limits, the reality check's interval and acknowledgements, time-outs and self-exclusions.
 * Like money.ts, every function is synchronous and runs inside the member object's
 * `transactionSync`, so a limit's check and the deposit row, the bet's postings or the open's
 * intent it allows commit together: parallel requests are serialised by the object and each
 * sees what the one before it wrote.
 *
 * Nothing here runs on a timer. A pending increase or removal is stored with the time it applies,
 * and every read and check derives the limit in force from the stored times and the clock
 * (`inForce`), so a stopped clock can prove the 24-hour delay to the second.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** How long each break lasts: 6 weeks = 42 days, 6 months = 182 days, a year 365, five years 1826. */
export const BREAK_MS: Readonly<Record<BreakDuration, number>> = {
  "24h": DAY_MS,
  "7d": 7 * DAY_MS,
  "30d": 30 * DAY_MS,
  "6w": 42 * DAY_MS,
  "6m": 182 * DAY_MS,
  "1y": 365 * DAY_MS,
  "5y": 1826 * DAY_MS,
};

export const PROTECTION_SCHEMA = [
  // One row per limit the member ever set. `amount` is the limit in force (null: none); an
  // increase or a removal waits in pending_* until pending_applies_at (pending = 1; a pending
  // removal has pending_amount null).
  `CREATE TABLE IF NOT EXISTS protection_limits (
     kind TEXT NOT NULL CHECK (kind IN ('deposit', 'loss')),
     period TEXT NOT NULL CHECK (period IN ('day', 'week', 'month')),
     amount INTEGER CHECK (amount IS NULL OR amount > 0),
     pending INTEGER NOT NULL DEFAULT 0 CHECK (pending IN (0, 1)),
     pending_amount INTEGER CHECK (pending_amount IS NULL OR pending_amount > 0),
     pending_applies_at TEXT,
     PRIMARY KEY (kind, period)
   )`,
  // Every change the member (or nobody: a break) made, newest last; the audit log has each too.
  `CREATE TABLE IF NOT EXISTS protection_changes (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     at TEXT NOT NULL,
     change TEXT NOT NULL CHECK (change IN ('limit', 'reality_check', 'timeout', 'exclusion')),
     kind TEXT,
     period TEXT,
     from_value INTEGER,
     to_value INTEGER,
     duration TEXT,
     applies_at TEXT NOT NULL
   )`,
  // The member's reality-check interval; no row (or null) = the site's realityCheckMinutes.
  `CREATE TABLE IF NOT EXISTS protection_settings (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     reality_check_minutes INTEGER CHECK (reality_check_minutes IN (15, 30, 60))
   )`,
  // Breaks, never updated or deleted: the one in force is the one ending last, if in the future.
  `CREATE TABLE IF NOT EXISTS protection_breaks (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     kind TEXT NOT NULL CHECK (kind IN ('timeout', 'exclusion')),
     duration TEXT NOT NULL,
     started_at TEXT NOT NULL,
     until TEXT NOT NULL
   )`,
  // The loss limit sums the window's postings (at most 30 days of them) on every bet and open.
  `CREATE INDEX IF NOT EXISTS postings_by_time ON postings (created_at)`,
  // The reality check is per session: the last "continue" of each (none: counted from sign-in).
  `CREATE TABLE IF NOT EXISTS reality_checks (
     session_id TEXT PRIMARY KEY,
     acknowledged_at TEXT NOT NULL
   )`,
];

type LimitRow = {
  kind: LimitKind;
  period: LimitPeriod;
  amount: number | null;
  pending: number;
  pending_amount: number | null;
  pending_applies_at: string | null;
};

const iso = (ms: number) => new Date(ms).toISOString();

function limitRow(sql: SqlStorage, kind: LimitKind, period: LimitPeriod): LimitRow | undefined {
  return sql.exec<LimitRow>("SELECT * FROM protection_limits WHERE kind = ? AND period = ?", kind, period).toArray()[0];
}

/** The limit in force at `nowMs` and what still waits: a pending change whose time has come is in force. */
function inForce(row: LimitRow | undefined, nowMs: number): { amount: number | null; pending: LimitState["pending"] } {
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

function limitStates(sql: SqlStorage, nowMs: number): LimitState[] {
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
function activeBreak(sql: SqlStorage, nowMs: number): ProtectionBreak | null {
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

// the member's calls -------------------------------------------------------------------------------

function intervalOf(sql: SqlStorage): number | null {
  return (
    sql
      .exec<{ m: number | null }>("SELECT reality_check_minutes AS m FROM protection_settings WHERE id = 1")
      .toArray()[0]?.m ?? null
  );
}

type ChangeRow = {
  at: string;
  change: ProtectionState["history"][number]["change"];
  kind: LimitKind | null;
  period: LimitPeriod | null;
  from_value: number | null;
  to_value: number | null;
  duration: BreakDuration | null;
  applies_at: string;
};

/** The member's protection as it stands at `nowMs` (the site's reality-check default where the member chose none). */
export function protectionState(
  sql: SqlStorage,
  currency: string,
  siteMinutes: 15 | 30 | 60,
  nowMs: number,
): ProtectionState {
  const chosen = intervalOf(sql);
  const history = sql
    .exec<ChangeRow>("SELECT * FROM protection_changes ORDER BY seq DESC LIMIT 100")
    .toArray()
    .map((r) => ({
      at: r.at,
      change: r.change,
      kind: r.kind,
      period: r.period,
      from: r.from_value,
      to: r.to_value,
      duration: r.duration,
      appliesAt: r.applies_at,
    }));
  return {
    currency,
    limits: limitStates(sql, nowMs),
    realityCheckMinutes: (chosen ?? siteMinutes) as 15 | 30 | 60,
    realityCheckIsSiteDefault: chosen === null,
    activeBreak: activeBreak(sql, nowMs),
    history,
  };
}

function addChange(sql: SqlStorage, who: Who & { address: string | null }, c: ChangeRow): void {
  sql.exec(
    `INSERT INTO protection_changes (at, change, kind, period, from_value, to_value, duration, applies_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    c.at,
    c.change,
    c.kind,
    c.period,
    c.from_value,
    c.to_value,
    c.duration,
    c.applies_at,
  );
  const details = {
    change: c.change,
    kind: c.kind,
    period: c.period,
    from: c.from_value,
    to: c.to_value,
    duration: c.duration,
    appliesAt: c.applies_at,
  };
  auditToOutbox(
    sql,
    auditEvent(
      "protection_changed",
      "member",
      { account: who.account, memberId: who.memberId, address: who.address },
      details,
      c.at,
    ),
  );
}

/**
 * Sets, lowers, raises or removes one limit. A first limit, a lower one or the same one applies at
 * once (and cancels a pending increase); a higher one or a removal waits 24 hours, replacing any
 * change already waiting (its 24 hours start again). Asking for what is already in force and
 * waiting for nothing changes nothing and records nothing.
 */
export function setLimit(
  sql: SqlStorage,
  who: Who & { address: string | null },
  body: z.output<typeof setLimitBody>,
  nowMs: number,
): Result<null> {
  const row = limitRow(sql, body.kind, body.period);
  const { amount: current, pending } = inForce(row, nowMs);
  const now = iso(nowMs);
  const tighter = body.amount !== null && (current === null || body.amount <= current);
  if (body.amount === current && pending === null) return ok(null);
  if (body.amount === null && current === null) {
    // no limit and none coming: a removal only cancels an increase still waiting
    sql.exec(
      "UPDATE protection_limits SET pending = 0, pending_amount = NULL, pending_applies_at = NULL WHERE kind = ? AND period = ?",
      body.kind,
      body.period,
    );
    return ok(null);
  }
  const appliesAt = tighter ? now : iso(nowMs + LIMIT_INCREASE_DELAY_HOURS * HOUR_MS);
  sql.exec(
    `INSERT INTO protection_limits (kind, period, amount, pending, pending_amount, pending_applies_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (kind, period) DO UPDATE SET amount = excluded.amount, pending = excluded.pending,
       pending_amount = excluded.pending_amount, pending_applies_at = excluded.pending_applies_at`,
    body.kind,
    body.period,
    tighter ? body.amount : current,
    tighter ? 0 : 1,
    tighter ? null : body.amount,
    tighter ? null : appliesAt,
  );
  addChange(sql, who, {
    at: now,
    change: "limit",
    kind: body.kind,
    period: body.period,
    from_value: current,
    to_value: body.amount,
    duration: null,
    applies_at: appliesAt,
  });
  return ok(null);
}

export function setRealityCheck(
  sql: SqlStorage,
  who: Who & { address: string | null },
  minutes: 15 | 30 | 60,
  siteMinutes: number,
  nowMs: number,
): Result<null> {
  const before = intervalOf(sql);
  if (before === minutes) return ok(null);
  sql.exec(
    "INSERT INTO protection_settings (id, reality_check_minutes) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET reality_check_minutes = excluded.reality_check_minutes",
    minutes,
  );
  const now = iso(nowMs);
  addChange(sql, who, {
    at: now,
    change: "reality_check",
    kind: null,
    period: null,
    from_value: before ?? siteMinutes,
    to_value: minutes,
    duration: null,
    applies_at: now,
  });
  return ok(null);
}

/**
 * Starts a time-out or a self-exclusion from now. Idempotent by its key (a retry answers the
 * first answer); a new break may only end later than the one in force (break_already_longer).
 * No call ends or shortens a break: rows of protection_breaks are never changed.
 */
export function startBreak(
  sql: SqlStorage,
  who: Who & { address: string | null },
  idem: Idem,
  body: z.output<typeof startBreakBody>,
  nowMs: number,
  answer: () => ProtectionState,
): Result<ProtectionState> {
  const replayed = replay(sql, requestKey(idem.key), idem.fingerprint);
  if (replayed) return replayed as Result<ProtectionState>;
  if (!(BREAK_DURATIONS[body.kind] as readonly string[]).includes(body.duration))
    return fail(400, "invalid_parameters");
  const until = nowMs + BREAK_MS[body.duration];
  const current = activeBreak(sql, nowMs);
  if (current && Date.parse(current.until) >= until) {
    return { ok: false, statusCode: 400, message: "break_already_longer", data: { until: current.until } };
  }
  const now = iso(nowMs);
  sql.exec(
    "INSERT INTO protection_breaks (kind, duration, started_at, until) VALUES (?, ?, ?, ?)",
    body.kind,
    body.duration,
    now,
    iso(until),
  );
  addChange(sql, who, {
    at: now,
    change: body.kind,
    kind: null,
    period: null,
    from_value: null,
    to_value: null,
    duration: body.duration,
    applies_at: now,
  });
  const state = answer();
  record(sql, { key: requestKey(idem.key), call: "startBreak", fingerprint: idem.fingerprint, response: state, now });
  return ok(state);
}

/** The operator's attempt to end a break: always refused (with its end), or invalid_parameters without one. */
export function endBreakRefusal(sql: SqlStorage, nowMs: number): Failure {
  const b = activeBreak(sql, nowMs);
  if (!b) return fail(400, "invalid_parameters");
  return { ok: false, statusCode: 400, message: "break_cannot_end_early", data: { until: b.until } };
}

// the reality check --------------------------------------------------------------------------------

/**
 * Settled and closed real play begun in this session: bets placed since sign-in and settled
 * (payout − stake), positions opened since sign-in and closed (their net); practice play is not
 * money and does not count.
 */
const REAL_ROWS = "mode = 'real'";

function sessionNet(sql: SqlStorage, signedInAt: string): number {
  const bets = sql
    .exec<{ n: number }>(
      `SELECT COALESCE(SUM(payout - amount), 0) AS n FROM orders WHERE ${REAL_ROWS} AND status <> 'open' AND created_at >= ?`,
      signedInAt,
    )
    .one().n;
  const positions = sql
    .exec<{ n: number }>(
      `SELECT COALESCE(SUM(net), 0) AS n FROM positions WHERE ${REAL_ROWS} AND status = 'closed' AND created_at >= ?`,
      signedInAt,
    )
    .one().n;
  return bets + positions;
}

/** The reality check of one session: null when the session is unknown here. */
export function realityCheck(
  sql: SqlStorage,
  sessionId: string,
  currency: string,
  siteMinutes: 15 | 30 | 60,
  nowMs: number,
): RealityCheck | null {
  const session = sql
    .exec<{ created_at: string }>("SELECT created_at FROM sessions WHERE id = ?", sessionId)
    .toArray()[0];
  if (!session) return null;
  const acknowledged = sql
    .exec<{ at: string }>("SELECT acknowledged_at AS at FROM reality_checks WHERE session_id = ?", sessionId)
    .toArray()[0]?.at;
  const interval = (intervalOf(sql) ?? siteMinutes) as 15 | 30 | 60;
  const from = Date.parse(acknowledged ?? session.created_at);
  const dueAt = from + interval * 60_000;
  return {
    currency,
    signedInAt: session.created_at,
    intervalMinutes: interval,
    dueAt: iso(dueAt),
    due: nowMs >= dueAt,
    playedMinutes: Math.max(0, Math.floor((nowMs - Date.parse(session.created_at)) / 60_000)),
    net: sessionNet(sql, session.created_at),
  };
}

/** "Continue": the next check is one interval from now. */
export function continueRealityCheck(sql: SqlStorage, sessionId: string, nowMs: number): void {
  // sessions ended and cleared at a later sign-in take their acknowledgements with them
  sql.exec("DELETE FROM reality_checks WHERE session_id NOT IN (SELECT id FROM sessions)");
  sql.exec(
    "INSERT INTO reality_checks (session_id, acknowledged_at) VALUES (?, ?) ON CONFLICT (session_id) DO UPDATE SET acknowledged_at = excluded.acknowledged_at",
    sessionId,
    iso(nowMs),
  );
}
