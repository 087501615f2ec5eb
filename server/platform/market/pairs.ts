import type { z } from "zod";
import type { PairConfig, PairSource, pairInfo } from "../../contract/game";

export type PairInfo = z.infer<typeof pairInfo>;

/**
 * The pairs every platform has, created on first use; an operator may reconfigure them. Both run
 * on the synthetic walk, so their names are synthetic (docs/decisions/032): their symbols, older
 * than that rule, stay as they are because they key stored bets, positions, seeds and the walk's
 * messages; the member site shows the name and the synthetic mark, never the symbol, as a pair's name.
 */
export const DEFAULT_PAIRS: Readonly<Record<string, PairConfig>> = {
  "BTC-USDT": {
    name: "Walk 1 Index",
    precision: 2,
    periodSeconds: 60,
    cutoffSeconds: 10,
    startPrice: 6_123_450,
    // about 1 bp a second is BTC's usual realised volatility (≈ 60 % a year)
    volatilityBp: 1,
    paused: false,
  },
  "ETH-USDT": {
    name: "Walk 2 Index",
    precision: 2,
    periodSeconds: 60,
    cutoffSeconds: 10,
    startPrice: 345_678,
    volatilityBp: 2,
    paused: false,
  },
};

/** The default pairs' names before they were synthetic; a stored pair still named so is renamed (market-schema.ts, pair-registry.ts). */
export const RENAMED_DEFAULT_PAIRS = [
  { symbol: "BTC-USDT", from: "BTC/USDT", to: "Walk 1 Index" },
  { symbol: "ETH-USDT", from: "ETH/USDT", to: "Walk 2 Index" },
] as const;

/** The registry of pairs lives in the market object of this name (no pair symbol can look like it). */
export const REGISTRY = "pairs:registry";

/** How long a tick stays "current": after this, bets answer price_unavailable. */
export const STALE_MS = 5_000;

/** A pair as the contract shows it: its symbol and name, and the parameters it runs with. */
export const pairInfoOf = (
  symbol: string,
  name: string,
  c: Pick<PairConfig, "precision" | "periodSeconds" | "cutoffSeconds">,
  source: PairSource = "synthetic",
): PairInfo => ({
  symbol,
  name,
  source,
  precision: c.precision,
  periodSeconds: c.periodSeconds,
  cutoffSeconds: c.cutoffSeconds,
});
