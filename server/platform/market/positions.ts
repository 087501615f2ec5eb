import type { CloseReason, OpenInterest } from "../../contract";
import {
  liquidationPrice,
  notional,
  pnlAt,
  slippedBeyond,
  triggersValid,
  type PositionSide,
  type PositionTerms,
} from "#rules/position-math";
import { fail, ok, type Result } from "../result";
import { TriggerBook } from "./trigger-book";

/**
 * The market object's side of contract trading (server/platform/README.md, "Contract trading"):
 * it accepts a position at its latest price, keeps its triggers, decides every close once, and
 * hands each close to the member's object through an outbox. Synchronous functions over the
 * object's SQL, run inside its `transactionSync`, like the member object's modules.
 *
 * Why the market decides closes: a close can come from the member or from any tick, and only one
 * may win. The market object handles one call at a time, so whichever reaches it first removes
 * the position from the book and records the close; everything after that reads the record.
 */

export const POSITION_SCHEMA = [
  // Positions of this pair for every site: the open ones (close_reason NULL) with their triggers,
  // and the closed ones with the close the market decided. `delivered` = the member's object has
  // applied the close (the outbox is the closed rows not delivered yet).
  `CREATE TABLE IF NOT EXISTS positions (
     position_id TEXT PRIMARY KEY,
     site_id TEXT NOT NULL,
     member_id TEXT NOT NULL,
     side TEXT NOT NULL,
     margin INTEGER NOT NULL,
     leverage INTEGER NOT NULL,
     notional INTEGER NOT NULL,
     fee_ppm INTEGER NOT NULL,
     stop_out_bp INTEGER NOT NULL,
     entry_price INTEGER NOT NULL,
     liquidation_price INTEGER NOT NULL,
     take_profit INTEGER,
     stop_loss INTEGER,
     opened_at INTEGER NOT NULL,
     close_reason TEXT,
     close_price INTEGER,
     close_second INTEGER,
     delivered INTEGER NOT NULL DEFAULT 0,
     attempts INTEGER NOT NULL DEFAULT 0
   )`,
  `CREATE INDEX IF NOT EXISTS positions_open ON positions (close_reason, site_id)`,
  `CREATE INDEX IF NOT EXISTS positions_outbox ON positions (delivered, close_reason)`,
  // a practice position (play money, member/practice.ts): it trades and closes like any other,
  // but is left out of the site's open interest and the pair's real exposure limit
  `ALTER TABLE positions ADD COLUMN practice INTEGER NOT NULL DEFAULT 0`,
];

type PositionRow = {
  position_id: string;
  site_id: string;
  member_id: string;
  side: PositionSide;
  margin: number;
  leverage: number;
  notional: number;
  fee_ppm: number;
  stop_out_bp: number;
  entry_price: number;
  liquidation_price: number;
  take_profit: number | null;
  stop_loss: number | null;
  opened_at: number;
  close_reason: CloseReason | "void" | null;
  close_price: number | null;
  close_second: number | null;
  delivered: number;
  attempts: number;
  practice: number;
};

/** What a member's object asks the market to open (the site's settings the market checks ride along). */
export interface MarketOpen {
  siteId: string;
  memberId: string;
  positionId: string;
  side: PositionSide;
  margin: number;
  leverage: number;
  feePpm: number;
  stopOutBp: number;
  seenPrice: number;
  slippageBp: number;
  maxNotionalPerPair: number;
  closeOnly: boolean;
  takeProfit: number | null;
  stopLoss: number | null;
  /** play money (member/practice.ts): not counted in, nor held to, the pair's real exposure */
  practice?: boolean;
}

/** A close the market decided: the tick's price (or the latest, for the member's own close). */
export interface MarketClose {
  positionId: string;
  /** the position's mode as the market holds it: the member's object applies it to that mode's position only */
  practice: boolean;
  reason: CloseReason;
  price: number;
  /** the second of the tick that decided it */
  second: number;
}

export interface MarketPosition {
  positionId: string;
  entryPrice: number;
  liquidationPrice: number;
  /** ms, the market's clock when it accepted the position */
  openedAt: number;
  /** the close, when one was decided already; "void" = cancelled by the member's object, never open for it */
  close: MarketClose | null;
  void: boolean;
}

