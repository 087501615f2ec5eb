import { badRequest } from "../result";
import { siteStub } from "../stubs";
import { practiceRefused } from "../member/practice";
import { idem } from "./money";
import type { Handler, MemberContext } from "./types";
import type { Failure } from "../result";

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

/**
 * A money call in practice mode (deposit, transfer, withdraw, joinCampaign): refused before it
 * reads or changes anything, so play money can never reach or come from real balances. The
 * session is checked first, so an ended session still answers as it does everywhere (402).
 * Null: the call is in real mode and goes on.
 */
export async function refusedInPractice(member: MemberContext): Promise<Failure | null> {
  if (member.mode !== "practice") return null;
  const live = await member.stub.verify(member.proof);
  return live.ok ? practiceRefused() : live;
}
