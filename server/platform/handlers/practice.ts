import { badRequest } from "../result";
import { siteStub } from "../stubs";
import { idem } from "./money";
import type { Handler } from "./types";

/**
 * The practice account (server/platform/README.md, "Practice account"). The site's
 * practiceBalance is read here per request: the account opens with it, and a reset restores it.
 */

export const practice: Handler<"practice"> = async ({ env, member }) => {
  const config = await siteStub(env, member.siteId).getConfig();
  if (!config) return badRequest("invalid_site");
  return member.stub.practice(member.proof, config.practiceBalance);
};

export const resetPractice: Handler<"resetPractice"> = async ({ env, member, body, idempotencyKey }) => {
  const config = await siteStub(env, member.siteId).getConfig();
  if (!config) return badRequest("invalid_site");
  return member.stub.resetPractice(member.proof, await idem("resetPractice", idempotencyKey, body), config.practiceBalance);
};