/** The market's latest tick, as the positions read it. */
export interface Mark {
  price: number;
  second: number;
  stale: boolean;
}

const termsOf = (r: PositionRow): PositionTerms => ({
  side: r.side,
  margin: r.margin,
  leverage: r.leverage,
  entryPrice: r.entry_price,
  feePpm: r.fee_ppm,
  stopOutBp: r.stop_out_bp,
});

const closeOf = (r: PositionRow): MarketClose | null =>
  r.close_reason === null || r.close_reason === "void"
    ? null
    : {
        positionId: r.position_id,
        practice: r.practice === 1,
        reason: r.close_reason,
        price: r.close_price!,
        second: r.close_second!,
      };

const answer = (r: PositionRow): MarketPosition => ({
  positionId: r.position_id,
  entryPrice: r.entry_price,
  liquidationPrice: r.liquidation_price,
  openedAt: r.opened_at,
  close: closeOf(r),
  void: r.close_reason === "void",
});

const row = (sql: SqlStorage, positionId: string) =>
  sql.exec<PositionRow>("SELECT * FROM positions WHERE position_id = ?", positionId).toArray()[0];

/**
 * A position a member acts on, found within the mode of the member's own position: the other
 * mode's id is not found, as an unknown one (one mode never closes or re-triggers the other's).
 */
const rowInMode = (sql: SqlStorage, positionId: string, practice: boolean) =>
  sql
    .exec<PositionRow>("SELECT * FROM positions WHERE position_id = ? AND practice = ?", positionId, practice ? 1 : 0)
    .toArray()[0];

/** The book of the open positions' triggers, rebuilt from the table (after a start, or a rolled-back step). */
export function loadBook(sql: SqlStorage): TriggerBook {
  const book = new TriggerBook();
  for (const r of sql.exec<PositionRow>("SELECT * FROM positions WHERE close_reason IS NULL").toArray()) {
    book.add({
      positionId: r.position_id,
      side: r.side,
      liquidationPrice: r.liquidation_price,
      takeProfit: r.take_profit,
      stopLoss: r.stop_loss,
    });
  }
  return book;
}

/** The refusal for a take-profit or stop-loss on the wrong side of `price` (or past the liquidation price). */
function triggerRefusal(
  t: PositionTerms,
  price: number,
  takeProfit: number | null,
  stopLoss: number | null,
): Result<null> {
  if (!triggersValid(t, price, takeProfit, null)) return fail(400, "take_profit_wrong_side");
  if (!triggersValid(t, price, null, stopLoss)) return fail(400, "stop_loss_wrong_side");
  return ok(null);
}

/**
 * Accepts a position at the latest tick. Idempotent by position id: asking again (a retry, or the
 * member's object completing an open after a crash) answers what was decided the first time.
 */
