import { MEMBER_OVERVIEW_LATEST, type MemberOverview } from "../../contract";
import type { Env } from "../env";
import { badRequest, ok, type Result } from "../result";
import { memberStub, siteStub } from "../stubs";
import type { Handler, Touched } from "./types";

/**
 * Customer service's view of one member, by account name: the site finds the member and keeps
 * the audit log, the member's object answers the rest in one pass. The read itself is audited as
 * every operator call on a member is (handlers/audit.ts), naming the member it showed.
 */
export const operatorMember: Handler<"operatorMember"> = async ({ env, params, touched }) =>
  overview(env, params.siteId, { account: params.account }, touched);

/** The same page, the member found by account, mobile number or id (support's lookup form). */
export const operatorFindMember: Handler<"operatorFindMember"> = async ({ env, params, query, touched }) =>
  overview(env, params.siteId, query, touched);

async function overview(
  env: Env,
  siteId: string,
  lookup: { account?: string; mobile?: string; memberId?: string },
  touched: Touched,
): Promise<Result<MemberOverview>> {
  const site = siteStub(env, siteId);
  const config = await site.getConfig();
  if (!config) return badRequest("invalid_site");
  const found = await site.findMember(lookup);
  if (!found.ok) return found;
  const memberId = found.data;
  touched.memberId = memberId;
  const member = await memberStub(env, memberId).operatorOverview(siteId, config.games, config.realityCheckMinutes);
  if (!member.ok) return member;
  touched.account = member.data.account;
  const audit = await site.memberAudit(memberId, member.data.account, MEMBER_OVERVIEW_LATEST.audit);
  return ok({ ...member.data, audit });
}
