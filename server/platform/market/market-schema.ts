import { EXCHANGE_SCHEMA } from "./exchange-feed";
import { RENAMED_DEFAULT_PAIRS } from "./pairs";
import * as positions from "./positions";
import * as results from "./results";

/** The tables of a pair's market object (market-object.ts); the pair registry's are pair-registry.ts's. */
export const MARKET_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS config (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     symbol TEXT NOT NULL,
     config TEXT NOT NULL,
     updated_at TEXT NOT NULL
   )`,
  // The feed's cursor (its last tick) and how far periods have been recorded. They differ while
  // the feed is stalled: periods keep ending on time, with the last price there was.
  `CREATE TABLE IF NOT EXISTS feed (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     last_second INTEGER NOT NULL,
     last_price INTEGER NOT NULL,
     recorded_until INTEGER NOT NULL,
     broadcast_until INTEGER NOT NULL,
     pending_until INTEGER NOT NULL DEFAULT 0
   )`,
  `CREATE TABLE IF NOT EXISTS ticks (second INTEGER PRIMARY KEY, price INTEGER NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS candles (
     interval TEXT NOT NULL,
     start INTEGER NOT NULL,
     open INTEGER NOT NULL, high INTEGER NOT NULL, low INTEGER NOT NULL, close INTEGER NOT NULL,
     PRIMARY KEY (interval, start)
   )`,
  // Every period from its start: open price at the start, close price and outcomes at the end.
  `CREATE TABLE IF NOT EXISTS periods (
     start INTEGER PRIMARY KEY,
     period_no TEXT NOT NULL,
     cutoff INTEGER NOT NULL,
     end_at INTEGER NOT NULL,
     open_price INTEGER NOT NULL,
     close_price INTEGER,
     last_digit INTEGER,
     outcomes TEXT
   )`,
  `CREATE INDEX IF NOT EXISTS periods_open ON periods (close_price, start)`,
  // why a period is void (every bet refunded), written when it closes (see "voids")
  `ALTER TABLE periods ADD COLUMN void_reason TEXT`,
  // Periods an operator's action touched after their betting closed (a pause or a resume): each
  // is void when it closes, whatever its prices, so no operator can pick an outcome. Keyed by the
  // period's start; the first reason stands.
  `CREATE TABLE IF NOT EXISTS voids (start INTEGER PRIMARY KEY, period_no TEXT NOT NULL, reason TEXT NOT NULL, at INTEGER NOT NULL)`,
  // What operators did to the pair, append-only: the action, who (the operator key names no
  // person yet) and the periods it voided. Pair configuration is platform-wide, so it lives here
  // rather than in one site's audit log.
  `CREATE TABLE IF NOT EXISTS pair_audit (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     at TEXT NOT NULL,
     actor TEXT NOT NULL,
     action TEXT NOT NULL,
     details TEXT NOT NULL
   )`,
  `CREATE TRIGGER IF NOT EXISTS pair_audit_no_update BEFORE UPDATE ON pair_audit
     BEGIN SELECT RAISE(ABORT, 'the pair audit log is append-only'); END`,
  `CREATE TRIGGER IF NOT EXISTS pair_audit_no_delete BEFORE DELETE ON pair_audit
     BEGIN SELECT RAISE(ABORT, 'the pair audit log is append-only'); END`,
  `CREATE INDEX IF NOT EXISTS periods_no ON periods (period_no)`,
  // Verifiable rounds (server/platform/README.md, "Verifiable rounds"): one random seed per UTC
  // day, its commitment (SHA-256), when it was committed (ms), and the feed's parameters for the
  // whole day, frozen when the seed was committed. Kept for good: a row a day is nothing, and a
  // member may verify an old period from a screenshot.
  `CREATE TABLE IF NOT EXISTS days (
     day INTEGER PRIMARY KEY,
     seed TEXT NOT NULL,
     commitment TEXT NOT NULL,
     committed_at INTEGER NOT NULL,
     volatility_bp INTEGER NOT NULL,
     precision INTEGER NOT NULL,
     period_seconds INTEGER NOT NULL,
     cutoff_seconds INTEGER NOT NULL
   )`,
  // Seconds without a tick (a stalled feed draws nothing), as inclusive ranges: a period's proof
  // names them so a verifier skips them too.
  `CREATE TABLE IF NOT EXISTS gaps (start INTEGER PRIMARY KEY, end_at INTEGER NOT NULL)`,
  // why the seconds had no tick: "stall" (an operator paused the feed) or "beacon" (no beacon
  // round in hand in time: an outage, a forged round refused, or a market asleep past BACKFILL)
  `ALTER TABLE gaps ADD COLUMN cause TEXT NOT NULL DEFAULT 'stall'`,
  // The day's algorithm and beacon chain (decision 031), frozen with its seed: days committed
  // before the beacon keep "hmac-sha256-walk-1" and no chain.
  `ALTER TABLE days ADD COLUMN algorithm TEXT NOT NULL DEFAULT 'hmac-sha256-walk-1'`,
  `ALTER TABLE days ADD COLUMN beacon TEXT`,
  // Beacon rounds the feed mixed in, each verified (or signed, by the local beacon) before it was
  // stored; a period's proof carries those of its ticks. Kept as long as a proof may be asked for
  // while its ticks are known to be there (market/recorder.ts, ROUND_KEEP_SECONDS).
  `CREATE TABLE IF NOT EXISTS beacon_rounds (round INTEGER PRIMARY KEY, signature TEXT NOT NULL)`,
  // contract trading: open positions' triggers and the closes' outbox (positions.ts)
  ...positions.POSITION_SCHEMA,
  // who bet on which period, so its result can be handed to them (results.ts)
  ...results.RESULT_SCHEMA,
  // price sources: an exchange's trades beside the walk (exchange-feed.ts)
  ...EXCHANGE_SCHEMA,
  // the default pairs' old names read as real assets: a stored one takes its synthetic name
  // (the symbol, a key of stored bets, positions and seeds, stays; pairs.ts)
  ...RENAMED_DEFAULT_PAIRS.map(
    ({ symbol, from, to }) =>
      `UPDATE config SET config = json_set(config, '$.name', '${to}') WHERE symbol = '${symbol}' AND json_extract(config, '$.name') = '${from}'`,
  ),
];
