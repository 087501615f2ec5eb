import type { CANDLE_INTERVALS, PairConfig, VoidReason } from "../../contract/game";
import { BEACON_ALGORITHM } from "#rules/beacon";
import { BET_OPTIONS, type BetOption } from "#rules/bet-options";
import { DAY_SECONDS, dayLabel, fromHex, tickSlot, toHex } from "#rules/fairness-walk";
import { direction, lastDigit, outcomes, type Direction, type Outcome } from "#rules/outcomes";
import type { FeedContext, Tick } from "../game/feed";
import { sha256 } from "../game/sha256";
import { iso, isBoundary, slotAt, type Slot } from "../game/schedule";
import { pruneRounds, roundsFor } from "./beacon-rounds";
import { paramsOf, type DayRow, type PeriodRow } from "./market-rows";
import { attestClosed, pruneTrades, recordableUntil } from "./exchange-feed";
import type { MarketState } from "./market-state";
import * as positions from "./positions";
import * as results from "./results";

/**
 * The pair's record: its creation, the day seeds committed ahead, and the catch-up that brings
 * ticks, gaps, candles and periods up to now, second by second (deterministic, so a late
 * catch-up records the same prices a live one would have), and what is kept of them.
 */

type Interval = (typeof CANDLE_INTERVALS)[number];

/** The aggregated intervals; "1s" is read from the ticks themselves. */
const INTERVAL_SECONDS: Record<Exclude<Interval, "1s">, number> = {
  "1m": 60,
  "5m": 300,
  "15m": 900,
  "1h": 3600,
  "1d": 86_400,
};
/** Raw ticks kept: an hour is enough for any live view; candles keep the longer history. */
const TICK_KEEP_SECONDS = 3600;
/** Candles kept per interval: the most the candles call can ask for. */
const CANDLE_KEEP = 500;
/** Ended periods kept for the quotes history. */
const PERIOD_KEEP_SECONDS = 30 * 86_400;
/** Delivered closes are kept this long, so a late question about one still has its answer. */
const CLOSE_KEEP_SECONDS = 7 * 86_400;

/** Every option refunded: the outcomes of a void period. */
const ALL_REFUNDED = Object.fromEntries(BET_OPTIONS.map((o) => [o, "refund"])) as Record<BetOption, Outcome>;

/**
 * The feed starts at the configured price now; the running period opens at that price too. The
 * seconds of that period before now had no tick (a gap), and today's and tomorrow's seeds are
 * committed with the new pair's parameters: a creation applies at once.
 */
export function create(m: MarketState, symbol: string, config: PairConfig, nowMs: number): void {
  const now = Math.floor(nowMs / 1000);
  m.sql.exec(
    "INSERT INTO config (id, symbol, config, updated_at) VALUES (1, ?, ?, ?)",
    symbol,
    JSON.stringify(config),
    iso(now),
  );
  m.sql.exec(
    "INSERT INTO feed (id, last_second, last_price, recorded_until, broadcast_until) VALUES (1, ?, ?, ?, ?)",
    now,
    config.startPrice,
    now,
    now - 1,
  );
  commitDays(m, Math.floor(now / DAY_SECONDS), Math.floor(now / DAY_SECONDS) + 1, config, nowMs);
  m.sql.exec("INSERT OR REPLACE INTO ticks (second, price) VALUES (?, ?)", now, config.startPrice);
  const slot = slotAt(now, config.periodSeconds, config.cutoffSeconds);
  if (now > slot.start) addGap(m, slot.start + 1, now);
  openPeriod(m, slot, config.startPrice);
  addCandles(m, new Map(), [{ second: now, price: config.startPrice }], now);
}

/**
 * Commits the seeds of days `from` … `to` that have none: 32 random bytes, their SHA-256, now,
 * the parameters the pair is configured with now, and the algorithm with the beacon chain its
 * ticks will mix in (decision 031). A day committed late (the object slept)
 * says so by its committedAt; no bet can have been placed on it before, since every bet first
 * catches the market up.
 */
