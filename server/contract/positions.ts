import { z } from "zod";
import { pairSymbol } from "./game";
import { minorUnits } from "./units";

const isoTime = z.string().datetime();

/**
 * Contract trading: leveraged long and short positions with isolated margin on the rounds' pairs
 * and price feed (server/contract/README.md, "Contract trading"). This module holds what the site
 * and the platform must compute alike: the site's settings and the arithmetic of a position
 * (notional, fees, profit and loss, stop-out and the liquidation price shown before opening, the
 * payout of a close). Everything is integers: money in minor units, prices in the pair's smallest
 * step (game.ts), rates in parts per million or basis points, and every division rounds toward
 * the house, so the site's preview and the platform's ledger can never differ by a cent.
 */

export const POSITION_SIDES = ["long", "short"] as const;
export const positionSide = z.enum(POSITION_SIDES);
export type PositionSide = z.infer<typeof positionSide>;

/** Why a position closed: the member, or the trigger its tick crossed. */
export const CLOSE_REASONS = ["member", "take_profit", "stop_loss", "stop_out"] as const;
export const closeReason = z.enum(CLOSE_REASONS);
export type CloseReason = z.infer<typeof closeReason>;

/** A site's contract-trading settings (the operator sets them; `DEFAULT_CONTRACT_SETTINGS` until then). */
export const contractSettings = z
  .object({
    /** the leverages a member may choose, ascending, e.g. [5, 10, 20, 50, 100] */
    leverageOptions: z
      .array(z.number().int().min(1).max(1000))
      .min(1)
      .max(12)
      .refine((l) => l.every((v, i) => i === 0 || v > l[i - 1]!), "ascending, each once"),
    /** the fee of opening, and again of closing: notional × feePpm / 1 000 000 (500 = 0.05 %) */
    feePpm: z.number().int().min(0).max(100_000),
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
  .refine((s) => s.minMargin <= s.maxMargin, { message: "minMargin is at most maxMargin", path: ["minMargin"] });
export type ContractSettings = z.infer<typeof contractSettings>;

export const DEFAULT_CONTRACT_SETTINGS: ContractSettings = {
  leverageOptions: [5, 10, 20, 50, 100],
  feePpm: 500,
  stopOutBp: 1000,
  minMargin: 100,
  maxMargin: 1_000_000,
  maxOpenPositions: 20,
  maxNotionalPerMember: 100_000_000,
  maxNotionalPerPair: 1_000_000_000,
  slippageBp: 50,
  closeOnlyPairs: [],
};

/** What fixes a position's arithmetic: its side, margin, leverage and entry price, and the site's rates. */
export interface PositionTerms {
  side: PositionSide;
  /** minor units taken from the game wallet (the fee comes on top) */
  margin: number;
  leverage: number;
  /** the market's price when the position opened, in the pair's smallest step */
  entryPrice: number;
  feePpm: number;
  stopOutBp: number;
}

/** ⌊a / b⌋ for b > 0, also for a negative a (BigInt division truncates toward zero). */
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return q * b > a ? q - 1n : q;
}

/** ⌈a / b⌉ for a ≥ 0, b > 0. */
const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;

/** margin × leverage: the size of the position in minor units. */
export const notional = (t: Pick<PositionTerms, "margin" | "leverage">): number => t.margin * t.leverage;

/** The fee of opening, and the same again of closing: notional × feePpm / 10⁶, rounded up (toward the house). */
export const positionFee = (t: Pick<PositionTerms, "margin" | "leverage" | "feePpm">): number =>
  Number(ceilDiv(BigInt(notional(t)) * BigInt(t.feePpm), 1_000_000n));

/**
 * Profit (or loss, negative) at `price`: notional × (price − entry) / entry for a long, the
 * opposite for a short, rounded down (toward the house, whichever its sign).
 */
export function pnlAt(t: PositionTerms, price: number): number {
  const move = BigInt(t.side === "long" ? price - t.entryPrice : t.entryPrice - price);
  return Number(floorDiv(BigInt(notional(t)) * move, BigInt(t.entryPrice)));
}

/** margin + PnL: what the position is worth at `price`, before the closing fee; negative past a gap. */
export const equityAt = (t: PositionTerms, price: number): number => t.margin + pnlAt(t, price);

/** Whether `price` stops the position out: its equity is at most margin × stopOutBp / 10 000. */
export function stopsOut(t: PositionTerms, price: number): boolean {
  return BigInt(equityAt(t, price)) * 10_000n <= BigInt(t.margin) * BigInt(t.stopOutBp);
}

/**
 * The liquidation price, shown before the member confirms: for a long the highest price that
 * stops it out (every price at or below it does), for a short the lowest (every price at or above
 * it does). Found by bisection over whole price steps with `stopsOut` itself, so the price shown,
 * the trigger the market keeps and the check at a tick are one rule, rounding included.
 */
export function liquidationPrice(t: PositionTerms): number {
  if (t.side === "long") {
    // stopsOut(0) holds for any leverage ≥ 1: the equity there is margin − notional ≤ 0
    let lo = 0;
    let hi = t.entryPrice;
    if (!stopsOut(t, lo)) return 0;
    while (lo < hi) {
      const mid = lo + Math.ceil((hi - lo) / 2);
      if (stopsOut(t, mid)) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
  // for a short, twice the entry loses the whole notional (≥ the margin): it stops out there
  let lo = t.entryPrice;
  let hi = t.entryPrice * 2;
  while (lo < hi) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (stopsOut(t, mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * What a close at `price` pays back into the game wallet: the equity less the closing fee, never
 * below zero (a gap past the stop-out costs the member the margin, no more).
 */
export const payoutAt = (t: PositionTerms, price: number): number => Math.max(0, equityAt(t, price) - positionFee(t));

/**
 * A take-profit and a stop-loss on the right side, checked against the current price: a long's
 * take-profit above it and stop-loss below it but above the liquidation price (a stop-loss past it
 * could never act before the stop-out); a short's the other way round. null = not set.
 */
export function triggersValid(t: PositionTerms, price: number, takeProfit: number | null, stopLoss: number | null): boolean {
  const liquidation = liquidationPrice(t);
  if (t.side === "long") {
    return (takeProfit === null || takeProfit > price) && (stopLoss === null || (stopLoss < price && stopLoss > liquidation));
  }
  return (takeProfit === null || takeProfit < price) && (stopLoss === null || (stopLoss > price && stopLoss < liquidation));
}

/** Whether the market has moved from the price the member saw by more than the site's tolerance. */
export const slippedBeyond = (seenPrice: number, marketPrice: number, slippageBp: number): boolean =>
  BigInt(Math.abs(marketPrice - seenPrice)) * 10_000n > BigInt(seenPrice) * BigInt(slippageBp);

// the calls' shapes (calls.ts) ---------------------------------------------------------------------

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
  })
  .strict();
export type OpenPositionBody = z.output<typeof openPositionBody>;

/** Replace an open position's take-profit and stop-loss (null clears one). */
export const positionTriggersBody = z.object({ takeProfit: triggerPrice, stopLoss: triggerPrice }).strict();
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
  /** the game wallet the margin came from and the payout returns to */
  gameCode: z.string(),
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
export const termsOf = (p: Pick<Position, "side" | "margin" | "leverage" | "entryPrice" | "feePpm" | "stopOutBp">): PositionTerms => ({
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
