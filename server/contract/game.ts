import { z } from "zod";
import { accountMode } from "./protection";
import { hasNoControlCharacters } from "#rules/text";
import { minorUnits } from "./units";
import { BET_OPTIONS } from "#rules/bet-options";
import { OUTCOMES } from "#rules/outcomes";
import { ACCOUNT_MODES } from "#rules/account-mode";

/**
 * The game (server/platform/README.md, "Game rules"). Prices are integers in the pair's smallest
 * step (price × 10^precision): 61234.50 on a 2-digit pair is 6123450, and its last digit is 0.
 */

const isoTime = z.string().datetime();

export const betOption = z.enum(BET_OPTIONS);

/** A pair symbol as it appears in paths: BTC-USDT. */
export const pairSymbol = z.string().regex(/^[A-Z0-9]{2,10}-[A-Z0-9]{2,10}$/);

/**
 * Where a pair's prices come from (docs/decisions/032-synthetic-names-and-exchange-feeds.md):
 * `synthetic`, the platform's own committed-seed walk, which the member site always marks as
 * such; or `exchange`, the trades of a real exchange's pair, recorded with their trade ids.
 */
export const PAIR_SOURCES = ["synthetic", "exchange"] as const;
export const pairSource = z.enum(PAIR_SOURCES);
export type PairSource = z.infer<typeof pairSource>;

export const tradingPair = z.object({
  symbol: pairSymbol,
  /** as shown: "Walk 1 Index" (a synthetic pair never carries a real pair's name) */
  name: z.string(),
  /** digits after the decimal point */
  precision: z.number().int().min(0).max(8),
  /** where its prices come from; pairs stored before sources existed are synthetic */
  source: pairSource.default("synthetic"),
});
export type TradingPair = z.infer<typeof tradingPair>;

/**
 * A period number: YYYYMMDD (UTC) + the index of the period in its day, from 0001, zero-padded to
 * 4 digits. A day of periods shorter than 9 s has more than 9999 of them: their index has 5 digits.
 */
export const periodNo = z.string().regex(/^\d{12,13}$/);

export const optionOutcome = z.enum(OUTCOMES);

/**
 * Why a period is void (every bet on it refunded): an operator paused or resumed its pair after
 * betting on it had closed, or the feed had no tick in a second that decides it (after its cut-off).
 */
export const VOID_REASONS = ["pair_paused", "pair_resumed", "feed_gap", "beacon_missing"] as const;
export const voidReason = z.enum(VOID_REASONS);
export type VoidReason = z.infer<typeof voidReason>;

/** What the pair's own audit log records of operators (operatorPairAudit). */
export const PAIR_ACTIONS = [
  "pair_created",
  "pair_configured",
  "pair_paused",
  "pair_resumed",
  "pair_restored",
  "pair_source_set",
] as const;
export type PairAction = (typeof PAIR_ACTIONS)[number];

export const period = z.object({
  pair: pairSymbol,
  periodNo,
  startsAt: isoTime,
  /**
   * betting on this period closes here, `cutoffSeconds` before it starts: bets on a period are
   * taken while the period before it runs, so nothing that decides a bet exists when it is taken
   */
  cutoffAt: isoTime,
  endsAt: isoTime,
  /** the last price at the period's start; null until the period has started */
  openPrice: z.number().int().nonnegative().nullable(),
  /** the last price at its end; null until it ended */
  closePrice: z.number().int().nonnegative().nullable(),
  lastDigit: z.number().int().min(0).max(9).nullable(),
  /** the outcome of every option once the period has ended (every one "refund" when void) */
  outcomes: z.record(betOption, optionOutcome).nullable(),
  /** set when the period is void: every bet on it is refunded, whatever its prices */
  voidReason: voidReason.nullable().default(null),
});
export type Period = z.infer<typeof period>;

