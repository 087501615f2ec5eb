import type { PairConfig, PairSourceBody } from "../../contract/game";
import type { FeedAdapter, Tick } from "../game/feed";
import type { MarketState } from "./market-state";

/**
 * A pair fed by an exchange's trades (docs/decisions/032-synthetic-names-and-exchange-feeds.md;
 * server/platform/README.md, "Exchange feeds"): the tables, the rules for a trade the link
 * brings, the adapter the recorder asks at the same seam as the synthetic walk's, and how far the
 * recorder may go. The link itself (the WebSocket, the REST back-fill, the pause) is
 * exchange-link.ts.
 *
 * The rules, each in one place here:
 * - A trade belongs to the second that ends at or after its trade time: second t covers
 *   (t − 1, t] as the walk's ticks do, so trade time T (ms) is second ceil(T / 1000).
 * - Per second the last trade accepted stands (the highest trade id). A trade older than the
 *   newest accepted (a lower or equal trade id, or an earlier trade time) is out of order and
 *   ignored; so is one whose second is already recorded (late): recorded seconds are final.
 * - A second without a trade takes the last trade's price for at most `maxStaleSeconds` seconds;
 *   after that, or in a second the link did not cover (it was down and no back-fill reached it),
 *   it has no tick, which the recorder keeps as a gap (a gap voids the periods it touches).
 * - The recorder records a second once the link has had SETTLE_SECONDS to deliver its trades, or,
 *   while the link is down, waits up to `maxStaleSeconds` for a back-fill before going on.
 */

/** Seconds a trade may take to arrive and still count for its second. */
export const SETTLE_SECONDS = 1;

export const EXCHANGE_SCHEMA = [
  // where the pair's prices come from (operatorPutPairSource); no row: the synthetic walk
  `CREATE TABLE IF NOT EXISTS feed_source (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     kind TEXT NOT NULL,
     exchange TEXT,
     symbol TEXT,
     max_stale_seconds INTEGER NOT NULL,
     set_at INTEGER NOT NULL
   )`,
  // per second, the trade that stands: a live trade, or a 1-second kline's close from a back-fill
  // (no trade id); kept an hour like the ticks
  `CREATE TABLE IF NOT EXISTS feed_trades (
     second INTEGER PRIMARY KEY,
     price INTEGER NOT NULL,
     trade_id INTEGER,
     trade_ms INTEGER NOT NULL,
     via TEXT NOT NULL
   )`,
  // the link: the newest trade accepted (the out-of-order rule), since when it has been down
  // (null: up and back-filled), its recent drops (seconds, for the reconnect budget), and why
  // the feed paused the pair (null: it did not)
  `CREATE TABLE IF NOT EXISTS feed_link (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     last_trade_id INTEGER NOT NULL DEFAULT -1,
     last_trade_ms INTEGER NOT NULL DEFAULT 0,
     down_since INTEGER,
     drops TEXT NOT NULL DEFAULT '[]',
     paused_by_feed TEXT,
     ignored INTEGER NOT NULL DEFAULT 0
   )`,
  // the open and close of every fed period as recorded, each with its trade: what the period's
  // proof attests (kept as long as periods)
  `CREATE TABLE IF NOT EXISTS fed_periods (start INTEGER PRIMARY KEY, source TEXT NOT NULL, open TEXT NOT NULL, close TEXT NOT NULL)`,
];

/** A pair's exchange source, as stored. */
export type ExchangeSource = { kind: "exchange"; exchange: "binance"; symbol: string; maxStaleSeconds: number };

export type FeedLinkRow = {
  last_trade_id: number;
  last_trade_ms: number;
  down_since: number | null;
  drops: string;
  paused_by_feed: string | null;
  ignored: number;
};

/** One recorded price's origin, as a fed period's proof shows it. */
export interface TradeAttestation {
  second: number;
  price: number;
  /** the exchange's trade id; null for a second back-filled from a 1-second kline */
  tradeId: number | null;
  /** the trade's time (ms), or the kline's close time */
  tradeTime: number;
  via: "trade" | "kline";
}

/** The pair's exchange source, or null when it runs on its synthetic walk. */
export function exchangeSource(m: MarketState): ExchangeSource | null {
  const row = m.sql
    .exec<{ kind: string; exchange: string; symbol: string; max_stale_seconds: number }>(
      "SELECT kind, exchange, symbol, max_stale_seconds FROM feed_source WHERE id = 1",
    )
    .toArray()[0];
  if (!row || row.kind !== "exchange") return null;
  return { kind: "exchange", exchange: "binance", symbol: row.symbol, maxStaleSeconds: row.max_stale_seconds };
}

export function linkRow(m: MarketState): FeedLinkRow {
  m.sql.exec("INSERT OR IGNORE INTO feed_link (id) VALUES (1)");
  return m.sql.exec<FeedLinkRow>("SELECT * FROM feed_link WHERE id = 1").one();
}

/**
 * Writes the source. A new exchange source starts with an empty record of trades and a link that
 * is down from now: nothing before this moment counts for it.
 */
