import { requestSite } from "../auth/caller";
import { decodeCredential, hashSecret } from "../auth/token";
import type { Env } from "../env";
import { REGISTRY } from "../market/pairs";
import { suspendedOption } from "../market/returns";
import { badRequest, ok } from "../result";
import { marketStub, memberStub, siteStub } from "../stubs";
import { relay } from "../websocket";
import type { Handler } from "./types";

/** The game's calls (server/platform/README.md, "Game rules"): the market is public, bets belong to the member object. */

const registry = (env: Env) => marketStub(env, REGISTRY);

export const pairs: Handler<"pairs"> = async ({ env }) => ok(await registry(env).listPairs());

export const market: Handler<"market"> = async ({ env, params }) => marketStub(env, params.pair).state(params.pair);

export const quotes: Handler<"quotes"> = async ({ env, params, query }) =>
  marketStub(env, params.pair).quotes(params.pair, query);

export const candles: Handler<"candles"> = async ({ env, params, query }) =>
  marketStub(env, params.pair).candles(params.pair, query.interval, query.limit);

/** The site's rules are read here and checked again by the member object in the bet's transaction. */
export const placeOrder: Handler<"placeOrder"> = async ({ env, member, body, intent }) => {
  const config = await siteStub(env, member.siteId).getConfig();
  if (!config) return badRequest("invalid_site");
  const wallet = config.games[0];
  if (!wallet) return badRequest("game_not_found");
  if (!config.pairs.includes(body.pair)) return badRequest("invalid_trading_pair");
  const odds = Object.fromEntries(Object.entries(config.odds).filter(([, v]) => v !== undefined)) as Record<
    typeof body.option,
    number
  >;
  // an option a price fall or a volatility change brought to 100 % or more is not a game (market/returns.ts)
  const suspended = await suspendedOption(env, body.pair, body.periodNo, body.option, odds[body.option]);
  if (suspended) return suspended;
  return member.stub.placeOrder(member.proof, intent, body, {
    pairs: config.pairs,
    odds,
    minBetAmount: config.minBetAmount,
    maxBetAmount: config.maxBetAmount,
    gameCode: wallet.code,
    currency: config.currency,
    rebates: config.campaignRules.filter((r) => r.kind === "rebate"),
    mode: member.mode,
    practiceBalance: config.practiceBalance,
    realityCheckMinutes: config.realityCheckMinutes,
  });
};

export const orders: Handler<"orders"> = async ({ member, query }) =>
  member.stub.orders(member.proof, query, member.mode);

export const ticketQuery: Handler<"ticketQuery"> = async ({ member }) =>
  member.stub.openOrders(member.proof, member.mode);

/**
 * A creation, a pause or a new name apply at once; the feed's parameters from the first day whose
 * seed is committed after the change (changesFrom; MarketObject.configure). The registry keeps
 * both, so the pair list switches at that midnight by itself.
 */
export const operatorPutPair: Handler<"operatorPutPair"> = async ({ env, params, body, operator }) => {
  const by = { id: operator.id, name: operator.name };
  const configured = await marketStub(env, params.pair).configure(params.pair, body, "operator", by);
  if (!configured.ok) return configured;
  const { changesFrom, voided: _voided, ...now } = configured.data;
  const next = changesFrom
    ? {
        info: {
          ...now,
          precision: body.precision,
          periodSeconds: body.periodSeconds,
          cutoffSeconds: body.cutoffSeconds,
        },
        from: changesFrom,
      }
    : null;
  await registry(env).registerPair(now, next);
  return configured;
};

/** Where a paused pair's prices come from (exchange-link.ts setSource); the registry shows its new source. */
export const operatorPutPairSource: Handler<"operatorPutPairSource"> = async ({ env, params, body, operator }) => {
  const set = await marketStub(env, params.pair).putSource(params.pair, body, { id: operator.id, name: operator.name });
  if (set.ok) await registry(env).registerPair(set.data);
  return set;
};

/**
 * Every pair as operators manage it: the registry names them (the defaults too), each pair's own
 * object answers its stored configuration, pending change and source (market/operator-view.ts).
 */
export const operatorPairs: Handler<"operatorPairs"> = async ({ env }) => {
  const listed = await registry(env).listPairs();
  const pairs = await Promise.all(listed.map(({ symbol }) => marketStub(env, symbol).operatorPair(symbol)));
  const failed = pairs.find((pair) => !pair.ok);
  if (failed) return failed;
  return ok(pairs.flatMap((pair) => (pair.ok ? [pair.data] : [])));
};

/** The pair's own audit log (MarketObject.pairAudit). */
export const operatorPairAudit: Handler<"operatorPairAudit"> = async ({ env, params, query }) =>
  marketStub(env, params.pair).pairAudit(params.pair, query);

// verifiable rounds (server/platform/README.md, "Verifiable rounds"): public, read from the pair's object

export const fairnessDays: Handler<"fairnessDays"> = async ({ env, params, query }) =>
  marketStub(env, params.pair).fairnessDays(params.pair, query);

export const periodProof: Handler<"periodProof"> = async ({ env, params }) => {
  const proof = await marketStub(env, params.pair).periodProof(params.pair, params.periodNo);
  // the RPC's types widen the gaps' pairs to arrays; they are pairs
  return proof.ok ? ok({ ...proof.data, gaps: proof.data.gaps.map((g): [number, number] => [g[0]!, g[1]!]) }) : proof;
};

const MARKET_STREAM = /^\/market\/([A-Z0-9]{2,10}-[A-Z0-9]{2,10})\/stream$/;

/**
 * The two WebSocket streams, outside the JSON envelope: the public market stream goes to the
 * pair's object; the member stream needs a live listen key of the site the request names (a key
 * works with its own site only, as a token does) and goes to the member's object, which owns the
 * sockets, through the worker's relay (websocket.ts), so that a sign-out ends the client's
 * connection at once. Anything else is not a stream (null).
 */
export async function stream(request: Request, env: Env): Promise<Response | null> {
  const url = new URL(request.url);
  const pair = url.pathname.match(MARKET_STREAM)?.[1];
  if (pair) return marketStub(env, pair).fetch(request);
  if (url.pathname !== "/player/stream") return null;
  const siteId = requestSite(request);
  if (!siteId) return Response.json({ statusCode: 400, message: "invalid_parameters" }, { status: 400 });
  const key = decodeCredential(url.searchParams.get("listenKey") ?? "");
  if (!key || key.siteId !== siteId)
    return Response.json({ statusCode: 402, message: "invalid_permission" }, { status: 402 });
  const headers = new Headers(request.headers);
  headers.set("X-Listen-Key-Id", key.id);
  headers.set("X-Listen-Key-Hash", await hashSecret(key.secret));
  return relay(await memberStub(env, key.memberId).fetch(new Request(request.url, { method: "GET", headers })));
}
