import type { PairConfig, VoidReason } from "../../contract/game";

/** The rows of a pair's market (market-schema.ts) as its parts read them, and a day's frozen parameters. */

export type FeedRow = {
  last_second: number;
  last_price: number;
  recorded_until: number;
  broadcast_until: number;
  pending_until: number;
};
export type DayRow = {
  day: number;
  seed: string;
  commitment: string;
  committed_at: number;
  volatility_bp: number;
  precision: number;
  period_seconds: number;
  cutoff_seconds: number;
  /** "hmac-sha256-walk-1" (the seed alone) or "hmac-sha256-beacon-walk-2" (the seed and a beacon round per tick) */
  algorithm: string;
  /** the beacon chain's JSON (contract/beacon.ts BeaconChain) for walk-2, else null */
  beacon: string | null;
};
/** The parameters a day's seed freezes (the rest of a pair's config applies at once). */
export type DayParams = Pick<PairConfig, "volatilityBp" | "precision" | "periodSeconds" | "cutoffSeconds">;
export const paramsOf = (row: DayRow): DayParams => ({
  volatilityBp: row.volatility_bp,
  precision: row.precision,
  periodSeconds: row.period_seconds,
  cutoffSeconds: row.cutoff_seconds,
});
export const sameParams = (a: DayParams, b: DayParams) =>
  a.volatilityBp === b.volatilityBp &&
  a.precision === b.precision &&
  a.periodSeconds === b.periodSeconds &&
  a.cutoffSeconds === b.cutoffSeconds;

export type PeriodRow = {
  start: number;
  period_no: string;
  cutoff: number;
  end_at: number;
  open_price: number;
  close_price: number | null;
  last_digit: number | null;
  outcomes: string | null;
  void_reason: VoidReason | null;
};
