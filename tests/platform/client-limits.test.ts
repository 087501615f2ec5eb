import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER, CLIENT_LIMITS } from "../../server/contract";
import { signupBody, type Platform, type TestMember } from "../helpers/platform";
import { sharedPlatform } from "../helpers/shared";
import { BANK_OPTION, eventually, memberCall, MONEY_SITE } from "./money-helpers";

/**
 * Limits per client and per member (CLIENT_LIMITS; server/platform/README.md, "Security
 * decisions"), each replaying what an outside test got away with: 80 parallel sign-ups from one
 * address, 50 pending deposits of one member, 200 market sockets and 100 member streams of one
 * member, and a mobile number's use answered without limit.
 */
const SITE = "client-limits";
let platform: Platform;
beforeAll(async () => {
  platform = await sharedPlatform();
  await platform.seedSite(SITE, MONEY_SITE);
});
afterAll(() => platform.dispose());

/** A fresh network per test: an IPv4 address, or the /64 an IPv6 address belongs to. */
let networks = 0;
const newIpv4 = () => `198.51.100.${++networks}`;
const from = (address: string) => ({ [CLIENT_ADDRESS_HEADER]: address });

const signup = (address: string | null, overrides: Parameters<typeof signupBody>[1] = {}) =>
  platform.call("signup", { body: signupBody(SITE, overrides), headers: address === null ? {} : from(address) });

const countBy = (messages: string[]) =>
  messages.reduce<Record<string, number>>((counts, m) => ({ ...counts, [m]: (counts[m] ?? 0) + 1 }), {});

describe("sign-ups per network", () => {
  it("accepts 20 of 80 parallel sign-ups from one address and refuses the rest with signup_limit_reached", async () => {
    const address = newIpv4();
    const results = await Promise.all(Array.from({ length: 80 }, () => signup(address)));
    const max = CLIENT_LIMITS.signupsPerNetworkPerHour;
    expect(countBy(results.map((r) => r.envelope.message))).toEqual({ ok: max, signup_limit_reached: 80 - max });
    const refused = results.find((r) => r.envelope.message === "signup_limit_reached")!;
    expect(refused.status).toBe(429);
    // another network is not held up
    expect((await signup(newIpv4())).envelope.statusCode).toBe(200);
  });

  it("counts every address of one IPv6 /64 as one network", async () => {
    const prefix = `2001:db8:${++networks}:1`;
    for (let i = 0; i < CLIENT_LIMITS.signupsPerNetworkPerHour; i++) {
      expect((await signup(`${prefix}::${(i + 1).toString(16)}`)).envelope.statusCode, `sign-up ${i + 1}`).toBe(200);
    }
    expect((await signup(`${prefix}:ffff:ffff:ffff:ffff`)).envelope).toEqual({
      statusCode: 429,
      message: "signup_limit_reached",
    });
    // the next /64 is another network
    expect((await signup(`2001:db8:${networks}:2::1`)).envelope.statusCode).toBe(200);
  });
});

describe("answers about a mobile number per network", () => {
  it("answers mobile_registered at most mobileChecksPerNetworkPerHour times, then mobile_check_limit_reached", async () => {
    const owner = await platform.signupMember(SITE);
    const address = newIpv4();
    const max = CLIENT_LIMITS.mobileChecksPerNetworkPerHour;
    for (let i = 0; i < max; i++) {
      expect((await signup(address, { mobile: owner.mobile })).envelope.message, `check ${i + 1}`).toBe(
        "mobile_registered",
      );
    }
    // the next answer would tell about a number, registered or not: it is refused either way
    const refused = await signup(address, { mobile: owner.mobile });
    expect(refused.status).toBe(429);
    expect(refused.envelope).toEqual({ statusCode: 429, message: "mobile_check_limit_reached" });
    expect((await signup(address)).envelope.message).toBe("mobile_check_limit_reached");
    // another network still gets its answer
    expect((await signup(newIpv4(), { mobile: owner.mobile })).envelope.message).toBe("mobile_registered");
  });

  it("counts a member's change of number as a check of the new number", async () => {
    const owner = await platform.signupMember(SITE);
    const asker = await platform.signupMember(SITE);
    const address = newIpv4();
    const change = () =>
      memberCall(platform, asker, "updatePlayerInfo", { body: { mobile: owner.mobile }, headers: from(address) });
    for (let i = 0; i < CLIENT_LIMITS.mobileChecksPerNetworkPerHour; i++) {
      expect((await change()).envelope.message, `check ${i + 1}`).toBe("mobile_registered");
    }
    expect((await change()).envelope).toEqual({ statusCode: 429, message: "mobile_check_limit_reached" });
  });
});

