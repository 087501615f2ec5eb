import { DurableObject } from "cloudflare:workers";
import { loggedAlarm } from "../alarm-log";
import type { PairConfig } from "../../contract/game";
import type { CallArgs } from "../call-args";
import { beaconOf, type BeaconSource } from "../beacon/source";
import type { Env } from "../env";
import { fairFeed, type FeedAdapter, type FeedContext } from "../game/feed";
import { bookmarkFor, restartOn } from "../pitr";
import type { Result } from "../result";
import { answerClose } from "../websocket";
import * as configure from "./configure";
import * as deliveries from "./deliveries";
import { exchangeFeed, exchangeSource } from "./exchange-feed";
import * as exchange from "./exchange-link";
import * as fairness from "./fairness";
import { MarketState } from "./market-state";
import { operatorPair } from "./operator-view";
import { PairRegistry } from "./pair-registry";
import * as reads from "./reads";
import { readCarried, writeCarried, type MarketCarried } from "./restore";
import * as stream from "./stream";
import * as trading from "./trading";

/**
 * The Durable Object class bound as MARKET. An instance is one of two things, by its name: a
 * trading pair's market (one per symbol: its feed, ticks, candles, period schedule, the recorded
 * open, close and outcomes of every period, positions' triggers, and the public stream), or the
 * pair registry (the instance named REGISTRY, pairs.ts). They are two classes, MarketState with
 * the market's modules and PairRegistry, behind this one entry, which builds the one an instance
 * is asked for (server/platform/README.md, "Decisions": why the registry has no binding of its
 * own). Each call of the market goes to the module of its idea with the pair's state and takes
 * that function's parameters (`CallArgs`, call-args.ts).
 *
 * Nothing ticks while nobody looks: every call first catches the feed up to "now", and a
 * 1-second alarm runs only while sockets are connected or something waits (stream.ts).
 */
export class MarketObject extends DurableObject<Env> {
  private pairMarket: MarketState | null = null;
  private pairRegistry: PairRegistry | null = null;

  /** GET /healthz (health.ts): the namespace reaches an instance, which answers. */
  ping(): "ok" {
    return "ok";
  }

  /** The pair's market, its tables made on first use (the registry's instance never needs them). */
  private market(): MarketState {
    return (this.pairMarket ??= new MarketState(this.ctx, this.env, {
      adapter: (config, context) => this.adapter(config, context),
      result: (symbol, start) => this.result(symbol, start),
      beacon: () => this.beaconSource(),
    }));
  }

  /** The pair registry, on the instance named REGISTRY. */
  private registry(): PairRegistry {
    return (this.pairRegistry ??= new PairRegistry(this.ctx.storage.sql));
  }

  /** The feed of the pair: an exchange's trades, or the walk (protected: the tests script a gap through it). */
  protected adapter(config: PairConfig, context: FeedContext): FeedAdapter {
    const source = exchangeSource(this.market());
    return source ? exchangeFeed(this.market(), config, source) : fairFeed(config, context);
  }

  /** Where beacon rounds come from (protected: the tests deliver rounds late or forged through it). */
  protected beaconSource(): BeaconSource {
    return beaconOf(this.env);
  }

  // configuration (configure.ts) and verifiable rounds (fairness.ts) -------------------------

  configure(...a: CallArgs<typeof configure.configure>) {
    return configure.configure(this.market(), ...a);
  }
  putSource(...a: CallArgs<typeof exchange.setSource>) {
    return exchange.setSource(this.market(), ...a);
  }
  pairAudit(...a: CallArgs<typeof configure.pairAudit>) {
    return configure.pairAudit(this.market(), ...a);
  }
  operatorPair(...a: CallArgs<typeof operatorPair>) {
    return operatorPair(this.market(), ...a);
  }
  fairnessDays(...a: CallArgs<typeof fairness.fairnessDays>) {
    return fairness.fairnessDays(this.market(), ...a);
  }
  periodProof(...a: CallArgs<typeof fairness.periodProof>) {
    return fairness.periodProof(this.market(), ...a);
  }

