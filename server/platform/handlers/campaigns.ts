import { badRequest } from "../result";
import { siteStub } from "../stubs";
import type { Handler } from "./types";
import { refusedInPractice } from "./mode";

/**
 * Campaigns (server/platform/README.md, "Campaigns"). The rules are the site's configuration,
 * read here per request; the member's part (joins, bonuses, rebate periods) is the member
 * object's, which applies the rules in its own transaction.
 */

export const memberCampaigns: Handler<"memberCampaigns"> = async ({ env, member }) => {
  const config = await siteStub(env, member.siteId).getConfig();
  if (!config) return badRequest("invalid_site");
  return member.stub.memberCampaigns(member.proof, config.campaignRules);
};

/** Idempotent by nature: a second join changes nothing and answers the same campaign. */
export const joinCampaign: Handler<"joinCampaign"> = async ({ env, member, params }) => {
  // play money never takes part in a campaign
  const refused = await refusedInPractice(member);
  if (refused) return refused;
  const config = await siteStub(env, member.siteId).getConfig();
  if (!config) return badRequest("invalid_site");
  return member.stub.joinCampaign(member.proof, params.key, config.campaignRules);
};

/** Ends a campaign now (audited as every operator call on a site); ending it again returns it unchanged. */
export const operatorEndCampaign: Handler<"operatorEndCampaign"> = async ({ env, params }) =>
  siteStub(env, params.siteId).endCampaign(params.key);
