import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order, Period } from "../../server/contract";
import { createPlatform, objectStub, type Platform, type TestMember } from "../helpers/platform";
import { CLOCK_ENTRY } from "./center-helpers";
import {
  FAST_PAIR,
  fastPair,
  GAME_SITE,
  bet,
  gameMember,
  gamePostings,
  marketOf,
  memberIdOf,
  openOrders,
} from "./game-helpers";
import { expectSoundLedger, memberCall, wallets } from "./money-helpers";

/**
 * The rounds' timing and the voids (server/platform/README.md, "Game rules"), on a stopped clock
 * a day ahead of the real one, so no alarm fires by itself: the tests move the clock, run the
 * market's delivery of results and the member's alarm by hand, and crash a member between
 * recording a settlement and anything after it.
 */
const ENTRY = CLOCK_ENTRY.replace(
  "export { MarketObject, MemberObject, SiteObject };",
  `class TestMemberObject extends MemberObject {
     async runAlarm() { await this.alarm(); }
     async crashAfterSettling() { await this.settleDue(); throw new Error("crash after settling"); }
   }
   class TestMarketObject extends MarketObject {
     async catchUpNow(symbol) { return this.state(symbol); }
   }
   export { TestMarketObject as MarketObject, SiteObject, TestMemberObject as MemberObject };`,
);
const SITE = "rounds";
const PERIOD_MS = 5_000;
/** A second's tick waits for the beacon round published at or after it (decision 031): a close is recorded at most one beacon period (3 s) after its second. */
const BEACON_LAG_MS = 3_000;
let platform: Platform;
let clock: number;
const tick = async (to: number) => {
  clock = to;
  await platform.fetch("/__test__/clock", { method: "POST", body: String(to) });
};
type MemberStub = { runAlarm(): Promise<void>; crashAfterSettling(): Promise<void> };
type MarketStub = { settleResults(): Promise<void>; catchUpNow(symbol: string): Promise<unknown> };
async function memberObject(m: TestMember): Promise<MemberStub> {
  return objectStub<MemberStub>(platform, "MEMBER", memberIdOf(m));
}
async function marketObject(): Promise<MarketStub> {
  return objectStub<MarketStub>(platform, "MARKET", FAST_PAIR);
}
/** The market caught up to the clock, then its results handed to the members who bet. */
async function deliverResults(): Promise<void> {
  const market = await marketObject();
  await market.catchUpNow(FAST_PAIR);
  await market.settleResults();
}
const at = (iso: string) => Date.parse(iso);
/** The clock moved to a fresh period's start + `offset` ms. */
async function toPeriodStart(offset = 200): Promise<{ current: Period; next: Period }> {
  const m = await marketOf(platform);
  await tick(at(m.next.startsAt) + offset);
  return marketOf(platform);
}
const quote = async (periodNo: string) =>
  (
    await platform.call("quotes", { params: { pair: FAST_PAIR }, query: { pageSize: "50" } as never })
  ).envelope.data!.items.find((p) => p.periodNo === periodNo);

beforeAll(async () => {
  platform = await createPlatform({ wrapEntry: ENTRY });
  await tick(Math.ceil((Date.now() + 86_400_000) / PERIOD_MS) * PERIOD_MS + 500);
  await platform.operator("operatorPutPair", { params: { pair: FAST_PAIR }, body: fastPair() });
  await platform.seedSite(SITE, GAME_SITE);
});
afterAll(() => platform.dispose());

