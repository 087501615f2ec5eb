import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { klineRow, startReplay, tradeEvent } from "../../server/cli/local/binance-replay.mjs";
import { createPlatform, objectStub, STOPPED_CLOCK_JS, type Platform } from "../helpers/platform";
import { setClock } from "./center-helpers";
import { fastPair } from "./game-helpers";
import { verifyProof } from "../../server/cli/verify-period.mjs";

/**
 * A pair fed by an exchange (docs/decisions/032; server/platform/market/exchange-feed.ts), on a
 * stopped clock a day ahead of the real one so that no alarm fires by itself: the test runs the
 * market's alarm by hand, and a local replay server (server/cli/local/binance-replay.mjs) speaks
 * Binance's documented trade stream and 1-second klines. The test decides every trade, every
 * disconnect and every back-fill, and waits (bounded) only for the platform to have taken a
 * message it sent.
 */
const ENTRY = `
  import worker, { MarketObject, MemberObject, SiteObject } from "./worker.js";
  export { OperatorObject } from "./worker.js";
  ${STOPPED_CLOCK_JS}
  class TestMarketObject extends MarketObject {
    async __alarm() { await this.alarm(); }
    __rows(table) {
      const order = { feed_trades: "second", feed_link: "id", periods: "start", ticks: "second", gaps: "start", pair_audit: "seq" }[table];
      return this.ctx.storage.sql.exec("SELECT * FROM " + table + " ORDER BY " + order).toArray();
    }
  }
  export { TestMarketObject as MarketObject, MemberObject, SiteObject };
  export default {
    async fetch(request, env, ctx) {
      if (new URL(request.url).pathname === "/__test__/clock") {
        frozen = Number(await request.text());
        return new Response(new Date().toISOString());
      }
      return worker.fetch(request, env, ctx);
    },
  };
`;

const PAIR = "FED-USDT";
const SYMBOL = "BTCUSDT";
type Row = Record<string, number | string | null>;
type Market = { __alarm(): Promise<void>; __rows(table: string): Promise<Row[]> };

let platform: Platform;
let replay: Awaited<ReturnType<typeof startReplay>>;
let market: Market;
/** the first second of a 10-second period, a day ahead */
let B: number;
let nextId = 1;

const at = async (second: number, ms = 0) => setClock(platform, second * 1000 + ms);
/** trades in seconds `seconds` (each 300 ms before the second ends), price 60000.00 + the second's offset */
const trade = (second: number, id = nextId++, price = `${60_000 + (second - B)}.00`) =>
  tradeEvent(SYMBOL, id, price, second * 1000 - 300);
const rows = (table: string) => market.__rows(table);
/** Waits, bounded, until the platform's link has taken what the replay server sent. */
async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`not within 5 s: ${what}`);
}
const tradeCount = async () => (await rows("feed_trades")).length;
const link = async () => (await rows("feed_link"))[0]!;
const period = async (start: number) => (await rows("periods")).find((p) => p.start === start);
const putPair = (paused: boolean) =>
  platform.operator("operatorPutPair", {
    params: { pair: PAIR },
    body: fastPair({ name: "Fed Test", periodSeconds: 10, cutoffSeconds: 5, paused }),
  });
const price = (units: number) => 6_000_000 + units * 100;

beforeAll(async () => {
  replay = await startReplay();
  platform = await createPlatform({
    wrapEntry: ENTRY,
    bindings: { BINANCE_STREAM_URL: `ws://127.0.0.1:${replay.port}`, BINANCE_REST_URL: replay.url },
  });
  B = Math.ceil((Date.now() + 86_400_000) / 10_000) * 10;
  await at(B, 500);
  expect((await putPair(true)).envelope.message).toBe("ok");
  market = objectStub<Market>(platform, "MARKET", PAIR);
});
afterAll(async () => {
  await platform.dispose();
  await replay.close();
});

