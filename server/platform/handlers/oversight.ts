import { dayTotals } from "../exports/day-totals";
import { dayBounds, memberDays } from "../exports/site-day";
import { badRequest, ok } from "../result";
import { siteStub } from "../stubs";
import type { Handler } from "./types";

/**
 * A site's UTC day in four figures for the back office's oversight (exports/day-totals.ts): read
 * from each member's ledger as the daily files are, so the page and the files agree.
 */
export const operatorSiteDay: Handler<"operatorSiteDay"> = async ({ env, params }) => {
  const site = siteStub(env, params.siteId);
  const config = await site.getConfig();
  if (!config) return badRequest("invalid_site");
  const { start, end } = dayBounds(params.day);
  const days = await memberDays(
    env,
    { siteId: params.siteId, memberIds: () => site.memberIds(), audit: async () => [] },
    start,
    end,
  );
  return ok(dayTotals(params.siteId, params.day, config.currency, days));
};