describe("a bet never knows its own reference", () => {
  it("takes bets on the next period until its cut-off, which is before it starts, and refuses the running one", async () => {
    const m = await gameMember(platform, SITE, 10_000);
    const { current, next } = await toPeriodStart();
    expect(at(next.startsAt)).toBe(at(current.endsAt));
    expect(at(next.cutoffAt)).toBe(at(next.startsAt) - 1_000);
    expect(next.openPrice).toBeNull();

    const running = await bet(platform, m, {
      pair: FAST_PAIR,
      periodNo: current.periodNo,
      option: "rise",
      amount: 1000,
    });
    expect(running.envelope.message).toBe("period_started");
    await tick(at(next.cutoffAt) - 1);
    const taken = await bet(platform, m, { pair: FAST_PAIR, periodNo: next.periodNo, option: "rise", amount: 1000 });
    expect(taken.envelope.message).toBe("ok");
    const order = taken.envelope.data!;
    // nothing that decides it exists yet: its period starts after the bet was taken
    expect(at(order.startsAt)).toBeGreaterThan(at(order.createdAt));
    await tick(at(next.cutoffAt));
    const late = await bet(platform, m, { pair: FAST_PAIR, periodNo: next.periodNo, option: "odd", amount: 1000 });
    expect(late.envelope.message).toBe("betting_forbidden");
    await tick(at(next.startsAt));
    const started = await bet(platform, m, { pair: FAST_PAIR, periodNo: next.periodNo, option: "odd", amount: 1000 });
    expect(started.envelope.message).toBe("period_started");
    // two periods ahead is no period that takes bets
    const after = await marketOf(platform);
    const ahead = `${after.next.periodNo.slice(0, 8)}${String(Number(after.next.periodNo.slice(8)) + 1).padStart(4, "0")}`;
    expect(
      (await bet(platform, m, { pair: FAST_PAIR, periodNo: ahead, option: "odd", amount: 1000 })).envelope.message,
    ).toBe("invalid_period");
    // the refusals took nothing
    expect((await wallets(platform, m)).games[0]!.balance).toBe(9_000);
  });

  it("records every order before its period starts, at whatever moment of the window it was taken", async () => {
    const m = await gameMember(platform, SITE, 100_000);
    const orders: Order[] = [];
    let { next } = await toPeriodStart(0);
    for (let i = 0; i < 12; i++) {
      // spread over the window: from the start of the period before to 1 ms before the cut-off
      const window = at(next.cutoffAt) - (at(next.startsAt) - PERIOD_MS);
      await tick(
        at(next.startsAt) -
          PERIOD_MS +
          Math.floor((window * i) / 12) +
          (i === 11 ? window - 1 - Math.floor((window * 11) / 12) : 0),
      );
      const r = await bet(
        platform,
        m,
        { pair: FAST_PAIR, periodNo: next.periodNo, option: i % 2 ? "high" : "draw", amount: 100 },
        `spread-${i}`,
      );
      expect(r.envelope.message, `bet ${i}`).toBe("ok");
      orders.push(r.envelope.data!);
      if (i % 3 === 2) ({ next } = await toPeriodStart(0));
    }
    for (const o of orders) expect(at(o.startsAt), o.id).toBeGreaterThan(at(o.createdAt));
  });
});

describe("the market hands each member its period's result", () => {
  it("settles the bets when the market delivers, without the member's own alarm, and once when delivered twice", async () => {
    const m = await gameMember(platform, SITE, 10_000);
    const { next } = await toPeriodStart();
    const placed = await bet(platform, m, { pair: FAST_PAIR, periodNo: next.periodNo, option: "even", amount: 2000 });
    expect(placed.envelope.message).toBe("ok");
    await tick(at(next.endsAt) + BEACON_LAG_MS);
    await deliverResults();
    expect(await openOrders(platform, m)).toHaveLength(0);
    await deliverResults();
    await (await memberObject(m)).runAlarm();
    const credits = (await gamePostings(platform, m)).filter(
      (p) => p.reference === placed.envelope.data!.id && p.type !== "bet",
    );
    const settled = (
      await memberCall(platform, m, "orders", { query: { status: "settled" } as never })
    ).envelope.data!.items.find((o: Order) => o.id === placed.envelope.data!.id) as Order;
    expect(credits).toHaveLength(settled.payout > 0 ? 1 : 0);
    expect((await wallets(platform, m)).games[0]!.balance).toBe(10_000 - 2000 + settled.payout);
    await expectSoundLedger(platform, [m]);
  });
});