export function writeSource(m: MarketState, source: PairSourceBody, nowMs: number): void {
  m.sql.exec("DELETE FROM feed_trades");
  m.sql.exec("DELETE FROM feed_link");
  if (source.kind === "synthetic" || source.symbol === undefined) {
    m.sql.exec("DELETE FROM feed_source");
    return;
  }
  m.sql.exec(
    `INSERT OR REPLACE INTO feed_source (id, kind, exchange, symbol, max_stale_seconds, set_at)
     VALUES (1, 'exchange', ?, ?, ?, ?)`,
    source.exchange,
    source.symbol,
    source.maxStaleSeconds,
    nowMs,
  );
  m.sql.exec("INSERT INTO feed_link (id, down_since) VALUES (1, ?)", Math.floor(nowMs / 1000));
}

/**
 * A price string in the exchange's decimal notation ("61234.56000000") as an integer in the
 * pair's smallest step, rounded half up; null when it is not a positive decimal the pair can hold.
 */
export function priceUnits(text: unknown, precision: number): number | null {
  if (typeof text !== "string") return null;
  const match = /^(\d{1,16})(?:\.(\d{1,18}))?$/.exec(text);
  if (!match) return null;
  const fraction = (match[2] ?? "").padEnd(precision + 1, "0");
  const units = Number(match[1]) * 10 ** precision + Number(fraction.slice(0, precision) || "0");
  const rounded = units + (Number(fraction[precision]) >= 5 ? 1 : 0);
  return Number.isSafeInteger(rounded) && rounded > 0 && rounded <= 1e15 ? rounded : null;
}

/** The second a trade at `ms` belongs to: second t covers (t − 1, t]. */
export const secondOf = (ms: number): number => Math.ceil(ms / 1000);

/** What became of one message from the trade stream. */
export type Accepted = "accepted" | "out_of_order" | "late" | "not_a_trade";

/**
 * One message of the trade stream (Binance's `<symbol>@trade` event: e "trade", E event time, s
 * symbol, t trade id, p price, q quantity, T trade time, m buyer is maker), applied by the rules
 * above in one transaction.
 */
export function acceptTrade(m: MarketState, text: string, precision: number): Accepted {
  const source = exchangeSource(m);
  let event: Record<string, unknown>;
  try {
    event = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return "not_a_trade";
  }
  const price = priceUnits(event.p, precision);
  const id = event.t;
  const time = event.T;
  if (
    !source ||
    event.e !== "trade" ||
    event.s !== source.symbol ||
    price === null ||
    !Number.isSafeInteger(id) ||
    !Number.isSafeInteger(time)
  )
    return "not_a_trade";
  const tradeId = id as number;
  const tradeMs = time as number;
  return m.atomically(() => {
    const link = linkRow(m);
    const second = secondOf(tradeMs);
    const recorded = m.feedRow().recorded_until;
    const verdict: Accepted =
      tradeId <= link.last_trade_id || tradeMs < link.last_trade_ms
        ? "out_of_order"
        : second <= recorded
          ? "late"
          : "accepted";
    if (verdict !== "accepted") {
      m.sql.exec("UPDATE feed_link SET ignored = ignored + 1 WHERE id = 1");
      return verdict;
    }
    m.sql.exec("UPDATE feed_link SET last_trade_id = ?, last_trade_ms = ? WHERE id = 1", tradeId, tradeMs);
    m.sql.exec(
      `INSERT INTO feed_trades (second, price, trade_id, trade_ms, via) VALUES (?, ?, ?, ?, 'trade')
       ON CONFLICT (second) DO UPDATE SET price = excluded.price, trade_id = excluded.trade_id,
         trade_ms = excluded.trade_ms, via = 'trade'
       WHERE feed_trades.via = 'trade'`,
      second,
      price,
      tradeId,
      tradeMs,
    );
    return verdict;
  });
}

/**
 * One row of Binance's `GET /api/v3/klines` answer ([open time, open, high, low, close, volume,
 * close time, quote volume, number of trades, …]) at interval 1s, kept as its second's price when
 * the second had trades, is not recorded yet and has no live trade: a back-fill never replaces
 * what the stream delivered, and never touches a recorded second.
 */
export function acceptKline(m: MarketState, kline: unknown, precision: number): boolean {
  if (!Array.isArray(kline) || kline.length < 9) return false;
  const [openMs, , , , close, , closeMs, , trades] = kline as unknown[];
  const price = priceUnits(close, precision);
  if (!Number.isSafeInteger(openMs) || !Number.isSafeInteger(closeMs) || price === null) return false;
  if (typeof trades !== "number" || trades <= 0) return false;
  const second = (openMs as number) / 1000 + 1;
  if (!Number.isInteger(second) || second <= m.feedRow().recorded_until) return false;
  m.sql.exec(
    "INSERT OR IGNORE INTO feed_trades (second, price, trade_id, trade_ms, via) VALUES (?, ?, NULL, ?, 'kline')",
    second,
    price,
    closeMs,
  );
  return true;
}

/**
 * How far the recorder may go at `nowMs` (recorder.ts catchUp): now for a synthetic pair; for a
 * fed one SETTLE_SECONDS behind, and while the link is down no further than the second before it
 * went down, until `maxStaleSeconds` have passed (then on, those seconds without a tick).
 */
