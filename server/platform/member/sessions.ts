import { verifyPassword } from "../auth/password";
import { encodeCredential, hashSecret, newId, newSecret, type SessionProof } from "../auth/token";
import { auditEvent, auditToOutbox } from "../audit";
import { constantTimeEqual, utf8 } from "../crypto";
import { fail, ok, type Result } from "../result";
import type { MemberState } from "./member-state";
import { expiryFrom, isSessionLive, LISTEN_KEY_MS, SESSION_MS, type SessionRow } from "./session";

/**
 * The member's sessions (their lifetimes: session.ts): sign-in and sign-out, and the listen keys
 * that open the member's live stream, each tied to the session that asked for it. A password
 * change or reset ends them all (passwords.ts).
 */

/**
 * Sign-in's password check and new session. The failure limits were applied by the site's
 * object, which settles them with this answer and logs a failure; a wrong password writes
 * nothing here. It answers as an unknown account does, so the answer tells nothing.
 */
export async function signin(
  m: MemberState,
  siteId: string,
  password: string,
  address: string | null,
): Promise<Result<{ token: string }>> {
  const before = m.profile();
  if (!before || before.site_id !== siteId) return fail(400, "wrong_account_or_password");
  const verified = await verifyPassword(password, before.password_hash);
  const sessionId = newId();
  const secret = newSecret();
  const secretHash = await hashSecret(secret);

  // The password may have changed while the hash was computed; only issue against the same one.
  const profile = m.profile()!;
  if (!verified || profile.password_hash !== before.password_hash) return fail(400, "wrong_account_or_password");
  const now = new Date();
  m.atomically(() => {
    m.sql.exec("DELETE FROM sessions WHERE expires_at <= ? OR revoked_at IS NOT NULL", now.toISOString());
    // their listen keys go with them (a key without its session opens nothing either)
    m.sql.exec(
      "DELETE FROM listen_keys WHERE id IN (SELECT key_id FROM listen_key_sessions WHERE session_id NOT IN (SELECT id FROM sessions))",
    );
    m.sql.exec("DELETE FROM listen_key_sessions WHERE session_id NOT IN (SELECT id FROM sessions)");
    m.sql.exec(
      "INSERT INTO sessions (id, secret_hash, created_at, expires_at) VALUES (?, ?, ?, ?)",
      sessionId,
      secretHash,
      now.toISOString(),
      expiryFrom(now, SESSION_MS),
    );
    m.sql.exec("UPDATE profile SET last_login_at = ? WHERE id = 1", now.toISOString());
    auditToOutbox(m.sql, auditEvent("signin_succeeded", "member", m.subject(profile, address), {}, now.toISOString()));
    return ok(null);
  });
  return ok({ token: encodeCredential({ siteId, memberId: profile.member_id, id: sessionId, secret }) });
}

export function signout(m: MemberState, proof: SessionProof): Result<null> {
  return m.asMember(proof, () => {
    m.ctx.storage.transactionSync(() => {
      m.sql.exec("UPDATE sessions SET revoked_at = ? WHERE id = ?", new Date().toISOString(), proof.sessionId);
      // the session's listen keys die now, not when the session's row is cleared at a later sign-in
      m.sql.exec(
        "DELETE FROM listen_keys WHERE id IN (SELECT key_id FROM listen_key_sessions WHERE session_id = ?)",
        proof.sessionId,
      );
      m.sql.exec("DELETE FROM listen_key_sessions WHERE session_id = ?", proof.sessionId);
    });
    m.closeSockets(proof.sessionId);
    return ok(null);
  });
}

export async function listenKey(m: MemberState, proof: SessionProof): Promise<Result<string>> {
  return m.asMember(proof, async (member) => {
    const now = new Date();
    const id = newId();
    const secret = newSecret();
    const secretHash = await hashSecret(secret);
    m.ctx.storage.transactionSync(() => {
      m.sql.exec("DELETE FROM listen_keys WHERE expires_at <= ?", now.toISOString());
      m.sql.exec(
        "INSERT INTO listen_keys (id, secret_hash, expires_at) VALUES (?, ?, ?)",
        id,
        secretHash,
        expiryFrom(now, LISTEN_KEY_MS),
      );
      m.sql.exec("DELETE FROM listen_key_sessions WHERE key_id NOT IN (SELECT id FROM listen_keys)");
      m.sql.exec("INSERT INTO listen_key_sessions (key_id, session_id) VALUES (?, ?)", id, proof.sessionId);
    });
    return ok(encodeCredential({ siteId: proof.siteId, memberId: member.member_id, id, secret }));
  });
}

/** Whether a listen key of this member is live: the check the live stream makes before it opens. */
export function checkListenKey(m: MemberState, siteId: string, id: string, secretHash: string): boolean {
  const profile = m.profile();
  if (!profile || profile.site_id !== siteId) return false;
  const row = m.sql
    .exec<{ secret_hash: string; expires_at: string }>(
      "SELECT secret_hash, expires_at FROM listen_keys WHERE id = ?",
      id,
    )
    .toArray()[0];
  if (!row || !constantTimeEqual(utf8(row.secret_hash), utf8(secretHash)) || Date.parse(row.expires_at) <= Date.now())
    return false;
  // A key dies with the session that asked for it: revoked, expired, or gone. A key whose
  // session row is gone (a later sign-in clears ended sessions) was once let through here, so
  // an old key opened the stream again after a sign-out and a sign-in.
  const session = m.sql
    .exec<SessionRow>(
      "SELECT s.expires_at, s.revoked_at FROM listen_key_sessions k JOIN sessions s ON s.id = k.session_id WHERE k.key_id = ?",
      id,
    )
    .toArray()[0];
  return session !== undefined && isSessionLive(session, new Date());
}

export function verify(m: MemberState, proof: SessionProof): Result<null> {
  return m.asMember(proof, () => ok(null));
}
