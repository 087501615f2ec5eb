import type { CampaignRule, MemberCampaign } from "../../contract";
import type { SessionProof } from "../auth/token";
import { ok, type Result } from "../result";
import * as campaigns from "./campaign-view";
import type { MemberState } from "./member-state";
import * as protection from "./protection-checks";

/** The member's campaign calls (campaign-view.ts), with the site's rules the worker read. */

export function memberCampaigns(m: MemberState, proof: SessionProof, rules: CampaignRule[]): Result<MemberCampaign[]> {
  return m.asMember(proof, () => ok(campaigns.memberCampaigns(m.sql, rules, Date.now())));
}

export function joinCampaign(
  m: MemberState,
  proof: SessionProof,
  key: string,
  rules: CampaignRule[],
): Result<MemberCampaign> {
  return m.asMember(proof, (member) =>
    // player protection: no joining a campaign during a break
    m.atomically(
      () =>
        protection.breakRefusal(m.sql, Date.now()) ??
        campaigns.joinCampaign(m.sql, m.who(member), rules, key, Date.now()),
    ),
  );
}
