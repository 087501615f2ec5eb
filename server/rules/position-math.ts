/**
 * The arithmetic of a position (server/contract/README.md, "Contract trading"): no zod and no
 * other module, so the member site's contract page can run the very same functions in the browser
 * for its live preview (app/README.md, "Contract trading") without carrying the contract's schemas.
 */

export const POSITION_SIDES = ["long", "short"] as const;
export type PositionSide = (typeof POSITION_SIDES)[number];

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

/**
 * The fee of opening, and the same again of closing: notional × feePpm / 10⁶, rounded up (toward
 * the house). Both are on the notional at the open (margin × leverage), not at the close price, so
 * a position's two fees are known, and equal, before it opens.
 */
export const positionFee = (t: Pick<PositionTerms, "margin" | "leverage" | "feePpm">): number =>
  Number(ceilDiv(BigInt(notional(t)) * BigInt(t.feePpm), 1_000_000n));

/**
 * The share of the margin that the opening and closing fees take together, in parts per million
 * of the margin: 2 × leverage × feePpm. Exact, since both fees are feePpm of the notional at the
 * open and the notional is margin × leverage (the rounding of each fee up to a whole minor unit
 * aside). 100× at 500 ppm: 100 000 ppm, 10 % of the margin.
 */
export const feeSharePpm = (leverage: number, feePpm: number): number => 2 * leverage * feePpm;

/**
 * Whether a leverage's fees fit in the site's most (`maxFeeShareBp`, basis points of the margin):
 * 2 × leverage × feePpm / 10⁶ ≤ maxFeeShareBp / 10⁴, compared as 2 × leverage × feePpm ≤
 * maxFeeShareBp × 100 in integers (at most 2 × 1000 × 100 000: far inside a safe integer).
 */
export const feeShareFits = (leverage: number, feePpm: number, maxFeeShareBp: number): boolean =>
  feeSharePpm(leverage, feePpm) <= maxFeeShareBp * 100;

/** The settings' leverages whose fees take more of the margin than `maxFeeShareBp` allows (the share grows with the leverage: the top of the list). */
export const leveragesOverFeeShare = (s: {
  leverageOptions: readonly number[];
  feePpm: number;
  maxFeeShareBp: number;
}): number[] => s.leverageOptions.filter((l) => !feeShareFits(l, s.feePpm, s.maxFeeShareBp));

/** The highest leverage whose fees fit at this fee (0: none, not even 1×; Infinity when there is no fee). */
export const highestLeverageWithin = (feePpm: number, maxFeeShareBp: number): number =>
  feePpm === 0 ? Infinity : Math.floor((maxFeeShareBp * 100) / (2 * feePpm));

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
export function triggersValid(
  t: PositionTerms,
  price: number,
  takeProfit: number | null,
  stopLoss: number | null,
): boolean {
  const liquidation = liquidationPrice(t);
  if (t.side === "long") {
    return (
      (takeProfit === null || takeProfit > price) && (stopLoss === null || (stopLoss < price && stopLoss > liquidation))
    );
  }
  return (
    (takeProfit === null || takeProfit < price) && (stopLoss === null || (stopLoss > price && stopLoss < liquidation))
  );
}

/** Whether the market has moved from the price the member saw by more than the site's tolerance. */
export const slippedBeyond = (seenPrice: number, marketPrice: number, slippageBp: number): boolean =>
  BigInt(Math.abs(marketPrice - seenPrice)) * 10_000n > BigInt(seenPrice) * BigInt(slippageBp);
