import type { AppLoadContext } from "@remix-run/cloudflare";
import { pairName } from "./game";
import { messageKey } from "./messages";

/**
 * Verifiable rounds, the site's side (app/README.md, "Verifiable rounds"): the platform's public
 * calls fairnessDays and periodProof, read for /fairness, a period's page and its proof.json.
 */

const PERIOD_NO = /^\d{12,13}$/;
/** Days of seeds listed per pair on /fairness: tomorrow, today and the last week. */
export const DAYS_LISTED = 9;

/** The pairs of the site with their names and precisions (the platform's, else the symbol's). */
export async function sitePairs(context: AppLoadContext) {
  const pairs = await context.platform.call("pairs");
  const known = new Map(pairs.ok ? pairs.data.map((p) => [p.symbol, p]) : []);
  return context.site.pairs.map((symbol) => ({
    symbol,
    name: known.get(symbol)?.name ?? pairName(symbol),
    precision: known.get(symbol)?.precision ?? 2,
    // a synthetic pair is marked so (docs/decisions/032); unknown: no mark
    source: known.get(symbol)?.source ?? null,
  }));
}

/** Every pair's commitments, newest day first; a failed read names its pair's message. */
export async function loadFairnessDays(context: AppLoadContext) {
  const pairs = await sitePairs(context);
  return Promise.all(
    pairs.map(async (pair) => {
      const r = await context.platform.call("fairnessDays", {
        params: { pair: pair.symbol },
        query: { limit: DAYS_LISTED },
      });
      return { pair, days: r.ok ? r.data : [], error: r.ok ? null : messageKey(r.code) };
    }),
  );
}

/**
 * The proof of one period of a pair the site offers, or null for anything the page should answer
 * 404 to: a pair not offered here, a malformed number, a period the platform does not know or that
 * has not ended (invalid_period). Other failures (the platform down) come back as a failure.
 */
export async function loadPeriodProof(context: AppLoadContext, pair: string | undefined, periodNo: string | undefined) {
  if (!pair || !periodNo || !context.site.pairs.includes(pair) || !PERIOD_NO.test(periodNo)) return null;
  const r = await context.platform.call("periodProof", { params: { pair, periodNo } });
  if (!r.ok && (r.code === "invalid_period" || r.code === "invalid_parameters")) return null;
  return r;
}

/**
 * A signed-in member's bets on one period: the orders call has no period filter, so the newest
 * settled and open orders are read (a period's bets are among them while it is recent) and kept by
 * pair and period. Whichever mode the session plays in; each order says its own.
 */
export async function memberBetsOn(context: AppLoadContext, pair: string, periodNo: string) {
  if (!context.session.signedIn) return null;
  const r = await context.platform.call("orders", { query: { page: 1, pageSize: 100, status: "all" } });
  if (!r.ok) return { orders: [], error: messageKey(r.code) };
  return { orders: r.data.items.filter((o) => o.pair === pair && o.periodNo === periodNo), error: null };
}

/**
 * How long a proof may be cached: a revealed day's proof never changes (its seed, ticks and
 * outcomes are final), so it is immutable; before the reveal it changes at the reveal, so briefly.
 */
export function proofCacheControl(revealed: boolean): string {
  return revealed ? "public, max-age=31536000, immutable" : "public, max-age=15";
}
