import type { z } from "zod";
import type { candle, CANDLE_INTERVALS, PairSource, Period, VoidReason } from "../../contract/game";
import type { BetOption } from "#rules/bet-options";
import type { Direction, Outcome } from "#rules/outcomes";
import { bettingSlot, iso, slotAt, type Slot } from "../game/schedule";
import { fail, ok, type Result } from "../result";
import type { PeriodRow } from "./market-rows";
import type { MarketState } from "./market-state";
import { pairInfoOf as info, STALE_MS, type PairInfo } from "./pairs";
import { exchangeSource } from "./exchange-feed";
import { previousDirection } from "./recorder";
import * as results from "./results";

/** What a pair answers from its record: its state, a bet's snapshot, a period's result, quotes and candles. */

type Candle = z.infer<typeof candle>;
type Interval = (typeof CANDLE_INTERVALS)[number];

/** What a bet needs from the market: the latest tick and the period taking bets, read in one call. */
export interface BetSnapshot {
  price: number | null;
  /** ms of the latest tick */
  priceAt: number | null;
  /** the period that starts when the running one ends (schedule.ts bettingSlot) */
  slot: Slot;
}

/** A period's recorded result, from which bets are settled. */
export interface PeriodResult {
  openPrice: number;
  closePrice: number;
  lastDigit: number;
  outcomes: Record<BetOption, Outcome>;
  /** the direction of the period before, as its outcomes were decided with (bonus wagering needs it) */
  previous: Direction | null;
  /** why the period is void (every option refunded), or null */
  voidReason?: VoidReason | null;
}

export function toPeriod(m: MarketState, symbol: string, row: PeriodRow): Period {
  return {
    pair: symbol,
    periodNo: row.period_no,
    startsAt: iso(row.start),
    cutoffAt: iso(row.cutoff),
    endsAt: iso(row.end_at),
    openPrice: row.open_price,
    closePrice: row.close_price,
    lastDigit: row.last_digit,
    outcomes: row.outcomes === null ? null : (JSON.parse(row.outcomes) as Period["outcomes"]),
    voidReason: row.void_reason ?? pendingVoid(m, row.start),
  };
}

/** A void an operator's action has already decided for a period that has not closed yet. */
export function pendingVoid(m: MarketState, start: number): VoidReason | null {
  return (
    m.sql.exec<{ reason: VoidReason }>("SELECT reason FROM voids WHERE start = ?", start).toArray()[0]?.reason ?? null
  );
}

export function currentPeriod(m: MarketState, symbol: string, nowMs: number, opts?: { openIfKnown?: boolean }): Period {
  const now = Math.floor(nowMs / 1000);
  const params = m.paramsAt(now);
  const slot = slotAt(now, params.periodSeconds, params.cutoffSeconds);
  const row = m.sql
    .exec<PeriodRow>("SELECT * FROM periods WHERE start <= ? ORDER BY start DESC LIMIT 1", slot.start)
    .toArray()[0];
  if (row && row.start === slot.start) return toPeriod(m, symbol, row);
  // Not recorded yet (the clock is behind the feed's last record): the schedule alone, with the
  // last price recorded as its open (or, when asked, the open as not known yet)
  const period = toPeriod(m, symbol, { ...unopened(slot), open_price: m.feedRow().last_price });
  return opts?.openIfKnown ? { ...period, openPrice: null } : period;
}

/** The period that takes bets now (or, in the cut-off before it starts, has just stopped): not started, no prices. */
export function nextPeriod(m: MarketState, symbol: string, nowMs: number): Period {
  const { slot } = bettingSlot(Math.floor(nowMs / 1000), (second) => m.paramsAt(second));
  return { ...toPeriod(m, symbol, { ...unopened(slot), open_price: 0 }), openPrice: null };
}

export function unopened(slot: Slot): PeriodRow {
  return {
    start: slot.start,
    period_no: slot.periodNo,
    cutoff: slot.cutoff,
    end_at: slot.end,
    open_price: 0,
    close_price: null,
    last_digit: null,
    outcomes: null,
    void_reason: null,
  };
}

/** Where the pair's prices come from now (exchange-feed.ts). */
export const sourceOf = (m: MarketState): PairSource => (exchangeSource(m) ? "exchange" : "synthetic");

/** Whether the pair exists (without creating a default pair, as every other call does on first use). */
export function exists(m: MarketState, symbol: string): boolean {
  return m.stored()?.symbol === symbol;
}

/** The pair as it runs now: its name, and today's parameters (frozen with today's seed). */
export function pairInfo(m: MarketState, symbol: string): Result<PairInfo> {
  const nowMs = Date.now();
  const pair = m.live(symbol, nowMs);
  return pair
    ? ok(info(symbol, pair.config.name, m.paramsAt(Math.floor(nowMs / 1000)), sourceOf(m)))
    : fail(400, "invalid_trading_pair");
}

export function state(m: MarketState, symbol: string) {
  const nowMs = Date.now();
  const pair = m.live(symbol, nowMs);
  if (!pair) return fail(400, "invalid_trading_pair");
  const feed = m.feedRow();
  return ok({
    pair: {
      symbol,
      name: pair.config.name,
      precision: m.paramsAt(Math.floor(nowMs / 1000)).precision,
      source: sourceOf(m),
    },
    price: feed.last_price,
    priceAt: iso(feed.last_second),
    current: currentPeriod(m, symbol, nowMs),
    next: nextPeriod(m, symbol, nowMs),
    ended: endedPeriod(m, symbol, nowMs),
    serverTime: new Date(nowMs).toISOString(),
  });
}

