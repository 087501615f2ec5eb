import type { z } from "zod";
import type {
  confirmLimitBody,
  ProtectionState,
  RealityCheck,
  setLimitBody,
  startBreakBody,
} from "../../contract/protection";
import type { SessionProof } from "../auth/token";
import { ok, type Result } from "../result";
import { sessionInvalid, type MemberState } from "./member-state";
import type { Idem } from "./requests";
import * as linked from "./linked-breaks";
import * as protection from "./protection";
import * as realityChecks from "./reality-check";

/**
 * Player protection as the member's calls reach it (the rules and rows: protection.ts,
 * protection-checks.ts, reality-check.ts): limits, reality checks and breaks, and the operator's
 * view. `siteMinutes`: the site's realityCheckMinutes, read by the worker per request.
 */

type RealityMinutes = 15 | 30 | 60;

export function protectionOf(
  m: MemberState,
  proof: SessionProof,
  siteMinutes: RealityMinutes,
): Result<ProtectionState> {
  return m.asMember(proof, (member) => ok(protection.protectionState(m.sql, member.currency, siteMinutes, Date.now())));
}

export function setLimit(
  m: MemberState,
  proof: SessionProof,
  body: z.output<typeof setLimitBody>,
  siteMinutes: RealityMinutes,
  address: string | null,
): Result<ProtectionState> {
  return m.asMember(proof, (member) => {
    const now = Date.now();
    const set = m.atomically(() => protection.setLimit(m.sql, { ...m.who(member), address }, body, now));
    return set.ok ? ok(protection.protectionState(m.sql, member.currency, siteMinutes, now)) : set;
  });
}

export function confirmLimit(
  m: MemberState,
  proof: SessionProof,
  body: z.output<typeof confirmLimitBody>,
  siteMinutes: RealityMinutes,
  address: string | null,
): Result<ProtectionState> {
  return m.asMember(proof, (member) => {
    const now = Date.now();
    const done = m.atomically(() => protection.confirmLimit(m.sql, { ...m.who(member), address }, body, now));
    return done.ok ? ok(protection.protectionState(m.sql, member.currency, siteMinutes, now)) : done;
  });
}

export function askToReturn(
  m: MemberState,
  proof: SessionProof,
  siteMinutes: RealityMinutes,
  address: string | null,
): Result<ProtectionState> {
  return m.asMember(proof, (member) => {
    const now = Date.now();
    const asked = m.atomically(() => protection.askToReturn(m.sql, { ...m.who(member), address }, now));
    return asked.ok ? ok(protection.protectionState(m.sql, member.currency, siteMinutes, now)) : asked;
  });
}

/** Answers whether the break was new here (false: another number, an unverified one, or had already). */
export function applyLinkedBreak(m: MemberState, b: linked.LinkedBreak): boolean {
  if (!m.profile()) return false;
  const applied = m.ctx.storage.transactionSync(() => linked.applyLinkedBreak(m.sql, b, Date.now()));
  if (applied) m.scheduleAlarm();
  return applied;
}

export function setRealityCheck(
  m: MemberState,
  proof: SessionProof,
  minutes: RealityMinutes,
  siteMinutes: RealityMinutes,
  address: string | null,
): Result<ProtectionState> {
  return m.asMember(proof, (member) => {
    const now = Date.now();
    m.atomically(() => protection.setRealityCheck(m.sql, { ...m.who(member), address }, minutes, siteMinutes, now));
    return ok(protection.protectionState(m.sql, member.currency, siteMinutes, now));
  });
}

export function startBreak(
  m: MemberState,
  proof: SessionProof,
  idem: Idem,
  body: z.output<typeof startBreakBody>,
  siteMinutes: RealityMinutes,
  address: string | null,
): Result<ProtectionState> {
  return m.asMember(proof, (member) => {
    const now = Date.now();
    const answer = () => protection.protectionState(m.sql, member.currency, siteMinutes, now);
    return m.atomically(() => protection.startBreak(m.sql, { ...m.who(member), address }, idem, body, now, answer));
  });
}

export function realityCheck(m: MemberState, proof: SessionProof, siteMinutes: RealityMinutes): Result<RealityCheck> {
  return m.asMember(proof, (member) => {
    const check = realityChecks.realityCheck(m.sql, proof.sessionId, member.currency, siteMinutes, Date.now());
    return check ? ok(check) : sessionInvalid();
  });
}

export function continueRealityCheck(
  m: MemberState,
  proof: SessionProof,
  siteMinutes: RealityMinutes,
): Result<RealityCheck> {
  return m.asMember(proof, (member) => {
    const now = Date.now();
    const check = m.ctx.storage.transactionSync(() => {
      const before = realityChecks.realityCheck(m.sql, proof.sessionId, member.currency, siteMinutes, now);
      // only a due check is answered: a retry of an answer already taken changes nothing
      if (before?.due) realityChecks.continueRealityCheck(m.sql, proof.sessionId, now);
      return realityChecks.realityCheck(m.sql, proof.sessionId, member.currency, siteMinutes, now);
    });
    return check ? ok(check) : sessionInvalid();
  });
}

/** The operator's view of the member's protection (the member must be of the operator's site). */
export function operatorProtection(
  m: MemberState,
  siteId: string,
  siteMinutes: RealityMinutes,
): Result<ProtectionState> {
  const member = m.memberOf(siteId);
  return member.ok ? ok(protection.protectionState(m.sql, member.data.currency, siteMinutes, Date.now())) : member;
}

/** Always a refusal: nobody ends a break early (the worker audits the attempt as an operator action). */
export function operatorEndBreak(m: MemberState, siteId: string): Result<ProtectionState> {
  const member = m.memberOf(siteId);
  return member.ok ? protection.endBreakRefusal(m.sql, Date.now()) : member;
}
