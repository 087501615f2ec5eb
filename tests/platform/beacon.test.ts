import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PeriodProof } from "../../server/contract/fairness";
import { roundOf, roundTime } from "#rules/beacon";
// the standalone script: an independent implementation of both walks and of the signature check
import { stepPrice, verifyProof, walk } from "../../server/cli/verify-period.mjs";
import { objectStub, type Platform } from "../helpers/platform";
import { CLOCK_ENTRY, setClock } from "./center-helpers";
import { FAST_PAIR, GAME_SITE, bet, fastPair, gameMember, gamePostings, marketOf } from "./game-helpers";
import { createPlatform } from "../helpers/platform";
import { eventually, memberIdOf } from "./money-helpers";
import { marketStreamMessage, type MarketStreamEvent } from "../../server/contract";

/**
 * The beacon (decision 031) on a stopped clock, with the market fetching its rounds as it does
 * from drand: the test's source hands out the local beacon's rounds asynchronously, and can hold
 * one back (an outage, or a round arriving late) or garble its signature (a forgery). Whatever it
 * hands out goes through the platform's own signature check before the feed uses it. Proves: a
 * round that comes after its deadline leaves its seconds without a tick and the period void and
 * refunded, and coming later changes nothing; a forged round is never stored or used; the seed
 * known before the day (as the operator knows it) does not give the ticks.
 */
const ENTRY = CLOCK_ENTRY.replace(
  "export { MarketObject, MemberObject, SiteObject };",
  `const held = new Set();
   const forged = new Set();
   class TestMarketObject extends MarketObject {
     beaconSource() {
       const local = super.beaconSource();
       return {
         chain: local.chain,
         async fetch(round) {
           if (held.has(round)) return null;
           const signature = local.sign(round, Date.now());
           if (signature === null || !forged.has(round)) return signature;
           // one hex digit changed: no longer the key's signature of the round
           return signature.slice(0, 40) + (signature[40] === "0" ? "1" : "0") + signature.slice(41);
         },
       };
     }
     async runAlarm() { await this.alarm(); }
     hold(round, on) { on ? held.add(round) : held.delete(round); }
     forge(round) { forged.add(round); }
     storedRound(round) {
       return this.ctx.storage.sql.exec("SELECT signature FROM beacon_rounds WHERE round = ?", round).toArray()[0]?.signature ?? null;
     }
     /** the operator's view: the seed of a day, readable long before its reveal */
     seedOf(day) {
       return this.ctx.storage.sql.exec("SELECT seed FROM days WHERE day = ?", day).toArray()[0]?.seed ?? null;
     }
   }
   class TestMemberObject extends MemberObject {
     async runAlarm() { await this.alarm(); }
   }
   export { TestMarketObject as MarketObject, TestMemberObject as MemberObject, SiteObject };`,
);
type MarketStub = {
  runAlarm(): Promise<void>;
  settleResults(): Promise<void>;
  hold(round: number, on: boolean): Promise<void>;
  forge(round: number): Promise<void>;
  storedRound(round: number): Promise<string | null>;
  seedOf(day: number): Promise<string | null>;
};
const SITE = "beacon";
const DAY = 86_400;
const CHAIN = { genesis: 1_692_803_367, period: 3 };
/** a moment days ahead of the real clock, so no alarm fires by itself; a multiple of 3 s after genesis */
const START = (Math.floor(Date.now() / 1000 / DAY) + 4) * DAY * 1000 + 30_000;

let platform: Platform;
let market: MarketStub;
let clock = START;

beforeAll(async () => {
  platform = await createPlatform({ wrapEntry: ENTRY });
  await setClock(platform, clock);
  // 6-second periods, betting closing 2 s before each: two beacon rounds a period
  const put = await platform.operator("operatorPutPair", {
    params: { pair: FAST_PAIR },
    body: fastPair({ periodSeconds: 6, cutoffSeconds: 2 }),
  });
  expect(put.envelope.statusCode, put.envelope.message).toBe(200);
  await platform.seedSite(SITE, GAME_SITE);
  market = objectStub<MarketStub>(platform, "MARKET", FAST_PAIR);
});
afterAll(() => platform.dispose());

/** Moves the clock to `to` a second at a time, the market's alarm run at each (it fetches rounds, then records). */
async function runTo(to: number): Promise<void> {
  while (clock < to) {
    clock = Math.min(clock + 1000, to);
    await setClock(platform, clock);
    await market.runAlarm();
  }
}

