/**
 * Attempt counting in a Durable Object's SQLite storage: the site's object counts sign-in failures
 * per client address and per account name (with the address they came from) and forgotten-password
 * requests; the member's object counts the wrong passwords its member types during a session.
 * Nothing is kept in isolate memory, which another isolate (or a restart) would not see.
 *
 * Every function is synchronous SQL, run inside the caller's transactionSync, so a check and the
 * write that follows it cannot interleave with another request of the same object.
 */

import { FORGOT_LIMITS, SECRET_CHECK_LIMITS, SIGNIN_LIMITS } from "../contract";

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
export type Taken = { ok: true; attemptId: number } | { ok: false; until: number };

/** Drops what no window of the scope counts any more, and ended locks: the tables stay small. */
function prune(sql: SqlStorage, scope: string, now: number, windowMs: number): void {
  sql.exec("DELETE FROM attempts WHERE scope = ? AND at <= ?", scope, now - windowMs);
  sql.exec("DELETE FROM locks WHERE until <= ?", now);
}

function count(sql: SqlStorage, scope: string, subject: string, since: number): number {
  return sql
    .exec<{ n: number }>("SELECT COUNT(*) AS n FROM attempts WHERE scope = ? AND subject = ? AND at > ?", scope, subject, since)
    .one().n;
}

export function lockedUntil(sql: SqlStorage, scope: string, subject: string, now: number): number | null {
  const until = sql.exec<{ until: number }>("SELECT until FROM locks WHERE scope = ? AND subject = ?", scope, subject).toArray()[0]?.until;
  return until !== undefined && until > now ? until : null;
}

/** Whether one more attempt is allowed now: not while locked, nor when the window is full (pending attempts included). */
export function check(sql: SqlStorage, limit: Limit, scope: string, subject: string, now: number): Gate {
  prune(sql, scope, now, limit.windowMs);
  const locked = lockedUntil(sql, scope, subject, now);
  if (locked !== null) return { ok: false, until: locked };
  if (count(sql, scope, subject, now - limit.windowMs) < limit.max) return { ok: true };
  const oldest = sql
    .exec<{ at: number }>("SELECT MIN(at) AS at FROM attempts WHERE scope = ? AND subject = ? AND at > ?", scope, subject, now - limit.windowMs)
    .one().at;
  return { ok: false, until: oldest + limit.windowMs };
}

/** Counts one attempt; a pending one counts until it is settled (`succeeded` / `failed`). */
export function record(sql: SqlStorage, scope: string, subject: string, now: number, pending = false): number {
  return sql
    .exec<{ id: number }>("INSERT INTO attempts (scope, subject, at, pending) VALUES (?, ?, ?, ?) RETURNING id", scope, subject, now, pending ? 1 : 0)
    .one().id;
}

/** `check`, then `record` as pending: an attempt whose outcome is decided later. */
export function take(sql: SqlStorage, limit: Limit, scope: string, subject: string, now: number): Taken {
  const gate = check(sql, limit, scope, subject, now);
  return gate.ok ? { ok: true, attemptId: record(sql, scope, subject, now, true) } : gate;
}

/** A pending attempt that succeeded no longer counts; with `reset`, neither does any earlier failure. */
export function succeeded(sql: SqlStorage, scope: string, subject: string, attemptId: number, reset: boolean): void {
  if (reset) sql.exec("DELETE FROM attempts WHERE scope = ? AND subject = ?", scope, subject);
  else sql.exec("DELETE FROM attempts WHERE id = ?", attemptId);
}

/**
 * A pending attempt failed: it counts as a failure. Returns the end of the lock when this failure
 * filled the window (the lock starts now; the count starts again after it), else null.
 */
