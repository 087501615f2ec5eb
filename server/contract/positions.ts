import { z } from "zod";
import { pairSymbol } from "./game";
import { accountMode } from "./protection";
import { minorUnits } from "./units";
import { feeSharePpm, leveragesOverFeeShare, POSITION_SIDES, type PositionTerms } from "#rules/position-math";
import { ACCOUNT_MODES } from "#rules/account-mode";

const isoTime = z.string().datetime();

/**
 * Contract trading: leveraged long and short positions with isolated margin on the rounds' pairs
 * and price feed (server/contract/README.md, "Contract trading"). This module holds the site's
 * settings and the calls' shapes; the arithmetic of a position (notional, fees, profit and loss,
 * stop-out and the liquidation price shown before opening, the payout of a close) is the shared
 * rule server/rules/position-math.ts. Everything is integers: money in minor units, prices in the pair's smallest
 * step (game.ts), rates in parts per million or basis points, and every division rounds toward
 * the house, so the site's preview and the platform's ledger can never differ by a cent.
 */

export const positionSide = z.enum(POSITION_SIDES);

/** Why a position closed: the member, or the trigger its tick crossed. */
export const CLOSE_REASONS = ["member", "take_profit", "stop_loss", "stop_out"] as const;
export const closeReason = z.enum(CLOSE_REASONS);
export type CloseReason = z.infer<typeof closeReason>;

