/**
 * Attempt counting in a Durable Object's SQLite storage: the site's object counts forgotten-password
 * requests (per network and per account name) and keeps the locks of sign-in (./signin-limits.ts);
 * the member's object counts the wrong passwords its member types during a session.
 * Nothing is kept in isolate memory, which another isolate (or a restart) would not see.
 *
 * Every function is synchronous SQL, run inside the caller's transactionSync, so a check and the
 * write that follows it cannot interleave with another request of the same object.
 */

import { FORGOT_LIMITS, SECRET_CHECK_LIMITS } from "../contract";

export const LIMIT_SCHEMA = [
  // One row per counted attempt; `pending` rows are attempts still being decided (a password
  // being verified), counted already so that concurrent attempts cannot all slip under the limit.
  `CREATE TABLE IF NOT EXISTS attempts (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     scope TEXT NOT NULL,
     subject TEXT NOT NULL,
     at INTEGER NOT NULL,
     pending INTEGER NOT NULL DEFAULT 0 CHECK (pending IN (0, 1))
   )`,
  `CREATE INDEX IF NOT EXISTS attempts_by_subject ON attempts (scope, subject, at)`,
  `CREATE INDEX IF NOT EXISTS attempts_by_time ON attempts (scope, at)`,
  `CREATE TABLE IF NOT EXISTS locks (
     scope TEXT NOT NULL,
     subject TEXT NOT NULL,
     until INTEGER NOT NULL,
     PRIMARY KEY (scope, subject)
   )`,
];

export interface Limit {
  /** attempts allowed within the window */
  max: number;
  windowMs: number;
  /** when set, reaching `max` failures locks the subject this long (and the count starts again) */
  lockMs?: number;
}

export type Gate = { ok: true } | { ok: false; until: number };

/** Drops what no window of the scope counts any more, and ended locks: the tables stay small. */
function prune(sql: SqlStorage, scope: string, now: number, windowMs: number): void {
  sql.exec("DELETE FROM attempts WHERE scope = ? AND at <= ?", scope, now - windowMs);
  sql.exec("DELETE FROM locks WHERE until <= ?", now);
}

function count(sql: SqlStorage, scope: string, subject: string, since: number): number {
  return sql
    .exec<{ n: number }>(
      "SELECT COUNT(*) AS n FROM attempts WHERE scope = ? AND subject = ? AND at > ?",
      scope,
      subject,
      since,
    )
    .one().n;
}

export function lockedUntil(sql: SqlStorage, scope: string, subject: string, now: number): number | null {
  const until = sql
    .exec<{ until: number }>("SELECT until FROM locks WHERE scope = ? AND subject = ?", scope, subject)
    .toArray()[0]?.until;
  return until !== undefined && until > now ? until : null;
}

/** Whether one more attempt is allowed now: not while locked, nor when the window is full (pending attempts included). */
export function check(sql: SqlStorage, limit: Limit, scope: string, subject: string, now: number): Gate {
  prune(sql, scope, now, limit.windowMs);
  const locked = lockedUntil(sql, scope, subject, now);
  if (locked !== null) return { ok: false, until: locked };
  if (count(sql, scope, subject, now - limit.windowMs) < limit.max) return { ok: true };
  const oldest = sql
    .exec<{ at: number }>(
      "SELECT MIN(at) AS at FROM attempts WHERE scope = ? AND subject = ? AND at > ?",
      scope,
      subject,
      now - limit.windowMs,
    )
    .one().at;
  return { ok: false, until: oldest + limit.windowMs };
}

/** Counts one attempt; a pending one counts until it is settled (`succeeded` / `failed`). */
export function record(sql: SqlStorage, scope: string, subject: string, now: number, pending = false): number {
  return sql
    .exec<{ id: number }>(
      "INSERT INTO attempts (scope, subject, at, pending) VALUES (?, ?, ?, ?) RETURNING id",
      scope,
      subject,
      now,
      pending ? 1 : 0,
    )
    .one().id;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** Wrong passwords typed during a session, per member and per password, in the member's object. */
export const SECRET_CHECK_LIMIT: Limit = {
  max: SECRET_CHECK_LIMITS.maxFailures,
  windowMs: SECRET_CHECK_LIMITS.windowMinutes * MINUTE_MS,
  lockMs: SECRET_CHECK_LIMITS.lockMinutes * MINUTE_MS,
};
/** Forgotten-password requests per account name, whether or not the account exists. */
export const FORGOT_ACCOUNT_LIMIT: Limit = { max: FORGOT_LIMITS.perAccountPerHour, windowMs: HOUR_MS };
export const FORGOT_ADDRESS_LIMIT: Limit = { max: FORGOT_LIMITS.perAddressPerHour, windowMs: HOUR_MS };
