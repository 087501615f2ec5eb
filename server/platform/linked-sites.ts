import type { Env } from "./env";
import type { LinkedBreak } from "./member/linked-breaks";
import { memberStub, siteStub } from "./stubs";

/**
 * Carrying breaks between linked sites (decision 033; server/platform/README.md, "Linked sites"):
 * the awaits between objects, run by a member's alarm (from its outbox) and by the operator's
 * link call, never inside a money transaction. Each step is idempotent (a break is kept and
 * applied once per origin), so a delivery that fails part way is simply run again.
 */

/** The break's origin site: the first part of "<site>/<member>/<seq>". */
export const originSite = (b: LinkedBreak) => b.origin.split("/")[0]!;

/** Whether a break can still stop play at `nowMs`: a time-out until its date, a self-exclusion until a return. */
export const mayHold = (b: LinkedBreak, nowMs: number) => b.kind === "exclusion" || Date.parse(b.until) > nowMs;

/**
 * Hands a break to `sites`: each keeps it under the number and names its member with that number,
 * whose object applies it if the number is verified there too.
 */
export async function carryBreak(env: Env, b: LinkedBreak, sites: readonly string[]): Promise<void> {
  for (const site of sites) {
    const memberId = await siteStub(env, site).receiveLinkedBreak(b);
    if (memberId !== null) await memberStub(env, memberId).applyLinkedBreak(b);
  }
}

/** A break the member took: kept by their own site (for sites linked later), then carried to its links. */
export async function shareBreak(env: Env, b: LinkedBreak): Promise<void> {
  const own = siteStub(env, originSite(b));
  await own.receiveLinkedBreak(b);
  await carryBreak(env, b, await own.siteLinks());
}

/**
 * Sites joined a group: each site's own members' breaks that can still hold go to the sites it was
 * not linked with before. `before`: each site's links before the change; `group`: every site now.
 */
export async function carryToNewLinks(
  env: Env,
  group: readonly string[],
  before: ReadonlyMap<string, readonly string[]>,
  nowMs: number,
): Promise<void> {
  for (const site of group) {
    const fresh = group.filter((s) => s !== site && !(before.get(site) ?? []).includes(s));
    if (fresh.length === 0) continue;
    const own = (await siteStub(env, site).ownLinkedBreaks(site)).filter((b) => mayHold(b, nowMs));
    for (const b of own) await carryBreak(env, b, fresh);
  }
}