/** 100 000 ppm of the margin → "10.00 %": rounded up to a hundredth of a percent, so a share over a limit never reads as the limit. */
export function sharePercent(ppm: number): string {
  const hundredths = Math.floor((ppm + 99) / 100);
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, "0")} %`;
}

/**
 * Why a leverage breaks the site's fee share, as the operator reads it (the schema's message, the
 * platform's refusal lines, the CLI): "leverage 1000× takes 100.00 % of the margin in opening and
 * closing fees; at most 10.00 % is allowed".
 */
export const feeShareProblem = (leverage: number, feePpm: number, maxFeeShareBp: number): string =>
  `leverage ${leverage}× takes ${sharePercent(feeSharePpm(leverage, feePpm))} of the margin in opening and closing fees; ` +
  `at most ${sharePercent(maxFeeShareBp * 100)} is allowed`;

/** A leverage refused for its fees: the share of the margin they take and the most allowed, in ppm of the margin. */
export interface FeeShareBreach {
  leverage: number;
  sharePpm: number;
  maxPpm: number;
}

const FEE_SHARE_REFUSAL = "leverage_fees_too_high";

/**
 * The breach a schema issue is about, or null for any other issue. The schema's fee-share issues
 * carry it in their `params`, so the platform can answer settings refused only for their fees
 * with their own code (leverage_fees_too_high) and figures, rather than invalid_parameters.
 */
export function feeShareBreachOf(issue: z.ZodIssue): FeeShareBreach | null {
  if (issue.code !== z.ZodIssueCode.custom || issue.params?.refusal !== FEE_SHARE_REFUSAL) return null;
  const { leverage, sharePpm, maxPpm } = issue.params as FeeShareBreach;
  return { leverage, sharePpm, maxPpm };
}

/** What a site allows until its operator says otherwise: opening and closing fees together at most 10 % of the margin. */
export const DEFAULT_MAX_FEE_SHARE_BP = 1000;

/** A site's contract-trading settings (the operator sets them; `DEFAULT_CONTRACT_SETTINGS` until then). */
export const contractSettings = z
  .object({
    /** the leverages a member may choose, ascending, e.g. [5, 10, 20, 50, 100] */
    leverageOptions: z
      .array(z.number().int().min(1).max(1000))
      .min(1)
      .max(12)
      .refine((l) => l.every((v, i) => i === 0 || v > l[i - 1]!), "ascending, each once"),
    /** the fee of opening, and again of closing: notional at the open × feePpm / 1 000 000 (500 = 0.05 %) */
    feePpm: z.number().int().min(0).max(100_000),
    /**
     * the most of the margin that the opening and closing fees may take together, in basis points
     * (1000 = 10 %): a leverage with 2 × leverage × feePpm / 10⁶ above it is refused. Absent in
     * settings stored before it existed: the default. At most 100 %: whatever an operator sets,
     * the fees never cost more than the margin itself.
     */
    maxFeeShareBp: z.number().int().min(0).max(10_000).default(DEFAULT_MAX_FEE_SHARE_BP),
    /** a position stops out when its equity falls to margin × stopOutBp / 10 000 (1000 = 10 %) */
    stopOutBp: z.number().int().min(0).max(9_999),
    minMargin: minorUnits.pipe(z.number().int().positive()),
    maxMargin: minorUnits.pipe(z.number().int().positive()),
    maxOpenPositions: z.number().int().min(1).max(1000),
    /** the most notional one member may hold open, all pairs together */
    maxNotionalPerMember: minorUnits,
    /** the most notional the site's members may hold open on one pair: the house's exposure */
    maxNotionalPerPair: minorUnits,
    /** how far the market may have moved from the price the member saw, in basis points of it */
    slippageBp: z.number().int().min(0).max(10_000),
    /** pairs that take no new positions (open ones can still close) */
    closeOnlyPairs: z.array(pairSymbol),
  })
  .strict()
  .refine((s) => s.minMargin <= s.maxMargin, { message: "minMargin is at most maxMargin", path: ["minMargin"] })
  // one issue per leverage whose fees take more of the margin than the site allows, naming it
  .superRefine((s, ctx) => {
    for (const leverage of leveragesOverFeeShare(s)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["leverageOptions", s.leverageOptions.indexOf(leverage)],
        message: feeShareProblem(leverage, s.feePpm, s.maxFeeShareBp),
        params: {
          refusal: FEE_SHARE_REFUSAL,
          leverage,
          sharePpm: feeSharePpm(leverage, s.feePpm),
          maxPpm: s.maxFeeShareBp * 100,
        },
      });
    }
  });
export type ContractSettings = z.infer<typeof contractSettings>;

/** 5× to 100× at 0.05 % a side: 100× takes exactly the default's 10 % of the margin in fees. */
export const DEFAULT_CONTRACT_SETTINGS: ContractSettings = {
  leverageOptions: [5, 10, 20, 50, 100],
  feePpm: 500,
  maxFeeShareBp: DEFAULT_MAX_FEE_SHARE_BP,
  stopOutBp: 1000,
  minMargin: 100,
  maxMargin: 1_000_000,
  maxOpenPositions: 20,
  maxNotionalPerMember: 100_000_000,
  maxNotionalPerPair: 1_000_000_000,
  slippageBp: 50,
  closeOnlyPairs: [],
};

// the calls' shapes (calls/positions.ts) -----------------------------------------------------------

/** A trigger price in the pair's smallest step; null (or absent) = not set. */
const triggerPrice = z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable();

/**
 * Open a position. `seenPrice` is the price the member's form was rendered with: the platform
 * refuses with price_moved when the market's price at the open is further from it than the site's
 * slippage tolerance. The margin comes from the site's first game wallet, the opening fee on top.
 */
export const openPositionBody = z
  .object({
    pair: pairSymbol,
    side: positionSide,
    margin: minorUnits.pipe(z.number().int().positive()),
    leverage: z.number().int().min(1).max(1000),
    seenPrice: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    takeProfit: triggerPrice.optional().default(null),
    stopLoss: triggerPrice.optional().default(null),
    /** the mode the ticket was rendered in: refused unless it is the caller's (server/rules/account-mode.ts) */
    mode: accountMode,
  })
  .strict();
export type OpenPositionBody = z.output<typeof openPositionBody>;

/** Replace an open position's take-profit and stop-loss (null clears one); `mode` as the open's. */
export const positionTriggersBody = z
  .object({ takeProfit: triggerPrice, stopLoss: triggerPrice, mode: accountMode })
  .strict();

/** Close an open position; `mode` as the open's. */
export const closePositionBody = z.object({ mode: accountMode }).strict();
export type PositionTriggersBody = z.output<typeof positionTriggersBody>;

export const POSITION_STATUSES = ["open", "closed"] as const;

/**
 * A position as the member sees it. Its terms (side, margin, leverage, entry, the site's rates at
 * the open) never change; the close fields are null while it is open. `net` is what the position
 * made or lost in all: payout − margin − opening fee.
 */
export const position = z.object({
  id: z.string(),
  pair: pairSymbol,
  side: positionSide,
  margin: minorUnits,
  leverage: z.number().int().positive(),
  notional: minorUnits,
  entryPrice: z.number().int().positive(),
  /** the price at which it stops out, fixed at the open */
  liquidationPrice: z.number().int().nonnegative(),
  takeProfit: z.number().int().positive().nullable(),
  stopLoss: z.number().int().positive().nullable(),
  feePpm: z.number().int().nonnegative(),
  stopOutBp: z.number().int().nonnegative(),
  openFee: minorUnits,
  /** the game wallet the margin came from and the payout returns to ("practice" positions: the practice balance) */
  gameCode: z.string(),
  /** play money or real (protection.ts); a list answers one mode's positions only */
  mode: z.enum(ACCOUNT_MODES).default("real"),
  currency: z.string(),
  status: z.enum(POSITION_STATUSES),
  openedAt: isoTime,
  closedAt: isoTime.nullable(),
  closePrice: z.number().int().nonnegative().nullable(),
  closeReason: closeReason.nullable(),
  closeFee: minorUnits.nullable(),
  /** profit or loss at the close price, before fees (negative for a loss) */
  pnl: z.number().int().nullable(),
  /** what the close paid into the game wallet: max(0, margin + pnl − closeFee) */
  payout: minorUnits.nullable(),
  /** payout − margin − openFee */
  net: z.number().int().nullable(),
});
export type Position = z.infer<typeof position>;

/** The terms of a stored position, for the arithmetic above. */
export const termsOf = (
  p: Pick<Position, "side" | "margin" | "leverage" | "entryPrice" | "feePpm" | "stopOutBp">,
): PositionTerms => ({
  side: p.side,
  margin: p.margin,
  leverage: p.leverage,
  entryPrice: p.entryPrice,
  feePpm: p.feePpm,
  stopOutBp: p.stopOutBp,
});

/**
 * Open interest of a site on one pair (operatorOpenInterest): what its members hold open, and
 * the house's exposure, which is the other side of every position: unrealized PnL at the mark is
 * what the house would pay (positive) or take (negative) if all closed now, before fees.
 */
export const openInterest = z.object({
  pair: pairSymbol,
  markPrice: z.number().int().nonnegative().nullable(),
  longPositions: z.number().int().nonnegative(),
  shortPositions: z.number().int().nonnegative(),
  longNotional: minorUnits,
  shortNotional: minorUnits,
  /** long − short notional: the house is short this much */
  netNotional: z.number().int(),
  /** the site's maxNotionalPerPair; long + short notional may not pass it */
  limit: minorUnits,
  closeOnly: z.boolean(),
  /** the members' unrealized PnL at the mark, all positions together (the house's is its negative) */
  unrealizedPnl: z.number().int(),
  margin: minorUnits,
});
export type OpenInterest = z.infer<typeof openInterest>;
