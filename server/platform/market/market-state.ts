import type { PairConfig } from "../../contract/game";
import { DAY_SECONDS } from "#rules/fairness-walk";
import type { BeaconSource } from "../beacon/source";
import type { Env } from "../env";
import type { FeedAdapter, FeedContext } from "../game/feed";
import { exchangeSource } from "./exchange-feed";
import type { Result } from "../result";
import { runStatement } from "../schema-version";
import { MARKET_SCHEMA } from "./market-schema";
import { paramsOf, type DayParams, type DayRow, type FeedRow } from "./market-rows";
import { DEFAULT_PAIRS } from "./pairs";
import * as positions from "./positions";
import * as results from "./results";
import type { PeriodResult } from "./reads";
import { catchUp, create } from "./recorder";
import type { TriggerBook } from "./trigger-book";

/**
 * The pair market's own methods that its parts reach through the object (market-object.ts), so
 * that a test's subclass can replace them: the feed, a period's result as members are handed it,
 * and where beacon rounds come from (every round is still verified or signed as in production).
 */
export interface MarketHooks {
  adapter(config: PairConfig, context: FeedContext): FeedAdapter;
  beacon(): BeaconSource;
  result(symbol: string, start: number): Result<PeriodResult | null>;
}

/**
 * What every part of one pair's market works on (market-object.ts is the object itself): its
 * storage, its trigger book and running deliveries in memory, and the pair as configured and
 * caught up to now. Nothing ticks while nobody looks: every call first catches the feed up to
 * "now" (deterministic, so a late catch-up records the same prices a live one would have).
 */
export class MarketState {
  readonly sql: SqlStorage;
  /** the open positions' triggers in memory (positions.ts); null = rebuild from the table */
  book: TriggerBook | null = null;
  /** a delivery of closes to member objects is running (one at a time) */
  delivering: Promise<void> | null = null;
  /** a delivery of periods' results to member objects is running (one at a time) */
  handingResults: Promise<void> | null = null;
  /**
   * the Next round the sockets were last told of (stream.ts): a period event goes out as the
   * schedule moves on, before the ended period's close is known; memory only, so after a wake-up
   * the event may go out twice, which a page takes as the same news
   */
  announcedNext: string | null = null;
  /** until when (ms) a call asked for the feed to be recorded: a fetched beacon keeps the alarm running meanwhile */
  private wantedUntil = 0;
  private source: BeaconSource | null = null;

  constructor(
    readonly ctx: DurableObjectState,
    readonly env: Env,
    readonly hooks: MarketHooks,
  ) {
    this.sql = ctx.storage.sql;
    for (const statement of MARKET_SCHEMA) runStatement(this.sql, statement);
  }

  /** The beacon rounds come from (beacon/source.ts), made on first use. */
  beacon(): BeaconSource {
    return (this.source ??= this.hooks.beacon());
  }

  triggers(): TriggerBook {
    return (this.book ??= positions.loadBook(this.sql));
  }

  /**
   * A step that may change the trigger book: the book is memory beside the table, so a step that
   * rolls back (throws) drops it, and the next step rebuilds it from the table as committed.
   */
  atomically<T>(work: () => T): T {
    try {
      return this.ctx.storage.transactionSync(work);
    } catch (error) {
      this.book = null;
      throw error;
    }
  }

  stored(): { symbol: string; config: PairConfig } | null {
    const row = this.sql
      .exec<{ symbol: string; config: string }>("SELECT symbol, config FROM config WHERE id = 1")
      .toArray()[0];
    if (!row) return null;
    const config = JSON.parse(row.config) as PairConfig;
    return { symbol: row.symbol, config: { ...config, paused: config.paused ?? false } };
  }

  feedRow(): FeedRow {
    return this.sql.exec<FeedRow>("SELECT * FROM feed WHERE id = 1").one();
  }

  /** The pair's configuration; a default pair is created on first use, any other needs an operator. */
  ensure(symbol: string): { symbol: string; config: PairConfig } | null {
    const existing = this.stored();
    if (existing) return existing.symbol === symbol ? existing : null;
    const config = DEFAULT_PAIRS[symbol];
    if (!config) return null;
    this.ctx.storage.transactionSync(() => create(this, symbol, config, Date.now()));
    return { symbol, config };
  }

  /** The pair, caught up to now; null for a pair nobody configured. */
  live(symbol: string, nowMs = Date.now()): { symbol: string; config: PairConfig } | null {
    const pair = this.ensure(symbol);
    if (!pair) return null;
    this.atomically(() => catchUp(this, pair, nowMs));
    // drand's rounds are fetched by the alarm (stream.ts): a call that finds the feed behind
    // keeps it running a while, so a reader without a socket still sees the price move
    if (this.beacon().fetch && this.feedRow().recorded_until < Math.floor(nowMs / 1000)) {
      this.wantedUntil = nowMs + 30_000;
      void this.keepTicking();
    }
    return pair;
  }

  dayRow(day: number): DayRow | undefined {
    return this.sql.exec<DayRow>("SELECT * FROM days WHERE day = ?", day).toArray()[0];
  }

  /** The parameters the market runs with at second `second` (its UTC day's; committed by catchUp). */
  paramsAt(second: number): DayParams {
    const row = this.dayRow(Math.floor(second / DAY_SECONDS));
    if (row) return paramsOf(row);
    // only an object that ran before verifiable rounds, asked within the second of its last
    // catch-up: its next catch-up commits the day with the configured parameters
    const stored = this.stored();
    if (!stored) throw new Error("market: no pair configured");
    return stored.config;
  }

  /** Next second's alarm, while anyone listens or a period with bets has not been recorded yet. */
  async keepTicking(): Promise<void> {
    const feed = this.sql.exec<FeedRow>("SELECT * FROM feed WHERE id = 1").toArray()[0];
    const needed =
      this.ctx.getWebSockets().length > 0 ||
      (feed !== undefined && feed.pending_until * 1000 >= Date.now() - 1000) ||
      // open positions' triggers are checked on every tick, and closes wait to be delivered
      positions.positionsNeedTicks(this.sql) ||
      // a period's result still to hand to a member who bet on it
      results.resultsPending(this.sql) ||
      // an exchange feed's link is kept and judged every second (exchange-link.ts)
      exchangeSource(this) !== null ||
      // a call found the feed waiting for drand's rounds
      this.wantedUntil >= Date.now();
    if (!needed) return;
    const next = (Math.floor(Date.now() / 1000) + 1) * 1000 + 20;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > next) await this.ctx.storage.setAlarm(next);
  }
}
