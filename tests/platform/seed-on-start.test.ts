import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpPlatform, type Platform as OperatorPlatform } from "../../server/cli/operator/client";
import { seedMissing } from "../../server/cli/seed/seed";
import { DEMO2_SITE, DEMO2_USDT_XPUB, DEMO_SITE } from "../../server/cli/seed/sites";
import { DEFAULT_PAIRS } from "../../server/platform/market/pairs";
import type { CallName } from "../../server/contract";
import { createPlatform, TEST_OPERATOR_KEY, type CallOptions, type Platform } from "../helpers/platform";

// Seeding on start (server/cli/seed/seed.ts, seedMissing): a server restarted on its state keeps what
// operators changed, and a fresh state still gets both demo sites whole.

let platform: Platform;
let seeding: OperatorPlatform;
beforeAll(async () => {
  platform = await createPlatform();
  // the operator tools' own HTTP client, sent into the test platform's worker
  seeding = httpPlatform("http://platform.test", TEST_OPERATOR_KEY, {
    headers: {},
    fetch: async (input) => {
      const request = input as Request;
      const url = new URL(request.url);
      const body = request.body ? await request.arrayBuffer() : undefined;
      return platform.fetch(url.pathname + url.search, { method: request.method, headers: [...request.headers], body });
    },
  });
});
afterAll(() => platform.dispose());

const site = async (siteId: string) => (await platform.call("siteInfo", { params: { siteId } })).envelope.data!;
const chatLink = async (siteId: string) => (await platform.call("chatbox", { params: { siteId } })).envelope.data;

async function pressPaths(siteId: string): Promise<string[]> {
  const member = await platform.signupMember(siteId);
  const press = await platform.call("press", {
    params: { siteId },
    query: { lang: "en_US" },
    token: member.token,
    siteId,
  });
  return press.envelope.data!.map((p) => p.path).sort();
}

async function operatorCall<N extends CallName>(name: N, options: Omit<CallOptions<N>, "token">) {
  const { envelope } = await platform.operator(name, options);
  expect(envelope.statusCode, envelope.message).toBe(200);
  return envelope.data;
}

describe("seeding on start", () => {
  it("gives a fresh state both demo sites with their content, deposit xpub and chat link", async () => {
    expect(await seedMissing(seeding)).toEqual({ demo: "created", demo2: "created" });
    expect(await site("demo")).toMatchObject({ title: DEMO_SITE.config.title, pairs: DEMO_SITE.config.pairs });
    expect(await chatLink("demo2")).toBe(DEMO2_SITE.chatLink);
    const pool = await operatorCall("operatorDepositAddresses", {
      params: { siteId: "demo2", optionId: "usdt-trc20" },
    });
    expect(pool).toMatchObject({ source: "xpub", xpub: DEMO2_USDT_XPUB, derived: 0 });
    expect((await pressPaths("demo")).length).toBe(new Set(DEMO_SITE.press.map((p) => p.path)).size);
  });

  it("leaves an operator's pair, site setting and retired news as the operator left them", async () => {
    // the operator takes ETH-USDT off the site, renames the site, renames the BTC pair, retires a news item
    await operatorCall("operatorPutSite", {
      params: { siteId: "demo" },
      body: { pairs: ["BTC-USDT"], title: "Operator's Title" },
    });
    await operatorCall("operatorPutPair", {
      params: { pair: "BTC-USDT" },
      body: { ...DEFAULT_PAIRS["BTC-USDT"]!, name: "Bitcoin" },
    });
    const member = await platform.signupMember("demo");
    const press = await platform.call("press", {
      params: { siteId: "demo" },
      query: { lang: "en_US" },
      token: member.token,
      siteId: "demo",
    });
    const retired = press.envelope.data![0]!;
    await operatorCall("operatorRetireContent", { params: { siteId: "demo", kind: "press", id: retired.id } });
    const before = await pressPaths("demo");

    expect(await seedMissing(seeding)).toEqual({ demo: "kept", demo2: "kept" });

    expect(await site("demo")).toMatchObject({ title: "Operator's Title", pairs: ["BTC-USDT"] });
    const pairs = (await platform.call("pairs")).envelope.data!;
    expect(pairs.find((p) => p.symbol === "BTC-USDT")?.name).toBe("Bitcoin");
    expect(await pressPaths("demo")).toEqual(before);
    expect(before).not.toContain(retired.path);
  });

  it("finishes a site whose seed was cut off, keeping its configuration", async () => {
    // a server killed mid-seed: the site exists with the operator's configuration, nothing else yet
    const cut = { ...DEMO_SITE, siteId: "seed-cut" };
    await operatorCall("operatorPutSite", {
      params: { siteId: cut.siteId },
      body: { ...cut.config, title: "Changed Before Restart" },
    });
    expect(await chatLink(cut.siteId)).toBe("");

    expect(await seedMissing(seeding, [cut])).toEqual({ "seed-cut": "completed" });

    expect((await site(cut.siteId)).title).toBe("Changed Before Restart");
    expect(await chatLink(cut.siteId)).toBe(cut.chatLink);
    expect((await pressPaths(cut.siteId)).length).toBe(new Set(cut.press.map((p) => p.path)).size);
    expect(await seedMissing(seeding, [cut])).toEqual({ "seed-cut": "kept" });
  });
});
