import { DurableObject } from "cloudflare:workers";
import type { z } from "zod";
import type { candle, CANDLE_INTERVALS, MarketStreamEvent, PairAction, PairConfig, Period, pairInfo, VoidReason } from "../../contract/game";
import { BET_OPTIONS, type BetOption } from "#rules/bet-options";
import type { FairnessDay, PeriodProof } from "../../contract/fairness";
import { DAY_SECONDS, FAIRNESS_ALGORITHM, dayLabel, dayOfLabel, fromHex, tickSlot, toHex } from "#rules/fairness-walk";
import type { Env } from "../env";
import { fairFeed, type FeedAdapter, type FeedContext, type Tick } from "../game/feed";
import { sha256 } from "../game/sha256";
import { direction, lastDigit, outcomes, type Direction, type Outcome } from "#rules/outcomes";
import { bettingSlot, iso, isBoundary, slotAt, type Slot } from "../game/schedule";
import { fail, ok, type Result } from "../result";
import { runStatement } from "../schema-version";
import { DEFAULT_PAIRS, STALE_MS } from "./pairs";
import { answerClose, openSockets } from "../websocket";
import { CLIENT_ADDRESS_HEADER } from "../../contract/calls";
import { networkOf } from "../../contract/network";
import { CLIENT_LIMITS } from "../../contract/security";
import { memberStub } from "../stubs";
import * as positions from "./positions";
import * as results from "./results";
import type { TriggerBook } from "./trigger-book";

type PairInfo = z.infer<typeof pairInfo>;
type Candle = z.infer<typeof candle>;
type Interval = (typeof CANDLE_INTERVALS)[number];

/** The aggregated intervals; "1s" is read from the ticks themselves. */
const INTERVAL_SECONDS: Record<Exclude<Interval, "1s">, number> = { "1m": 60, "5m": 300, "15m": 900, "1h": 3600, "1d": 86_400 };
/** Raw ticks kept: an hour is enough for any live view; candles keep the longer history. */
const TICK_KEEP_SECONDS = 3600;
/** Candles kept per interval: the most the candles call can ask for. */
const CANDLE_KEEP = 500;
/** Ended periods kept for the quotes history. */
const PERIOD_KEEP_SECONDS = 30 * 86_400;

const SCHEMA = [
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
  // Used only by the registry instance: every configured pair.
  `CREATE TABLE IF NOT EXISTS registry (symbol TEXT PRIMARY KEY, info TEXT NOT NULL)`,
  // contract trading: open positions' triggers and the closes' outbox (positions.ts)
  ...positions.POSITION_SCHEMA,
  // who bet on which period, so its result can be handed to them (results.ts)
  ...results.RESULT_SCHEMA,
];

/** Closes (and results) handed to member objects per alarm, and how many member objects are called at once. */
const DELIVERY_BATCH = 5000;
const DELIVERY_PARALLEL = 64;
/** Delivered closes are kept this long, so a late question about one still has its answer. */
const CLOSE_KEEP_SECONDS = 7 * 86_400;

type FeedRow = {
  last_second: number;
  last_price: number;
  recorded_until: number;
  broadcast_until: number;
  pending_until: number;
};
type DayRow = {
  day: number;
  seed: string;
  commitment: string;
  committed_at: number;
  volatility_bp: number;
  precision: number;
  period_seconds: number;
  cutoff_seconds: number;
};
/** The parameters a day's seed freezes (the rest of a pair's config applies at once). */
type DayParams = Pick<PairConfig, "volatilityBp" | "precision" | "periodSeconds" | "cutoffSeconds">;
const paramsOf = (row: DayRow): DayParams => ({
  volatilityBp: row.volatility_bp,
  precision: row.precision,
  periodSeconds: row.period_seconds,
  cutoffSeconds: row.cutoff_seconds,
});
const sameParams = (a: DayParams, b: DayParams) =>
  a.volatilityBp === b.volatilityBp && a.precision === b.precision && a.periodSeconds === b.periodSeconds && a.cutoffSeconds === b.cutoffSeconds;

/**
 * operatorPutPair's answer: the pair as it runs now, when the rest of the change applies, and the
 * periods the change voided (their betting had closed when it happened).
 */
export type ConfiguredPair = PairInfo & { changesFrom: string | null; voided: string[] };

/** One entry of the pair's audit log. */
export interface PairAuditEntry {
  at: string;
  actor: string;
  action: PairAction;
  details: Record<string, string | number | boolean | null>;
}

type PeriodRow = {
  start: number;
  period_no: string;
  cutoff: number;
  end_at: number;
  open_price: number;
  close_price: number | null;
  last_digit: number | null;
  outcomes: string | null;
  void_reason: VoidReason | null;
};

/** What a bet needs from the market: the latest tick and the period taking bets, read in one call. */
export interface BetSnapshot {
  price: number | null;
  /** ms of the latest tick */
  priceAt: number | null;
  /** the period that starts when the running one ends (schedule.ts bettingSlot) */
  slot: Slot;
}

/** Every option refunded: the outcomes of a void period. */
const ALL_REFUNDED = Object.fromEntries(BET_OPTIONS.map((o) => [o, "refund"])) as Record<BetOption, Outcome>;

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

const info = (symbol: string, name: string, c: DayParams): PairInfo => ({
  symbol,
  name,
  precision: c.precision,
  periodSeconds: c.periodSeconds,
  cutoffSeconds: c.cutoffSeconds,
});