describe("setting a pair's source", () => {
  it("refuses a staleness not below the cut-off, and any change while the pair runs", async () => {
    const source = { kind: "exchange", exchange: "binance", symbol: SYMBOL, maxStaleSeconds: 5 } as const;
    const tooLong = await platform.operator("operatorPutPairSource", { params: { pair: PAIR }, body: source });
    expect(tooLong.envelope.message).toBe("feed_cutoff_too_short");
    const other = await platform.operator("operatorPutPair", {
      params: { pair: "RUN-USDT" },
      body: fastPair({ name: "Run Test" }),
    });
    expect(other.envelope.message).toBe("ok");
    const running = await platform.operator("operatorPutPairSource", {
      params: { pair: "RUN-USDT" },
      body: { ...source, maxStaleSeconds: 3 },
    });
    expect(running.envelope.message).toBe("pair_not_paused");
    const named = await platform.operator("operatorPutPair", {
      params: { pair: "NAM-USDT" },
      body: fastPair({ name: "BTC/USDT" }),
    });
    expect(named.envelope.message).toBe("pair_name_reads_as_asset");
  });

  it("feeds a paused pair from the exchange, audited, and lists it as such", async () => {
    const set = await platform.operator("operatorPutPairSource", {
      params: { pair: PAIR },
      body: { kind: "exchange", exchange: "binance", symbol: SYMBOL, maxStaleSeconds: 3 },
    });
    expect(set.envelope.message).toBe("ok");
    expect(set.envelope.data!.source).toBe("exchange");
    const listed = (await platform.call("pairs")).envelope.data!.find((p) => p.symbol === PAIR);
    expect(listed?.source).toBe("exchange");
    const audit = await platform.operator("operatorPairAudit", { params: { pair: PAIR }, query: {} });
    expect(audit.envelope.data![0]).toMatchObject({
      action: "pair_source_set",
      details: { source: "exchange", exchangeSymbol: SYMBOL, maxStaleSeconds: 3 },
    });
  });
});

