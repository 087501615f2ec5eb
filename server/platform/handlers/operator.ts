import { ICON_MAX_BYTES, iconProblem } from "../../contract";
import { overpayingOdds } from "../market/returns";
import { badRequest, fail, ok } from "../result";
import { defaultSiteConfig } from "../site/defaults";
import type { OperatorMessage } from "../money/queue";
import { memberStub, siteStub } from "../stubs";
import type { Handler } from "./types";

/**
 * Odds or pairs that would let an option return 100 % or more on one of the site's pairs, at its
 * committed parameters and latest price, are refused with a line per option and pair
 * (server/platform/README.md, "Return to player"). Only a patch that names odds or pairs is
 * checked: a later price fall must not block an unrelated change (bets on such an option are
 * refused instead).
 */
export const operatorPutSite: Handler<"operatorPutSite"> = async ({ env, params, body }) => {
  const site = siteStub(env, params.siteId);
  if (body.odds !== undefined || body.pairs !== undefined) {
    const current = (await site.getConfig()) ?? defaultSiteConfig(params.siteId);
    const problems = await overpayingOdds(env, body.pairs ?? current.pairs, body.odds ?? current.odds);
    if (problems.length > 0) return fail(400, "odds_return_too_high", problems);
  }
  return site.putConfig(params.siteId, body);
};

/** A home-screen icon: a PNG (by its bytes, not its name or type) of exactly the size its path names. */
export const operatorPutIcon: Handler<"operatorPutIcon"> = async ({ env, params, file }) => {
  if (!file) return badRequest("invalid_parameters");
  if (file.size > ICON_MAX_BYTES) return badRequest("file_too_large");
  const bytes = await file.arrayBuffer();
  const problem = iconProblem(new Uint8Array(bytes), params.size);
  if (problem === "too_large") return badRequest("file_too_large");
  if (problem === "not_png") return badRequest("file_invalid_type");
  if (problem === "wrong_size") return badRequest("invalid_parameters");
  const stored = await siteStub(env, params.siteId).putIcon(params.size, bytes);
  return stored.ok ? ok({ size: Number(params.size), bytes: bytes.byteLength }) : stored;
};

export const operatorPublishPress: Handler<"operatorPublishPress"> = async ({ env, params, body }) =>
  siteStub(env, params.siteId).publishPress(body);

export const operatorPublishCampaign: Handler<"operatorPublishCampaign"> = async ({ env, params, body }) =>
  siteStub(env, params.siteId).publishCampaign(body);

export const operatorPublishInstruction: Handler<"operatorPublishInstruction"> = async ({ env, params, body }) =>
  siteStub(env, params.siteId).publishInstruction(body);

export const operatorSetChatLink: Handler<"operatorSetChatLink"> = async ({ env, params, body }) =>
  siteStub(env, params.siteId).setChatLink(body.link);

export const operatorContent: Handler<"operatorContent"> = async ({ env, params, query }) =>
  siteStub(env, params.siteId).listAllContent(query.kind);

export const operatorRetireContent: Handler<"operatorRetireContent"> = async ({ env, params }) =>
  siteStub(env, params.siteId).retireContent(params.kind, params.id);

/** Codes the log provider "sent"; with the HTTP provider the log stays empty. */
export const operatorSmsLog: Handler<"operatorSmsLog"> = async ({ env, params, query }) =>
  ok(await siteStub(env, params.siteId).smsLog(query.mobile));

/** The site's queue of threads (fed by the members' outboxes): awaiting a reply, or with --all every one. */
export const operatorMessages: Handler<"operatorMessages"> = async ({ env, params, query }) =>
  ok((await siteStub(env, params.siteId).listQueue("message", query.status === "all")) as OperatorMessage[]);

/** The member object owns the thread; it answers only for a member of this site. */
export const operatorMessage: Handler<"operatorMessage"> = async ({ env, params }) =>
  memberStub(env, params.memberId).operatorMessage(params.siteId, params.id);

export const operatorReplyMessage: Handler<"operatorReplyMessage"> = async ({ env, params, body }) => {
  const replied = await memberStub(env, params.memberId).operatorReply(params.siteId, params.id, body.content);
  if (!replied.ok) return replied;
  // Written to the queue at once so the operator's next list no longer shows it; the outbox delivers it too.
  await siteStub(env, params.siteId).enqueue(replied.data.queued.entry);
  return ok(replied.data.thread);
};