async function proof(periodNo: string): Promise<PeriodProof> {
  const { envelope } = await platform.call("periodProof", { params: { pair: FAST_PAIR, periodNo } });
  expect(envelope.statusCode, envelope.message).toBe(200);
  return envelope.data!;
}

/** A bet on the period taking bets now; answers it with the period. */
async function betOnNext() {
  const m = await gameMember(platform, SITE, 10_000);
  const { next } = await marketOf(platform);
  const placed = await bet(platform, m, { pair: FAST_PAIR, periodNo: next.periodNo, option: "high", amount: 1000 });
  expect(placed.envelope.statusCode, placed.envelope.message).toBe(200);
  return { m, next };
}

/** Settles what the market recorded, then the member's alarm, as the outbox would. */
async function settle(memberId: string) {
  await market.settleResults();
  await objectStub<{ runAlarm(): Promise<void> }>(platform, "MEMBER", memberId).runAlarm();
}

describe("a beacon round arriving late", () => {
  it("leaves its seconds without a tick after 10 s, voids the period and refunds it; arriving later changes nothing", async () => {
    // a second into the first period: the next one takes bets until 2 s before it starts
    await runTo(clock + 1000);
    const { m, next } = await betOnNext();
    const start = Date.parse(next.startsAt) / 1000;
    // the round of the period's third second is held back past its deadline
    const late = roundOf(start + 3, CHAIN);
    await market.hold(late, true);
    await runTo((roundTime(late, CHAIN) + 9) * 1000);
    // within its grace the feed waits: the period has not closed, though its end has passed
    expect((await marketOf(platform)).current.periodNo).not.toBe(next.periodNo);
    const waiting = await platform.call("periodProof", { params: { pair: FAST_PAIR, periodNo: next.periodNo } });
    expect(waiting.envelope.message).toBe("invalid_period");
    await runTo((roundTime(late, CHAIN) + 11) * 1000);
    const recorded = await proof(next.periodNo);
    expect(recorded.period.voidReason).toBe("beacon_missing");
    expect(Object.values(recorded.period.outcomes!).every((o) => o === "refund")).toBe(true);
    // the seconds that needed the round are a gap in the proof, and no tick was drawn for them
    const needing = [roundTime(late - 1, CHAIN) + 1, roundTime(late, CHAIN)];
    expect(recorded.gaps.some(([a, b]) => a <= needing[0]! && b >= needing[1]!)).toBe(true);
    expect(recorded.ticks.filter((t) => t.second >= needing[0]! && t.second <= needing[1]!)).toEqual([]);
    await settle(memberIdOf(m));
    expect((await gamePostings(platform, m)).map((p) => [p.type, p.amount])).toEqual(
      expect.arrayContaining([["refund", 1000]]),
    );
    // the round comes now: it is not even fetched for seconds already recorded, and the period stays void
    await market.hold(late, false);
    await runTo(clock + 3000);
    expect(await market.storedRound(late)).toBeNull();
    const after = await proof(next.periodNo);
    expect(after.period.voidReason).toBe("beacon_missing");
    expect(after.gaps).toEqual(recorded.gaps);
    expect(after.ticks).toEqual(recorded.ticks);
  });
});

describe("a forged beacon round", () => {
  it("is refused by the signature check: never stored, its seconds a gap, the period void", async () => {
    await runTo(clock + 2000);
    const { next } = await betOnNext();
    const start = Date.parse(next.startsAt) / 1000;
    const forged = roundOf(start + 1, CHAIN);
    await market.forge(forged);
    await runTo((Date.parse(next.endsAt) / 1000 + 12) * 1000);
    expect(await market.storedRound(forged)).toBeNull();
    // its neighbours, signed by the key, were stored
    expect(await market.storedRound(forged + 1)).toMatch(/^[0-9a-f]{96}$/);
    const recorded = await proof(next.periodNo);
    expect(recorded.period.voidReason).toBe("beacon_missing");
    expect(recorded.rounds.map((r) => r.round)).not.toContain(forged);
  });
});

