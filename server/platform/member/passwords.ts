import type { CallName, MessageCode } from "../../contract";
import { auditEvent, auditToOutbox } from "../audit";
import type { SessionProof } from "../auth/token";
import { SECRET_CHECK_LIMIT } from "../limits";
import { fail, ok, type Result } from "../result";
import * as secretChecks from "../secret-checks";
import type { SecretBusy } from "../secret-checks";
import { internationalNumber } from "../sms/code";
import * as center from "./center";
import { keepAnswer, record, replay } from "./ledger";
import type { MemberState } from "./member-state";
import * as money from "./money";
import type { ProfileRow } from "./profile";

/**
 * The member's passwords. The worker verifies the password the member typed and hashes the new
 * one; the object counts the checks (SECRET_CHECK_LIMITS), checks that the hash it handed out is
 * still the current one (no change slipped in meanwhile), and swaps it.
 */

/** What the worker needs to check passwords outside the object (PBKDF2 would hold up its requests). */
export interface Credentials {
  account: string;
  passwordHash: string;
  transactionPasswordHash: string;
}

/** The passwords a member types again during a session, each counted and locked on its own (SECRET_CHECK_LIMITS). */
export type Secret = "password" | "transaction_password";

const SECRETS: Record<Secret, { scope: string; wrong: MessageCode; locked: MessageCode }> = {
  password: { scope: "password", wrong: "old_password_wrong", locked: "password_change_locked" },
  transaction_password: {
    scope: "transaction-password",
    wrong: "wrong_transaction_password",
    locked: "transaction_password_locked",
  },
};
/** The subject of this member's own counts (the object holds one member). */
const MEMBER = "member";

/** A password check begun: the hashes to verify against, and its counted attempt (null: there is no such password yet). */
export type SecretCheck = Credentials & { attemptId: number | null };

/**
 * Begins checking a password the member typed during a session. Refused while that password's
 * checks are locked, without anything being verified; otherwise the attempt is counted (as
 * pending) before the worker runs PBKDF2, so concurrent guesses cannot all slip under the limit.
 * While checks in flight fill the limit the answer is `busy`: the worker asks again shortly
 * (handlers/secret-wait.ts), as a check in flight may well be the right password. The change the
 * check allows, `rightSecret` or `wrongSecret` settles it. Nothing is counted when nothing was
 * typed or there is no such password yet: there is no guess.
 */
export function beginSecretCheck(
  m: MemberState,
  proof: SessionProof,
  secret: Secret,
  typed = true,
): Result<SecretCheck | SecretBusy> {
  return m.asMember(proof, (member) => {
    return m.ctx.storage.transactionSync(() => takeSecretCheck(m, member, secret, typed));
  });
}

export function takeSecretCheck(
  m: MemberState,
  p: ProfileRow,
  secret: Secret,
  typed = true,
): Result<SecretCheck | SecretBusy> {
  const credentials = {
    account: p.account,
    passwordHash: p.password_hash,
    transactionPasswordHash: p.transaction_password_hash,
  };
  const hash = secret === "password" ? p.password_hash : p.transaction_password_hash;
  if (!typed || hash === "") return ok({ ...credentials, attemptId: null });
  // checks in flight are no failures: past the limit a check waits for them (secret-checks.ts)
  const taken = secretChecks.beginCheck(m.sql, SECRET_CHECK_LIMIT, SECRETS[secret].scope, MEMBER, Date.now());
  if (taken.ok) return ok({ ...credentials, attemptId: taken.attemptId });
  return "busy" in taken ? ok({ busy: true }) : fail(429, SECRETS[secret].locked);
}

/** A right password that changed nothing (the new one broke a rule): the count resets, as a change resets it. */
export function rightSecret(m: MemberState, proof: SessionProof, secret: Secret, attemptId: number | null): void {
  if (m.authorize(proof).ok) m.ctx.storage.transactionSync(() => passSecretCheck(m, secret, attemptId));
}

/**
 * A wrong password: it counts, is logged (with the lock it may start), and gets the password's
 * own answer. For an idempotent request (`idem`) the key's answer comes first, in the same
 * transaction: a copy of a request answered meanwhile (sent at once, or a retry racing the first)
 * gets that answer and its check counts for nothing; otherwise the refusal becomes the key's
 * answer together with the failure it counts, so no later copy counts another.
 */
export function wrongSecret(
  m: MemberState,
  proof: SessionProof,
  secret: Secret,
  attemptId: number | null,
  context: { address: string | null; call: CallName },
  idem?: money.Idem,
): Result<unknown> {
  return m.asMember(proof, (member) => {
    const now = new Date();
    const refusal = fail(400, SECRETS[secret].wrong);
    const op = idem && {
      key: money.requestKey(idem.key),
      call: context.call,
      fingerprint: idem.fingerprint,
      now: now.toISOString(),
    };
    const answered = m.atomically(() => {
      const first = op ? replay(m.sql, op.key, op.fingerprint) : null;
      if (first) {
        if (attemptId !== null) secretChecks.checkDropped(m.sql, SECRETS[secret].scope, MEMBER, attemptId);
        return ok(first);
      }
      failSecretCheck(m, member, secret, attemptId, context, now);
      return ok(op ? keepAnswer(m.sql, op, refusal) : refusal);
    });
    return answered.ok ? answered.data : answered;
  });
}

