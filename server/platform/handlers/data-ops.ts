import { EXPORT_KINDS, type ExportKind, type RestoreAnswer, type RestoreKind } from "../../contract";
import type { Env } from "../env";
import { siteDayFiles } from "../exports/site-day";
import { fail, ok, type Result } from "../result";
import { marketStub, memberStub, siteStub } from "../stubs";
import type { MarketCarried } from "../market/restore";
import type { SiteObject } from "../site/site-object";
import type { Handler, OperatorContext } from "./types";

type SiteCarried = ReturnType<SiteObject["carriedState"]>;

/**
 * Getting data back (server/platform/README.md, "Restore, exports and audit retention").
 *
 * A restore first finds the storage's bookmark for the point (and answers it with the warnings,
 * changing nothing, unless the body confirms). Confirmed, it writes a record of the restore, with
 * what the object will carry across, to the EXPORTS bucket before anything changes; restarts the
 * object on the bookmark; then, through a new stub (the old one broke with the object's abort),
 * writes back what is carried. The router's audit entry for a site's or a member's restore is
 * written after the handler, so it lands in the restored site's log.
 */

/** What each kind leaves out of step, said to the operator with every answer. */
const WARNINGS: Record<RestoreKind, string[]> = {
  member: [
    "The site's queues and audit log keep what happened after the point: a deposit, withdrawal or bank decision made since then shows as decided there, while the member's ledger is as it was at the point. Check the member's records before deciding anything again.",
    "Positions the market opened or closed after the point are in the market's object; the member's object shows them as they were at the point, and a close delivered since then is not delivered again.",
    "Bets placed after the point are gone from the member's object, with their stakes back in the wallet; daily files written since then no longer match this member.",
    "Sessions started after the point are gone: the member signs in again.",
  ],
  site: [
    "Configuration, content, icons, limits and the SMS log go back to the point.",
    "Carried across as they are now: the account directory, the operator queues, deposit addresses given out and derived, and the audit log (so no address is given twice and no member loses their account).",
  ],
  market: [
    "Ticks, candles, periods, results and positions' triggers go back to the point; bets and positions members placed since then stay in their objects and are settled or closed from what the restored market records.",
    "Carried across: the days' seeds and commitments (every committed day still verifies) and the pair's audit entries.",
  ],
};

type Restorable<C> = {
  bookmark(atMs: number): Promise<Result<string>>;
  carried(): Promise<C>;
  restart(bookmark: string): Promise<Result<null>>;
  carryOver(carried: C): Promise<void>;
};

async function restore<C>(
  env: Env,
  kind: RestoreKind,
  target: string,
  body: { at: string; reason: string; confirm: boolean },
  operator: OperatorContext,
  object: Restorable<C>,
): Promise<Result<RestoreAnswer>> {
  const bookmark = await object.bookmark(Date.parse(body.at));
  if (!bookmark.ok) return bookmark;
  const answer = { kind, target, at: body.at, bookmark: bookmark.data, restored: false, warnings: WARNINGS[kind] };
  if (!body.confirm) return ok(answer);
  const carried = await object.carried();
  const now = new Date().toISOString();
  await env.EXPORTS.put(
    `restores/${kind}/${target}/${now}.json`,
    JSON.stringify({ kind, target, at: body.at, bookmark: bookmark.data, reason: body.reason, operator, now, carried }),
  );
  let restarted: Result<null>;
  try {
    restarted = await object.restart(bookmark.data);
  } catch {
    // the object aborted to restart on the bookmark: its stub breaks, as it should
    restarted = ok(null);
  }
  if (!restarted.ok) return restarted;
  await object.carryOver(carried);
  return ok({ ...answer, restored: true });
}

export const operatorRestoreMember: Handler<"operatorRestoreMember"> = async ({ env, params, body, operator }) =>
  restore(env, "member", params.memberId, body, operator, {
    bookmark: (atMs) => memberStub(env, params.memberId).restoreBookmark(params.siteId, atMs),
    carried: async () => null,
    restart: (bookmark) => memberStub(env, params.memberId).restoreTo(bookmark),
    carryOver: async () => {},
  });

export const operatorRestoreSite: Handler<"operatorRestoreSite"> = async ({ env, params, body, operator }) => {
  if (!(await siteStub(env, params.siteId).getConfig())) return fail(400, "invalid_site");
  return restore<SiteCarried>(env, "site", params.siteId, body, operator, {
    bookmark: (atMs) => siteStub(env, params.siteId).restoreBookmark(atMs),
    // the stub's type of rows of unknown values is not a promise to the checker; the call is one
    carried: () => siteStub(env, params.siteId).carriedState(body.at) as unknown as Promise<SiteCarried>,
    restart: (bookmark) => siteStub(env, params.siteId).restoreTo(bookmark),
    carryOver: (carried) => siteStub(env, params.siteId).carryOver(carried),
  });
};

export const operatorRestoreMarket: Handler<"operatorRestoreMarket"> = async ({ env, params, body, operator }) => {
  if (!(await marketStub(env, params.pair).exists(params.pair))) return fail(400, "invalid_trading_pair");
  return restore<MarketCarried>(env, "market", params.pair, body, operator, {
    bookmark: (atMs) => marketStub(env, params.pair).restoreBookmark(atMs),
    carried: async () => (await marketStub(env, params.pair).carriedState(body.at)) as MarketCarried,
    restart: (bookmark) => marketStub(env, params.pair).restoreTo(bookmark),
    carryOver: (carried) =>
      marketStub(env, params.pair).carryOver(carried, "operator", {
        operatorId: operator.id,
        operatorName: operator.name,
        at: body.at,
        reason: body.reason,
      }),
  });
};

/**
 * A site's day as CSV files. Finance reconciles the money; the audit file is for admin only, so a
 * finance operator asking for it by name is refused, and one asking for every kind gets the rest.
 */
export const operatorExport: Handler<"operatorExport"> = async ({ env, params, query, operator }) => {
  const admin = operator.roles.includes("admin");
  const asked = (query.kind?.split(",") as ExportKind[] | undefined) ?? [...EXPORT_KINDS];
  if (asked.includes("audit") && !admin && query.kind !== undefined) return fail(403, "operator_role_missing");
  const kinds = EXPORT_KINDS.filter((k) => asked.includes(k) && (k !== "audit" || admin));
  const site = siteStub(env, params.siteId);
  if (!(await site.getConfig())) return fail(400, "invalid_site");
  const files = await siteDayFiles(
    env,
    { siteId: params.siteId, memberIds: () => site.memberIds(), audit: (start, end) => site.auditOfDay(start, end) },
    params.day,
    kinds,
  );
  return ok({ siteId: params.siteId, day: params.day, files });
};
