import { badRequest, ok } from "../result";
import { marketStub, siteStub } from "../stubs";
import type { Handler } from "./types";

/**
 * Contract trading (server/platform/README.md, "Contract trading"). The site's settings are read
 * here per request and checked again where they act: the member's limits by the member object in
 * the open's transaction, the price, slippage and the pair's exposure by the market object.
 */

export const openPosition: Handler<"openPosition"> = async ({ env, member, body, intent }) => {
  const config = await siteStub(env, member.siteId).getConfig();
  if (!config) return badRequest("invalid_site");
  const wallet = config.games[0];
  if (!wallet) return badRequest("game_not_found");
  if (!config.pairs.includes(body.pair)) return badRequest("invalid_trading_pair");
  return member.stub.openPosition(member.proof, intent, body, {
    settings: config.contractSettings,
    pairs: config.pairs,
    gameCode: wallet.code,
    currency: config.currency,
    mode: member.mode,
    practiceBalance: config.practiceBalance,
    realityCheckMinutes: config.realityCheckMinutes,
  });
};

export const positions: Handler<"positions"> = async ({ member, query }) =>
  member.stub.positions(member.proof, query, member.mode);

// A position is found by id within the caller's mode only: another mode's id answers as an unknown one.
export const setPositionTriggers: Handler<"setPositionTriggers"> = async ({ member, params, body }) =>
  member.stub.setPositionTriggers(member.proof, params.id, body, member.mode);

/** Idempotent by nature: a position closes once, and asking again answers that close. */
export const closePosition: Handler<"closePosition"> = async ({ member, params }) =>
  member.stub.closePosition(member.proof, params.id, member.mode);

/** Every pair the site offers, from each pair's market object (which keeps the positions of every site). */
export const operatorOpenInterest: Handler<"operatorOpenInterest"> = async ({ env, params }) => {
  const config = await siteStub(env, params.siteId).getConfig();
  if (!config) return badRequest("invalid_site");
  const s = config.contractSettings;
  const rows = [];
  for (const pair of config.pairs) {
    const row = await marketStub(env, pair).openInterest(
      pair,
      params.siteId,
      s.maxNotionalPerPair,
      s.closeOnlyPairs.includes(pair),
    );
    if (!row.ok) return row;
    rows.push(row.data);
  }
  return ok(rows);
};
