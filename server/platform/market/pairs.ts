import type { z } from "zod";
import type { PairConfig, pairInfo } from "../../contract/game";

export type PairInfo = z.infer<typeof pairInfo>;

/** The pairs every platform has, created on first use; an operator may reconfigure them. */
export const DEFAULT_PAIRS: Readonly<Record<string, PairConfig>> = {
  "BTC-USDT": {
    name: "BTC/USDT",
    precision: 2,
    periodSeconds: 60,
    cutoffSeconds: 10,
    startPrice: 6_123_450,
    // about 1 bp a second is BTC's usual realised volatility (≈ 60 % a year)
    volatilityBp: 1,
    paused: false,
  },
  "ETH-USDT": {
    name: "ETH/USDT",
    precision: 2,
    periodSeconds: 60,
    cutoffSeconds: 10,
    startPrice: 345_678,
    volatilityBp: 2,
    paused: false,
  },
};

/** The registry of pairs lives in the market object of this name (no pair symbol can look like it). */
export const REGISTRY = "pairs:registry";

/** How long a tick stays "current": after this, bets answer price_unavailable. */
export const STALE_MS = 5_000;

/** A pair as the contract shows it: its symbol and name, and the parameters it runs with. */
export const pairInfoOf = (
  symbol: string,
  name: string,
  c: Pick<PairConfig, "precision" | "periodSeconds" | "cutoffSeconds">,
): PairInfo => ({
  symbol,
  name,
  precision: c.precision,
  periodSeconds: c.periodSeconds,
  cutoffSeconds: c.cutoffSeconds,
});
