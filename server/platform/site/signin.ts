import { appendAudit, auditEvent } from "../audit";
import { fail, ok, type Result } from "../result";
import * as signin from "../signin-limits";
import type { SigninCaller, SigninTaken } from "../signin-limits";
import * as directory from "./directory";

/** A sign-in under way: whom the account name found (null: nobody) and its pending attempt. */
export interface SigninBegun {
  memberId: string | null;
  /** the account as registered when it exists, else as typed */
  account: string;
  taken: SigninTaken;
}

/**
 * The site's half of a sign-in, before the password is verified (../signin-limits.ts): the
 * locks, the waits and the challenge, then the account lookup. Runs inside the caller's
 * transaction.
 */
export function beginSignin(
  sql: SqlStorage,
  caller: SigninCaller,
  now: number,
): Result<SigninBegun> | { ok: false; verify: true } {
  const gate = signin.takeSignin(sql, caller, now);
  if (!gate.ok) {
    if (gate.code === "verify_challenge") return { ok: false, verify: true } as const;
    if (gate.code === "account_locked")
      return {
        ok: false,
        statusCode: 429,
        message: "account_locked",
        data: { until: new Date(gate.until).toISOString() },
      };
    if (gate.code === "signin_too_fast")
      return { ok: false, statusCode: 429, message: "signin_too_fast", data: { seconds: gate.seconds } };
    return fail(gate.code === "challenge_required" ? 429 : 400, gate.code);
  }
  const found = directory.findAccount(sql, caller.account);
  return ok({ memberId: found?.memberId ?? null, account: found?.account ?? caller.account, taken: gate.taken });
}

/**
 * Settles a sign-in's attempt. A success may remember a new device of the account; a failure
 * counts, may lock the account against strangers (or a known device), and is logged here, where
 * the counting is: with the member when the account exists, else as "anonymous" (the log is for
 * operators; the answer was the same either way). Runs inside the caller's transaction.
 */
export function endSignin(
  sql: SqlStorage,
  begun: SigninBegun,
  caller: SigninCaller,
  address: string | null,
  succeeded: boolean,
  newDevice: string | null,
  now: number,
): void {
  const at = new Date(now).toISOString();
  if (succeeded) {
    signin.signinSucceeded(sql, caller, begun.taken, newDevice, now);
    return;
  }
  const who = { account: begun.account, memberId: begun.memberId ?? "", address };
  const actor = begun.memberId === null ? "anonymous" : "member";
  const reason = begun.memberId === null ? "account_not_found" : "wrong_password";
  appendAudit(sql, auditEvent("signin_failed", actor, who, { reason }, at));
  const lock = signin.signinFailed(sql, caller, begun.taken, now);
  if (lock !== null) {
    appendAudit(
      sql,
      auditEvent("signin_locked", "system", who, { scope: lock.scope, until: new Date(lock.until).toISOString() }, at),
    );
  }
}
