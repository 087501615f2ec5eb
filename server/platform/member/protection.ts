import type { z } from "zod";
import type {
  BreakDuration,
  confirmLimitBody,
  LimitKind,
  LimitPeriod,
  ProtectionState,
  setLimitBody,
  startBreakBody,
} from "../../contract/protection";
import { BREAK_DURATIONS, LIMIT_INCREASE_DELAY_HOURS, RETURN_COOLING_HOURS } from "#rules/protection-terms";
import { auditEvent, auditToOutbox } from "../audit";
import { fail, ok, type Failure, type Result } from "../result";
import { record, replay } from "./ledger";
import { activeBreak, HOUR_MS, inForce, iso, limitRow, limitStates } from "./protection-checks";
import { shareBreak } from "./linked-breaks";
import { intervalOf } from "./reality-check";
import { requestKey, type Idem, type Who } from "./requests";

/**
 * Player protection of one member (server/platform/README.md, "Player protection"): its tables,
 * and the member's calls that set deposit and loss limits, the reality check's interval, and
 * time-outs and self-exclusions. What is in force and the checks the money calls ask:
 * protection-checks.ts; the reality check itself: reality-check.ts. Every function is synchronous
 * and runs inside the member object's `transactionSync`.
 */

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
  // decision 033: an increase or removal asked for from now on applies only once confirmed; rows
  // pending from before keep 0 and apply by themselves, as promised when they were asked for
  `ALTER TABLE protection_limits ADD COLUMN pending_confirm INTEGER NOT NULL DEFAULT 0`,
  // A member's requests to end a self-exclusion past its minimum, never changed: each ends every
  // exclusion whose minimum it followed, 24 hours after it was asked (applies_at).
  `CREATE TABLE IF NOT EXISTS protection_returns (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     asked_at TEXT NOT NULL,
     applies_at TEXT NOT NULL
   )`,
  // A break carried over from a linked site (linked-breaks.ts): "<site>/<member>/<seq>" of the
  // break it copies, once each; null for a break taken here.
  `ALTER TABLE protection_breaks ADD COLUMN origin TEXT`,
  `CREATE UNIQUE INDEX IF NOT EXISTS protection_breaks_by_origin ON protection_breaks (origin)`,
];

// the member's calls -------------------------------------------------------------------------------
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
 * once (and cancels a pending increase); a higher one or a removal waits 24 hours and then for the
 * member's confirmation (confirmLimit), replacing any change already waiting (its 24 hours start
 * again). Asking for what is already in force and waiting for nothing changes nothing and records
 * nothing.
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
    `INSERT INTO protection_limits (kind, period, amount, pending, pending_amount, pending_applies_at, pending_confirm)
     VALUES (?, ?, ?, ?, ?, ?, 1)
     ON CONFLICT (kind, period) DO UPDATE SET amount = excluded.amount, pending = excluded.pending,
       pending_amount = excluded.pending_amount, pending_applies_at = excluded.pending_applies_at,
       pending_confirm = 1`,
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

/**
 * Applies an increase or removal whose 24 hours have passed (decision 033). Before then:
 * limit_not_ready with the time it becomes ready. Nothing waiting (none asked, or this one
 * confirmed already): nothing changes, so a retry answers as the first did. Audited as
 * `limit_confirmed`; the page's history keeps the request, with the time it became possible.
 */
export function confirmLimit(
  sql: SqlStorage,
  who: Who & { address: string | null },
  body: z.output<typeof confirmLimitBody>,
  nowMs: number,
): Result<null> {
  const row = limitRow(sql, body.kind, body.period);
  const { amount: current, pending } = inForce(row, nowMs);
  if (pending === null) return ok(null);
  if (!pending.ready)
    return { ok: false, statusCode: 400, message: "limit_not_ready", data: { until: pending.appliesAt } };
  sql.exec(
    `UPDATE protection_limits SET amount = pending_amount, pending = 0, pending_amount = NULL, pending_applies_at = NULL,
       pending_confirm = 0 WHERE kind = ? AND period = ?`,
    body.kind,
    body.period,
  );
  const now = iso(nowMs);
  const details = {
    change: "limit_confirmed",
    kind: body.kind,
    period: body.period,
    from: current,
    to: pending.amount,
  };
  auditToOutbox(
    sql,
    auditEvent(
      "protection_changed",
      "member",
      { account: who.account, memberId: who.memberId, address: who.address },
      details,
      now,
    ),
  );
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
  // a self-exclusion past its minimum lasts until the member returns: only a new exclusion (a new
  // minimum, which also cancels a return asked for) is longer than that
  const openEnded = current !== null && current.kind === "exclusion" && Date.parse(current.until) <= nowMs;
  if (openEnded && body.kind === "timeout") return fail(400, "exclusion_until_return");
  if (current && !openEnded && Date.parse(current.until) >= until) {
    return { ok: false, statusCode: 400, message: "break_already_longer", data: { until: current.until } };
  }
  const now = iso(nowMs);
  const seq = sql
    .exec<{ seq: number }>(
      "INSERT INTO protection_breaks (kind, duration, started_at, until) VALUES (?, ?, ?, ?) RETURNING seq",
      body.kind,
      body.duration,
      now,
      iso(until),
    )
    .one().seq;
  shareBreak(sql, seq, now);
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

/**
 * The member asks to end a self-exclusion whose minimum has passed: it ends 24 hours later
 * (RETURN_COOLING_HOURS), and until then everything it stops stays stopped. Before the minimum:
 * return_not_yet with the minimum's end; no self-exclusion in force (a time-out ends on its
 * date): invalid_parameters. Asking again while a return waits changes nothing.
 */
export function askToReturn(sql: SqlStorage, who: Who & { address: string | null }, nowMs: number): Result<null> {
  const b = activeBreak(sql, nowMs);
  if (!b || b.kind !== "exclusion") return fail(400, "invalid_parameters");
  if (Date.parse(b.until) > nowMs)
    return { ok: false, statusCode: 400, message: "return_not_yet", data: { until: b.until } };
  if (b.returnAt !== null) return ok(null);
  const now = iso(nowMs);
  const appliesAt = iso(nowMs + RETURN_COOLING_HOURS * HOUR_MS);
  sql.exec("INSERT INTO protection_returns (asked_at, applies_at) VALUES (?, ?)", now, appliesAt);
  auditToOutbox(
    sql,
    auditEvent(
      "protection_changed",
      "member",
      { account: who.account, memberId: who.memberId, address: who.address },
      { change: "return_asked", kind: null, period: null, from: null, to: null, duration: b.duration, appliesAt },
      now,
    ),
  );
  return ok(null);
}

/**
 * The operator's attempt to end a break: always refused (with its end, or for a self-exclusion
 * past its minimum the return the member asked for, if any), or invalid_parameters without one.
 */
export function endBreakRefusal(sql: SqlStorage, nowMs: number): Failure {
  const b = activeBreak(sql, nowMs);
  if (!b) return fail(400, "invalid_parameters");
  return { ok: false, statusCode: 400, message: "break_cannot_end_early", data: { until: b.returnAt ?? b.until } };
}
