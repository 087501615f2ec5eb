import { badRequest } from "../result";
import { siteStub } from "../stubs";
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

export const resetPractice: Handler<"resetPractice"> = async ({ env, member, intent }) => {
  const config = await siteStub(env, member.siteId).getConfig();
  if (!config) return badRequest("invalid_site");
  return member.stub.resetPractice(member.proof, intent, config.practiceBalance);
};
