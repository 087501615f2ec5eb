import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallName, OperatorPair } from "../../server/contract";
import { createPlatform, type CallOptions, type Platform, type TestOperator } from "../helpers/platform";
import { DEFAULT_PAIRS } from "../../server/platform/market/pairs";

/**
 * operatorPairs, the back office's read of every pair as operators manage it: who may read it
 * (an admin of every site, as for operatorPutPair), and what it answers after a creation, a
 * change that waits for a later day, a pause and an exchange source. A platform of its own: it
 * changes pairs. No test here lets an alarm run a feed (the exchange's address is unreachable).
 */
const PAIR = "OPS-USDT";
let platform: Platform;
let siteAdmin: TestOperator;
let allSupport: TestOperator;

const as = <N extends CallName>(who: TestOperator, name: N, options: Omit<CallOptions<N>, "token">) =>
  platform.operator(name, options, who.key);

const config = {
  name: "Ops Walk",
  precision: 2,
  periodSeconds: 60,
  cutoffSeconds: 10,
  startPrice: 1_000_000,
  volatilityBp: 3,
  paused: false,
};

async function pairs(): Promise<OperatorPair[]> {
  const { envelope } = await platform.operator("operatorPairs", {});
  expect(envelope.statusCode, envelope.message).toBe(200);
  return envelope.data!;
}
const pairOf = async (symbol: string) => (await pairs()).find((p) => p.symbol === symbol);

beforeAll(async () => {
  platform = await createPlatform({
    bindings: { BINANCE_STREAM_URL: "ws://127.0.0.1:9", BINANCE_REST_URL: "http://127.0.0.1:9" },
  });
  await platform.seedSite("pairs-site", {});
  siteAdmin = await platform.createOperator({ name: "Site Admin", sites: ["pairs-site"], roles: ["admin"] });
  allSupport = await platform.createOperator({ name: "All Support", sites: ["*"], roles: ["support"] });
});
afterAll(() => platform?.dispose());

describe("who may read the pairs' configuration", () => {
  it("refuses an admin of one site and a support operator of every site", async () => {
    expect((await as(siteAdmin, "operatorPairs", {})).envelope.message).toBe("invalid_permission");
    expect((await as(allSupport, "operatorPairs", {})).envelope.message).toBe("operator_role_missing");
  });
});

describe("what it answers", () => {
  it("lists the default pairs with their stored configuration before anyone touched them", async () => {
    const listed = await pairs();
    for (const [symbol, stored] of Object.entries(DEFAULT_PAIRS)) {
      const pair = listed.find((p) => p.symbol === symbol);
      expect(pair?.config).toEqual(stored);
      expect(pair?.source.kind).toBe("synthetic");
      expect(pair?.pending).toBeNull();
    }
  });

  it("answers a new pair as put, running at once with nothing pending", async () => {
    const put = await platform.operator("operatorPutPair", { params: { pair: PAIR }, body: config });
    expect(put.envelope.message).toBe("ok");
    expect(await pairOf(PAIR)).toEqual({
      symbol: PAIR,
      config,
      running: { precision: 2, periodSeconds: 60, cutoffSeconds: 10, volatilityBp: 3 },
      pending: null,
      source: { kind: "synthetic", exchange: null, symbol: null, maxStaleSeconds: null },
      pausedByFeed: null,
    });
  });

  it("shows a feed change as pending from the day put-pair named, today's parameters still running", async () => {
    const put = await platform.operator("operatorPutPair", {
      params: { pair: PAIR },
      body: { ...config, volatilityBp: 7, cutoffSeconds: 20 },
    });
    expect(put.envelope.message).toBe("ok");
    const from = put.envelope.data!.changesFrom;
    expect(from).not.toBeNull();
    const pair = await pairOf(PAIR);
    expect(pair?.config).toMatchObject({ volatilityBp: 7, cutoffSeconds: 20 });
    expect(pair?.running).toEqual({ precision: 2, periodSeconds: 60, cutoffSeconds: 10, volatilityBp: 3 });
    expect(pair?.pending).toEqual({ precision: 2, periodSeconds: 60, cutoffSeconds: 20, volatilityBp: 7, from });
  });

  it("answers the pause at once and the exchange source set on the paused pair", async () => {
    const paused = await platform.operator("operatorPutPair", {
      params: { pair: PAIR },
      body: { ...config, volatilityBp: 7, cutoffSeconds: 20, paused: true },
    });
    expect(paused.envelope.message).toBe("ok");
    expect((await pairOf(PAIR))?.config.paused).toBe(true);
    const source = await platform.operator("operatorPutPairSource", {
      params: { pair: PAIR },
      body: { kind: "exchange", exchange: "binance", symbol: "ETHUSDT", maxStaleSeconds: 4 },
    });
    expect(source.envelope.message).toBe("ok");
    const pair = await pairOf(PAIR);
    expect(pair?.source).toEqual({ kind: "exchange", exchange: "binance", symbol: "ETHUSDT", maxStaleSeconds: 4 });
    expect(pair?.config.paused).toBe(true);
    expect(pair?.pausedByFeed).toBeNull();
  });
});
