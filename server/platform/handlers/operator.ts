import { ICON_MAX_BYTES } from "../../contract";
import { badRequest, ok } from "../result";
import { pngSize } from "../site/png";
import type { OperatorMessage } from "../money/queue";
import { memberStub, siteStub } from "../stubs";
import type { Handler } from "./types";

export const operatorPutSite: Handler<"operatorPutSite"> = async ({ env, params, body }) =>
  siteStub(env, params.siteId).putConfig(params.siteId, body);

/** A home-screen icon: a PNG (by its bytes, not its name or type) of exactly the size its path names. */
export const operatorPutIcon: Handler<"operatorPutIcon"> = async ({ env, params, file }) => {
  if (!file) return badRequest("invalid_parameters");
  if (file.size > ICON_MAX_BYTES) return badRequest("file_too_large");
  const bytes = await file.arrayBuffer();
  const dimensions = pngSize(new Uint8Array(bytes));
  if (!dimensions) return badRequest("file_invalid_type");
  const size = Number(params.size);
  if (dimensions.width !== size || dimensions.height !== size) return badRequest("invalid_parameters");
  const stored = await siteStub(env, params.siteId).putIcon(params.size, bytes);
  return stored.ok ? ok({ size, bytes: bytes.byteLength }) : stored;
};

export const operatorPublishPress: Handler<"operatorPublishPress"> = async ({ env, params, body }) =>
  siteStub(env, params.siteId).publishPress(body);

export const operatorPublishCampaign: Handler<"operatorPublishCampaign"> = async ({ env, params, body }) =>
  siteStub(env, params.siteId).publishCampaign(body);

export const operatorPublishInstruction: Handler<"operatorPublishInstruction"> = async ({ env, params, body }) =>
  siteStub(env, params.siteId).publishInstruction(body);

export const operatorSetChatLink: Handler<"operatorSetChatLink"> = async ({ env, params, body }) =>
  siteStub(env, params.siteId).setChatLink(body.link);

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
