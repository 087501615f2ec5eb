import { z } from "zod";
import { BEACON_ALGORITHM } from "#rules/beacon";
import { FAIRNESS_ALGORITHM } from "#rules/fairness-walk";
import { beaconChain, beaconRound } from "./beacon";
import { pairSymbol, period } from "./game";

/**
 * Verifiable rounds (server/contract/README.md, "Verifiable rounds"; the algorithm is in
 * server/rules/fairness-walk.ts): per pair and UTC day a random 32-byte seed whose SHA-256 is published before
 * the day's first tick and which is revealed once the day's last period is recorded.
 */

const isoTime = z.string().datetime();
const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
export const dayLabelSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One pair's day: its commitment, its seed once revealed, and the parameters frozen with it. */
export const fairnessDay = z.object({
  pair: pairSymbol,
  /** the UTC day, 2026-11-24 */
  day: dayLabelSchema,
  /** walk-1: the seed alone (days committed before the beacon); walk-2: the seed and a beacon round per tick */
  algorithm: z.enum([FAIRNESS_ALGORITHM, BEACON_ALGORITHM]),
  /** the beacon chain a walk-2 day's ticks mix in, frozen with the seed (null for walk-1) */
  beacon: beaconChain.nullable(),
  /** SHA-256 of the seed's 32 bytes, lower-case hex */
  commitment: hex64,
  /** when the commitment was made (published from then on) */
  committedAt: isoTime,
  /** the seed, lower-case hex; null until revealed */
  seed: hex64.nullable(),
  /** when the seed is revealed: the day's end, once its last period is recorded */
  revealAt: isoTime,
  /** the feed's parameters for the whole day, fixed when the seed was committed */
  volatilityBp: z.number().int().nonnegative(),
  precision: z.number().int().min(0).max(8),
  periodSeconds: z.number().int().positive(),
  cutoffSeconds: z.number().int().positive(),
});
export type FairnessDay = z.infer<typeof fairnessDay>;

export const fairnessTick = z.object({ second: z.number().int(), price: z.number().int().positive() });

/** The trade a fed period's open or close is: its second, price, the exchange's trade id (null for a back-filled 1-second kline) and time (ms). */
export const tradeAttestation = z.object({
  second: z.number().int(),
  price: z.number().int().positive(),
  tradeId: z.number().int().nullable(),
  tradeTime: z.number().int(),
  via: z.enum(["trade", "kline"]),
});
export const fedAttestation = z.object({
  exchange: z.literal("binance"),
  symbol: z.string(),
  open: tradeAttestation.nullable(),
  close: tradeAttestation.nullable(),
});

/**
 * What verifying one period needs: its day, the period as recorded (open, close, last digit,
 * outcomes), the period before it (the counter-indicator option reads its direction), the seconds
 * the feed was stalled (no tick: nothing drawn), and the recorded ticks while they are still kept
 * (an hour; [] after).
 */
export const periodProof = z.object({
  day: fairnessDay,
  period,
  previous: period.nullable(),
  /**
   * inclusive ranges of seconds without a tick, from when betting on the period opened (the
   * previous period's start + 1) to its end: any of them voids it; those after its start skip one
   * of its own ticks
   */
  gaps: z.array(z.tuple([z.number().int(), z.number().int()])),
  ticks: z.array(fairnessTick),
  /**
   * set for a period fed by an exchange (docs/decisions/032): its prices are not drawn from the
   * seed but are the exchange's trades, each named so anyone can look it up in the exchange's
   * public history; a side is null when no trade decided it (the period is void)
   */
  attestation: fedAttestation.nullable().optional(),
  /**
   * walk-2: the beacon rounds of the period's ticks (start + 1 … end, less the gaps), each with
   * its signature to check against the day's chain; [] for walk-1 or once they are no longer kept
   */
  rounds: z.array(beaconRound),
});
export type PeriodProof = z.infer<typeof periodProof>;