describe("pending deposits per member", () => {
  const deposit = (m: TestMember, key?: string) =>
    memberCall(platform, m, "deposit", { body: { optionId: BANK_OPTION.id, amount: 1_000_000 }, key });

  it("keeps at most pendingDepositsPerMember waiting, of 50 parallel requests; a decision frees a place", async () => {
    const m = await platform.signupMember(SITE);
    const max = CLIENT_LIMITS.pendingDepositsPerMember;
    const results = await Promise.all(Array.from({ length: 50 }, () => deposit(m)));
    expect(countBy(results.map((r) => r.envelope.message))).toEqual({ ok: max, pending_deposits_limit: 50 - max });
    expect(results.find((r) => r.envelope.message !== "ok")!.status).toBe(429);
    const listed = (await memberCall(platform, m, "deposits")).envelope.data!.items;
    expect(listed.filter((d) => d.status === "pending")).toHaveLength(max);

    const key = randomUUID();
    expect((await deposit(m, key)).envelope.message).toBe("pending_deposits_limit");
    const id = results.find((r) => r.envelope.message === "ok")!.envelope.data!.id;
    await eventually(async () => {
      const { envelope } = await platform.operator("operatorRefuseDeposit", {
        params: { siteId: SITE, id },
        body: { reason: "not received" },
      });
      return envelope.statusCode === 200;
    });
    // a 429 is no key's answer (contract/idempotency.ts): the same request goes through once a place is free
    expect((await deposit(m, key)).envelope.statusCode).toBe(200);
    expect((await deposit(m)).envelope).toEqual({ statusCode: 429, message: "pending_deposits_limit" });
  });
});

type TestSocket = { accept(): void; close(code?: number): void };

/** Opens a socket and keeps it; answers the upgrade's status. */
async function openSocket(path: string, headers: Record<string, string>, opened: TestSocket[]): Promise<number> {
  const response = await platform.fetch(path, { headers: { Upgrade: "websocket", ...headers } });
  const ws = (response as unknown as { webSocket: TestSocket | null }).webSocket;
  if (ws) {
    ws.accept();
    opened.push(ws);
  } else {
    await response.body?.cancel();
  }
  return response.status;
}

const closeAll = (sockets: TestSocket[]) => {
  for (const ws of sockets.splice(0)) ws.close(1000);
};

describe("live sockets", () => {
  it("opens at most streamsPerMember member streams at once; one closed makes room", async () => {
    const m = await platform.signupMember(SITE);
    const opened: TestSocket[] = [];
    const open = async () => {
      const key = (await memberCall(platform, m, "listenKey")).envelope.data!;
      return openSocket(`/player/stream?listenKey=${encodeURIComponent(key)}`, { "X-Site-Id": SITE }, opened);
    };
    const max = CLIENT_LIMITS.streamsPerMember;
    const statuses = [];
    for (let i = 0; i < max + 5; i++) statuses.push(await open());
    expect(statuses.filter((s) => s === 101)).toHaveLength(max);
    expect(statuses.slice(max)).toEqual(Array(5).fill(429));
    const key = (await memberCall(platform, m, "listenKey")).envelope.data!;
    const refused = await platform.fetch(`/player/stream?listenKey=${encodeURIComponent(key)}`, {
      headers: { Upgrade: "websocket", "X-Site-Id": SITE },
    });
    expect(await refused.json()).toEqual({ statusCode: 429, message: "too_many_streams" });

    opened.shift()!.close(1000);
    await eventually(async () => (await open()) === 101);
    closeAll(opened);
  });

  it("opens at most marketSocketsPerNetwork market sockets of one pair from one network; other networks are not held up", async () => {
    const address = newIpv4();
    const opened: TestSocket[] = [];
    const max = CLIENT_LIMITS.marketSocketsPerNetwork;
    const path = "/market/BTC-USDT/stream";
    const statuses = [];
    for (let i = 0; i < max + 3; i++) statuses.push(await openSocket(path, from(address), opened));
    expect(statuses.filter((s) => s === 101)).toHaveLength(max);
    expect(statuses.slice(max)).toEqual([429, 429, 429]);
    const refused = await platform.fetch(path, { headers: { Upgrade: "websocket", ...from(address) } });
    expect(await refused.json()).toEqual({ statusCode: 429, message: "too_many_streams" });
    expect(await openSocket(path, from(newIpv4()), opened)).toBe(101);
    closeAll(opened);
  });
});
