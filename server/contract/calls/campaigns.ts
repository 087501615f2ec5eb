import { z } from "zod";
import { campaignKey, memberCampaign } from "../campaigns";
import { call } from "./spec";

/** A member's campaigns (campaigns.ts). */
export const CAMPAIGN_CALLS = {
  memberCampaigns: call({
    method: "GET",
    path: "/player/campaigns",
    auth: "member",
    summary: "The site's campaigns with what they pay, whether the member takes part, and their progress",
    data: z.array(memberCampaign),
  }),
  joinCampaign: call({
    method: "POST",
    path: "/player/campaigns/:key/join",
    auth: "member",
    summary: "Join an opt-in campaign (joining twice changes nothing)",
    params: z.object({ key: campaignKey }),
    idempotent: true,
    body: z.object({}).strict(),
    data: memberCampaign,
  }),
} as const;