export function passSecretCheck(m: MemberState, secret: Secret, attemptId: number | null): void {
  if (attemptId !== null) secretChecks.checkPassed(m.sql, SECRETS[secret].scope, MEMBER, attemptId);
}

function failSecretCheck(
  m: MemberState,
  p: ProfileRow,
  secret: Secret,
  attemptId: number | null,
  context: { address: string | null; call: CallName },
  now: Date,
): void {
  if (attemptId === null) return;
  const until = secretChecks.checkFailed(
    m.sql,
    SECRET_CHECK_LIMIT,
    SECRETS[secret].scope,
    MEMBER,
    attemptId,
    now.getTime(),
  );
  const who = m.subject(p, context.address);
  auditToOutbox(
    m.sql,
    auditEvent("password_check_failed", "member", who, { secret, call: context.call }, now.toISOString()),
  );
  if (until !== null) {
    const details = { secret, until: new Date(until).toISOString() };
    auditToOutbox(m.sql, auditEvent("password_check_locked", "system", who, details, now.toISOString()));
  }
}

/** Every session ends (and every live stream key): whoever held the old password is signed out. */
function revokeAll(m: MemberState, now: string): void {
  m.sql.exec("UPDATE sessions SET revoked_at = ? WHERE revoked_at IS NULL", now);
  m.sql.exec("DELETE FROM listen_keys");
  m.sql.exec("DELETE FROM listen_key_sessions");
  // the password checks in flight are those sessions' requests, which can settle nothing now:
  // left counted, they would hold up the member's next checks for the whole window
  for (const { scope } of Object.values(SECRETS)) secretChecks.checksDropped(m.sql, scope, MEMBER);
  m.closeSockets(null);
}

export function changePassword(
  m: MemberState,
  proof: SessionProof,
  attemptId: number | null,
  verifiedHash: string,
  newHash: string,
  address: string | null,
): Result<null> {
  return m.asMember(proof, (member) => {
    const now = new Date().toISOString();
    return m.atomically(() => {
      passSecretCheck(m, "password", attemptId);
      if (member.password_hash !== verifiedHash) return fail(400, "old_password_wrong");
      m.sql.exec("UPDATE profile SET password_hash = ? WHERE id = 1", newHash);
      revokeAll(m, now);
      auditToOutbox(m.sql, auditEvent("password_changed", "member", m.subject(member, address), {}, now));
      return ok(null);
    });
  });
}

/** Idempotent: a retry after a lost answer gets the first answer (its old password no longer matches). */
export function changeTransactionPassword(
  m: MemberState,
  proof: SessionProof,
  idem: money.Idem,
  attemptId: number | null,
  verifiedHash: string,
  newHash: string,
  address: string | null,
): Result<null> {
  return m.asMember(proof, (member) => {
    const now = new Date().toISOString();
    return m.atomically(() => {
      passSecretCheck(m, "transaction_password", attemptId);
      const replayed = replay(m.sql, money.requestKey(idem.key), idem.fingerprint);
      if (replayed) return replayed as Result<null>;
      if (member.transaction_password_hash !== verifiedHash) return fail(400, "wrong_transaction_password");
      m.sql.exec("UPDATE profile SET transaction_password_hash = ? WHERE id = 1", newHash);
      const details = { firstTime: verifiedHash === "" };
      auditToOutbox(
        m.sql,
        auditEvent("transaction_password_changed", "member", m.subject(member, address), details, now),
      );
      record(m.sql, {
        key: money.requestKey(idem.key),
        call: "changeTransactionPassword",
        fingerprint: idem.fingerprint,
        response: null,
        now,
      });
      return ok(null);
    });
  });
}

/**
 * A new login password by SMS code; every session ends, as with a change. Idempotent: a retry
 * after a lost answer gets the first answer, where the used code would now answer otp_error.
 */
export function resetPassword(
  m: MemberState,
  siteId: string,
  idem: money.Idem,
  codeHash: string,
  newHash: string,
  address: string | null,
): Result<null> {
  const profile = m.profile();
  // Not this site's member: the same answer as a wrong code, so nothing is revealed.
  if (!profile || profile.site_id !== siteId) return fail(400, "wrong_verification_code");
  const now = new Date();
  const to = internationalNumber(profile.area_code, profile.mobile);
  return m.atomically(() => {
    const replayed = replay(m.sql, money.requestKey(idem.key), idem.fingerprint);
    if (replayed) return replayed as Result<null>;
    const result = center.useCode(m.sql, "reset_password", codeHash, to, now);
    if (!result.ok) return result;
    m.sql.exec("UPDATE profile SET password_hash = ? WHERE id = 1", newHash);
    revokeAll(m, now.toISOString());
    auditToOutbox(
      m.sql,
      auditEvent("password_reset", "member", m.subject(profile, address), { by: "sms_code" }, now.toISOString()),
    );
    record(m.sql, {
      key: money.requestKey(idem.key),
      call: "forgotReset",
      fingerprint: idem.fingerprint,
      response: null,
      now: now.toISOString(),
    });
    return ok(null);
  });
}
