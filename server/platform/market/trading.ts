import { fail, ok, type Result } from "../result";
import { deliverCloses } from "./deliveries";
import type { MarketState } from "./market-state";
import { STALE_MS } from "./pairs";
import * as positions from "./positions";
import type { TriggerBook } from "./trigger-book";

/** Contract trading on the pair (the rules: positions.ts): each step on the pair caught up to now, in one transaction. */

export function mark(m: MarketState, nowMs: number): positions.Mark {
  const feed = m.feedRow();
  return { price: feed.last_price, second: feed.last_second, stale: nowMs - feed.last_second * 1000 > STALE_MS };
}

/** A step on a live pair: caught up (so every tick so far has checked the triggers), then `work` in one transaction. */
export async function onPair<T>(
  m: MarketState,
  symbol: string,
  work: (book: TriggerBook, mark: positions.Mark, nowMs: number) => Result<T>,
): Promise<Result<T>> {
  const nowMs = Date.now();
  const pair = m.live(symbol, nowMs);
  if (!pair) return fail(400, "invalid_trading_pair");
  const result = m.atomically(() => work(m.triggers(), mark(m, nowMs), nowMs));
  deliverCloses(m);
  await m.keepTicking();
  return result;
}

export function openPosition(
  m: MarketState,
  symbol: string,
  req: positions.MarketOpen,
): Promise<Result<positions.MarketPosition>> {
  return onPair(m, symbol, (book, mark, nowMs) => positions.openPosition(m.sql, book, req, mark, nowMs));
}

/** What the market knows of a position (null: it never was asked to open it). */
export function findPosition(
  m: MarketState,
  symbol: string,
  positionId: string,
): Promise<Result<positions.MarketPosition | null>> {
  return onPair(m, symbol, () => ok(positions.findPosition(m.sql, positionId)));
}

/** `practice`: the mode of the member's position; the other mode's id is not found (positions.ts). */
export function closePosition(
  m: MarketState,
  symbol: string,
  positionId: string,
  practice: boolean,
): Promise<Result<positions.MarketClose>> {
  return onPair(m, symbol, (book, mark) => positions.closePosition(m.sql, book, positionId, practice, mark));
}

export function cancelPosition(
  m: MarketState,
  symbol: string,
  positionId: string,
): Promise<Result<positions.MarketClose | null>> {
  return onPair(m, symbol, (book, mark) => ok(positions.cancelPosition(m.sql, book, positionId, mark)));
}

export function setTriggers(
  m: MarketState,
  symbol: string,
  positionId: string,
  takeProfit: number | null,
  stopLoss: number | null,
  practice: boolean,
) {
  return onPair(m, symbol, (book, mark) =>
    positions.setTriggers(m.sql, book, positionId, takeProfit, stopLoss, practice, mark),
  );
}

export function openInterest(m: MarketState, symbol: string, siteId: string, limit: number, closeOnly: boolean) {
  return onPair(m, symbol, (_book, mark) => ok(positions.openInterest(m.sql, symbol, siteId, mark, limit, closeOnly)));
}