export function failed(sql: SqlStorage, limit: Limit, scope: string, subject: string, attemptId: number, now: number): number | null {
  sql.exec("UPDATE attempts SET pending = 0 WHERE id = ?", attemptId);
  if (limit.lockMs === undefined || lockedUntil(sql, scope, subject, now) !== null) return null;
  if (count(sql, scope, subject, now - limit.windowMs) < limit.max) return null;
  const until = now + limit.lockMs;
  sql.exec(
    "INSERT INTO locks (scope, subject, until) VALUES (?, ?, ?) ON CONFLICT (scope, subject) DO UPDATE SET until = excluded.until",
    scope,
    subject,
    until,
  );
  sql.exec("DELETE FROM attempts WHERE scope = ? AND subject = ? AND pending = 0", scope, subject);
  return until;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** Sign-in failures, per client address (scope "signin") and per account name (`takeSignin`), in the site's object. */
export const SIGNIN_LIMIT: Limit = {
  max: SIGNIN_LIMITS.maxFailures,
  windowMs: SIGNIN_LIMITS.windowMinutes * MINUTE_MS,
  lockMs: SIGNIN_LIMITS.lockMinutes * MINUTE_MS,
};
/** Wrong passwords typed during a session, per member and per password, in the member's object. */
export const SECRET_CHECK_LIMIT: Limit = {
  max: SECRET_CHECK_LIMITS.maxFailures,
  windowMs: SECRET_CHECK_LIMITS.windowMinutes * MINUTE_MS,
  lockMs: SECRET_CHECK_LIMITS.lockMinutes * MINUTE_MS,
};
/** Forgotten-password requests per account name, whether or not the account exists. */
export const FORGOT_ACCOUNT_LIMIT: Limit = { max: FORGOT_LIMITS.perAccountPerHour, windowMs: HOUR_MS };
export const FORGOT_ADDRESS_LIMIT: Limit = { max: FORGOT_LIMITS.perAddressPerHour, windowMs: HOUR_MS };

// sign-in attempts on an account name -----------------------------------------------------------
//
// A lock that refused everyone would let anyone lock a member out: ten wrong passwords from
// anywhere. So attempts on an account are counted per (account, address) pair, and the account's
// lock refuses only the addresses that failed on it within the window (and callers without an
// address, who cannot be told apart): the member, from an address that has not failed, still signs
// in with the right password, while each guessing address gets one try per window at most. Names
// that exist and names that do not are counted alike, so a lock tells nothing about an account.

/** One row per attempt, subject "<account> <address>" ("-" when the site forwarded none). */
const PAIR = "signin-pair";
/** The account's lock (table `locks`), subject the account name. */
const ACCOUNT_LOCK = "signin-account";

/** Account names compare without regard to letter case, as the directory does. */
const accountKey = (account: string) => account.toLowerCase();
const pairOf = (account: string, address: string | null) => `${accountKey(account)} ${address ?? "-"}`;

/** Decided failures on the account from any address within the window (account names hold no space). */
function accountFailures(sql: SqlStorage, account: string, since: number): number {
  const key = accountKey(account);
  return sql
    .exec<{ n: number }>(
      "SELECT COUNT(*) AS n FROM attempts WHERE scope = ? AND subject >= ? AND subject < ? AND at > ? AND pending = 0",
      PAIR,
      `${key} `,
      `${key}!`,
      since,
    )
    .one().n;
}

/**
 * Whether `address` may try a password of `account` now; if so the attempt is counted as pending.
 * Refused: an address (or no address) that has `max` attempts on the account within the window,
 * and, while the account is locked, one that has any.
 */
export function takeSignin(sql: SqlStorage, limit: Limit, account: string, address: string | null, now: number): Taken {
  const pair = pairOf(account, address);
  const gate = check(sql, limit, PAIR, pair, now);
  if (!gate.ok) return gate;
  const locked = lockedUntil(sql, ACCOUNT_LOCK, accountKey(account), now);
  if (locked !== null && (address === null || count(sql, PAIR, pair, now - limit.windowMs) > 0)) return { ok: false, until: locked };
  return { ok: true, attemptId: record(sql, PAIR, pair, now, true) };
}

/** The right password: the address's failures on the account are forgiven (other addresses' stay, and so does a lock). */
export function signinSucceeded(sql: SqlStorage, account: string, address: string | null): void {
  sql.exec("DELETE FROM attempts WHERE scope = ? AND subject = ?", PAIR, pairOf(account, address));
}

/**
 * A wrong password (or no such account): the attempt counts as a failure. Returns the end of the
 * account's lock when this failure was the account's `max`-th within the window, else null. The
 * failures stay counted through the lock: they say which addresses it holds off.
 */
export function signinFailed(sql: SqlStorage, limit: Limit, account: string, attemptId: number, now: number): number | null {
  sql.exec("UPDATE attempts SET pending = 0 WHERE id = ?", attemptId);
  const key = accountKey(account);
  if (limit.lockMs === undefined || lockedUntil(sql, ACCOUNT_LOCK, key, now) !== null) return null;
  if (accountFailures(sql, account, now - limit.windowMs) < limit.max) return null;
  const until = now + limit.lockMs;
  sql.exec(
    "INSERT INTO locks (scope, subject, until) VALUES (?, ?, ?) ON CONFLICT (scope, subject) DO UPDATE SET until = excluded.until",
    ACCOUNT_LOCK,
    key,
    until,
  );
  return until;
}
