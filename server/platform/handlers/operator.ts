import { siteStub } from "../stubs";
import type { Handler } from "./types";

export const operatorPutSite: Handler<"operatorPutSite"> = async ({ env, params, body }) =>
  siteStub(env, params.siteId).putConfig(params.siteId, body);

export const operatorPublishPress: Handler<"operatorPublishPress"> = async ({ env, params, body }) =>
  siteStub(env, params.siteId).publishPress(body);

export const operatorPublishCampaign: Handler<"operatorPublishCampaign"> = async ({ env, params, body }) =>
  siteStub(env, params.siteId).publishCampaign(body);

export const operatorPublishInstruction: Handler<"operatorPublishInstruction"> = async ({ env, params, body }) =>
  siteStub(env, params.siteId).publishInstruction(body);

export const operatorSetChatLink: Handler<"operatorSetChatLink"> = async ({ env, params, body }) =>
  siteStub(env, params.siteId).setChatLink(body.link);
