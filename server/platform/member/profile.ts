import type { PlayerInfo } from "../../contract";
import { fail, ok, type Result } from "../result";
import type { SessionProof } from "../auth/token";
import { openAccount } from "./ledger";
import type { MemberState } from "./member-state";
import { gameAccount, HOLD, MAIN } from "./schema";

/** The member's profile: created at sign-up, read as PlayerInfo, and the fields a member may change. */

export interface NewMember {
  memberId: string;
  siteId: string;
  account: string;
  realName: string;
  areaCode: string;
  mobile: string;
  inviteCode: string;
  referralCode: string;
  passwordHash: string;
  transactionPasswordHash: string;
  currency: string;
  games: string[];
}

/** Fields the site's member may change; mobile changes were cleared with the site directory first. */
export type InfoChanges = Partial<Pick<PlayerInfo, "realName" | "areaCode" | "mobile" | "email">>;

export type ProfileRow = {
  member_id: string;
  site_id: string;
  account: string;
  real_name: string;
  area_code: string;
  mobile: string;
  mobile_verified: number;
  email: string;
  invite_code: string;
  referral_code: string;
  password_hash: string;
  transaction_password_hash: string;
  currency: string;
  created_at: string;
  last_login_at: string | null;
};

export const toPlayerInfo = (p: ProfileRow): PlayerInfo => ({
  account: p.account,
  realName: p.real_name,
  areaCode: p.area_code,
  mobile: p.mobile,
  mobileVerified: p.mobile_verified === 1,
  email: p.email,
  inviteCode: p.invite_code,
  referralCode: p.referral_code,
  hasTransactionPassword: p.transaction_password_hash !== "",
  currency: p.currency,
  createdAt: p.created_at,
  lastLoginAt: p.last_login_at,
});

export function create(state: MemberState, m: NewMember): Result<null> {
  if (state.profile()) return fail(400, "account_exists");
  const now = new Date().toISOString();
  state.ctx.storage.transactionSync(() => {
    state.sql.exec(
      `INSERT INTO profile (id, member_id, site_id, account, real_name, area_code, mobile, invite_code,
         referral_code, password_hash, transaction_password_hash, currency, created_at)
       VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      m.memberId,
      m.siteId,
      m.account,
      m.realName,
      m.areaCode,
      m.mobile,
      m.inviteCode,
      m.referralCode,
      m.passwordHash,
      m.transactionPasswordHash,
      m.currency,
      now,
    );
    // Every account starts at zero, which is also the sum of its (no) postings.
    for (const account of [MAIN, HOLD, ...m.games.map(gameAccount)]) openAccount(state.sql, account);
  });
  return ok(null);
}

export function updateInfo(m: MemberState, proof: SessionProof, changes: InfoChanges): Result<PlayerInfo> {
  return m.asMember(proof, (member) => {
    const p = member;
    const mobileChanged =
      (changes.areaCode ?? p.area_code) !== p.area_code || (changes.mobile ?? p.mobile) !== p.mobile;
    m.sql.exec(
      `UPDATE profile SET real_name = ?, area_code = ?, mobile = ?, email = ?, mobile_verified = ? WHERE id = 1`,
      changes.realName ?? p.real_name,
      changes.areaCode ?? p.area_code,
      changes.mobile ?? p.mobile,
      changes.email ?? p.email,
      // A new number has not been verified yet.
      mobileChanged ? 0 : p.mobile_verified,
    );
    return ok(toPlayerInfo(m.profile()!));
  });
}

export function info(m: MemberState, proof: SessionProof): Result<PlayerInfo> {
  return m.asMember(proof, (member) => ok(toPlayerInfo(member)));
}
