import { badRequest, ok } from "../result";
import { siteStub } from "../stubs";
import type { Handler } from "./types";

export const siteInfo: Handler<"siteInfo"> = async ({ env, params }) => {
  const config = await siteStub(env, params.siteId).getConfig();
  return config ? ok(config) : badRequest("invalid_site");
};

export const press: Handler<"press"> = async ({ env, params, query }) =>
  ok(await siteStub(env, params.siteId).listPress(query.lang, query.path));

export const campaign: Handler<"campaign"> = async ({ env, params, query }) =>
  ok(await siteStub(env, params.siteId).listCampaigns(query.lang));

export const instruction: Handler<"instruction"> = async ({ env, params, query }) =>
  ok(await siteStub(env, params.siteId).listInstructions(query.lang, query.type));

/**
 * The chat link; a member's stored referrer code is passed on to the chat service as a
 * `referrer` query parameter, so an agent sees who referred the visitor.
 */
export const chatbox: Handler<"chatbox"> = async ({ env, params, query }) => {
  const link = await siteStub(env, params.siteId).getChatLink();
  if (!link.ok || link.data === "" || !query.referrer) return link;
  const url = new URL(link.data);
  url.searchParams.set("referrer", query.referrer);
  return ok(url.toString());
};