export const marketState = z.object({
  pair: tradingPair,
  /** the latest tick */
  price: z.number().int().nonnegative().nullable(),
  priceAt: isoTime.nullable(),
  /** the live period: running now, its open known, no longer taking bets */
  current: period,
  /** the period that starts when `current` ends: it takes bets until its `cutoffAt` */
  next: period,
  /** the last period that ended before `current` (its close, or void), so a page shows it from the start */
  ended: period.nullable().default(null),
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
/** "1s" is the raw ticks (kept an hour): one candle a second, open = high = low = close. */
export const CANDLE_INTERVALS = ["1s", "1m", "5m", "15m", "1h", "1d"] as const;

export const orderBody = z
  .object({
    pair: pairSymbol,
    periodNo,
    option: betOption,
    amount: minorUnits.pipe(z.number().int().positive()),
    /** the mode the bet's page was rendered in: refused unless it is the caller's (server/rules/account-mode.ts) */
    mode: accountMode,
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
  /** the price when the bet was taken ("bet rate"): before the period started, so not its open */
  priceAtBet: z.number().int().nonnegative(),
  status: z.enum(["open", "won", "lost", "refunded"]),
  /** what the settlement credited back (stake × odds on a win, the stake on a refund) */
  payout: minorUnits,
  currency: z.string(),
  /** always after `createdAt`: a bet is taken before its period starts */
  startsAt: isoTime,
  endsAt: isoTime,
  createdAt: isoTime,
  settledAt: isoTime.nullable(),
  closePrice: z.number().int().nullable(),
  lastDigit: z.number().int().nullable(),
  /** play money or real (protection.ts); a list answers one mode's orders only */
  mode: z.enum(ACCOUNT_MODES).default("real"),
  /** set once settled when the bet's period was void (it was refunded for that reason) */
  voidReason: voidReason.nullable().default(null),
});
export type Order = z.infer<typeof order>;

/** How a market runs: an operator sets it per pair (tests shorten the periods). */
export const pairConfig = z
  .object({
    name: z.string().min(3).max(20).refine(hasNoControlCharacters),
    precision: z.number().int().min(0).max(8),
    /**
     * length of a period, in seconds; it divides a day, so no period straddles midnight and every
     * period's ticks come from one day's seed (server/rules/fairness-walk.ts)
     */
    periodSeconds: z
      .number()
      .int()
      .min(2)
      .max(3600)
      .refine((p) => 86_400 % p === 0, "period_not_dividing_day"),
    /** betting on a period closes this many seconds before the period starts */
    cutoffSeconds: z.number().int().min(1).max(600),
    /** the feed's first price when the pair is created, in the pair's smallest step (far below 2^53, so a walk from it stays exact) */
    startPrice: z.number().int().positive().max(1e15),
    /**
     * standard deviation of one second's move, in basis points of the price; the ticks themselves
     * come from each day's committed seed (server/rules/fairness-walk.ts)
     */
    volatilityBp: z.number().int().min(0).max(1000),
    /** stops the feed (a stalled exchange): no ticks, so after 5 s bets answer price_unavailable */
    paused: z.boolean().default(false),
  })
  .strict()
  .refine((c) => c.cutoffSeconds < c.periodSeconds, { message: "cutoff_not_before_end", path: ["cutoffSeconds"] });
export type PairConfig = z.infer<typeof pairConfig>;

export const pairInfo = tradingPair.extend({ periodSeconds: z.number().int(), cutoffSeconds: z.number().int() });

/** An exchange's pair symbol as its API spells it: BTCUSDT. */
export const exchangeSymbol = z.string().regex(/^[A-Z0-9]{2,20}$/);

/**
 * How an operator sets a pair's price source (operatorPutPairSource). An exchange feed names the
 * exchange (Binance spot, the one adapter so far) and its symbol, and the longest a second may go
 * without a trade before the pair counts as stale: that many seconds are carried at the last
 * trade's price, one more and the pair pauses. It must stay below the pair's cut-off, so a
 * period's open is always a trade made after betting on it closed.
 */
export const pairSourceBody = z
  .object({
    kind: pairSource,
    /** the exchange and its symbol: required for `exchange`, ignored for `synthetic` */
    exchange: z.literal("binance").default("binance"),
    symbol: exchangeSymbol.optional(),
    maxStaleSeconds: z.number().int().min(1).max(60).default(5),
  })
  .strict()
  .refine((b) => b.kind === "synthetic" || b.symbol !== undefined, {
    message: "exchange_symbol_missing",
    path: ["symbol"],
  });
export type PairSourceBody = z.infer<typeof pairSourceBody>;

/** A pair's feed parameters for a stretch of days (a day's are frozen with its committed seed). */
const pairParams = z.object({
  precision: z.number().int(),
  periodSeconds: z.number().int(),
  cutoffSeconds: z.number().int(),
  volatilityBp: z.number().int(),
});

/**
 * One pair as an operator manages it (operatorPairs): the configuration stored (what a new
 * operatorPutPair starts from, startPrice included), the parameters it runs with today, the change
 * that waits for a later day, and where its prices come from.
 */
export const operatorPair = z.object({
  symbol: pairSymbol,
  config: pairConfig.innerType(),
  /** today's parameters (the day's, committed with its seed) */
  running: pairParams,
  /** stored parameters that apply only from `from` (00:00 UTC of the first day seeded after the change); null: none */
  pending: pairParams.extend({ from: z.string().datetime() }).nullable(),
  /** the price source as set; a synthetic pair has no exchange fields */
  source: z.object({
    kind: pairSource,
    exchange: z.literal("binance").nullable(),
    symbol: exchangeSymbol.nullable(),
    maxStaleSeconds: z.number().int().nullable(),
  }),
  /** why the feed paused the pair itself (a stale or broken exchange link); null: it did not */
  pausedByFeed: z.string().nullable(),
});
export type OperatorPair = z.infer<typeof operatorPair>;

/**
 * The public market stream, `GET /market/<pair>/stream` (WebSocket): once a second one JSON
 * message, an array of these events: the latest tick, plus a period event when a period started
 * (with the one that ended, outcomes included, and the next one, now taking bets). The first
 * message after connecting has both.
 */
export const marketStreamEvent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("tick"), price: z.number().int().nonnegative(), at: isoTime }),
  z.object({ type: z.literal("period"), current: period, next: period, ended: period.optional() }),
]);
export const marketStreamMessage = z.array(marketStreamEvent);
export type MarketStreamEvent = z.infer<typeof marketStreamEvent>;

// The member stream's events are in stream.ts (they carry positions too, positions.ts).
