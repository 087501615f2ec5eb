import type { PairReturns } from "../../contract";
import type { BetOption } from "#rules/bet-options";
import { chances, optionReturns, type OptionReturn } from "../../contract/returns";
import type { Env } from "../env";
import { fail, type Failure } from "../result";
import { marketStub } from "../stubs";
import { DEFAULT_PAIRS } from "./pairs";

/**
 * Return to player at a pair's committed parameters and latest price (server/platform/README.md,
 * "Return to player"), for the published table (gameReturns), the refusal of odds (operatorPutSite)
 * and the refusal of bets (placeOrder). The arithmetic is the contract's (returns.ts); this reads
 * what it needs from the pair's market object, in the worker, so no object waits on an FFT.
 */

type DayParams = { day: string; volatilityBp: number; periodSeconds: number; cutoffSeconds: number };

/** A committed day's parameters never change once committed: kept per isolate by pair and day. */
const committed = new Map<string, DayParams>();

/** The days committed now, tomorrow's first (the market commits today's and tomorrow's on every call). */
async function committedDays(env: Env, pair: string): Promise<DayParams[]> {
  const days = await marketStub(env, pair).fairnessDays(pair, { limit: 2 });
  if (!days.ok) return [];
  if (committed.size > 1_000) committed.clear();
  return days.data.map(({ day, volatilityBp, periodSeconds, cutoffSeconds }) => {
    const params = { day, volatilityBp, periodSeconds, cutoffSeconds };
    committed.set(`${pair}|${day}`, params);
    return params;
  });
}

async function paramsOfDay(env: Env, pair: string, day: string): Promise<DayParams | null> {
  const known = committed.get(`${pair}|${day}`);
  if (known) return known;
  await committedDays(env, pair);
  return committed.get(`${pair}|${day}`) ?? null;
}

/** A period number's UTC day as fairness days name it: 202611270001 → 2026-11-27. */
const dayOfPeriod = (periodNo: string) => `${periodNo.slice(0, 4)}-${periodNo.slice(4, 6)}-${periodNo.slice(6, 8)}`;

const returnsAt = (params: DayParams, price: number, odds: Partial<Record<BetOption, number>>): OptionReturn[] =>
  optionReturns(
    chances({
      price,
      volatilityBp: params.volatilityBp,
      periodSeconds: params.periodSeconds,
      cutoffSeconds: params.cutoffSeconds,
    }),
    odds,
  );

/**
 * The published table of one pair: at the parameters of the day of the period taking bets, and the
 * latest price. null when the pair has no market or no price (the page leaves it out).
 */
export async function pairReturns(
  env: Env,
  pair: string,
  odds: Partial<Record<BetOption, number>>,
): Promise<PairReturns | null> {
  const state = await marketStub(env, pair).state(pair);
  if (!state.ok || state.data.price === null || state.data.priceAt === null) return null;
  const { price, priceAt, next } = state.data;
  const params = await paramsOfDay(env, pair, dayOfPeriod(next.periodNo));
  if (!params || price < 1) return null;
  const ch = chances({
    price,
    volatilityBp: params.volatilityBp,
    periodSeconds: params.periodSeconds,
    cutoffSeconds: params.cutoffSeconds,
  });
  return {
    pair,
    name: state.data.pair.name,
    precision: state.data.pair.precision,
    ...params,
    price,
    priceAt,
    method: ch.method,
    options: optionReturns(ch, odds).map(({ overpays, ...r }) => ({ ...r, suspended: overpays })),
  };
}

/**
 * Why these odds cannot be the site's: one line per option that would return 100 % or more on a
 * pair, at either committed day's parameters (today's and tomorrow's) and the pair's latest price.
 * A default pair not created yet is checked at the configuration and price it will be created
 * with, without creating it: a market created by a site's configuration would freeze its
 * parameters for two days before any operator set them. Another pair without a market yet is not
 * checked here (its bets are, when it has one).
 */
export async function overpayingOdds(
  env: Env,
  pairs: string[],
  odds: Partial<Record<BetOption, number>>,
): Promise<string[]> {
  const lines = await Promise.all(
    pairs.map(async (pair) => {
      if (!(await marketStub(env, pair).exists(pair))) {
        const config = DEFAULT_PAIRS[pair];
        if (!config) return [];
        const params = {
          day: "its creation",
          volatilityBp: config.volatilityBp,
          periodSeconds: config.periodSeconds,
          cutoffSeconds: config.cutoffSeconds,
        };
        return returnsAt(params, config.startPrice, odds)
          .filter((r) => r.overpays)
          .map((r) => overpayingLine(pair, params, config.startPrice, r));
      }
      const state = await marketStub(env, pair).state(pair);
      if (!state.ok || state.data.price === null || state.data.price < 1) return [];
      const price = state.data.price;
      const days = await committedDays(env, pair);
      return days.flatMap((params) =>
        returnsAt(params, price, odds)
          .filter((r) => r.overpays)
          .map((r) => overpayingLine(pair, params, price, r)),
      );
    }),
  );
  return lines.flat();
}

/** e.g. "draw at 2000 returns 164.3 % on ETH-USDT at its parameters committed for 2026-11-27 …; odds below 1342.6461 return less" */
function overpayingLine(pair: string, params: DayParams, price: number, r: OptionReturn): string {
  const limit =
    r.oddsLimit === null || r.oddsLimit <= 1
      ? "no odds return less than 100 % there"
      : `odds below ${Math.floor(r.oddsLimit * 10_000) / 10_000} return less than 100 %`;
  return (
    `${r.option} at ${r.odds} returns ${(r.rtp * 100).toFixed(1)} % on ${pair} at its parameters committed for ${params.day} ` +
    `(volatility ${params.volatilityBp} bp a second, ${params.periodSeconds} s periods, betting closing ${params.cutoffSeconds} s before) ` +
    `and its price ${price} (in its smallest steps); ${limit}`
  );
}

/**
 * A bet on an option that returns 100 % or more at the parameters of its period's day and the
 * latest price: odds were accepted against an earlier price or parameters (a price fall, a
 * volatility change), and the house would now lose on it, so it is refused until that passes.
 * null: take the bet (a period of no committed day, or no price, is the member object's refusal).
 */
export async function suspendedOption(
  env: Env,
  pair: string,
  periodNo: string,
  option: BetOption,
  odds: number | undefined,
): Promise<Failure | null> {
  if (odds === undefined) return null;
  const params = await paramsOfDay(env, pair, dayOfPeriod(periodNo));
  if (!params) return null;
  const price = await recentPrice(env, pair);
  if (price === null) return null;
  return returnsAt(params, price, { [option]: odds })[0]?.overpays ? fail(400, "bet_option_suspended") : null;
}

/**
 * The pair's price, at most a second old: a burst of bets in the last seconds before a cut-off
 * asks the market object once a second per isolate, not once a bet (a second's move changes an
 * RTP by far less than its last digit; the bet itself is still checked against the latest tick).
 */
const prices = new Map<string, { at: number; price: number }>();
async function recentPrice(env: Env, pair: string): Promise<number | null> {
  const known = prices.get(pair);
  if (known && Date.now() - known.at < 1_000) return known.price;
  const state = await marketStub(env, pair).state(pair);
  if (!state.ok || state.data.price === null || state.data.price < 1) return null;
  prices.set(pair, { at: Date.now(), price: state.data.price });
  return state.data.price;
}
