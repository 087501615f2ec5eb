import { z } from "zod";
import { minorUnits } from "./schemas";

/**
 * The game (issue 4, DESIGN.md §4). Prices are integers in the pair's smallest step
 * (price × 10^precision): 61234.50 on a 2-digit pair is 6123450, and its last digit is 0.
 */

const isoTime = z.string().datetime();

export const BET_OPTIONS = ["high", "low", "odd", "even", "rise", "fall", "counter", "draw"] as const;
export const betOption = z.enum(BET_OPTIONS);
export type BetOption = z.infer<typeof betOption>;

/** Options that cannot be held together in one period (spec §5, DESIGN.md §4). */
export const OPPOSITES: Readonly<Record<BetOption, BetOption | null>> = {
  high: "low",
  low: "high",
  odd: "even",
  even: "odd",
  rise: "fall",
  fall: "rise",
  counter: null,
  draw: null,
};

/** A pair symbol as it appears in paths: BTC-USDT. */
export const pairSymbol = z.string().regex(/^[A-Z0-9]{2,10}-[A-Z0-9]{2,10}$/);

export const tradingPair = z.object({
  symbol: pairSymbol,
  /** as shown: BTC/USDT */
  name: z.string(),
  /** digits after the decimal point */
  precision: z.number().int().min(0).max(8),
});
export type TradingPair = z.infer<typeof tradingPair>;

/** A period number: YYYYMMDD (UTC) + the 4-digit index of the period in its day, from 0001. */
export const periodNo = z.string().regex(/^\d{12}$/);

export const optionOutcome = z.enum(["win", "lose", "refund"]);

export const period = z.object({
  pair: pairSymbol,
  periodNo,
  startsAt: isoTime,
  /** betting closes here */
  cutoffAt: isoTime,
  endsAt: isoTime,
  /** the last price at the period's start; null until the period has started */
  openPrice: z.number().int().nonnegative().nullable(),
  /** the last price at its end; null until it ended */
  closePrice: z.number().int().nonnegative().nullable(),
  lastDigit: z.number().int().min(0).max(9).nullable(),
  /** the outcome of every option once the period has ended */
  outcomes: z.record(betOption, optionOutcome).nullable(),
});
export type Period = z.infer<typeof period>;

export const marketState = z.object({
  pair: tradingPair,
  /** the latest tick */
  price: z.number().int().nonnegative().nullable(),
  priceAt: isoTime.nullable(),
  current: period,
  /** the platform's clock, so a page can count down without trusting the device's */
  serverTime: isoTime,
});

export const candle = z.object({
  /** the interval's start */
  time: isoTime,
  open: z.number().int(),
  high: z.number().int(),
  low: z.number().int(),
  close: z.number().int(),
});
export const CANDLE_INTERVALS = ["1m", "5m", "15m", "1h", "1d"] as const;

export const orderBody = z
  .object({
    pair: pairSymbol,
    periodNo,
    option: betOption,
    amount: minorUnits.pipe(z.number().int().positive()),
  })
  .strict();

export const order = z.object({
  id: z.string(),
  pair: pairSymbol,
  periodNo,
  option: betOption,
  amount: minorUnits,
  /** decimal odds at bet time, e.g. 1.95 */
  odds: z.number().positive(),
  /** the price when the bet was taken ("bet rate") */
  priceAtBet: z.number().int().nonnegative(),
  status: z.enum(["open", "won", "lost", "refunded"]),
  /** what the settlement credited back (stake × odds on a win, the stake on a refund) */
  payout: minorUnits,
  currency: z.string(),
  startsAt: isoTime,
  endsAt: isoTime,
  createdAt: isoTime,
  settledAt: isoTime.nullable(),
  closePrice: z.number().int().nullable(),
  lastDigit: z.number().int().nullable(),
});
export type Order = z.infer<typeof order>;