/** The last period that ended (closed, or void) before the running one starts: what the game page says of the last period. */
export function endedPeriod(m: MarketState, symbol: string, nowMs: number): Period | null {
  const now = Math.floor(nowMs / 1000);
  const params = m.paramsAt(now);
  const running = slotAt(now, params.periodSeconds, params.cutoffSeconds);
  const row = m.sql
    .exec<PeriodRow>(
      "SELECT * FROM periods WHERE start < ? AND (close_price IS NOT NULL OR void_reason IS NOT NULL) ORDER BY start DESC LIMIT 1",
      running.start,
    )
    .toArray()[0];
  return row ? toPeriod(m, symbol, row) : null;
}

/**
 * The latest tick and the period taking bets (the one after the running one; the member object
 * decides with its own clock whether its betting is still open). The market keeps its 1-second
 * alarm until that period ends, so its open and close are recorded on time and streamed (a late
 * catch-up would record the same prices; this only makes it prompt).
 */
export function betSnapshot(m: MarketState, symbol: string, memberId?: string): Result<BetSnapshot> {
  const nowMs = Date.now();
  const now = Math.floor(nowMs / 1000);
  const pair = m.live(symbol, nowMs);
  if (!pair) return fail(400, "invalid_trading_pair");
  const feed = m.feedRow();
  const params = m.paramsAt(now);
  const running = slotAt(now, params.periodSeconds, params.cutoffSeconds);
  // Bets only while the period before theirs is recorded as running under today's schedule, or,
  // in the seconds after its start while the feed waits for the beacon round of that second
  // (decision 031), while the one before it is recorded as ending at that start.
  const waiting = feed.recorded_until < running.start;
  const recorded = m.sql
    .exec<PeriodRow>(
      "SELECT * FROM periods WHERE start = ? AND close_price IS NULL AND end_at = ?",
      waiting ? running.start - params.periodSeconds : running.start,
      waiting ? running.start : running.end,
    )
    .toArray()[0];
  if (!recorded) return fail(400, "betting_forbidden");
  const { slot } = bettingSlot(now, (second) => m.paramsAt(second));
  if (memberId !== undefined) results.registerBettor(m.sql, slot.start, memberId);
  m.sql.exec("UPDATE feed SET pending_until = MAX(pending_until, ?) WHERE id = 1", slot.end);
  void m.keepTicking();
  const priceAt = feed.last_second * 1000;
  if (nowMs - priceAt > STALE_MS) return fail(400, "price_unavailable");
  return ok({ price: feed.last_price, priceAt, slot });
}

/**
 * The recorded result of the period that started at `start`; null while it has not ended. A
 * recorded close never changes, so it is answered without catching the feed up first: every
 * member with bets in the period asks for it.
 */
export function result(m: MarketState, symbol: string, start: number): Result<PeriodResult | null> {
  const recorded = m.stored()?.symbol === symbol ? recordedResult(m, start) : null;
  if (recorded) return ok(recorded);
  if (!m.live(symbol)) return fail(400, "invalid_trading_pair");
  return ok(recordedResult(m, start));
}

export function recordedResult(m: MarketState, start: number): PeriodResult | null {
  const row = m.sql
    .exec<PeriodRow>("SELECT * FROM periods WHERE start = ? AND close_price IS NOT NULL", start)
    .toArray()[0];
  if (!row) return null;
  return {
    openPrice: row.open_price,
    closePrice: row.close_price!,
    lastDigit: row.last_digit!,
    outcomes: JSON.parse(row.outcomes!) as PeriodResult["outcomes"],
    previous: previousDirection(m, start),
    voidReason: row.void_reason,
  };
}

export function quotes(m: MarketState, symbol: string, q: { page: number; pageSize: number }) {
  const pair = m.live(symbol);
  if (!pair) return fail(400, "invalid_trading_pair");
  const total = m.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM periods WHERE close_price IS NOT NULL").one().n;
  const items = m.sql
    .exec<PeriodRow>(
      "SELECT * FROM periods WHERE close_price IS NOT NULL ORDER BY start DESC LIMIT ? OFFSET ?",
      q.pageSize,
      (q.page - 1) * q.pageSize,
    )
    .toArray()
    .map((r) => toPeriod(m, symbol, r));
  return ok({ items, total, page: q.page, pageSize: q.pageSize });
}

export function candles(m: MarketState, symbol: string, interval: Interval, limit: number): Result<Candle[]> {
  const pair = m.live(symbol);
  if (!pair) return fail(400, "invalid_trading_pair");
  if (interval === "1s") {
    // the game page's sparkline: the last `limit` ticks as they were
    const ticks = m.sql
      .exec<{ second: number; price: number }>("SELECT second, price FROM ticks ORDER BY second DESC LIMIT ?", limit)
      .toArray()
      .reverse();
    return ok(ticks.map((t) => ({ time: iso(t.second), open: t.price, high: t.price, low: t.price, close: t.price })));
  }
  const rows = m.sql
    .exec<{ start: number; open: number; high: number; low: number; close: number }>(
      "SELECT start, open, high, low, close FROM candles WHERE interval = ? ORDER BY start DESC LIMIT ?",
      interval,
      limit,
    )
    .toArray()
    .reverse();
  return ok(rows.map((r) => ({ time: iso(r.start), open: r.open, high: r.high, low: r.low, close: r.close })));
}
