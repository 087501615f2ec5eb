import type { PairSourceBody } from "../../contract/game";
import { iso } from "../game/schedule";
import { fail, ok, type Result } from "../result";
import { audit, voidClosedPeriods } from "./configure";
import {
  acceptKline,
  acceptTrade,
  exchangeSource,
  linkRow,
  secondOf,
  writeSource,
  type ExchangeSource,
} from "./exchange-feed";
import type { MarketState } from "./market-state";
import { pairInfoOf, type PairInfo } from "./pairs";
import { catchUp } from "./recorder";

/**
 * The live side of an exchange feed (exchange-feed.ts has the rules): the WebSocket to the
 * exchange's trade stream, opened from the pair's object with a fetch carrying `Upgrade:
 * websocket`, the REST back-fill after each (re)connection, the reconnect budget, and the pause
 * a stale or broken feed puts on the pair and lifts once trades flow again. The 1-second alarm
 * (stream.ts) calls `maintainFeed` before each catch-up. An operator sets the source with
 * `setSource` (operatorPutPairSource).
 */

/** Drops within RECONNECT_WINDOW_SECONDS beyond which the link stops retrying until the window passes. */
export const RECONNECT_BUDGET = 5;
export const RECONNECT_WINDOW_SECONDS = 600;
/** At most this many 1-second klines per back-fill (Binance's limit for one request). */
const BACKFILL_LIMIT = 1000;

/** Production's endpoints; wrangler vars point elsewhere (the replay server in tests and local runs). */
const DEFAULT_STREAM_URL = "wss://stream.binance.com:9443";
const DEFAULT_REST_URL = "https://api.binance.com";

/** The links open in this isolate, per pair object (a link dies with its object; SQL says it is down). */
const links = new WeakMap<MarketState, { socket: WebSocket | null; connecting: boolean }>();

/**
 * operatorPutPairSource: only on a paused pair (the pause has voided what the switch could touch;
 * the resume voids what it touches), and for an exchange only with an accepted staleness below
 * the pair's cut-off, so that a period's open is always a trade made after its betting closed.
 */
export function setSource(
  m: MarketState,
  symbol: string,
  source: PairSourceBody,
  by: { id: string; name: string },
): Result<PairInfo> {
  const stored = m.stored();
  if (!stored || stored.symbol !== symbol) return fail(400, "invalid_trading_pair");
  if (!stored.config.paused) return fail(400, "pair_not_paused");
  const nowMs = Date.now();
  const now = Math.floor(nowMs / 1000);
  if (source.kind === "exchange") {
    // today's, tomorrow's and the configured cut-off: the shortest of them must exceed the staleness
    const cutoffs = [
      m.paramsAt(now).cutoffSeconds,
      m.paramsAt(now + 86_400).cutoffSeconds,
      stored.config.cutoffSeconds,
    ];
    if (Math.min(...cutoffs) <= source.maxStaleSeconds) return fail(400, "feed_cutoff_too_short");
  }
  m.atomically(() => {
    catchUp(m, stored, nowMs);
    writeSource(m, source, nowMs);
    audit(
      m,
      "operator",
      "pair_source_set",
      {
        source: source.kind,
        exchange: source.kind === "exchange" ? source.exchange : null,
        exchangeSymbol: source.kind === "exchange" ? (source.symbol ?? null) : null,
        maxStaleSeconds: source.kind === "exchange" ? source.maxStaleSeconds : null,
        operatorId: by.id,
        operatorName: by.name,
      },
      nowMs,
    );
  });
  closeLink(m);
  return ok({ ...pairInfoOf(symbol, stored.config.name, m.paramsAt(now)), source: source.kind });
}

/** The cut-off an exchange-fed pair may not go down to (configure.ts refuses a change to it or below). */
export function cutoffFloor(m: MarketState): number | null {
  return exchangeSource(m)?.maxStaleSeconds ?? null;
}

function closeLink(m: MarketState): void {
  const link = links.get(m);
  links.delete(m);
  try {
    link?.socket?.close(1000, "source changed");
  } catch {
    // already closed
  }
}

const httpUrl = (url: string) => url.replace(/^ws(s?):/, "http$1:");

/**
 * The alarm's part: for a fed pair, connects when no link is open (within the reconnect budget),
 * then pauses the pair when the feed is stale (no trade for more than `maxStaleSeconds`, or the
 * link down that long, or the budget spent), and resumes it when it paused it and trades flow again.
 */
export async function maintainFeed(m: MarketState, nowMs: number): Promise<void> {
  const source = exchangeSource(m);
  if (!source) return;
  const now = Math.floor(nowMs / 1000);
  let link = links.get(m);
  if (!link?.socket) {
    const row = linkRow(m);
    // an object woken with no link in memory lost it when it was evicted: down from the last recorded second
    if (row.down_since === null)
      m.sql.exec("UPDATE feed_link SET down_since = ? WHERE id = 1", m.feedRow().recorded_until + 1);
    const drops = recentDrops(row.drops, now);
    if (!link?.connecting && drops.length <= RECONNECT_BUDGET) {
      link = { socket: null, connecting: true };
      links.set(m, link);
      await connect(m, source, link);
    }
  }
  judge(m, source, Date.now());
}

function recentDrops(json: string, now: number): number[] {
  return (JSON.parse(json) as number[]).filter((second) => second > now - RECONNECT_WINDOW_SECONDS);
}