describe("the seed known ahead", () => {
  it("does not give the ticks: they need rounds published after betting closed", async () => {
    await runTo(clock + 2000);
    const { next } = await betOnNext();
    const start = Date.parse(next.startsAt) / 1000;
    const end = Date.parse(next.endsAt) / 1000;
    // the operator reads the seed at the moment the bet is taken, long before its reveal
    const seed = Buffer.from((await market.seedOf(Math.floor(start / DAY)))!, "hex");
    await runTo((end + 4) * 1000);
    const recorded = await proof(next.periodNo);
    expect(recorded.period.voidReason).toBeNull();
    expect(recorded.day.seed).toBeNull();
    const open = recorded.period.openPrice!;
    const kept = new Map(recorded.ticks.map((t) => [t.second, t.price]));
    // every round a tick of the period mixed in was published after its betting closed
    const cutoff = Date.parse(recorded.period.cutoffAt) / 1000;
    expect(recorded.rounds.length).toBeGreaterThan(0);
    for (const r of recorded.rounds) expect(roundTime(r.round, CHAIN)).toBeGreaterThan(cutoff);
    // the seed alone (the walk without a beacon) misses the recorded ticks
    const seedAlone = walk(seed, FAST_PAIR, 2, start, open, end)!;
    expect(seedAlone.filter((t) => kept.get(t.second) === t.price).length).toBeLessThan(seedAlone.length);
    // so does the seed with the newest round anyone had when betting closed
    const atCutoff = recorded.rounds[0]!.round - 1;
    const guessed = (second: number) =>
      createHmac("sha256", seed)
        .update(`${FAST_PAIR}|${recorded.day.day}|${second - 1 - Math.floor((second - 1) / DAY) * DAY}|${atCutoff}`)
        .digest();
    let price = open;
    let hits = 0;
    for (let s = start + 1; s <= end; s++) {
      price = stepPrice(price, 2, guessed(s));
      if (kept.get(s) === price) hits++;
    }
    expect(hits).toBeLessThan(end - start);
    // the seed and the rounds as published give exactly the recorded ticks, and the script agrees once revealed
    const randomness = new Map(recorded.rounds.map((r) => [r.round, r.randomness]));
    const withRounds = walk(seed, FAST_PAIR, 2, start, open, end, [], { chain: CHAIN, randomness })!;
    expect(withRounds.map((t) => [t.second, t.price])).toEqual(recorded.ticks.map((t) => [t.second, t.price]));
    const revealed = { ...recorded, day: { ...recorded.day, seed: seed.toString("hex") } };
    const result = verifyProof(revealed);
    expect(result.checks.filter((c) => !c.ok)).toEqual([]);
    expect(result.status).toBe("match");
  });
});

describe("the stream at a period's boundary while its close waits for a beacon round", () => {
  it("moves Next to Live at once, the open not known yet, then sends the close when the round comes", async () => {
    await runTo(clock + 1000);
    const before = await marketOf(platform);
    const end = Date.parse(before.current.endsAt) / 1000;
    // the round every tick of the period's last seconds waits for
    const closing = roundOf(end, CHAIN);
    await market.hold(closing, true);
    const response = await platform.fetch(`/market/${FAST_PAIR}/stream`, { headers: { Upgrade: "websocket" } });
    const ws = (response as unknown as { webSocket: { accept(): void; close(): void } & EventTarget }).webSocket;
    const events: MarketStreamEvent[] = [];
    ws.accept();
    ws.addEventListener("message", (e) => {
      const message: unknown = JSON.parse(String((e as MessageEvent).data));
      expect(marketStreamMessage.safeParse(message).success).toBe(true);
      events.push(...(Array.isArray(message) ? message : [message]));
    });
    const periods = () =>
      events.filter((e): e is Extract<MarketStreamEvent, { type: "period" }> => e.type === "period");
    await eventually(async () => periods().length > 0, 5_000);
    const hello = periods().length;
    // a second past the boundary: the new Next takes bets, the page is told so though no close exists
    await runTo((end + 1) * 1000);
    await eventually(async () => periods().length > hello, 5_000);
    const moved = periods().at(-1)!;
    expect(moved.current.periodNo).toBe(before.next.periodNo);
    expect(moved.current.openPrice).toBeNull();
    expect(moved.next.periodNo).not.toBe(before.next.periodNo);
    expect(moved.ended ?? null).toBeNull();
    // the round comes: the close and the Live round's open follow
    await market.hold(closing, false);
    await runTo((end + 3) * 1000);
    await eventually(async () => periods().some((e) => e.ended?.periodNo === before.current.periodNo), 5_000);
    const closed = periods().find((e) => e.ended?.periodNo === before.current.periodNo)!;
    expect(closed.ended!.closePrice).not.toBeNull();
    expect(closed.current.openPrice).toBe(closed.ended!.closePrice);
    ws.close();
  });
});
