import { type ContractSettings, type OpenPositionBody, type Position, termsOf } from "../../contract";
import { notional, pnlAt, positionFee, type PositionSide } from "#rules/position-math";
import { newId } from "../auth/token";
import type { MarketClose, MarketPosition } from "../market/positions";
import { fail, ok, type Result } from "../result";
import { balanceOf, dayRange, record } from "./ledger";
import type { Page, PageQuery } from "./pages";
import { requestKey, type Idem } from "./requests";
import { playRefusal, sessionCheck } from "./protection-checks";
import { accountsOf, ensurePractice } from "./practice";
import type { AccountMode } from "#rules/account-mode";

/**
 * A member's contract positions (server/platform/README.md, "Contract trading"). Like game.ts,
 * every function is synchronous and runs inside the member object's `transactionSync`.
 *
 * An open has two steps around the market's answer: `beginOpen` checks the member's own limits
 * and writes an intent ("opening", no money moved) that holds its place among the open positions;
 * the market accepts the position at its price; `completeOpen` moves the money. A crash between
 * the two leaves the intent, which a retry with the same key, or the alarm, completes from what
 * the market recorded (the market answers the same position id the same way every time).
 *
 * Closes are decided by the market (market/positions.ts) and applied here once, by position id:
 * `applyClose` of a close already applied changes nothing.
 */

