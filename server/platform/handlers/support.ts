import { MEMBER_OVERVIEW_LATEST } from "../../contract/support";
import { badRequest, ok } from "../result";
import { memberStub, siteStub } from "../stubs";
import type { Handler } from "./types";

/**
 * Customer service's view of one member, by account name: the site finds the member and keeps
 * the audit log, the member's object answers the rest in one pass. The read itself is audited as
 * every operator call on a member is (handlers/audit.ts), naming the member it showed.
 */
export const operatorMember: Handler<"operatorMember"> = async ({ env, params, touched }) => {
  const site = siteStub(env, params.siteId);
  const config = await site.getConfig();
  if (!config) return badRequest("invalid_site");
  const memberId = await site.findMemberId(params.account);
  if (memberId === null) return badRequest("account_not_found");
  touched.memberId = memberId;
  const member = await memberStub(env, memberId).operatorOverview(
    params.siteId,
    config.games,
    config.realityCheckMinutes,
  );
  if (!member.ok) return member;
  touched.account = member.data.account;
  const audit = await site.memberAudit(memberId, member.data.account, MEMBER_OVERVIEW_LATEST.audit);
  return ok({ ...member.data, audit });
};
