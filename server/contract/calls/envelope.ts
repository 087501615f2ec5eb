import { z } from "zod";

/** The wire envelope of every response. */
export const envelope = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  data: z.unknown().optional(),
});
export type Envelope<T = unknown> = { statusCode: number; message: string; data?: T };

/**
 * What a failure's `data` may carry (server/contract/README.md, "The envelope"): `problems` for
 * theme_contrast_too_low, one line per failing colour pair; for leverage_fees_too_high, one line
 * per leverage refused; for odds_return_too_high, one line per option, pair and committed day that
 * would return 100 % or more; `amount` (minor units) for a refusal whose message names a figure:
 * bonus_locked's turnover still needed, a limit's remaining amount (deposit_limit_day …
 * loss_limit_month); `until` for a refusal naming a break's end; `feeShare` for
 * leverage_fees_too_high.
 */
export const failureData = z.object({
  problems: z.array(z.string()).optional(),
  amount: z.number().int().optional(),
  /** a break's end (timeout_in_force, exclusion_in_force, break_cannot_end_early), a return's (exclusion_returning, return_not_yet), a raised limit's 24 hours (limit_not_ready) */
  until: z.string().datetime().optional(),
  /** signin_too_fast: whole seconds to wait before the next attempt */
  seconds: z.number().int().min(1).optional(),
  /**
   * leverage_fees_too_high: the lowest leverage refused, the share of the margin its opening and
   * closing fees take and the most the site allows, both in parts per million of the margin
   */
  feeShare: z.object({ leverage: z.number().int(), sharePpm: z.number().int(), maxPpm: z.number().int() }).optional(),
});
export type FailureData = z.infer<typeof failureData>;