export const POSITION_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS positions (
     id TEXT PRIMARY KEY,
     seq INTEGER NOT NULL,
     request_key TEXT NOT NULL UNIQUE,
     fingerprint TEXT NOT NULL,
     pair TEXT NOT NULL,
     side TEXT NOT NULL CHECK (side IN ('long', 'short')),
     margin INTEGER NOT NULL CHECK (margin > 0),
     leverage INTEGER NOT NULL CHECK (leverage > 0),
     notional INTEGER NOT NULL,
     fee_ppm INTEGER NOT NULL,
     stop_out_bp INTEGER NOT NULL,
     open_fee INTEGER NOT NULL CHECK (open_fee >= 0),
     seen_price INTEGER NOT NULL,
     game_code TEXT NOT NULL,
     currency TEXT NOT NULL,
     -- opening: asked of the market, no money moved; void: given up, never open for the member
     status TEXT NOT NULL CHECK (status IN ('opening', 'open', 'closed', 'void')),
     entry_price INTEGER,
     liquidation_price INTEGER,
     take_profit INTEGER,
     stop_loss INTEGER,
     created_at TEXT NOT NULL,
     opened_at TEXT,
     closed_at TEXT,
     close_price INTEGER,
     close_reason TEXT,
     close_fee INTEGER,
     pnl INTEGER,
     payout INTEGER CHECK (payout IS NULL OR payout >= 0),
     net INTEGER
   )`,
  `CREATE INDEX IF NOT EXISTS positions_by_status ON positions (status, seq)`,
  // play money or real (member/practice.ts): which accounts the margin, fee and payout move on
  `ALTER TABLE positions ADD COLUMN mode TEXT NOT NULL DEFAULT 'real' CHECK (mode IN ('real', 'practice'))`,
];

/** The site's rules for a position, read by the worker per request. */
export interface ContractRules {
  settings: ContractSettings;
  pairs: string[];
  /** the game wallet: the site's first game */
  gameCode: string;
  currency: string;
  /** play money (member/practice.ts): margin and fee from "practice", opened at practiceBalance on first use */
  mode?: AccountMode;
  practiceBalance?: number;
  /** the site's reality-check interval: an open waits while the session's check is due (decision 033) */
  realityCheckMinutes?: number;
  /** the session asking (set by the member object from the caller's proof) */
  sessionId?: string;
}

export type PositionRow = {
  id: string;
  seq: number;
  request_key: string;
  fingerprint: string;
  pair: string;
  side: PositionSide;
  margin: number;
  leverage: number;
  notional: number;
  fee_ppm: number;
  stop_out_bp: number;
  open_fee: number;
  seen_price: number;
  game_code: string;
  currency: string;
  status: "opening" | "open" | "closed" | "void";
  entry_price: number | null;
  liquidation_price: number | null;
  take_profit: number | null;
  stop_loss: number | null;
  created_at: string;
  opened_at: string | null;
  closed_at: string | null;
  close_price: number | null;
  close_reason: Position["closeReason"];
  close_fee: number | null;
  pnl: number | null;
  payout: number | null;
  net: number | null;
  mode: AccountMode;
};

export const toPosition = (r: PositionRow): Position => ({
  mode: r.mode,
  id: r.id,
  pair: r.pair,
  side: r.side,
  margin: r.margin,
  leverage: r.leverage,
  notional: r.notional,
  entryPrice: r.entry_price!,
  liquidationPrice: r.liquidation_price!,
  takeProfit: r.take_profit,
  stopLoss: r.stop_loss,
  feePpm: r.fee_ppm,
  stopOutBp: r.stop_out_bp,
  openFee: r.open_fee,
  gameCode: r.game_code,
  currency: r.currency,
  status: r.status === "closed" ? "closed" : "open",
  openedAt: r.opened_at!,
  closedAt: r.closed_at,
  closePrice: r.close_price,
  closeReason: r.close_reason,
  closeFee: r.close_fee,
  pnl: r.pnl,
  payout: r.payout,
  net: r.net,
});

export const positionRow = (sql: SqlStorage, id: string) =>
  sql.exec<PositionRow>("SELECT * FROM positions WHERE id = ?", id).toArray()[0];

/**
 * A position the member names by id, within the mode the request plays in: the other mode's
 * position is not there, so a practice request can never close or re-trigger a real position
 * (nor the reverse) and learns nothing an unknown id would not tell it.
 */
export const positionInMode = (sql: SqlStorage, id: string, mode: AccountMode) =>
  sql.exec<PositionRow>("SELECT * FROM positions WHERE id = ? AND mode = ?", id, mode).toArray()[0];

export const intentByKey = (sql: SqlStorage, key: string) =>
  sql.exec<PositionRow>("SELECT * FROM positions WHERE request_key = ? AND status = 'opening'", key).toArray()[0];

/** Queues stream events (the position, then the balances) for the alarm to push after the commit. */
function toStream(sql: SqlStorage, row: PositionRow, streaming: boolean): void {
  if (!streaming) return;
  sql.exec(
    "INSERT INTO stream_outbox (payload) VALUES (?)",
    JSON.stringify({ type: "position", position: toPosition(row) }),
  );
  sql.exec("INSERT INTO stream_outbox (payload) VALUES (?)", JSON.stringify({ type: "balance" }));
}

/**
 * The member's side of an open's rules (the market checks the price, the slippage, the pair's
 * exposure and the triggers against its price). Opening intents count as open positions, so two
 * opens cannot together pass a limit.
 */
export function checkOpen(sql: SqlStorage, body: OpenPositionBody, rules: ContractRules): Result<null> {
  const s = rules.settings;
  // the member's limits apply per mode: practice positions neither fill nor use the real ones
  const mode = rules.mode ?? "real";
  if (!rules.pairs.includes(body.pair)) return fail(400, "invalid_trading_pair");
  if (!s.leverageOptions.includes(body.leverage)) return fail(400, "leverage_not_offered");
  if (body.margin < s.minMargin || body.margin > s.maxMargin) return fail(400, "margin_out_of_range");
  if (s.closeOnlyPairs.includes(body.pair)) return fail(400, "pair_close_only");
  const held = sql
    .exec<{ n: number; size: number }>(
      "SELECT COUNT(*) AS n, COALESCE(SUM(notional), 0) AS size FROM positions WHERE status IN ('opening', 'open') AND mode = ?",
      mode,
    )
    .one();
  if (held.n >= s.maxOpenPositions) return fail(400, "too_many_open_positions");
  if (held.size + notional(body) > s.maxNotionalPerMember) return fail(400, "member_exposure_limit");
  const fee = positionFee({ ...body, feePpm: s.feePpm });
  if (mode === "practice") ensurePractice(sql, rules.practiceBalance ?? 0, new Date().toISOString());
  if (balanceOf(sql, accountsOf(mode, rules.gameCode).wallet) < body.margin + fee)
    return fail(400, "insufficient_game_wallet_balance");
  return ok(null);
}

/** Checks the rules and writes the intent (no money moves until the market has accepted it). */
export function beginOpen(
  sql: SqlStorage,
  idem: Idem,
  body: OpenPositionBody,
  rules: ContractRules,
  now: string,
): Result<PositionRow> {
  const checked = checkOpen(sql, body, rules);
  if (!checked.ok) return checked;
  const fee = positionFee({ ...body, feePpm: rules.settings.feePpm });
  // player protection: a break stops play in either mode; the loss limits count real money only
  // (margin + fee count as lost from the intent on)
  const refused = playRefusal(
    sql,
    body.margin + fee,
    Date.parse(now),
    (rules.mode ?? "real") === "real",
    sessionCheck(rules),
  );
  if (refused) return refused;
  const id = newId();
  const seq = sql.exec<{ n: number }>("SELECT COALESCE(MAX(seq), 0) + 1 AS n FROM positions").one().n;
  sql.exec(
    `INSERT INTO positions (id, seq, request_key, fingerprint, pair, side, margin, leverage, notional, fee_ppm, stop_out_bp,
       open_fee, seen_price, game_code, currency, status, take_profit, stop_loss, created_at, mode)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'opening', ?, ?, ?, ?)`,
    id,
    seq,
    idem.key,
    idem.fingerprint,
    body.pair,
    body.side,
    body.margin,
    body.leverage,
    notional(body),
    rules.settings.feePpm,
    rules.settings.stopOutBp,
    fee,
    body.seenPrice,
    rules.gameCode,
    rules.currency,
    body.takeProfit,
    body.stopLoss,
    now,
    rules.mode ?? "real",
  );
  return ok(positionRow(sql, id)!);
}

/** The market refused the open (or never had it): the intent goes, nothing moved. */
export function dropIntent(sql: SqlStorage, id: string): void {
  sql.exec("DELETE FROM positions WHERE id = ? AND status = 'opening'", id);
}

/**
 * The market had accepted it but the member's object gave it up (and cancelled it there). The
 * request's key is freed: the request was refused, and a refused request records nothing under
 * its key, so a retry with it is a new attempt (as after dropIntent), not a clash on the key.
 */
export function voidIntent(sql: SqlStorage, id: string): void {
  sql.exec("UPDATE positions SET status = 'void', request_key = 'void:' || id WHERE id = ? AND status = 'opening'", id);
}

/**
 * The market accepted the position: the money moves (margin to the positions account, the fee to
 * the house) and the request's answer is recorded under its key. Refuses, changing nothing, when
 * the game wallet was spent while the market answered (the caller then cancels at the market).
 * A close the market decided already (a trigger crossed meanwhile) is applied in the same step.
 */
export function completeOpen(
  sql: SqlStorage,
  intent: PositionRow,
  market: MarketPosition,
  nowMs: number,
  streaming: boolean,
): Result<Position> {
  const current = positionRow(sql, intent.id);
  if (current && current.status !== "opening") {
    return current.status === "void" ? fail(400, "position_not_found") : ok(toPosition(current));
  }
  const { wallet, house, positions } = accountsOf(intent.mode, intent.game_code);
  if (balanceOf(sql, wallet) < intent.margin + intent.open_fee) return fail(400, "insufficient_game_wallet_balance");
  const now = new Date(nowMs).toISOString();
  const openedAt = new Date(market.openedAt).toISOString();
  sql.exec(
    "UPDATE positions SET status = 'open', entry_price = ?, liquidation_price = ?, opened_at = ? WHERE id = ?",
    market.entryPrice,
    market.liquidationPrice,
    openedAt,
    intent.id,
  );
  const opened = positionRow(sql, intent.id)!;
  record(
    sql,
    // a close decided already is applied below, and the request's answer recorded after it
    {
      key: market.close ? `open:${intent.id}` : requestKey(intent.request_key),
      call: "openPosition",
      fingerprint: intent.fingerprint,
      response: toPosition(opened),
      now,
    },
    {
      type: "position_open",
      reference: intent.id,
      legs: [
        { account: wallet, amount: -(intent.margin + intent.open_fee) },
        { account: positions, amount: intent.margin },
        { account: house, amount: intent.open_fee },
      ],
    },
  );
  toStream(sql, opened, streaming);
  if (!market.close) return ok(toPosition(opened));
  applyClose(sql, market.close, nowMs, streaming);
  // This call answers the position closed already, so the request's key (operations are
  // append-only: recorded once, here) replays that answer, not the open one before the close.
  const closed = toPosition(positionRow(sql, intent.id)!);
  record(sql, {
    key: requestKey(intent.request_key),
    call: "openPosition",
    fingerprint: intent.fingerprint,
    response: closed,
    now,
  });
  return ok(closed);
}

/**
 * Applies a close the market decided, once: "applied" the first time, "done" when there is
 * nothing (more) to do (closed already, given up, or unknown here), "later" for an intent not
 * completed yet (the market delivers again). The payout is the equity at the close price less the
 * closing fee, never below zero; the house keeps the rest of the margin or pays the profit.
 */
export function applyClose(
  sql: SqlStorage,
  close: MarketClose,
  nowMs: number,
  streaming: boolean,
): "applied" | "done" | "later" {
  const row = positionRow(sql, close.positionId);
  if (!row || row.status === "closed" || row.status === "void") return "done";
  if (row.status === "opening") return "later";
  // The market holds each position with the mode it was opened in; a close of the other mode
  // would pay one mode's money for the other's position. It cannot happen (both records come from
  // one intent), so it is a bug: thrown, the transaction rolls back and nothing moves (as the
  // ledger does with an operation whose legs touch both modes).
  if (close.practice !== (row.mode === "practice"))
    throw new Error(`close of ${row.id} is for the other mode than the position's`);
  const terms = termsOf(toPosition(row));
  const pnl = pnlAt(terms, close.price);
  const closeFee = positionFee(terms);
  const payout = Math.max(0, row.margin + pnl - closeFee);
  const net = payout - row.margin - row.open_fee;
  const now = new Date(nowMs).toISOString();
  sql.exec(
    `UPDATE positions SET status = 'closed', closed_at = ?, close_price = ?, close_reason = ?, close_fee = ?, pnl = ?, payout = ?, net = ?
     WHERE id = ? AND status = 'open'`,
    now,
    close.price,
    close.reason,
    closeFee,
    pnl,
    payout,
    net,
    row.id,
  );
  const closed = positionRow(sql, row.id)!;
  const accounts = accountsOf(row.mode, row.game_code);
  record(
    sql,
    { key: `close:${row.id}`, call: "closePosition", fingerprint: "", response: toPosition(closed), now },
    {
      type: "position_close",
      reference: row.id,
      legs: [
        { account: accounts.positions, amount: -row.margin },
        { account: accounts.wallet, amount: payout },
        { account: accounts.house, amount: row.margin - payout },
      ],
    },
  );
  toStream(sql, closed, streaming);
  return "applied";
}

