import type { PlayerInfo } from "../../contract";
import type { SessionProof } from "../auth/token";
import { fail, ok, type Result } from "../result";
import { internationalNumber, type SmsPurpose } from "../sms/code";
import { numberVerified } from "./linked-breaks";
import * as center from "./center";
import { record, replay } from "./ledger";
import type { MemberState } from "./member-state";
import * as money from "./money";
import { toPlayerInfo, type ProfileRow } from "./profile";

/** SMS codes sent to the member's mobile (the rows: center.ts): reserved, sent once per key, and used to verify the number. */

/** A reserved SMS send: where it goes, and what the member is told about the next one. */
export type SmsReservation = { id: string; to: string; mobile: string; account: string } & center.SmsSent;

function reserve(m: MemberState, p: ProfileRow, purpose: SmsPurpose, codeHash: string): Result<SmsReservation> {
  if (p.area_code === "") return fail(400, "update_area_code_first");
  if (p.mobile === "") return fail(400, "update_mobile_first");
  const to = internationalNumber(p.area_code, p.mobile);
  const reserved = m.ctx.storage.transactionSync(() => center.reserveSms(m.sql, purpose, codeHash, to, new Date()));
  return reserved.ok ? ok({ ...reserved.data, to, mobile: p.mobile, account: p.account }) : reserved;
}

export function reserveSms(
  m: MemberState,
  proof: SessionProof,
  purpose: SmsPurpose,
  codeHash: string,
): Result<SmsReservation> {
  return m.asMember(proof, (member) => reserve(m, member, purpose, codeHash));
}

/**
 * A code sent at the member's request: its answer is kept under the request's idempotency key,
 * so a retry after a lost answer gets it again instead of another text (`replayed`). A retry
 * that raced the first one gets the first one's answer here.
 */
export function smsSent(
  m: MemberState,
  proof: SessionProof,
  idem: money.Idem,
  answer: center.SmsSent,
): Result<center.SmsSent> {
  return m.asMember(proof, () => {
    return m.ctx.storage.transactionSync(() => {
      const replayed = replay(m.sql, money.requestKey(idem.key), idem.fingerprint);
      if (replayed) return replayed as Result<center.SmsSent>;
      record(m.sql, {
        key: money.requestKey(idem.key),
        call: "smsSend",
        fingerprint: idem.fingerprint,
        response: answer,
        now: new Date().toISOString(),
      });
      return ok(answer);
    });
  });
}

/** A forgotten-password code: no session, so the site named by the request must be the member's. */
export function reserveResetSms(m: MemberState, siteId: string, codeHash: string): Result<SmsReservation> {
  const member = m.memberOf(siteId);
  return member.ok ? reserve(m, member.data, "reset_password", codeHash) : member;
}

export function verifyMobile(m: MemberState, proof: SessionProof, codeHash: string): Result<PlayerInfo> {
  return m.asMember(proof, (member) => {
    const p = member;
    const used = m.ctx.storage.transactionSync(() => {
      const result = center.useCode(
        m.sql,
        "verify_mobile",
        codeHash,
        internationalNumber(p.area_code, p.mobile),
        new Date(),
      );
      if (result.ok) {
        m.sql.exec("UPDATE profile SET mobile_verified = 1 WHERE id = 1");
        // breaks cross linked sites by verified number (decision 033)
        numberVerified(m.sql, Date.now());
      }
      return result;
    });
    if (used.ok) m.scheduleAlarm();
    return used.ok ? ok(toPlayerInfo(m.profile()!)) : used;
  });
}

export function releaseSms(m: MemberState, id: string): void {
  center.releaseSms(m.sql, id);
}