export function commitDays(m: MarketState, from: number, to: number, config: PairConfig, nowMs: number): void {
  const have = new Set(
    m.sql
      .exec<{ day: number }>("SELECT day FROM days WHERE day >= ? AND day <= ?", from, to)
      .toArray()
      .map((r) => r.day),
  );
  for (let day = from; day <= to; day++) {
    if (have.has(day)) continue;
    const seed = crypto.getRandomValues(new Uint8Array(32));
    m.sql.exec(
      `INSERT INTO days (day, seed, commitment, committed_at, volatility_bp, precision, period_seconds, cutoff_seconds, algorithm, beacon)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      day,
      toHex(seed),
      toHex(sha256(seed)),
      nowMs,
      config.volatilityBp,
      config.precision,
      config.periodSeconds,
      config.cutoffSeconds,
      BEACON_ALGORITHM,
      JSON.stringify(m.beacon().chain),
    );
  }
}

/** Why seconds had no tick: an operator's pause ("stall"), or no beacon round in hand in time ("beacon"). */
export type GapCause = "stall" | "beacon";

/** Records seconds `from` … `to` as without a tick, joined to a range of the same cause ending just before. */
export function addGap(m: MarketState, from: number, to: number, cause: GapCause = "stall"): void {
  const before = m.sql
    .exec<{ start: number }>("SELECT start FROM gaps WHERE end_at = ? AND cause = ?", from - 1, cause)
    .toArray()[0];
  if (before) m.sql.exec("UPDATE gaps SET end_at = ? WHERE start = ?", to, before.start);
  else m.sql.exec("INSERT OR REPLACE INTO gaps (start, end_at, cause) VALUES (?, ?, ?)", from, to, cause);
}

export function openRow(m: MarketState): PeriodRow | undefined {
  return m.sql
    .exec<PeriodRow>("SELECT * FROM periods WHERE close_price IS NULL ORDER BY start DESC LIMIT 1")
    .toArray()[0];
}

export function previousDirection(m: MarketState, before: number): Direction | null {
  const row = m.sql
    .exec<PeriodRow>(
      "SELECT * FROM periods WHERE start < ? AND close_price IS NOT NULL ORDER BY start DESC LIMIT 1",
      before,
    )
    .toArray()[0];
  return row ? direction(row.open_price, row.close_price!) : null;
}

export function openPeriod(m: MarketState, slot: Slot, price: number): void {
  m.sql.exec(
    "INSERT OR IGNORE INTO periods (start, period_no, cutoff, end_at, open_price) VALUES (?, ?, ?, ?, ?)",
    slot.start,
    slot.periodNo,
    slot.cutoff,
    slot.end,
    price,
  );
}

/**
 * Records the close and every option's outcome (all refunded when the period is void); returns
 * the period's direction. `stalledFrom` is the first second of a gap still running at the close.
 */
export function closePeriod(
  m: MarketState,
  row: PeriodRow,
  close: number,
  previous: Direction | null,
  stalledFrom: number | null,
  cause: GapCause = "stall",
): Direction {
  const reason = voidReasonOf(m, row, stalledFrom, cause);
  m.sql.exec(
    "UPDATE periods SET close_price = ?, last_digit = ?, outcomes = ?, void_reason = ? WHERE start = ? AND close_price IS NULL",
    close,
    lastDigit(close),
    JSON.stringify(reason ? ALL_REFUNDED : outcomes(row.open_price, close, previous)),
    reason,
    row.start,
  );
  return direction(row.open_price, close);
}

/**
 * Why a period is void, or null. An operator's pause or resume after its betting closed (voids),
 * or a second without a tick from when betting on it opened (the previous period's start) to its
 * end: a skipped second changes which moves make up its open and close, and whoever stalled the
 * feed could know the seed, so a bet already taken must not stand on such prices. A gap for want
 * of a beacon round (an outage) is "beacon_missing"; a pause's is "feed_gap".
 */
export function voidReasonOf(
  m: MarketState,
  row: PeriodRow,
  stalledFrom: number | null,
  cause: GapCause = "stall",
): VoidReason | null {
  const marked = m.sql.exec<{ reason: VoidReason }>("SELECT reason FROM voids WHERE start = ?", row.start).toArray()[0];
  if (marked) return marked.reason;
  // the seconds before the pair existed had no tick either (create), but no bet could stand on them
  const created = m.sql.exec<{ at: number | null }>("SELECT MIN(committed_at) AS at FROM days").one().at;
  const from = Math.max(
    row.start - (row.end_at - row.start) + 1,
    created === null ? 0 : Math.floor(created / 1000) + 1,
  );
  const gaps = m.sql
    .exec<{ cause: GapCause }>("SELECT cause FROM gaps WHERE end_at >= ? AND start <= ?", from, row.end_at)
    .toArray()
    .map((g) => g.cause);
  if (stalledFrom !== null && stalledFrom <= row.end_at) gaps.push(cause);
  if (gaps.includes("beacon")) return "beacon_missing";
  return gaps.length > 0 ? "feed_gap" : null;
}

/**
 * Brings ticks, candles and periods up to `nowMs`, second by second. First the seeds: every day
 * it draws from, and the day after now's, are committed before anything is drawn. Each second
 * then takes its tick (if the feed has one; a second without is recorded as a gap), then, on a
 * period boundary of its day's schedule, closes the ending period and opens the next with the
 * last price there is: the close of one period is the open of the next. Midnight is a boundary
 * of every schedule, so a new day's parameters start with its first period.
 */
export function catchUp(m: MarketState, pair: { symbol: string; config: PairConfig }, nowMs: number): void {
  const { symbol, config } = pair;
  const now = Math.floor(nowMs / 1000);
  // now, or for an exchange-fed pair the last second its trades can have arrived for (exchange-feed.ts)
  const recordable = recordableUntil(m, nowMs);
  const feed = m.feedRow();
  if (now <= feed.recorded_until) return;
  commitDays(m, tickSlot(feed.recorded_until + 1).day, Math.floor(now / DAY_SECONDS) + 1, config, nowMs);
  const days = new Map<number, DayRow>();
  const dayOf = (day: number): DayRow => {
    let row = days.get(day);
    if (!row) {
      row = m.dayRow(day);
      if (!row) throw new Error(`market: day ${dayLabel(day)} has no committed seed`);
      days.set(day, row);
    }
    return row;
  };
  let rounds = { ready: recordable, randomness: new Map<number, string>() };
  const cause: GapCause = config.paused ? "stall" : "beacon";
  const context: FeedContext = {
    symbol,
    day: (day) => {
      const row = dayOf(day);
      return {
        seed: fromHex(row.seed),
        volatilityBp: row.volatility_bp,
        algorithm: row.algorithm,
        beacon: row.beacon === null ? null : (JSON.parse(row.beacon) as { genesis: number; period: number }),
      };
    },
    randomness: (round) => rounds.randomness.get(round) ?? null,
  };
  const adapter = m.hooks.adapter(config, context);
  // A walk-2 second is recorded once its beacon round is in hand or overdue (beacon-rounds.ts);
  // a stalled feed draws nothing and waits for no round.
  if (adapter.mixesBeacon && !config.paused) rounds = roundsFor(m, feed.recorded_until + 1, now, nowMs, dayOf);
  const target = rounds.ready;
  if (target <= feed.recorded_until) return;
  // The walk goes on from the last recorded second: seconds already recorded without a tick
  // (a stalled feed) stay without one.
  const from = { second: Math.max(feed.last_second, feed.recorded_until), price: feed.last_price };
  const ticks = adapter.ticksAfter(from, target);
  let open = openRow(m);
  let previous = open ? previousDirection(m, open.start) : null;
  let price = feed.last_price;
  let t = 0;
  let gapFrom: number | null = null;
  // contract trading: every tick checks the open positions' triggers, in order, so a position
  // closes at the first tick that crosses one of them (positions.ts)
  const book = m.triggers();
  for (let s = feed.recorded_until + 1; s <= target; s++) {
    let ticked = false;
    while (t < ticks.length && ticks[t]!.second <= s) {
      const tick = ticks[t++]!;
      price = tick.price;
      ticked = true;
      positions.crossTick(m.sql, book, tick.price, tick.second);
    }
    if (!ticked) gapFrom ??= s;
    else if (gapFrom !== null) {
      addGap(m, gapFrom, s - 1, cause);
      gapFrom = null;
    }
    const params = paramsOf(dayOf(Math.floor(s / DAY_SECONDS)));
    if (!isBoundary(s, params.periodSeconds)) continue;
    if (open && open.end_at <= s) previous = closePeriod(m, open, price, previous, gapFrom, cause);
    openPeriod(m, slotAt(s, params.periodSeconds, params.cutoffSeconds), price);
    open = openRow(m);
  }
  if (gapFrom !== null) addGap(m, gapFrom, target, cause);
  const last = ticks[ticks.length - 1];
  m.sql.exec(
    "UPDATE feed SET last_second = ?, last_price = ?, recorded_until = ? WHERE id = 1",
    last?.second ?? feed.last_second,
    last?.price ?? feed.last_price,
    target,
  );
  for (const tick of ticks) {
    if (tick.second > target - TICK_KEEP_SECONDS)
      m.sql.exec("INSERT OR REPLACE INTO ticks (second, price) VALUES (?, ?)", tick.second, tick.price);
  }
  addCandles(m, new Map(), ticks, target);
  attestClosed(m);
  // Pruning is cheap but not free: once a minute, or after a long gap.
  if (target % 60 === 0 || target - feed.recorded_until > 60) prune(m, target);
}

/** Folds ticks into the candles of every interval (aggregated in memory first: a long catch-up writes each candle once). */
export function addCandles(
  m: MarketState,
  into: Map<string, { interval: Exclude<Interval, "1s">; start: number; o: number; h: number; l: number; c: number }>,
  ticks: Tick[],
  target: number,
): void {
  for (const tick of ticks) {
    for (const [interval, length] of Object.entries(INTERVAL_SECONDS) as [Exclude<Interval, "1s">, number][]) {
      const start = tick.second - (tick.second % length);
      if (start < target - CANDLE_KEEP * length) continue;
      const key = `${interval}:${start}`;
      const c = into.get(key);
      if (c) {
        c.h = Math.max(c.h, tick.price);
        c.l = Math.min(c.l, tick.price);
        c.c = tick.price;
      } else into.set(key, { interval, start, o: tick.price, h: tick.price, l: tick.price, c: tick.price });
    }
  }
  for (const c of into.values()) {
    m.sql.exec(
      `INSERT INTO candles (interval, start, open, high, low, close) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (interval, start) DO UPDATE SET high = MAX(high, excluded.high), low = MIN(low, excluded.low), close = excluded.close`,
      c.interval,
      c.start,
      c.o,
      c.h,
      c.l,
      c.c,
    );
  }
}

export function prune(m: MarketState, target: number): void {
  m.sql.exec("DELETE FROM ticks WHERE second <= ?", target - TICK_KEEP_SECONDS);
  for (const [interval, length] of Object.entries(INTERVAL_SECONDS)) {
    m.sql.exec("DELETE FROM candles WHERE interval = ? AND start < ?", interval, target - CANDLE_KEEP * length);
  }
  m.sql.exec("DELETE FROM periods WHERE start < ? AND close_price IS NOT NULL", target - PERIOD_KEEP_SECONDS);
  m.sql.exec("DELETE FROM gaps WHERE end_at < ?", target - PERIOD_KEEP_SECONDS);
  positions.prunePositions(m.sql, target - CLOSE_KEEP_SECONDS);
  results.pruneResults(m.sql, target - TICK_KEEP_SECONDS);
  pruneTrades(m, target - TICK_KEEP_SECONDS, target - PERIOD_KEEP_SECONDS);
  pruneRounds(m, target);
}