/** New take-profit and stop-loss, after the market accepted them. */
export function storeTriggers(
  sql: SqlStorage,
  id: string,
  takeProfit: number | null,
  stopLoss: number | null,
  streaming: boolean,
): Result<Position> {
  sql.exec(
    "UPDATE positions SET take_profit = ?, stop_loss = ? WHERE id = ? AND status = 'open'",
    takeProfit,
    stopLoss,
    id,
  );
  const row = positionRow(sql, id)!;
  toStream(sql, row, streaming);
  return ok(toPosition(row));
}

/** One mode's positions only: practice and real are listed apart (member/practice.ts). */
export function listPositions(
  sql: SqlStorage,
  q: PageQuery & { status: "open" | "closed" },
  mode: AccountMode = "real",
): Page<Position> {
  const range = dayRange(q.from, q.to, q.zone);
  const where = `status = ? AND mode = ? AND ${range.sql}`;
  const total = sql
    .exec<{ n: number }>(`SELECT COUNT(*) AS n FROM positions WHERE ${where}`, q.status, mode, ...range.bindings)
    .one().n;
  const items = sql
    .exec<PositionRow>(
      `SELECT * FROM positions WHERE ${where} ORDER BY ${q.status === "closed" ? "closed_at DESC, seq DESC" : "seq DESC"} LIMIT ? OFFSET ?`,
      q.status,
      mode,
      ...range.bindings,
      q.pageSize,
      (q.page - 1) * q.pageSize,
    )
    .toArray()
    .map(toPosition);
  return { items, total, page: q.page, pageSize: q.pageSize };
}

/** Intents older than `beforeIso`: a request that never came back (the alarm completes or drops them). */
export function staleIntents(sql: SqlStorage, beforeIso: string): PositionRow[] {
  return sql
    .exec<PositionRow>("SELECT * FROM positions WHERE status = 'opening' AND created_at < ?", beforeIso)
    .toArray();
}

/** When the oldest intent becomes stale (ms), or null when none is waiting. */
export function nextIntentCheck(sql: SqlStorage, afterMs: number): number | null {
  const row = sql
    .exec<{ at: string | null }>("SELECT MIN(created_at) AS at FROM positions WHERE status = 'opening'")
    .one();
  return row.at === null ? null : Date.parse(row.at) + afterMs;
}

/** Invariant: the positions account holds exactly the margins of the open positions. */
export function openMargin(sql: SqlStorage, mode: AccountMode = "real"): number {
  return sql
    .exec<{ n: number }>("SELECT COALESCE(SUM(margin), 0) AS n FROM positions WHERE status = 'open' AND mode = ?", mode)
    .one().n;
}