async function connect(
  m: MarketState,
  source: ExchangeSource,
  link: { socket: WebSocket | null; connecting: boolean },
): Promise<void> {
  const base = m.env.BINANCE_STREAM_URL ?? DEFAULT_STREAM_URL;
  let socket: WebSocket | null = null;
  try {
    const response = await fetch(httpUrl(`${base}/ws/${source.symbol.toLowerCase()}@trade`), {
      headers: { Upgrade: "websocket" },
    });
    socket = response.webSocket;
    if (!socket) throw new Error(`the trade stream answered ${response.status}`);
    socket.accept();
    const opened = socket;
    const precision = () => m.paramsAt(Math.floor(Date.now() / 1000)).precision;
    opened.addEventListener("message", (event) => {
      if (links.get(m)?.socket !== opened || typeof event.data !== "string") return;
      acceptTrade(m, event.data, precision());
    });
    const lost = () => dropped(m, opened);
    opened.addEventListener("close", lost);
    opened.addEventListener("error", lost);
    link.socket = opened;
    // the seconds the link missed and the recorder has not recorded yet, from the exchange's 1-second klines
    await backfill(m, source, precision());
    if (link.socket === opened) m.sql.exec("UPDATE feed_link SET down_since = NULL WHERE id = 1");
  } catch (error) {
    console.warn(JSON.stringify({ event: "exchange_feed_failed", symbol: source.symbol, error: String(error) }));
    if (socket && link.socket === socket) {
      try {
        socket.close(1011, "back-fill failed");
      } catch {
        // already closed
      }
    }
    link.socket = null;
    countDrop(m);
  } finally {
    link.connecting = false;
  }
}

async function backfill(m: MarketState, source: ExchangeSource, precision: number): Promise<void> {
  const nowMs = Date.now();
  const from = Math.max(m.feedRow().recorded_until, Math.floor(nowMs / 1000) - BACKFILL_LIMIT);
  const base = m.env.BINANCE_REST_URL ?? DEFAULT_REST_URL;
  const query = new URLSearchParams({
    symbol: source.symbol,
    interval: "1s",
    startTime: String(from * 1000),
    endTime: String(nowMs),
    limit: String(BACKFILL_LIMIT),
  });
  const response = await fetch(`${base}/api/v3/klines?${query}`);
  if (!response.ok) throw new Error(`klines answered ${response.status}`);
  const klines = (await response.json()) as unknown;
  if (!Array.isArray(klines)) throw new Error("klines answered no list");
  m.atomically(() => {
    for (const kline of klines) acceptKline(m, kline, precision);
  });
}

function dropped(m: MarketState, socket: WebSocket): void {
  const link = links.get(m);
  if (!link || link.socket !== socket) return;
  link.socket = null;
  countDrop(m);
}

function countDrop(m: MarketState): void {
  const now = Math.floor(Date.now() / 1000);
  const row = linkRow(m);
  m.sql.exec(
    "UPDATE feed_link SET down_since = COALESCE(down_since, ?), drops = ? WHERE id = 1",
    now,
    JSON.stringify([...recentDrops(row.drops, now), now]),
  );
}

/**
 * Pauses a fed pair whose feed is stale or broken, as an operator's pause does (the periods whose
 * betting closed are void), and resumes one the feed paused once the link is up and a trade is
 * fresh. An operator's own pause is never lifted here.
 */
function judge(m: MarketState, source: ExchangeSource, nowMs: number): void {
  const stored = m.stored();
  if (!stored) return;
  const now = Math.floor(nowMs / 1000);
  const row = linkRow(m);
  const lastTrade = row.last_trade_ms === 0 ? null : secondOf(row.last_trade_ms);
  const reason =
    recentDrops(row.drops, now).length > RECONNECT_BUDGET
      ? "feed_unstable"
      : row.down_since !== null && now - row.down_since >= source.maxStaleSeconds
        ? "feed_disconnected"
        : lastTrade === null || now - lastTrade > source.maxStaleSeconds
          ? "feed_stale"
          : null;
  const paused = stored.config.paused;
  if (reason !== null && !paused) setPaused(m, stored, true, reason, nowMs);
  else if (reason === null && row.down_since === null && paused && row.paused_by_feed !== null)
    setPaused(m, stored, false, row.paused_by_feed, nowMs);
}

function setPaused(
  m: MarketState,
  stored: NonNullable<ReturnType<MarketState["stored"]>>,
  paused: boolean,
  reason: string,
  nowMs: number,
): void {
  const now = Math.floor(nowMs / 1000);
  m.atomically(() => {
    catchUp(m, stored, nowMs);
    const config = { ...stored.config, paused };
    m.sql.exec("UPDATE config SET config = ?, updated_at = ? WHERE id = 1", JSON.stringify(config), iso(now));
    const action = paused ? "pair_paused" : "pair_resumed";
    const voided = voidClosedPeriods(m, action, now);
    m.sql.exec("UPDATE feed_link SET paused_by_feed = ? WHERE id = 1", paused ? reason : null);
    audit(m, "feed", action, { reason, voided: voided.join(",") || null }, nowMs);
  });
}

/** Whether the pair is fed by an exchange (its alarm then runs every second, to keep the link). */
export const isFed = (m: MarketState): boolean => exchangeSource(m) !== null;