  // reads (reads.ts) -------------------------------------------------------------------------

  exists(...a: CallArgs<typeof reads.exists>) {
    return reads.exists(this.market(), ...a);
  }
  pairInfo(...a: CallArgs<typeof reads.pairInfo>) {
    return reads.pairInfo(this.market(), ...a);
  }
  state(...a: CallArgs<typeof reads.state>) {
    return reads.state(this.market(), ...a);
  }
  betSnapshot(...a: CallArgs<typeof reads.betSnapshot>) {
    return reads.betSnapshot(this.market(), ...a);
  }
  /** A period's result (a method of the object: the tests' forced outcomes replace it, for members and deliveries alike). */
  result(...a: CallArgs<typeof reads.result>) {
    return reads.result(this.market(), ...a);
  }
  quotes(...a: CallArgs<typeof reads.quotes>) {
    return reads.quotes(this.market(), ...a);
  }
  candles(...a: CallArgs<typeof reads.candles>) {
    return reads.candles(this.market(), ...a);
  }

  // contract trading (trading.ts) and deliveries to member objects (deliveries.ts) -----------

  openPosition(...a: CallArgs<typeof trading.openPosition>) {
    return trading.openPosition(this.market(), ...a);
  }
  findPosition(...a: CallArgs<typeof trading.findPosition>) {
    return trading.findPosition(this.market(), ...a);
  }
  closePosition(...a: CallArgs<typeof trading.closePosition>) {
    return trading.closePosition(this.market(), ...a);
  }
  cancelPosition(...a: CallArgs<typeof trading.cancelPosition>) {
    return trading.cancelPosition(this.market(), ...a);
  }
  setTriggers(...a: CallArgs<typeof trading.setTriggers>) {
    return trading.setTriggers(this.market(), ...a);
  }
  openInterest(...a: CallArgs<typeof trading.openInterest>) {
    return trading.openInterest(this.market(), ...a);
  }
  settleResults() {
    return deliveries.settleResults(this.market());
  }
  settleDeliveries() {
    return deliveries.settleDeliveries(this.market());
  }

  // the registry (pair-registry.ts) ----------------------------------------------------------

  registerPair(...a: Parameters<PairRegistry["registerPair"]>) {
    this.registry().registerPair(...a);
  }
  listPairs() {
    return this.registry().listPairs();
  }

  // the stream and the alarm (stream.ts) -----------------------------------------------------

  // point-in-time restore (../pitr.ts, ./restore.ts) ---------------------------------------

  restoreBookmark(atMs: number): Promise<Result<string>> {
    return bookmarkFor(this.ctx.storage, atMs);
  }
  carriedState(atIso: string): MarketCarried {
    return readCarried(this.ctx.storage.sql, new Date(Date.parse(atIso) - 86_400_000).toISOString());
  }
  restoreTo(bookmark: string): Promise<Result<null>> {
    return restartOn(this.ctx, bookmark);
  }
  /** After the restart: the seeds and audit entries as they were, and the restore's own entry. */
  carryOver(carried: MarketCarried, by: string, details: Record<string, string>): void {
    this.ctx.storage.transactionSync(() => {
      writeCarried(this.ctx.storage.sql, carried);
      configure.audit(this.market(), by, "pair_restored", details, Date.now());
    });
  }

  fetch(request: Request): Promise<Response> {
    return stream.openStream(this.market(), request);
  }

  webSocketMessage(): void {
    // The stream is one-way; anything a client sends is ignored.
  }

  webSocketClose(ws: WebSocket, code: number): void {
    answerClose(ws, code);
  }

  alarm(): Promise<void> {
    const market = this.market();
    return loggedAlarm(this.env, "market", { pair: market.stored()?.symbol }, () => stream.tick(market));
  }
}
