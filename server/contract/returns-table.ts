import { z } from "zod";
import { dayLabelSchema } from "./fairness";
import { betOption, pairSymbol } from "./game";

/**
 * The published return to player (server/contract/README.md, "Return to player"; the arithmetic
 * is returns.ts): per pair of a site, each option's chances for a best-informed member, at the
 * site's odds, the pair's committed parameters and its latest price.
 */

const chance = z.number().min(0).max(1);

export const optionReturn = z.object({
  option: betOption,
  odds: z.number(),
  win: chance,
  refund: chance,
  lose: chance,
  /** per unit stake: win × odds + refund */
  rtp: z.number().nonnegative(),
  houseEdge: z.number(),
  /** the least odds at which the option returns 100 % or more; null when none do */
  oddsLimit: z.number().nullable(),
  /** it returns 100 % or more at these odds: the platform refuses bets on it (bet_option_suspended) */
  suspended: z.boolean(),
});
export type OptionReturnRow = z.infer<typeof optionReturn>;

export const pairReturns = z.object({
  pair: pairSymbol,
  name: z.string(),
  precision: z.number().int().min(0).max(8),
  /** the UTC day whose committed parameters apply: the day of the period taking bets */
  day: dayLabelSchema,
  volatilityBp: z.number().int().nonnegative(),
  periodSeconds: z.number().int().positive(),
  cutoffSeconds: z.number().int().positive(),
  /** the price level the figures are at: the latest tick */
  price: z.number().int().positive(),
  priceAt: z.string().datetime(),
  /** how P(draw) was found: the exact law by FFT, or the local normal approximation */
  method: z.enum(["exact", "normal"]),
  options: z.array(optionReturn),
});
export type PairReturns = z.infer<typeof pairReturns>;