/**
 * One trading pair (one object per symbol): its feed, ticks, candles, period schedule and the
 * recorded open/close/outcomes of every period, and the public WebSocket stream. Nothing ticks
 * while nobody looks: every call first catches the feed up to "now" (deterministic, so a late
 * catch-up records the same prices a live one would have), and a 1-second alarm runs only while
 * sockets are connected or a period with bets has not been recorded yet.
 */
export class MarketObject extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  /** the open positions' triggers in memory (positions.ts); null = rebuild from the table */
  private book: TriggerBook | null = null;
  /** a delivery of closes to member objects is running (one at a time) */
  private delivering: Promise<void> | null = null;
  /** a delivery of periods' results to member objects is running (one at a time) */
  private handingResults: Promise<void> | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    for (const statement of SCHEMA) runStatement(this.sql, statement);
  }

  private triggers(): TriggerBook {
    return (this.book ??= positions.loadBook(this.sql));
  }

  /**
   * A step that may change the trigger book: the book is memory beside the table, so a step that
   * rolls back (throws) drops it, and the next step rebuilds it from the table as committed.
   */
  private atomically<T>(work: () => T): T {
    try {
      return this.ctx.storage.transactionSync(work);
    } catch (error) {
      this.book = null;
      throw error;
    }
  }

  // configuration ------------------------------------------------------------------------------

  private stored(): { symbol: string; config: PairConfig } | null {
    const row = this.sql.exec<{ symbol: string; config: string }>("SELECT symbol, config FROM config WHERE id = 1").toArray()[0];
    if (!row) return null;
    const config = JSON.parse(row.config) as PairConfig;
    return { symbol: row.symbol, config: { ...config, paused: config.paused ?? false } };
  }

  private feedRow(): FeedRow {
    return this.sql.exec<FeedRow>("SELECT * FROM feed WHERE id = 1").one();
  }

  /** The pair's configuration; a default pair is created on first use, any other needs an operator. */
  private ensure(symbol: string): { symbol: string; config: PairConfig } | null {
    const existing = this.stored();
    if (existing) return existing.symbol === symbol ? existing : null;
    const config = DEFAULT_PAIRS[symbol];
    if (!config) return null;
    this.ctx.storage.transactionSync(() => this.create(symbol, config, Date.now()));
    return { symbol, config };
  }

  /**
   * The feed starts at the configured price now; the running period opens at that price too. The
   * seconds of that period before now had no tick (a gap), and today's and tomorrow's seeds are
   * committed with the new pair's parameters: a creation applies at once.
   */
  private create(symbol: string, config: PairConfig, nowMs: number): void {
    const now = Math.floor(nowMs / 1000);
    this.sql.exec("INSERT INTO config (id, symbol, config, updated_at) VALUES (1, ?, ?, ?)", symbol, JSON.stringify(config), iso(now));
    this.sql.exec(
      "INSERT INTO feed (id, last_second, last_price, recorded_until, broadcast_until) VALUES (1, ?, ?, ?, ?)",
      now,
      config.startPrice,
      now,
      now - 1,
    );
    this.commitDays(Math.floor(now / DAY_SECONDS), Math.floor(now / DAY_SECONDS) + 1, config, nowMs);
    this.sql.exec("INSERT OR REPLACE INTO ticks (second, price) VALUES (?, ?)", now, config.startPrice);
    const slot = slotAt(now, config.periodSeconds, config.cutoffSeconds);
    if (now > slot.start) this.addGap(slot.start + 1, now);
    this.openPeriod(slot, config.startPrice);
    this.addCandles(new Map(), [{ second: now, price: config.startPrice }], now);
  }

  /**
   * operatorPutPair: create the pair (at once), or change it. `paused` and `name` apply at once;
   * the feed's parameters (volatility, precision, period, cut-off) apply from the first day whose
   * seed is committed after the change, because a day's parameters are frozen with its seed: an
   * operator who saw tomorrow's seed could otherwise choose tomorrow's volatility knowing the
   * walk. The market has already committed today's and tomorrow's seeds (catchUp), so a change
   * made on day D applies from D+2 00:00 UTC (changesFrom); the period boundary at midnight is the
   * switch, as periods divide a day.
   */
  configure(symbol: string, config: PairConfig, actor = "operator", by: { id: string; name: string } | null = null): Result<ConfiguredPair> {
    // the operator who acted, by registry id and name (server/platform/README.md, "Operators")
    const who: PairAuditEntry["details"] = by ? { operatorId: by.id, operatorName: by.name } : {};
    const existing = this.stored();
    if (existing && existing.symbol !== symbol) return fail(400, "invalid_trading_pair");
    const nowMs = Date.now();
    const now = Math.floor(nowMs / 1000);
    return this.atomically(() => {
      if (!existing) {
        this.create(symbol, config, nowMs);
        this.audit(actor, "pair_created", { paused: config.paused, ...who }, nowMs);
        return ok({ ...info(symbol, config.name, config), changesFrom: null, voided: [] });
      }
      this.catchUp(existing, nowMs);
      this.sql.exec("UPDATE config SET config = ?, updated_at = ? WHERE id = 1", JSON.stringify(config), iso(now));
      // A pause or a resume applies at once, so it touches the periods whose betting has closed
      // and which have not ended: they are void. (A resumed feed draws again from the next second;
      // the stalled seconds stay a recorded gap.)
      const action = existing.config.paused === config.paused ? null : config.paused ? "pair_paused" : "pair_resumed";
      const voided = action ? this.voidClosedPeriods(action, now) : [];
      const newest = this.sql.exec<DayRow>("SELECT * FROM days ORDER BY day DESC LIMIT 1").one();
      const changesFrom = sameParams(paramsOf(newest), config) ? null : iso((newest.day + 1) * DAY_SECONDS);
      this.audit(actor, action ?? "pair_configured", { voided: voided.join(",") || null, changesFrom, name: config.name, ...who }, nowMs);
      return ok({ ...info(symbol, config.name, this.paramsAt(now)), changesFrom, voided });
    });
  }

  /**
   * Voids every period whose betting has closed by second `now` and which has not ended: the
   * running one (its betting closed before it started) and the next one once its cut-off has
   * passed. Returns their numbers. Only a pause or a resume can reach them: every other change
   * waits for a day whose seed is committed after it, and bets on that day's first period open
   * long after.
   */
  private voidClosedPeriods(reason: VoidReason, now: number): string[] {
    const running = slotAt(now, this.paramsAt(now).periodSeconds, this.paramsAt(now).cutoffSeconds);
    const { slot: next } = bettingSlot(now, (second) => this.paramsAt(second));
    const touched = [running, next].filter((slot) => slot.cutoff <= now && now < slot.end);
    for (const slot of touched) {
      this.sql.exec("INSERT OR IGNORE INTO voids (start, period_no, reason, at) VALUES (?, ?, ?, ?)", slot.start, slot.periodNo, reason, now);
    }
    return touched.map((slot) => slot.periodNo);
  }

  private audit(actor: string, action: PairAction, details: PairAuditEntry["details"], nowMs: number): void {
    this.sql.exec("INSERT INTO pair_audit (at, actor, action, details) VALUES (?, ?, ?, ?)", new Date(nowMs).toISOString(), actor, action, JSON.stringify(details));
  }

  /** The pair's audit log, newest first. */
  pairAudit(symbol: string, q: { limit: number }): Result<PairAuditEntry[]> {
    if (this.stored()?.symbol !== symbol && !this.ensure(symbol)) return fail(400, "invalid_trading_pair");
    const rows = this.sql
      .exec<{ at: string; actor: string; action: PairAction; details: string }>("SELECT at, actor, action, details FROM pair_audit ORDER BY seq DESC LIMIT ?", q.limit)
      .toArray();
    return ok(rows.map((r) => ({ at: r.at, actor: r.actor, action: r.action, details: JSON.parse(r.details) as PairAuditEntry["details"] })));
  }

  // verifiable rounds ---------------------------------------------------------------------------

  /**
   * Commits the seeds of days `from` … `to` that have none: 32 random bytes, their SHA-256, now,
   * and the parameters the pair is configured with now. A day committed late (the object slept)
   * says so by its committedAt; no bet can have been placed on it before, since every bet first
   * catches the market up.
   */
  private commitDays(from: number, to: number, config: PairConfig, nowMs: number): void {
    const have = new Set(
      this.sql.exec<{ day: number }>("SELECT day FROM days WHERE day >= ? AND day <= ?", from, to).toArray().map((r) => r.day),
    );
    for (let day = from; day <= to; day++) {
      if (have.has(day)) continue;
      const seed = crypto.getRandomValues(new Uint8Array(32));
      this.sql.exec(
        `INSERT INTO days (day, seed, commitment, committed_at, volatility_bp, precision, period_seconds, cutoff_seconds)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        day,
        toHex(seed),
        toHex(sha256(seed)),
        nowMs,
        config.volatilityBp,
        config.precision,
        config.periodSeconds,
        config.cutoffSeconds,
      );
    }
  }

  private dayRow(day: number): DayRow | undefined {
    return this.sql.exec<DayRow>("SELECT * FROM days WHERE day = ?", day).toArray()[0];
  }

  /** The parameters the market runs with at second `second` (its UTC day's; committed by catchUp). */
  private paramsAt(second: number): DayParams {
    const row = this.dayRow(Math.floor(second / DAY_SECONDS));
    if (row) return paramsOf(row);
    // only an object that ran before verifiable rounds, asked within the second of its last
    // catch-up: its next catch-up commits the day with the configured parameters
    const stored = this.stored();
    if (!stored) throw new Error("market: no pair configured");
    return stored.config;
  }

  /** Records seconds `from` … `to` as without a tick, joined to a range ending just before. */
  private addGap(from: number, to: number): void {
    const before = this.sql.exec<{ start: number }>("SELECT start FROM gaps WHERE end_at = ?", from - 1).toArray()[0];
    if (before) this.sql.exec("UPDATE gaps SET end_at = ? WHERE start = ?", to, before.start);
    else this.sql.exec("INSERT OR REPLACE INTO gaps (start, end_at) VALUES (?, ?)", from, to);
  }

  private toFairnessDay(symbol: string, row: DayRow, recordedUntil: number): FairnessDay {
    const end = (row.day + 1) * DAY_SECONDS;
    return {
      pair: symbol,
      day: dayLabel(row.day),
      algorithm: FAIRNESS_ALGORITHM,
      commitment: row.commitment,
      committedAt: new Date(row.committed_at).toISOString(),
      // revealed once the day's last period is recorded: its close is the tick at midnight
      seed: recordedUntil >= end ? row.seed : null,
      revealAt: iso(end),
      ...paramsOf(row),
    };
  }

  /** fairnessDays: newest first (tomorrow's commitment, today's, then past days with their seeds). */
  fairnessDays(symbol: string, q: { limit: number; before?: string }): Result<FairnessDay[]> {
    const pair = this.live(symbol);
    if (!pair) return fail(400, "invalid_trading_pair");
    const before = q.before === undefined ? Number.MAX_SAFE_INTEGER : dayOfLabel(q.before);
    if (Number.isNaN(before)) return fail(400, "invalid_parameters");
    const recordedUntil = this.feedRow().recorded_until;
    const rows = this.sql.exec<DayRow>("SELECT * FROM days WHERE day < ? ORDER BY day DESC LIMIT ?", before, q.limit).toArray();
    return ok(rows.map((row) => this.toFairnessDay(symbol, row, recordedUntil)));
  }

  /** periodProof: an ended period with its day, the period before, its stalled seconds and its kept ticks. */
  periodProof(symbol: string, periodNo: string): Result<PeriodProof> {
    const pair = this.live(symbol);
    if (!pair) return fail(400, "invalid_trading_pair");
    const row = this.sql.exec<PeriodRow>("SELECT * FROM periods WHERE period_no = ? AND close_price IS NOT NULL", periodNo).toArray()[0];
    const day = row ? this.dayRow(Math.floor(row.start / DAY_SECONDS)) : undefined;
    if (!row || !day) return fail(400, "invalid_period");
    // the gaps from when betting on the period opened (the previous period's start): any of them
    // voids it (voidReasonOf); only those from start + 1 skip one of its own ticks
    const first = row.start - (row.end_at - row.start) + 1;
    const gaps = this.sql
      .exec<{ start: number; end_at: number }>("SELECT start, end_at FROM gaps WHERE end_at >= ? AND start <= ? ORDER BY start", first, row.end_at)
      .toArray()
      .map((g): [number, number] => [Math.max(g.start, first), Math.min(g.end_at, row.end_at)]);
    const inGap = (second: number) => gaps.some(([a, b]) => second >= a && second <= b);
    const ticks = this.sql
      .exec<{ second: number; price: number }>("SELECT second, price FROM ticks WHERE second >= ? AND second <= ? ORDER BY second", row.start + 1, row.end_at)
      .toArray()
      .filter((t) => !inGap(t.second))
      .map((t) => ({ second: t.second, price: t.price }));
    const previous = this.sql
      .exec<PeriodRow>("SELECT * FROM periods WHERE start < ? AND close_price IS NOT NULL ORDER BY start DESC LIMIT 1", row.start)
      .toArray()[0];
    return ok({
      day: this.toFairnessDay(symbol, day, this.feedRow().recorded_until),
      period: this.toPeriod(symbol, row),
      previous: previous ? this.toPeriod(symbol, previous) : null,
      gaps,
      ticks,
    });
  }

  // the feed ------------------------------------------------------------------------------------

  /** The feed of the pair (protected: the tests script a gap through it). */
  protected adapter(config: PairConfig, context: FeedContext): FeedAdapter {
    return fairFeed(config, context);
  }

  private openRow(): PeriodRow | undefined {
    return this.sql.exec<PeriodRow>("SELECT * FROM periods WHERE close_price IS NULL ORDER BY start DESC LIMIT 1").toArray()[0];
  }

  private previousDirection(before: number): Direction | null {
    const row = this.sql
      .exec<PeriodRow>("SELECT * FROM periods WHERE start < ? AND close_price IS NOT NULL ORDER BY start DESC LIMIT 1", before)
      .toArray()[0];
    return row ? direction(row.open_price, row.close_price!) : null;
  }

  private openPeriod(slot: Slot, price: number): void {
    this.sql.exec(
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
  private closePeriod(row: PeriodRow, close: number, previous: Direction | null, stalledFrom: number | null): Direction {
    const reason = this.voidReasonOf(row, stalledFrom);
    this.sql.exec(
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
   * feed could know the seed, so a bet already taken must not stand on such prices.
   */
  private voidReasonOf(row: PeriodRow, stalledFrom: number | null): VoidReason | null {
    const marked = this.sql.exec<{ reason: VoidReason }>("SELECT reason FROM voids WHERE start = ?", row.start).toArray()[0];
    if (marked) return marked.reason;
    // the seconds before the pair existed had no tick either (create), but no bet could stand on them
    const created = this.sql.exec<{ at: number | null }>("SELECT MIN(committed_at) AS at FROM days").one().at;
    const from = Math.max(row.start - (row.end_at - row.start) + 1, created === null ? 0 : Math.floor(created / 1000) + 1);
    if (stalledFrom !== null && stalledFrom <= row.end_at) return "feed_gap";
    const gap = this.sql.exec("SELECT 1 FROM gaps WHERE end_at >= ? AND start <= ? LIMIT 1", from, row.end_at).toArray();
    return gap.length > 0 ? "feed_gap" : null;
  }

  /**
   * Brings ticks, candles and periods up to `nowMs`, second by second. First the seeds: every day
   * it draws from, and the day after now's, are committed before anything is drawn. Each second
   * then takes its tick (if the feed has one; a second without is recorded as a gap), then, on a
   * period boundary of its day's schedule, closes the ending period and opens the next with the
   * last price there is: the close of one period is the open of the next. Midnight is a boundary
   * of every schedule, so a new day's parameters start with its first period.
   */
  private catchUp(pair: { symbol: string; config: PairConfig }, nowMs: number): void {
    const { symbol, config } = pair;
    const target = Math.floor(nowMs / 1000);
    const feed = this.feedRow();
    if (target <= feed.recorded_until) return;
    this.commitDays(tickSlot(feed.recorded_until + 1).day, Math.floor(target / DAY_SECONDS) + 1, config, nowMs);
    const days = new Map<number, DayRow>();
    const dayOf = (day: number): DayRow => {
      let row = days.get(day);
      if (!row) {
        row = this.dayRow(day);
        if (!row) throw new Error(`market: day ${dayLabel(day)} has no committed seed`);
        days.set(day, row);
      }
      return row;
    };
    const context: FeedContext = { symbol, day: (day) => ({ seed: fromHex(dayOf(day).seed), volatilityBp: dayOf(day).volatility_bp }) };
    // The walk goes on from the last recorded second: seconds already recorded without a tick
    // (a stalled feed) stay without one.
    const from = { second: Math.max(feed.last_second, feed.recorded_until), price: feed.last_price };
    const ticks = this.adapter(config, context).ticksAfter(from, target);
    let open = this.openRow();
    let previous = open ? this.previousDirection(open.start) : null;
    let price = feed.last_price;
    let t = 0;
    let gapFrom: number | null = null;
    // contract trading: every tick checks the open positions' triggers, in order, so a position
    // closes at the first tick that crosses one of them (positions.ts)
    const book = this.triggers();
    for (let s = feed.recorded_until + 1; s <= target; s++) {
      let ticked = false;
      while (t < ticks.length && ticks[t]!.second <= s) {
        const tick = ticks[t++]!;
        price = tick.price;
        ticked = true;
        positions.crossTick(this.sql, book, tick.price, tick.second);
      }
      if (!ticked) gapFrom ??= s;
      else if (gapFrom !== null) {
        this.addGap(gapFrom, s - 1);
        gapFrom = null;
      }
      const params = paramsOf(dayOf(Math.floor(s / DAY_SECONDS)));
      if (!isBoundary(s, params.periodSeconds)) continue;
      if (open && open.end_at <= s) previous = this.closePeriod(open, price, previous, gapFrom);
      this.openPeriod(slotAt(s, params.periodSeconds, params.cutoffSeconds), price);
      open = this.openRow();
    }
    if (gapFrom !== null) this.addGap(gapFrom, target);
    const last = ticks[ticks.length - 1];
    this.sql.exec(
      "UPDATE feed SET last_second = ?, last_price = ?, recorded_until = ? WHERE id = 1",
      last?.second ?? feed.last_second,
      last?.price ?? feed.last_price,
      target,
    );
    for (const tick of ticks) {
      if (tick.second > target - TICK_KEEP_SECONDS) this.sql.exec("INSERT OR REPLACE INTO ticks (second, price) VALUES (?, ?)", tick.second, tick.price);
    }
    this.addCandles(new Map(), ticks, target);
    // Pruning is cheap but not free: once a minute, or after a long gap.
    if (target % 60 === 0 || target - feed.recorded_until > 60) this.prune(target);
  }

  /** Folds ticks into the candles of every interval (aggregated in memory first: a long catch-up writes each candle once). */
  private addCandles(into: Map<string, { interval: Exclude<Interval, "1s">; start: number; o: number; h: number; l: number; c: number }>, ticks: Tick[], target: number): void {
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
      this.sql.exec(
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

  private prune(target: number): void {
    this.sql.exec("DELETE FROM ticks WHERE second <= ?", target - TICK_KEEP_SECONDS);
    for (const [interval, length] of Object.entries(INTERVAL_SECONDS)) {
      this.sql.exec("DELETE FROM candles WHERE interval = ? AND start < ?", interval, target - CANDLE_KEEP * length);
    }
    this.sql.exec("DELETE FROM periods WHERE start < ? AND close_price IS NOT NULL", target - PERIOD_KEEP_SECONDS);
    this.sql.exec("DELETE FROM gaps WHERE end_at < ?", target - PERIOD_KEEP_SECONDS);
    positions.prunePositions(this.sql, target - CLOSE_KEEP_SECONDS);
    results.pruneResults(this.sql, target - TICK_KEEP_SECONDS);
  }

  /** The pair, caught up to now; null for a pair nobody configured. */
  private live(symbol: string, nowMs = Date.now()): { symbol: string; config: PairConfig } | null {
    const pair = this.ensure(symbol);
    if (!pair) return null;
    this.atomically(() => this.catchUp(pair, nowMs));
    return pair;
  }

  // reads ---------------------------------------------------------------------------------------

  private toPeriod(symbol: string, row: PeriodRow): Period {
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
      voidReason: row.void_reason ?? this.pendingVoid(row.start),
    };
  }

  /** A void an operator's action has already decided for a period that has not closed yet. */
  private pendingVoid(start: number): VoidReason | null {
    return this.sql.exec<{ reason: VoidReason }>("SELECT reason FROM voids WHERE start = ?", start).toArray()[0]?.reason ?? null;
  }

  private currentPeriod(symbol: string, nowMs: number): Period {
    const now = Math.floor(nowMs / 1000);
    const params = this.paramsAt(now);
    const slot = slotAt(now, params.periodSeconds, params.cutoffSeconds);
    const row = this.sql.exec<PeriodRow>("SELECT * FROM periods WHERE start <= ? ORDER BY start DESC LIMIT 1", slot.start).toArray()[0];
    if (row && row.start === slot.start) return this.toPeriod(symbol, row);
    // Not recorded yet (the clock is behind the feed's last record): the schedule alone.
    return this.toPeriod(symbol, { ...this.unopened(slot), open_price: this.feedRow().last_price });
  }

  /** The period that takes bets now (or, in the cut-off before it starts, has just stopped): not started, no prices. */
  private nextPeriod(symbol: string, nowMs: number): Period {
    const { slot } = bettingSlot(Math.floor(nowMs / 1000), (second) => this.paramsAt(second));
    return { ...this.toPeriod(symbol, { ...this.unopened(slot), open_price: 0 }), openPrice: null };
  }

  private unopened(slot: Slot): PeriodRow {
    return { start: slot.start, period_no: slot.periodNo, cutoff: slot.cutoff, end_at: slot.end, open_price: 0, close_price: null, last_digit: null, outcomes: null, void_reason: null };
  }

  /** Whether the pair exists (without creating a default pair, as every other call does on first use). */
  exists(symbol: string): boolean {
    return this.stored()?.symbol === symbol;
  }

  /** The pair as it runs now: its name, and today's parameters (frozen with today's seed). */
  pairInfo(symbol: string): Result<PairInfo> {
    const nowMs = Date.now();
    const pair = this.live(symbol, nowMs);
    return pair ? ok(info(symbol, pair.config.name, this.paramsAt(Math.floor(nowMs / 1000)))) : fail(400, "invalid_trading_pair");
  }

  state(symbol: string) {
    const nowMs = Date.now();
    const pair = this.live(symbol, nowMs);
    if (!pair) return fail(400, "invalid_trading_pair");
    const feed = this.feedRow();
    return ok({
      pair: { symbol, name: pair.config.name, precision: this.paramsAt(Math.floor(nowMs / 1000)).precision },
      price: feed.last_price,
      priceAt: iso(feed.last_second),
      current: this.currentPeriod(symbol, nowMs),
      next: this.nextPeriod(symbol, nowMs),
      serverTime: new Date(nowMs).toISOString(),
    });
  }

  /**
   * The latest tick and the period taking bets (the one after the running one; the member object
   * decides with its own clock whether its betting is still open). The market keeps its 1-second
   * alarm until that period ends, so its open and close are recorded on time and streamed (a late
   * catch-up would record the same prices; this only makes it prompt).
   */
  betSnapshot(symbol: string, memberId?: string): Result<BetSnapshot> {
    const nowMs = Date.now();
    const now = Math.floor(nowMs / 1000);
    const pair = this.live(symbol, nowMs);
    if (!pair) return fail(400, "invalid_trading_pair");
    const feed = this.feedRow();
    const params = this.paramsAt(now);
    const running = slotAt(now, params.periodSeconds, params.cutoffSeconds);
    // Bets only while the period before theirs is recorded as running under today's schedule.
    const recorded = this.sql
      .exec<PeriodRow>("SELECT * FROM periods WHERE start = ? AND close_price IS NULL AND end_at = ?", running.start, running.end)
      .toArray()[0];
    if (!recorded) return fail(400, "betting_forbidden");
    const { slot } = bettingSlot(now, (second) => this.paramsAt(second));
    if (memberId !== undefined) results.registerBettor(this.sql, slot.start, memberId);
    this.sql.exec("UPDATE feed SET pending_until = MAX(pending_until, ?) WHERE id = 1", slot.end);
    void this.keepTicking();
    const priceAt = feed.last_second * 1000;
    if (nowMs - priceAt > STALE_MS) return fail(400, "price_unavailable");
    return ok({ price: feed.last_price, priceAt, slot });
  }

  /**
   * The recorded result of the period that started at `start`; null while it has not ended. A
   * recorded close never changes, so it is answered without catching the feed up first: every
   * member with bets in the period asks for it.
   */
  result(symbol: string, start: number): Result<PeriodResult | null> {
    const recorded = this.stored()?.symbol === symbol ? this.recordedResult(start) : null;
    if (recorded) return ok(recorded);
    if (!this.live(symbol)) return fail(400, "invalid_trading_pair");
    return ok(this.recordedResult(start));
  }

  private recordedResult(start: number): PeriodResult | null {
    const row = this.sql.exec<PeriodRow>("SELECT * FROM periods WHERE start = ? AND close_price IS NOT NULL", start).toArray()[0];
    if (!row) return null;
    return {
      openPrice: row.open_price,
      closePrice: row.close_price!,
      lastDigit: row.last_digit!,
      outcomes: JSON.parse(row.outcomes!) as PeriodResult["outcomes"],
      previous: this.previousDirection(start),
      voidReason: row.void_reason,
    };
  }

  quotes(symbol: string, q: { page: number; pageSize: number }) {
    const pair = this.live(symbol);
    if (!pair) return fail(400, "invalid_trading_pair");
    const total = this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM periods WHERE close_price IS NOT NULL").one().n;
    const items = this.sql
      .exec<PeriodRow>("SELECT * FROM periods WHERE close_price IS NOT NULL ORDER BY start DESC LIMIT ? OFFSET ?", q.pageSize, (q.page - 1) * q.pageSize)
      .toArray()
      .map((r) => this.toPeriod(symbol, r));
    return ok({ items, total, page: q.page, pageSize: q.pageSize });
  }

  candles(symbol: string, interval: Interval, limit: number): Result<Candle[]> {
    const pair = this.live(symbol);
    if (!pair) return fail(400, "invalid_trading_pair");
    if (interval === "1s") {
      // the game page's sparkline: the last `limit` ticks as they were
      const ticks = this.sql
        .exec<{ second: number; price: number }>("SELECT second, price FROM ticks ORDER BY second DESC LIMIT ?", limit)
        .toArray()
        .reverse();
      return ok(ticks.map((t) => ({ time: iso(t.second), open: t.price, high: t.price, low: t.price, close: t.price })));
    }
    const rows = this.sql
      .exec<{ start: number; open: number; high: number; low: number; close: number }>(
        "SELECT start, open, high, low, close FROM candles WHERE interval = ? ORDER BY start DESC LIMIT ?",
        interval,
        limit,
      )
      .toArray()
      .reverse();
    return ok(rows.map((r) => ({ time: iso(r.start), open: r.open, high: r.high, low: r.low, close: r.close })));
  }

  // the registry (only on the instance named REGISTRY) ------------------------------------------

  /**
   * A configured pair as it runs now and, when part of the change waits for a later day, as it
   * will run from then (`next` from `changesFrom`), so the list switches at that day's midnight
   * without the market having to tell the registry.
   */
  registerPair(pair: PairInfo, next: { info: PairInfo; from: string } | null = null): void {
    this.sql.exec("INSERT OR REPLACE INTO registry (symbol, info) VALUES (?, ?)", pair.symbol, JSON.stringify({ ...pair, next }));
  }

  listPairs(): PairInfo[] {
    const nowMs = Date.now();
    const asNow = (stored: PairInfo & { next?: { info: PairInfo; from: string } | null }): PairInfo => {
      const { next, ...current } = stored;
      return next && Date.parse(next.from) <= nowMs ? next.info : current;
    };
    const registered = new Map(
      this.sql
        .exec<{ symbol: string; info: string }>("SELECT symbol, info FROM registry")
        .toArray()
        .map((r) => [r.symbol, asNow(JSON.parse(r.info) as PairInfo)]),
    );
    for (const [symbol, config] of Object.entries(DEFAULT_PAIRS)) if (!registered.has(symbol)) registered.set(symbol, info(symbol, config.name, config));
    return [...registered.values()].sort((a, b) => a.symbol.localeCompare(b.symbol));
  }

  // the stream ----------------------------------------------------------------------------------

  /** `GET /market/<pair>/stream`: a WebSocket that hibernates between messages. */
  async fetch(request: Request): Promise<Response> {
    const symbol = new URL(request.url).pathname.split("/")[2] ?? "";
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("expected a WebSocket", { status: 426 });
    const nowMs = Date.now();
    const pair = this.live(symbol, nowMs);
    if (!pair) return Response.json({ statusCode: 400, message: "invalid_trading_pair" }, { status: 400 });
    // At most CLIENT_LIMITS.marketSocketsPerNetwork sockets of one network at once, counted from
    // the sockets this object holds, tagged with their network. A socket with no address (the
    // site forwards CF-Connecting-IP; only local runs lack it) is counted under no network.
    const network = networkOf(request.headers.get(CLIENT_ADDRESS_HEADER) ?? "");
    const tags = network === null ? [] : [`net:${network}`];
    if (network !== null && openSockets(this.ctx.getWebSockets(`net:${network}`)) >= CLIENT_LIMITS.marketSocketsPerNetwork) {
      return Response.json({ statusCode: 429, message: "too_many_streams" }, { status: 429 });
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, tags);
    const feed = this.feedRow();
    const hello: MarketStreamEvent[] = [
      { type: "tick", price: feed.last_price, at: iso(feed.last_second) },
      { type: "period", current: this.currentPeriod(symbol, nowMs), next: this.nextPeriod(symbol, nowMs) },
    ];
    server.send(JSON.stringify(hello));
    await this.keepTicking();
    return new Response(null, { status: 101, webSocket: client });
  }

  webSocketMessage(): void {
    // The stream is one-way; anything a client sends is ignored.
  }

  webSocketClose(ws: WebSocket, code: number): void {
    answerClose(ws, code);
  }

  /** Next second's alarm, while anyone listens or a period with bets has not been recorded yet. */
  private async keepTicking(): Promise<void> {
    const feed = this.sql.exec<FeedRow>("SELECT * FROM feed WHERE id = 1").toArray()[0];
    const needed =
      this.ctx.getWebSockets().length > 0 ||
      (feed !== undefined && feed.pending_until * 1000 >= Date.now() - 1000) ||
      // open positions' triggers are checked on every tick, and closes wait to be delivered
      positions.positionsNeedTicks(this.sql) ||
      // a period's result still to hand to a member who bet on it
      results.resultsPending(this.sql);
    if (!needed) return;
    const next = (Math.floor(Date.now() / 1000) + 1) * 1000 + 20;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > next) await this.ctx.storage.setAlarm(next);
  }

  async alarm(): Promise<void> {
    const stored = this.stored();
    if (!stored) return;
    const nowMs = Date.now();
    const { symbol } = stored;
    this.atomically(() => this.catchUp(stored, nowMs));
    const feed = this.feedRow();
    const sockets = this.ctx.getWebSockets();
    if (sockets.length > 0 && feed.recorded_until > feed.broadcast_until) {
      // a stalled (paused) feed has no new tick to send: only a period's end, if one passed
      const events: MarketStreamEvent[] =
        feed.last_second > feed.broadcast_until ? [{ type: "tick", price: feed.last_price, at: iso(feed.last_second) }] : [];
      const ended = this.sql
        .exec<PeriodRow>(
          "SELECT * FROM periods WHERE close_price IS NOT NULL AND end_at > ? AND end_at <= ? ORDER BY start DESC LIMIT 1",
          feed.broadcast_until,
          feed.recorded_until,
        )
        .toArray()[0];
      if (ended) events.push({ type: "period", current: this.currentPeriod(symbol, nowMs), next: this.nextPeriod(symbol, nowMs), ended: this.toPeriod(symbol, ended) });
      const message = JSON.stringify(events);
      for (const ws of events.length > 0 ? sockets : []) {
        try {
          ws.send(message);
        } catch {
          // a socket closing right now; its close handler tidies up
        }
      }
    }
    this.sql.exec("UPDATE feed SET broadcast_until = recorded_until WHERE id = 1");
    // Closes and results go out after the tick is broadcast and without holding up the next second's alarm.
    this.deliverCloses();
    this.deliverResults();
    await this.keepTicking();
  }

  // contract trading (positions.ts) -------------------------------------------------------------

  private mark(nowMs: number): positions.Mark {
    const feed = this.feedRow();
    return { price: feed.last_price, second: feed.last_second, stale: nowMs - feed.last_second * 1000 > STALE_MS };
  }

  /** A step on a live pair: caught up (so every tick so far has checked the triggers), then `work` in one transaction. */
  private async onPair<T>(symbol: string, work: (book: TriggerBook, mark: positions.Mark, nowMs: number) => Result<T>): Promise<Result<T>> {
    const nowMs = Date.now();
    const pair = this.live(symbol, nowMs);
    if (!pair) return fail(400, "invalid_trading_pair");
    const result = this.atomically(() => work(this.triggers(), this.mark(nowMs), nowMs));
    this.deliverCloses();
    await this.keepTicking();
    return result;
  }

  openPosition(symbol: string, req: positions.MarketOpen): Promise<Result<positions.MarketPosition>> {
    return this.onPair(symbol, (book, mark, nowMs) => positions.openPosition(this.sql, book, req, mark, nowMs));
  }

  /** What the market knows of a position (null: it never was asked to open it). */
  findPosition(symbol: string, positionId: string): Promise<Result<positions.MarketPosition | null>> {
    return this.onPair(symbol, () => ok(positions.findPosition(this.sql, positionId)));
  }

  /** `practice`: the mode of the member's position; the other mode's id is not found (positions.ts). */
  closePosition(symbol: string, positionId: string, practice: boolean): Promise<Result<positions.MarketClose>> {
    return this.onPair(symbol, (book, mark) => positions.closePosition(this.sql, book, positionId, practice, mark));
  }

  cancelPosition(symbol: string, positionId: string): Promise<Result<positions.MarketClose | null>> {
    return this.onPair(symbol, (book, mark) => ok(positions.cancelPosition(this.sql, book, positionId, mark)));
  }

  setTriggers(symbol: string, positionId: string, takeProfit: number | null, stopLoss: number | null, practice: boolean) {
    return this.onPair(symbol, (book, mark) => positions.setTriggers(this.sql, book, positionId, takeProfit, stopLoss, practice, mark));
  }

  openInterest(symbol: string, siteId: string, limit: number, closeOnly: boolean) {
    return this.onPair(symbol, (_book, mark) => ok(positions.openInterest(this.sql, symbol, siteId, mark, limit, closeOnly)));
  }

  /**
   * The closes' outbox: every decided close goes to its member's object until that object has
   * applied it (at least once; the member's object applies each close once, by position id). Runs
   * in the background, one delivery at a time; what fails stays undelivered for the next alarm.
   */
  private deliverCloses(): void {
    if (this.delivering) return;
    const due = positions.undelivered(this.sql, DELIVERY_BATCH);
    if (due.size === 0) return;
    const run = async () => {
      const members = [...due];
      for (let i = 0; i < members.length; i += DELIVERY_PARALLEL) {
        await Promise.all(
          members.slice(i, i + DELIVERY_PARALLEL).map(async ([memberId, { siteId, closes }]) => {
            try {
              const applied = await memberStub(this.env, memberId).applyCloses(siteId, closes);
              positions.markDelivered(this.sql, applied);
            } catch (error) {
              positions.markAttempt(this.sql, closes.map((c) => c.positionId));
              console.error(`positions: delivery of ${closes.length} close(s) to a member failed`, error);
            }
          }),
        );
      }
    };
    this.delivering = run().finally(() => {
      this.delivering = null;
    });
  }

  /**
   * The results' outbox (results.ts): every recorded period's result goes to each member object
   * registered for it, 64 at a time, in the background; the member settles that period's bets in
   * one transaction. Read through `result` (which the tests' forced outcomes replace).
   */
  private deliverResults(): void {
    if (this.handingResults) return;
    const symbol = this.stored()?.symbol;
    const due = symbol ? results.dueResults(this.sql, Math.floor(Date.now() / 1000), DELIVERY_BATCH) : new Map<number, string[]>();
    if (!symbol || due.size === 0) return;
    const run = async () => {
      for (const [start, members] of due) {
        const result = this.result(symbol, start);
        if (!result.ok || result.data === null) continue;
        const settled = result.data;
        for (let i = 0; i < members.length; i += DELIVERY_PARALLEL) {
          await Promise.all(
            members.slice(i, i + DELIVERY_PARALLEL).map(async (memberId) => {
              try {
                await memberStub(this.env, memberId).applyResult(symbol, start, settled);
                results.markResultDelivered(this.sql, start, memberId);
              } catch (error) {
                results.markResultAttempt(this.sql, start, memberId);
                console.error(`results: delivery of ${symbol} ${start} to a member failed`, error);
              }
            }),
          );
        }
      }
    };
    this.handingResults = run().finally(() => {
      this.handingResults = null;
    });
  }

  /** Starts the results' delivery if any is due and waits for it (tests deliver by hand on a stopped clock). */
  async settleResults(): Promise<void> {
    this.deliverResults();
    await this.handingResults;
  }

  /** Waits for the delivery under way (tests and the alarm's callers that must see it done). */
  async settleDeliveries(): Promise<void> {
    this.deliverCloses();
    await this.delivering;
  }
}