describe("no operator can choose an outcome", () => {
  it("voids the periods whose betting had closed when the pair is paused, refunds every bet once, and audits it", async () => {
    const a = await gameMember(platform, SITE, 10_000);
    const b = await gameMember(platform, SITE, 10_000);
    const { next } = await toPeriodStart();
    for (const [m, option] of [
      [a, "rise"],
      [b, "fall"],
      [a, "draw"],
      [b, "high"],
    ] as const) {
      expect(
        (await bet(platform, m, { pair: FAST_PAIR, periodNo: next.periodNo, option, amount: 1000 })).envelope.message,
      ).toBe("ok");
    }
    // after the cut-off, before the period starts: the operator pauses the pair
    await tick(at(next.cutoffAt) + 300);
    const paused = await platform.operator("operatorPutPair", {
      params: { pair: FAST_PAIR },
      body: fastPair({ paused: true }),
    });
    expect(paused.envelope.data!.voided).toContain(next.periodNo);
    await tick(clock + 2_000);
    const resumed = await platform.operator("operatorPutPair", { params: { pair: FAST_PAIR }, body: fastPair() });
    expect(resumed.envelope.message).toBe("ok");

    const audit = (await platform.operator("operatorPairAudit", { params: { pair: FAST_PAIR }, query: {} })).envelope
      .data!;
    const pause = audit.find((e) => e.action === "pair_paused")!;
    expect(pause).toMatchObject({ actor: "operator" });
    expect(String(pause.details.voided)).toContain(next.periodNo);
    expect(audit.findIndex((e) => e.action === "pair_resumed")).toBeLessThan(audit.indexOf(pause));

    await tick(at(next.endsAt) + BEACON_LAG_MS);
    // the market's delivery, the member's alarm re-run, and a crash after a settlement: once each
    await deliverResults();
    await (await memberObject(a)).runAlarm();
    expect(
      await (await memberObject(b)).crashAfterSettling().then(
        () => "returned",
        () => "crashed",
      ),
    ).toBe("crashed");
    await (await memberObject(b)).runAlarm();
    await deliverResults();
    for (const m of [a, b]) {
      expect(await openOrders(platform, m)).toHaveLength(0);
      const refunds = (await gamePostings(platform, m)).filter((p) => p.type === "refund");
      expect(refunds).toHaveLength(2);
      // each refunded order says why: its history needs no second read
      const settled = (await memberCall(platform, m, "orders", { query: { status: "settled" } as never })).envelope
        .data!.items as Order[];
      expect(settled.map((o) => [o.status, o.voidReason])).toEqual([
        ["refunded", "pair_paused"],
        ["refunded", "pair_paused"],
      ]);
      expect((await wallets(platform, m)).games[0]!.balance).toBe(10_000);
    }
    const period = (await quote(next.periodNo))!;
    expect(period.voidReason).toBe("pair_paused");
    expect(Object.values(period.outcomes!)).toEqual(Array(8).fill("refund"));
    const proof = (await platform.call("periodProof", { params: { pair: FAST_PAIR, periodNo: next.periodNo } }))
      .envelope.data!;
    expect(proof.period.voidReason).toBe("pair_paused");
    await expectSoundLedger(platform, [a, b]);
  });

  it("a late retry of a bet on a voided period answers the first bet; a new bet on it is refused", async () => {
    const m = await gameMember(platform, SITE, 10_000);
    const { next } = await toPeriodStart();
    const body = { pair: FAST_PAIR, periodNo: next.periodNo, option: "low" as const, amount: 1000 };
    const first = await bet(platform, m, body, "late-retry-key-1");
    expect(first.envelope.message).toBe("ok");
    await tick(at(next.startsAt) + 1_000);
    expect(
      (await platform.operator("operatorPutPair", { params: { pair: FAST_PAIR }, body: fastPair({ paused: true }) }))
        .envelope.data!.voided,
    ).toContain(next.periodNo);
    await platform.operator("operatorPutPair", { params: { pair: FAST_PAIR }, body: fastPair() });
    await tick(at(next.endsAt) + BEACON_LAG_MS);
    await deliverResults();
    const retry = await bet(platform, m, body, "late-retry-key-1");
    expect(retry.envelope.data!.id).toBe(first.envelope.data!.id);
    expect((await bet(platform, m, body, "late-retry-key-2")).envelope.message).toBe("period_started");
    expect((await wallets(platform, m)).games[0]!.balance).toBe(10_000);
    expect((await gamePostings(platform, m)).filter((p) => p.type === "bet")).toHaveLength(1);
  });

  it("voids a period whose bets were taken before the feed stalled, even when it resumed before the cut-off", async () => {
    const m = await gameMember(platform, SITE, 10_000);
    const { current, next } = await toPeriodStart(100);
    expect(
      (await bet(platform, m, { pair: FAST_PAIR, periodNo: next.periodNo, option: "odd", amount: 1000 })).envelope
        .message,
    ).toBe("ok");
    // the pause touches the running period only (its betting closed); the next still takes bets
    const paused = await platform.operator("operatorPutPair", {
      params: { pair: FAST_PAIR },
      body: fastPair({ paused: true }),
    });
    expect(paused.envelope.data!.voided).toEqual([current.periodNo]);
    await tick(clock + 2_000);
    await platform.operator("operatorPutPair", { params: { pair: FAST_PAIR }, body: fastPair() });
    await tick(at(next.endsAt) + BEACON_LAG_MS);
    await deliverResults();
    expect((await quote(next.periodNo))!.voidReason).toBe("feed_gap");
    expect((await quote(current.periodNo))!.voidReason).toBe("pair_paused");
    expect((await wallets(platform, m)).games[0]!.balance).toBe(10_000);
    // the proof names the stalled seconds, so anyone can see why
    const proof = (await platform.call("periodProof", { params: { pair: FAST_PAIR, periodNo: next.periodNo } }))
      .envelope.data!;
    expect(proof.gaps.length).toBeGreaterThan(0);
  });

  it("a change of the feed's parameters reaches no period whose betting has closed: it voids nothing", async () => {
    await toPeriodStart();
    const changed = await platform.operator("operatorPutPair", {
      params: { pair: FAST_PAIR },
      body: fastPair({ volatilityBp: 9 }),
    });
    expect(changed.envelope.data!.voided).toEqual([]);
    expect(changed.envelope.data!.changesFrom).not.toBeNull();
    await platform.operator("operatorPutPair", { params: { pair: FAST_PAIR }, body: fastPair() });
    const { current, next } = await marketOf(platform);
    expect(current.voidReason).toBeNull();
    expect(next.voidReason).toBeNull();
  });

  it("an undisturbed period is not void", async () => {
    const { next } = await toPeriodStart();
    await tick(at(next.endsAt) + BEACON_LAG_MS);
    await marketOf(platform);
    const period = (await quote(next.periodNo))!;
    expect(period.voidReason).toBeNull();
    expect(Object.values(period.outcomes!)).toContain("win");
  });
});
