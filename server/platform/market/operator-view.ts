import type { OperatorPair } from "../../contract/game";
import { DAY_SECONDS } from "#rules/fairness-walk";
import { fail, ok, type Result } from "../result";
import { exchangeSource, linkRow } from "./exchange-feed";
import { paramsOf, sameParams, type DayParams, type DayRow } from "./market-rows";
import type { MarketState } from "./market-state";

const paramsIn = (p: DayParams): DayParams => ({
  precision: p.precision,
  periodSeconds: p.periodSeconds,
  cutoffSeconds: p.cutoffSeconds,
  volatilityBp: p.volatilityBp,
});

/**
 * The pair as an operator manages it (operatorPairs): the stored configuration, today's
 * parameters, and the stored ones when they differ from today's, from the first day that runs
 * them: a committed day already seeded with them, else the day after the newest committed one
 * (configure.ts: a day's parameters are frozen with its seed). A default pair nobody has touched
 * is created here as on any first use.
 */
export function operatorPair(m: MarketState, symbol: string, nowMs = Date.now()): Result<OperatorPair> {
  const pair = m.live(symbol, nowMs);
  if (!pair) return fail(400, "invalid_trading_pair");
  const now = Math.floor(nowMs / 1000);
  const today = Math.floor(now / DAY_SECONDS);
  const running = paramsIn(m.paramsAt(now));
  const later = m.sql.exec<DayRow>("SELECT * FROM days WHERE day > ? ORDER BY day", today).toArray();
  const wanted = paramsIn(pair.config);
  let pending: OperatorPair["pending"] = null;
  if (!sameParams(running, wanted)) {
    const seeded = later.find((row) => sameParams(paramsOf(row), wanted));
    const newest = later.at(-1)?.day ?? today;
    pending = { ...wanted, from: new Date((seeded ? seeded.day : newest + 1) * DAY_SECONDS * 1000).toISOString() };
  }
  const source = exchangeSource(m);
  return ok({
    symbol,
    config: pair.config,
    running,
    pending,
    source: source
      ? { kind: "exchange", exchange: source.exchange, symbol: source.symbol, maxStaleSeconds: source.maxStaleSeconds }
      : { kind: "synthetic", exchange: null, symbol: null, maxStaleSeconds: null },
    pausedByFeed: source ? linkRow(m).paused_by_feed : null,
  });
}
