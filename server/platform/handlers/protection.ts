import { badRequest } from "../result";
import { memberStub, siteStub } from "../stubs";
import type { Env } from "../env";
import type { Handler } from "./types";

/**
 * Player protection (server/platform/README.md, "Player protection"). The site's reality-check
 * default is read here per request; the member's limits, breaks and checks are the member
 * object's, which enforces them in the same transaction as each deposit, bet and open.
 */

async function siteMinutes(env: Env, siteId: string) {
  return (await siteStub(env, siteId).getConfig())?.realityCheckMinutes ?? null;
}

export const protection: Handler<"protection"> = async ({ env, member }) => {
  const minutes = await siteMinutes(env, member.siteId);
  return minutes === null ? badRequest("invalid_site") : member.stub.protection(member.proof, minutes);
};

export const setLimit: Handler<"setLimit"> = async ({ env, member, body, clientAddress }) => {
  const minutes = await siteMinutes(env, member.siteId);
  return minutes === null
    ? badRequest("invalid_site")
    : member.stub.setLimit(member.proof, body, minutes, clientAddress);
};

export const confirmLimit: Handler<"confirmLimit"> = async ({ env, member, body, clientAddress }) => {
  const minutes = await siteMinutes(env, member.siteId);
  return minutes === null
    ? badRequest("invalid_site")
    : member.stub.confirmLimit(member.proof, body, minutes, clientAddress);
};

export const askToReturn: Handler<"askToReturn"> = async ({ env, member, clientAddress }) => {
  const minutes = await siteMinutes(env, member.siteId);
  return minutes === null ? badRequest("invalid_site") : member.stub.askToReturn(member.proof, minutes, clientAddress);
};

export const setRealityCheck: Handler<"setRealityCheck"> = async ({ env, member, body, clientAddress }) => {
  const minutes = await siteMinutes(env, member.siteId);
  return minutes === null
    ? badRequest("invalid_site")
    : member.stub.setRealityCheck(member.proof, body.minutes, minutes, clientAddress);
};

export const startBreak: Handler<"startBreak"> = async ({ env, member, body, intent, clientAddress }) => {
  const minutes = await siteMinutes(env, member.siteId);
  if (minutes === null) return badRequest("invalid_site");
  return member.stub.startBreak(member.proof, intent, body, minutes, clientAddress);
};

export const realityCheck: Handler<"realityCheck"> = async ({ env, member }) => {
  const minutes = await siteMinutes(env, member.siteId);
  return minutes === null ? badRequest("invalid_site") : member.stub.realityCheck(member.proof, minutes);
};

export const continueRealityCheck: Handler<"continueRealityCheck"> = async ({ env, member }) => {
  const minutes = await siteMinutes(env, member.siteId);
  return minutes === null ? badRequest("invalid_site") : member.stub.continueRealityCheck(member.proof, minutes);
};

/** A member's protection for the operator (a read of one member's data: audited as every operator call on a site). */
export const operatorMemberProtection: Handler<"operatorMemberProtection"> = async ({ env, params }) => {
  const minutes = await siteMinutes(env, params.siteId);
  return minutes === null
    ? badRequest("invalid_site")
    : memberStub(env, params.memberId).operatorProtection(params.siteId, minutes);
};

/**
 * Always refused: a time-out or self-exclusion cannot be ended early, by the member or anyone
 * (break_cannot_end_early with its end; invalid_parameters when none is in force). The router
 * logs the attempt with its reason and the refusal (handlers/audit.ts, logOperatorAction).
 */
export const operatorEndBreak: Handler<"operatorEndBreak"> = async ({ env, params }) => {
  if ((await siteMinutes(env, params.siteId)) === null) return badRequest("invalid_site");
  return memberStub(env, params.memberId).operatorEndBreak(params.siteId);
};
