import { z } from "zod";
import { campaign, instruction, langQuery, pressItem, siteInfoAnswer } from "../schemas";
import { pairReturns } from "../returns-table";
import { iconSize, siteParams, instructionType, call } from "./spec";

/** What a site shows: its configuration, icons, news, campaigns, instructions, returns and chat link. */
export const SITE_CALLS = {
  siteInfo: call({
    method: "GET",
    path: "/site/info/:siteId",
    auth: "public",
    summary: "Site configuration and branding",
    params: siteParams,
    // a field the platform leaves out is empty, not a failure (SITE_INFO_WHEN_MISSING)
    data: siteInfoAnswer,
  }),
  siteIcon: call({
    method: "GET",
    path: "/site/icon/:siteId/:size",
    auth: "public",
    summary: "A home-screen icon of the site (a square PNG): the operator's, else a plain square of the site's accent",
    params: siteParams.extend({ size: iconSize }),
    raw: true,
    data: z.unknown(),
  }),
  press: call({
    method: "GET",
    path: "/site/info/:siteId/press",
    auth: "member",
    summary:
      "News and announcements in a language (an item missing in it: in the site's default language); `path` picks one item",
    params: siteParams,
    query: langQuery.extend({ path: z.string().max(200).optional() }),
    data: z.array(pressItem),
  }),
  campaign: call({
    method: "GET",
    path: "/site/info/:siteId/campaign",
    auth: "member",
    summary: "Campaigns in a language (a campaign missing in it: in the site's default language)",
    params: siteParams,
    query: langQuery,
    data: z.array(campaign),
  }),
  instruction: call({
    method: "GET",
    path: "/site/info/:siteId/instruction",
    auth: "member",
    summary: "Instructions of a type in a language (one missing in it: in the site's default language)",
    params: siteParams,
    query: langQuery.extend({ type: instructionType }),
    data: z.array(instruction),
  }),
  gameReturns: call({
    method: "GET",
    path: "/site/info/:siteId/returns",
    auth: "public",
    summary:
      "Return to player: per pair of the site, each option's chance of a win, a refund and a loss for a member who bets at the last moment, its return at the site's odds and the house edge, at the pair's committed parameters and latest price",
    params: siteParams,
    data: z.array(pairReturns),
  }),
  chatbox: call({
    method: "GET",
    path: "/site/info/:siteId/chatbox",
    auth: "public",
    summary: "The customer-service chat link",
    params: siteParams,
    // a referral code, as at sign-up
    query: z.object({
      referrer: z
        .string()
        .regex(/^[A-Za-z0-9]{1,32}$/)
        .optional(),
    }),
    data: z.string(),
  }),
} as const;