export function recordableUntil(m: MarketState, nowMs: number): number {
  const now = Math.floor(nowMs / 1000);
  const source = exchangeSource(m);
  if (!source) return now;
  const link = linkRow(m);
  let until = now - SETTLE_SECONDS;
  if (link.down_since !== null) until = Math.min(until, Math.max(link.down_since - 1, now - source.maxStaleSeconds));
  return Math.max(until, m.feedRow().recorded_until);
}

/** The fed pair's ticks, at the seam where the walk hands its own (market-object.ts `adapter`). */
export function exchangeFeed(m: MarketState, config: Pick<PairConfig, "paused">, source: ExchangeSource): FeedAdapter {
  return {
    ticksAfter(last, until) {
      if (config.paused || until <= last.second) return [];
      const down = linkRow(m).down_since;
      const rows = m.sql
        .exec<{ second: number; price: number }>(
          "SELECT second, price FROM feed_trades WHERE second > ? AND second <= ? ORDER BY second",
          last.second,
          until,
        )
        .toArray();
      let ref = m.sql
        .exec<{ second: number; price: number }>(
          "SELECT second, price FROM feed_trades WHERE second <= ? ORDER BY second DESC LIMIT 1",
          last.second,
        )
        .toArray()[0];
      const ticks: Tick[] = [];
      let r = 0;
      for (let second = last.second + 1; second <= until; second++) {
        if (rows[r]?.second === second) {
          ref = rows[r++]!;
          ticks.push({ second, price: ref.price });
        } else if (down !== null && second >= down) {
          // the link did not cover this second: no tick
        } else if (ref && second - ref.second <= source.maxStaleSeconds) {
          ticks.push({ second, price: ref.price });
        }
      }
      return ticks;
    },
  };
}

/** The trade a recorded second's price came from: the last one at or before it, within the staleness. */
function attestationAt(m: MarketState, second: number, maxStale: number): TradeAttestation | null {
  const row = m.sql
    .exec<{ second: number; price: number; trade_id: number | null; trade_ms: number; via: "trade" | "kline" }>(
      "SELECT * FROM feed_trades WHERE second <= ? AND second >= ? ORDER BY second DESC LIMIT 1",
      second,
      second - maxStale,
    )
    .toArray()[0];
  return row
    ? { second: row.second, price: row.price, tradeId: row.trade_id, tradeTime: row.trade_ms, via: row.via }
    : null;
}

/**
 * Keeps, for every fed period closed since the last call, the trades its open and close came
 * from (run after each catch-up, while the trades are still kept). A period whose open or close
 * had no trade (a gap: it is void) keeps null for it.
 */
export function attestClosed(m: MarketState): void {
  const source = exchangeSource(m);
  if (!source) return;
  const since = m.sql.exec<{ s: number | null }>("SELECT MAX(start) AS s FROM fed_periods").one().s ?? 0;
  const setAt = Math.floor(
    m.sql.exec<{ at: number }>("SELECT set_at AS at FROM feed_source WHERE id = 1").one().at / 1000,
  );
  const closed = m.sql
    .exec<{ start: number; end_at: number }>(
      "SELECT start, end_at FROM periods WHERE close_price IS NOT NULL AND start > ? AND start >= ? ORDER BY start",
      since,
      setAt,
    )
    .toArray();
  for (const period of closed) {
    m.sql.exec(
      "INSERT OR IGNORE INTO fed_periods (start, source, open, close) VALUES (?, ?, ?, ?)",
      period.start,
      JSON.stringify({ exchange: source.exchange, symbol: source.symbol }),
      JSON.stringify(attestationAt(m, period.start, source.maxStaleSeconds)),
      JSON.stringify(attestationAt(m, period.end_at, source.maxStaleSeconds)),
    );
  }
}

/** What a fed period's proof attests: the exchange and its symbol, and the trades of its open and close. */
export interface FedPeriod {
  exchange: "binance";
  symbol: string;
  open: TradeAttestation | null;
  close: TradeAttestation | null;
}

/** A fed period's attested open and close, or null for a period of the synthetic walk. */
export function fedPeriod(m: MarketState, start: number): FedPeriod | null {
  const row = m.sql
    .exec<{ source: string; open: string; close: string }>(
      "SELECT source, open, close FROM fed_periods WHERE start = ?",
      start,
    )
    .toArray()[0];
  if (!row) return null;
  const source = JSON.parse(row.source) as { exchange: "binance"; symbol: string };
  return {
    ...source,
    open: JSON.parse(row.open) as TradeAttestation | null,
    close: JSON.parse(row.close) as TradeAttestation | null,
  };
}

/** Trades are kept as long as the ticks (an hour); the attestations as long as the periods. */
export function pruneTrades(m: MarketState, keepFrom: number, periodsFrom: number): void {
  m.sql.exec("DELETE FROM feed_trades WHERE second < ?", keepFrom);
  m.sql.exec("DELETE FROM fed_periods WHERE start < ?", periodsFrom);
}