describe("a replayed trade stream", () => {
  it("connects from the alarm, back-fills from klines, and records the exchange's trades per second", async () => {
    await market.__alarm();
    await replay.connected(1);
    expect(replay.state.klineRequests[0]).toMatchObject({ symbol: SYMBOL, interval: "1s" });
    expect((await link()).down_since).toBeNull();
    replay.send([trade(B + 1), trade(B + 2)]);
    await until("two trades", async () => (await tradeCount()) === 2);
    // the operator resumes: the running period's betting had closed, so it is void
    await at(B + 3);
    const resumed = await putPair(false);
    expect(resumed.envelope.data!.voided).toHaveLength(1);
    // a trade every second up to B + 30, but none at B + 22 (quiet: the price carries)
    const seconds = Array.from({ length: 28 }, (_, i) => B + 3 + i).filter((s) => s !== B + 22);
    replay.send(seconds.map((s) => trade(s)));
    await until("the trades", async () => (await tradeCount()) === 2 + seconds.length);
    await at(B + 31);
    await market.__alarm();
    const ticks = await rows("ticks");
    const tickAt = (s: number) => ticks.find((t) => t.second === s)?.price;
    expect(tickAt(B + 21)).toBe(price(21));
    expect(tickAt(B + 22), "a quiet second keeps the last trade's price").toBe(price(21));
    expect(tickAt(B + 30)).toBe(price(30));
    // the period [B + 20, B + 30) had a tick every second from when its betting opened: it stands
    const fed = await period(B + 20);
    expect(fed).toMatchObject({ open_price: price(20), close_price: price(30), void_reason: null });
  });

  it("proves a fed period by the exchange's trades, not by a seed", async () => {
    const periodNo = String((await period(B + 20))!.period_no);
    const proof = await platform.call("periodProof", { params: { pair: PAIR, periodNo } });
    expect(proof.envelope.message).toBe("ok");
    const trades = await rows("feed_trades");
    const tradeOf = (s: number) => trades.find((t) => t.second === s)!;
    expect(proof.envelope.data!.attestation).toEqual({
      exchange: "binance",
      symbol: SYMBOL,
      open: {
        second: B + 20,
        price: price(20),
        tradeId: tradeOf(B + 20).trade_id,
        tradeTime: (B + 20) * 1000 - 300,
        via: "trade",
      },
      close: {
        second: B + 30,
        price: price(30),
        tradeId: tradeOf(B + 30).trade_id,
        tradeTime: (B + 30) * 1000 - 300,
        via: "trade",
      },
    });
    // the standalone script: no seed to recompute, but the period follows from the two trades
    const data = proof.envelope.data!;
    expect(verifyProof(data).status).toBe("attested");
    // a close that is not the closing trade's price is caught
    const forged = { ...data, period: { ...data.period, closePrice: data.period.closePrice! + 1 } };
    const result = verifyProof(forged);
    expect(result.status).toBe("mismatch");
    expect(result.checks.filter((c) => !c.ok).map((c) => c.name)).toContain("close = the exchange's closing trade");
  });

  it("ignores out-of-order and late trades", async () => {
    const before = await link();
    replay.send([
      // an older trade id at a later time, then a newer id at an earlier time, then a recorded second
      tradeEvent(SYMBOL, Number(before.last_trade_id) - 1, "1.00", (B + 32) * 1000 - 300),
      tradeEvent(SYMBOL, Number(before.last_trade_id) + 10, "2.00", (B + 29) * 1000),
      tradeEvent(SYMBOL, Number(before.last_trade_id) + 11, "3.00", (B + 30) * 1000 - 100),
    ]);
    await until("three ignored", async () => Number((await link()).ignored) === Number(before.ignored) + 3);
    expect((await rows("feed_trades")).some((t) => Number(t.price) < 1000)).toBe(false);
    expect((await link()).last_trade_id).toBe(before.last_trade_id);
  });

  it("fills a short disconnect from the klines before recording it: no gap, nothing void", async () => {
    replay.drop();
    await until("the drop", async () => (await link()).down_since !== null);
    expect((await link()).down_since).toBe(B + 31);
    replay.state.klines.push(klineRow((B + 30) * 1000, "60031.00", 4), klineRow((B + 31) * 1000, "60032.00", 2));
    await at(B + 33);
    await market.__alarm();
    await replay.connected(2);
    expect((await link()).down_since).toBeNull();
    const filled = (await rows("feed_trades")).filter((t) => t.via === "kline");
    expect(filled.map((t) => [t.second, t.price, t.trade_id])).toEqual([
      [B + 31, price(31), null],
      [B + 32, price(32), null],
    ]);
    replay.send(Array.from({ length: 8 }, (_, i) => trade(B + 33 + i)));
    await until("the trades", async () => (await rows("feed_trades")).some((t) => t.second === B + 40));
    await at(B + 41);
    await market.__alarm();
    expect(await period(B + 30)).toMatchObject({ open_price: price(30), close_price: price(40), void_reason: null });
    const gaps = (await rows("gaps")).filter((g) => Number(g.end_at) > B + 10);
    expect(gaps).toEqual([]);
  });

  it("pauses the pair when the link stays down past the staleness, voiding what the gap touches, and resumes when trades flow", async () => {
    replay.drop();
    await until("the drop", async () => (await link()).down_since !== null);
    replay.state.status = 500;
    await at(B + 42);
    await market.__alarm();
    // reconnected, but the back-fill failed: still down, counted as a drop, not paused yet
    expect((await link()).down_since).toBe(B + 41);
    const state = await platform.call("market", { params: { pair: PAIR } });
    expect(state.envelope.data!.pair.source).toBe("exchange");
    expect((await rows("pair_audit")).at(-1)!.action).not.toBe("pair_paused");
    await at(B + 45);
    await market.__alarm();
    const paused = (await rows("pair_audit")).at(-1)!;
    expect(paused).toMatchObject({ actor: "feed", action: "pair_paused" });
    expect(JSON.parse(String(paused.details))).toMatchObject({ reason: "feed_disconnected" });
    // the seconds the link missed have no tick: a recorded gap
    expect((await rows("gaps")).at(-1)).toMatchObject({ start: B + 41 });
    // trades again: the link comes back, and the feed lifts its own pause once a trade is fresh
    replay.state.status = 200;
    await at(B + 47);
    await market.__alarm();
    expect((await link()).down_since).toBeNull();
    replay.send([trade(B + 48)]);
    await until("a fresh trade", async () => (await rows("feed_trades")).some((t) => t.second === B + 48));
    await at(B + 48, 500);
    await market.__alarm();
    expect((await rows("pair_audit")).at(-1)).toMatchObject({ actor: "feed", action: "pair_resumed" });
    replay.send(Array.from({ length: 3 }, (_, i) => trade(B + 49 + i)));
    await until("the trades", async () => (await rows("feed_trades")).some((t) => t.second === B + 51));
    await at(B + 52);
    await market.__alarm();
    // the period the pause touched after its betting closed is void, whatever its prices
    expect((await period(B + 40))!.void_reason).toBe("pair_paused");
  });

  it("pauses a connected pair whose trades stop for longer than the staleness", async () => {
    await at(B + 55);
    await market.__alarm();
    const last = (await rows("pair_audit")).at(-1)!;
    expect(last).toMatchObject({ actor: "feed", action: "pair_paused" });
    expect(JSON.parse(String(last.details))).toMatchObject({ reason: "feed_stale" });
  });
});
