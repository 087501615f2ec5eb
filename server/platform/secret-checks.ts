/**
 * Counting the passwords a member types during a session (SECRET_CHECK_LIMITS), in the member's
 * object, in the `attempts` and `locks` tables of limits.ts.
 *
 * A check is counted (pending) before the worker runs PBKDF2, so that concurrent guesses cannot
 * all be verified. Only decided failures lead to the lock, though: a check still in flight is
 * nobody's failure. So a check may begin while the decided failures plus the checks in flight stay
 * below the limit; past that it waits (`busy`) until one in flight is decided, rather than being
 * refused. Forty parallel withdrawals with the right password all go through, a few at a time,
 * and at most `max − failures` guesses are ever being verified at once, so a burst of wrong ones
 * still gets exactly as many tries as the limit allows.
 *
 * Every function is synchronous SQL, run inside the caller's transactionSync.
 */

import { lockedUntil, record, type Limit } from "./limits";

/** A check that must wait: the password's checks in flight fill its limit. */
export type SecretBusy = { busy: true };

export type SecretGate = { ok: true; attemptId: number } | { ok: false; until: number } | { ok: false; busy: true };

function counted(sql: SqlStorage, scope: string, subject: string, since: number, pending: 0 | 1): number {
  return sql
    .exec<{ n: number }>(
      "SELECT COUNT(*) AS n FROM attempts WHERE scope = ? AND subject = ? AND at > ? AND pending = ?",
      scope,
      subject,
      since,
      pending,
    )
    .one().n;
}

/** Begins a check: refused while locked, busy while the failures and the checks in flight fill the limit. */
export function beginCheck(sql: SqlStorage, limit: Limit, scope: string, subject: string, now: number): SecretGate {
  // what no window counts any more (a check whose worker never came back included), and ended locks
  sql.exec("DELETE FROM attempts WHERE scope = ? AND at <= ?", scope, now - limit.windowMs);
  sql.exec("DELETE FROM locks WHERE until <= ?", now);
  const locked = lockedUntil(sql, scope, subject, now);
  if (locked !== null) return { ok: false, until: locked };
  const since = now - limit.windowMs;
  const failures = counted(sql, scope, subject, since, 0);
  if (failures >= limit.max) {
    const oldest = sql
      .exec<{ at: number }>(
        "SELECT MIN(at) AS at FROM attempts WHERE scope = ? AND subject = ? AND at > ? AND pending = 0",
        scope,
        subject,
        since,
      )
      .one().at;
    return { ok: false, until: oldest + limit.windowMs };
  }
  if (failures + counted(sql, scope, subject, since, 1) >= limit.max) return { ok: false, busy: true };
  return { ok: true, attemptId: record(sql, scope, subject, now, true) };
}

/** The right password: the check and every decided failure stop counting; other checks in flight stay counted. */
export function checkPassed(sql: SqlStorage, scope: string, subject: string, attemptId: number): void {
  sql.exec(
    "DELETE FROM attempts WHERE scope = ? AND subject = ? AND (pending = 0 OR id = ?)",
    scope,
    subject,
    attemptId,
  );
}

/** A check that decided nothing (its request was answered from an earlier one): it stops counting, and nothing else changes. */
export function checkDropped(sql: SqlStorage, scope: string, subject: string, attemptId: number): void {
  sql.exec(
    "DELETE FROM attempts WHERE scope = ? AND subject = ? AND id = ? AND pending = 1",
    scope,
    subject,
    attemptId,
  );
}

/** Every check in flight stops counting (the sessions whose requests they were have ended); failures stay. */
export function checksDropped(sql: SqlStorage, scope: string, subject: string): void {
  sql.exec("DELETE FROM attempts WHERE scope = ? AND subject = ? AND pending = 1", scope, subject);
}

/**
 * A wrong password: the check counts as a failure. Returns the end of the lock when the decided
 * failures reached the limit (the lock starts now and the count starts again after it), else null.
 */
export function checkFailed(
  sql: SqlStorage,
  limit: Limit,
  scope: string,
  subject: string,
  attemptId: number,
  now: number,
): number | null {
  sql.exec("UPDATE attempts SET pending = 0 WHERE id = ?", attemptId);
  if (limit.lockMs === undefined || lockedUntil(sql, scope, subject, now) !== null) return null;
  if (counted(sql, scope, subject, now - limit.windowMs, 0) < limit.max) return null;
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
