import { iconBackground } from "../../contract";
import { pairReturns } from "../market/returns";
import { badRequest, ok, type Result } from "../result";
import { solidPng } from "../site/png";
import { siteStub } from "../stubs";
import { beaconKind } from "../beacon/source";
import type { Handler, MemberContext, RawFile } from "./types";

export const siteInfo: Handler<"siteInfo"> = async ({ env, params }) => {
  const config = await siteStub(env, params.siteId).getConfig();
  // the beacon is the platform's, not the site's: said with the answer, so a page can say it is local
  return config ? ok({ ...config, beacon: beaconKind(env) }) : badRequest("invalid_site");
};

/**
 * A home-screen icon: the PNG the operator uploaded (rendered by the operator CLI from the site's
 * mark), else a plain square of the site's accent, so the manifest's icons always exist.
 */
export const siteIcon: Handler<"siteIcon"> = async ({ env, params }) => {
  const site = siteStub(env, params.siteId);
  const config = await site.getConfig();
  if (!config) return badRequest("invalid_site");
  const png = (await site.getIcon(params.size)) ?? (await solidPng(Number(params.size), iconBackground(config.theme)));
  const file: RawFile = {
    body: png instanceof Uint8Array ? png.slice().buffer : png,
    contentType: "image/png",
    size: png.byteLength,
  };
  return ok(file);
};

/**
 * Return to player per pair of the site at its odds (server/platform/README.md, "Return to
 * player"): public, as a licensed operator publishes it. A pair whose market cannot answer (no
 * price yet) is left out rather than failing the page.
 */
export const gameReturns: Handler<"gameReturns"> = async ({ env, params }) => {
  const config = await siteStub(env, params.siteId).getConfig();
  if (!config) return badRequest("invalid_site");
  const tables = await Promise.all(config.pairs.map((pair) => pairReturns(env, pair, config.odds)));
  return ok(tables.filter((t) => t !== null));
};

/**
 * Member-only content is read from the site object, which knows nothing of sessions: the token's
 * session is checked with the member's object first, so a well-formed but forged or revoked token
 * reads nothing.
 */
async function whenLive<T>(member: MemberContext, read: () => Promise<T>): Promise<Result<T>> {
  const live = await member.stub.verify(member.proof);
  return live.ok ? ok(await read()) : live;
}

export const press: Handler<"press"> = async ({ env, member, params, query }) =>
  whenLive(member, () => siteStub(env, params.siteId).listPress(query.lang, query.path));

export const campaign: Handler<"campaign"> = async ({ env, member, params, query }) =>
  whenLive(member, () => siteStub(env, params.siteId).listCampaigns(query.lang));

export const instruction: Handler<"instruction"> = async ({ env, member, params, query }) =>
  whenLive(member, () => siteStub(env, params.siteId).listInstructions(query.lang, query.type));

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
