import type { SessionProof } from "../auth/token";
import { constantTimeEqual, utf8 } from "../crypto";
import type { Env } from "../env";
import { fail, ok, type Failure, type Result } from "../result";
import { scheduleAlarm } from "./alarms";
import type { ProfileRow } from "./profile";
import type { Who } from "./requests";
import { isSessionLive, type SessionRow } from "./session";
import { closeSockets, streaming } from "./streams";

export const sessionInvalid = () => fail(402, "invalid_permission");

/**
 * What every part of one member's object works on (member-object.ts is the object itself): its
 * storage, the member's profile, and the two rules every call follows, the member gate
 * (`asMember`) and the atomic commit (`atomically`). A member's requests are serialised by the
 * object, so balance changes need no locks; every check that follows an await is redone.
 */
export class MemberState {
  readonly sql: SqlStorage;

  constructor(
    readonly ctx: DurableObjectState,
    readonly env: Env,
  ) {
    this.sql = ctx.storage.sql;
  }

  profile(): ProfileRow | undefined {
    return this.sql.exec<ProfileRow>("SELECT * FROM profile WHERE id = 1").toArray()[0];
  }

  /**
   * A member call: the gate first (`authorize`), then the work, in the same call of the member's
   * object, so no request runs on a session that ended. Every member call goes through here.
   */
  asMember<T>(proof: SessionProof, work: (member: ProfileRow) => T): T | Failure {
    const auth = this.authorize(proof);
    return auth.ok ? work(auth.data) : auth;
  }

  /** The gate of every member call: the member exists, belongs to the site, and the session is live. */
  authorize(proof: SessionProof): Result<ProfileRow> {
    const profile = this.profile();
    if (!profile) return fail(404, "account_not_found");
    if (profile.site_id !== proof.siteId) return sessionInvalid();
    const session = this.sql
      .exec<SessionRow & { secret_hash: string }>(
        "SELECT secret_hash, expires_at, revoked_at FROM sessions WHERE id = ?",
        proof.sessionId,
      )
      .toArray()[0];
    if (!session || !constantTimeEqual(utf8(session.secret_hash), utf8(proof.secretHash))) return sessionInvalid();
    if (!isSessionLive(session, new Date())) {
      // an expired session's streams end when it is first refused, if no alarm ended them before
      this.closeSockets(proof.sessionId);
      return sessionInvalid();
    }
    return ok(profile);
  }

  /** The member, if it belongs to the operator's site (a decision never crosses tenants). */
  memberOf(siteId: string): Result<ProfileRow> {
    const profile = this.profile();
    return profile && profile.site_id === siteId ? ok(profile) : fail(400, "invalid_parameters");
  }

  /**
   * An operator's decision. The member object owns the state, so the exactly-once transition
   * happens here; the site's queue entry is updated from the returned entry and, in any case, by
   * the outbox.
   */
  decide<T>(siteId: string, work: (p: ProfileRow, now: string) => Result<T>): Result<T> {
    const member = this.memberOf(siteId);
    if (!member.ok) return member;
    const now = new Date().toISOString();
    return this.atomically(() => work(member.data, now));
  }

  /**
   * Runs a money change atomically: the SQL of `work` commits as one, and when it wrote to the
   * outbox an alarm is set to deliver it. A failure value rolls nothing back because a failing
   * path writes nothing; a thrown error (a CHECK) rolls everything back.
   */
  atomically<T>(work: () => Result<T>): Result<T> {
    const result = this.ctx.storage.transactionSync(work);
    if (result.ok) this.scheduleAlarm();
    return result;
  }

  /** The member's one alarm, set from the stored state (alarms.ts). */
  scheduleAlarm(retryAt: number | null = null): void {
    scheduleAlarm(this.ctx, retryAt);
  }

  /** Whether the member has a live stream open (streams.ts). */
  streaming(): boolean {
    return streaming(this.ctx);
  }

  /** A session ended: its sockets close (every socket when `sessionId` is null; streams.ts). */
  closeSockets(sessionId: string | null): void {
    closeSockets(this.ctx, sessionId);
  }

  who(p: ProfileRow): Who {
    return { memberId: p.member_id, account: p.account };
  }

  /** Who an audit event is about. */
  subject(p: ProfileRow, address: string | null = null) {
    return { account: p.account, memberId: p.member_id, address };
  }
}