export function openPosition(
  sql: SqlStorage,
  book: TriggerBook,
  req: MarketOpen,
  mark: Mark,
  nowMs: number,
): Result<MarketPosition> {
  const existing = row(sql, req.positionId);
  if (existing) return ok(answer(existing));
  if (req.closeOnly) return fail(400, "pair_close_only");
  if (mark.stale) return fail(400, "price_unavailable");
  if (slippedBeyond(req.seenPrice, mark.price, req.slippageBp)) return fail(400, "price_moved");
  const size = notional(req);
  // the pair's limit is on the operator's real exposure: practice positions neither count nor are held to it
  const held = sql
    .exec<{ n: number }>(
      "SELECT COALESCE(SUM(notional), 0) AS n FROM positions WHERE close_reason IS NULL AND site_id = ? AND practice = 0",
      req.siteId,
    )
    .one().n;
  if (!req.practice && held + size > req.maxNotionalPerPair) return fail(400, "pair_exposure_limit");
  const terms: PositionTerms = {
    side: req.side,
    margin: req.margin,
    leverage: req.leverage,
    entryPrice: mark.price,
    feePpm: req.feePpm,
    stopOutBp: req.stopOutBp,
  };
  const refusal = triggerRefusal(terms, mark.price, req.takeProfit, req.stopLoss);
  if (!refusal.ok) return refusal;
  const liquidation = liquidationPrice(terms);
  sql.exec(
    `INSERT INTO positions (position_id, site_id, member_id, side, margin, leverage, notional, fee_ppm, stop_out_bp,
       entry_price, liquidation_price, take_profit, stop_loss, opened_at, practice) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    req.positionId,
    req.siteId,
    req.memberId,
    req.side,
    req.margin,
    req.leverage,
    size,
    req.feePpm,
    req.stopOutBp,
    mark.price,
    liquidation,
    req.takeProfit,
    req.stopLoss,
    nowMs,
    req.practice ? 1 : 0,
  );
  book.add({
    positionId: req.positionId,
    side: req.side,
    liquidationPrice: liquidation,
    takeProfit: req.takeProfit,
    stopLoss: req.stopLoss,
  });
  return ok(answer(row(sql, req.positionId)!));
}

/** A position as the market has it (null: never asked to open it). */
export function findPosition(sql: SqlStorage, positionId: string): MarketPosition | null {
  const r = row(sql, positionId);
  return r ? answer(r) : null;
}

/** Records a close and takes the position out of the book (the caller checked it is open). */
function recordClose(
  sql: SqlStorage,
  book: TriggerBook,
  positionId: string,
  reason: CloseReason | "void",
  price: number,
  second: number,
): void {
  sql.exec(
    "UPDATE positions SET close_reason = ?, close_price = ?, close_second = ?, delivered = ? WHERE position_id = ? AND close_reason IS NULL",
    reason,
    price,
    second,
    reason === "void" ? 1 : 0,
    positionId,
  );
  book.remove(positionId);
}

/**
 * The member's close at the latest price; a position closed already answers its close (so a
 * member's close racing a trigger ends in the one close that came first).
 */
export function closePosition(
  sql: SqlStorage,
  book: TriggerBook,
  positionId: string,
  practice: boolean,
  mark: Mark,
): Result<MarketClose> {
  const r = rowInMode(sql, positionId, practice);
  if (!r || r.close_reason === "void") return fail(400, "position_not_found");
  const decided = closeOf(r);
  if (decided) return ok(decided);
  if (mark.stale) return fail(400, "price_unavailable");
  recordClose(sql, book, positionId, "member", mark.price, mark.second);
  return ok(closeOf(row(sql, positionId)!)!);
}

/**
 * The member's object gave up an open it could not complete (the game wallet was spent while the
 * market answered): the position leaves the book with nothing to deliver. If a trigger closed it
 * first, that close is answered and the member's object voids it all the same.
 */
export function cancelPosition(sql: SqlStorage, book: TriggerBook, positionId: string, mark: Mark): MarketClose | null {
  const r = row(sql, positionId);
  if (!r) return null;
  if (r.close_reason === null) recordClose(sql, book, positionId, "void", mark.price, mark.second);
  return closeOf(row(sql, positionId)!);
}

/** New take-profit and stop-loss, checked against the latest price; a closed position answers its close instead. */
export function setTriggers(
  sql: SqlStorage,
  book: TriggerBook,
  positionId: string,
  takeProfit: number | null,
  stopLoss: number | null,
  practice: boolean,
  mark: Mark,
): Result<{ close: MarketClose | null }> {
  const r = rowInMode(sql, positionId, practice);
  if (!r || r.close_reason === "void") return fail(400, "position_not_found");
  const decided = closeOf(r);
  if (decided) return ok({ close: decided });
  if (mark.stale) return fail(400, "price_unavailable");
  const refusal = triggerRefusal(termsOf(r), mark.price, takeProfit, stopLoss);
  if (!refusal.ok) return refusal;
  sql.exec(
    "UPDATE positions SET take_profit = ?, stop_loss = ? WHERE position_id = ?",
    takeProfit,
    stopLoss,
    positionId,
  );
  book.add({ positionId, side: r.side, liquidationPrice: r.liquidation_price, takeProfit, stopLoss });
  return ok({ close: null });
}

/**
 * One tick's triggers: every position it crosses closes at its price, in the step that records
 * the tick. Returns how many closed (the caller then delivers them).
 */
export function crossTick(sql: SqlStorage, book: TriggerBook, price: number, second: number): number {
  if (book.size === 0) return 0;
  const crossed = book.crossedAt(price);
  if (crossed.size === 0) return 0;
  // The crossed ids are materialized first and each row is found by its key: joined straight to
  // json_each, SQLite may loop over every open position for every crossed one (10,000 × 1,000
  // took seconds; this takes milliseconds).
  sql.exec(
    `WITH c AS MATERIALIZED (SELECT value ->> 0 AS id, value ->> 1 AS reason FROM json_each(?))
     UPDATE positions SET close_reason = c.reason, close_price = ?, close_second = ?
     FROM c WHERE positions.position_id = c.id AND positions.close_reason IS NULL`,
    JSON.stringify([...crossed]),
    price,
    second,
  );
  for (const positionId of crossed.keys()) book.remove(positionId);
  return crossed.size;
}

/** Closes the member objects have not applied yet, grouped by member (oldest first, at most `limit`). */
export function undelivered(sql: SqlStorage, limit: number): Map<string, { siteId: string; closes: MarketClose[] }> {
  const rows = sql
    .exec<PositionRow>(
      "SELECT * FROM positions WHERE delivered = 0 AND close_reason IS NOT NULL ORDER BY close_second, position_id LIMIT ?",
      limit,
    )
    .toArray();
  const byMember = new Map<string, { siteId: string; closes: MarketClose[] }>();
  for (const r of rows) {
    const entry = byMember.get(r.member_id) ?? { siteId: r.site_id, closes: [] };
    entry.closes.push(closeOf(r)!);
    byMember.set(r.member_id, entry);
  }
  return byMember;
}

export function markDelivered(sql: SqlStorage, positionIds: string[]): void {
  if (positionIds.length === 0) return;
  sql.exec(
    "UPDATE positions SET delivered = 1 WHERE position_id IN (SELECT value FROM json_each(?))",
    JSON.stringify(positionIds),
  );
}

export function markAttempt(sql: SqlStorage, positionIds: string[]): void {
  if (positionIds.length === 0) return;
  sql.exec(
    "UPDATE positions SET attempts = attempts + 1 WHERE position_id IN (SELECT value FROM json_each(?))",
    JSON.stringify(positionIds),
  );
}

/** Whether anything needs the market's alarm: open positions to watch, or closes to deliver. */
export function positionsNeedTicks(sql: SqlStorage): boolean {
  // two lookups on the two indexes (an OR of both would read every kept close)
  return (
    sql.exec("SELECT 1 FROM positions WHERE close_reason IS NULL LIMIT 1").toArray().length > 0 ||
    sql.exec("SELECT 1 FROM positions WHERE delivered = 0 AND close_reason IS NOT NULL LIMIT 1").toArray().length > 0
  );
}

/** Delivered closes are kept a week (a late retry still finds them), then forgotten. */
export function prunePositions(sql: SqlStorage, beforeSecond: number): void {
  sql.exec("DELETE FROM positions WHERE delivered = 1 AND close_reason IS NOT NULL AND close_second < ?", beforeSecond);
}

/** A site's open interest on this pair at the mark. */
export function openInterest(
  sql: SqlStorage,
  pair: string,
  siteId: string,
  mark: Mark | null,
  limit: number,
  closeOnly: boolean,
): OpenInterest {
  // the operator's exposure is real money's: practice positions are left out
  const rows = sql
    .exec<PositionRow>("SELECT * FROM positions WHERE close_reason IS NULL AND site_id = ? AND practice = 0", siteId)
    .toArray();
  const sum = (side: PositionSide) => rows.filter((r) => r.side === side).reduce((n, r) => n + r.notional, 0);
  return {
    pair,
    markPrice: mark?.price ?? null,
    longPositions: rows.filter((r) => r.side === "long").length,
    shortPositions: rows.filter((r) => r.side === "short").length,
    longNotional: sum("long"),
    shortNotional: sum("short"),
    netNotional: sum("long") - sum("short"),
    limit,
    closeOnly,
    unrealizedPnl: mark ? rows.reduce((n, r) => n + pnlAt(termsOf(r), mark.price), 0) : 0,
    margin: rows.reduce((n, r) => n + r.margin, 0),
  };
}
