import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CONTRACT_SETTINGS } from "../../server/contract";
import { liquidationPrice, payoutAt, positionFee } from "#rules/position-math";
import { createPlatform, type Platform, type TestMember } from "../helpers/platform";
import { GAME_SITE, gameMember } from "./game-helpers";
import { memberCall, memberIdOf, wallets } from "./money-helpers";
import {
  armFault,
  arrivedAt,
  expectExactlyOnce,
  holdGate,
  listPositions,
  openPosition,
  POSITIONS_ENTRY,
  releaseGate,
  SCRIPTED_PAIR,
  scriptedPair,
  ScriptedMarket,
  START_PRICE,
  stubOf,
} from "./positions-helpers";

/**
 * Contract trading's "exactly once" under faults (server/platform/README.md, "Contract trading"),
 * on a stopped clock a day ahead (no alarm fires by itself) and a scripted feed: the test decides
 * every price and when the market's outbox is delivered. Every close must happen once, pay once
 * and be the one the market decided, whatever is delivered twice, races, or crashes in between;
 * the audit (expectExactlyOnce) runs over every member of the site after each step.
 */
const SITE = "positions-faults";
/** the concurrency tests' sites: tight limits */
const LIMITS_SITE = "positions-limits";
const PAIR_SITE = "positions-pair";
/** An intent older than this is the alarm's to complete or drop (member/position-flow.ts, INTENT_STALE_MS). */
const INTENT_STALE_MS = 15_000;

let platform: Platform;
let market: ScriptedMarket;

beforeAll(async () => {
  platform = await createPlatform({ wrapEntry: POSITIONS_ENTRY });
  const start = Math.ceil((Date.now() + 86_400_000) / 1000) * 1000 + 500;
  market = new ScriptedMarket(platform, start);
  await market.setClock(start);
  const put = await platform.operator("operatorPutPair", { params: { pair: SCRIPTED_PAIR }, body: scriptedPair });
  expect(put.envelope.message).toBe("ok");
  const site = { ...GAME_SITE, pairs: [SCRIPTED_PAIR] };
  await platform.seedSite(SITE, site);
  await platform.seedSite(LIMITS_SITE, {
    ...site,
    contractSettings: { ...DEFAULT_CONTRACT_SETTINGS, maxOpenPositions: 3, maxNotionalPerMember: 25_000 },
  });
  await platform.seedSite(PAIR_SITE, {
    ...site,
    contractSettings: { ...DEFAULT_CONTRACT_SETTINGS, maxNotionalPerPair: 30_000 },
  });
});
afterEach(async () => {
  await market.settle();
  for (const site of [SITE, LIMITS_SITE, PAIR_SITE]) await expectExactlyOnce(platform, market, site, "after the test");
});
afterAll(() => platform.dispose());

const audit = (context: string) => expectExactlyOnce(platform, market, SITE, context);
const FEE = positionFee({ margin: 1000, leverage: 10, feePpm: DEFAULT_CONTRACT_SETTINGS.feePpm });
const balance = async (m: TestMember) => (await wallets(platform, m)).games[0]!.balance;

/** A member of SITE with a long (or short) of margin 1000 at 10× opened at the market's price now. */
async function opened(side: "long" | "short" = "long", extra: { takeProfit?: number; stopLoss?: number } = {}) {
  await market.tick(START_PRICE);
  const m = await gameMember(platform, SITE, 10_000);
  const { envelope } = await openPosition(platform, m, { side, seenPrice: market.price, ...extra });
  expect(envelope.message).toBe("ok");
  const p = envelope.data!;
  expect(p.entryPrice).toBe(START_PRICE);
  return { m, p };
}

const closeCount = async (m: TestMember, id: string) =>
  new Set(
    (await (await stubOf(platform, m)).__postings())
      .filter((x) => x.reference === id && x.type === "position_close")
      .map((x) => x.operationKey),
  ).size;

describe("a close delivered twice", () => {
  it("closes, pays and records once when the market delivers a trigger's close again and applyCloses runs twice with it", async () => {
    const { m, p } = await opened("long", { takeProfit: START_PRICE + 5000 });
    await market.tick(START_PRICE + 6000);
    await market.settle();
    const [closed] = await listPositions(platform, m, "closed");
    expect(closed).toMatchObject({ id: p.id, closeReason: "take_profit", closePrice: START_PRICE + 6000 });
    const after = await balance(m);
    expect(after).toBe(10_000 - 1000 - FEE + closed!.payout!);
    await audit("after the first delivery");

    // the market's outbox delivers it again, and the member object hears the same close twice more
    await market.redeliver(p.id);
    await market.settle();
    const stub = await stubOf(platform, m);
    const close = {
      positionId: p.id,
      reason: "take_profit",
      price: START_PRICE + 6000,
      second: Math.floor(market.clock / 1000),
    };
    expect(await stub.applyCloses(SITE, [close])).toEqual([p.id]);
    expect(await stub.applyCloses(SITE, [close])).toEqual([p.id]);
    // even a different close of the same position (a stale or forged one) changes nothing now
    expect(await stub.applyCloses(SITE, [{ ...close, reason: "stop_out", price: 1 }])).toEqual([p.id]);

    expect(await balance(m)).toBe(after);
    expect(await closeCount(m, p.id)).toBe(1);
    expect(await listPositions(platform, m, "closed")).toEqual([closed]);
    await audit("after the deliveries again");
  });
});

describe("a member's close racing a stop-out", () => {
  it("ends in the stop-out when the crossing tick is recorded while the member's close is on its way to the market", async () => {
    const { m, p } = await opened("long");
    await holdGate(platform, "market.closePosition:before");
    const closing = memberCall(platform, m, "closePosition", { params: { id: p.id }, body: {} });
    await arrivedAt(platform, "market.closePosition:before");
    // the tick that crosses the stop-out is recorded and its close delivered while the close waits
    const gapPrice = p.liquidationPrice - 10;
    await market.tick(gapPrice);
    await market.settle();
    await audit("stop-out applied while the member's close is in flight");
    await releaseGate(platform, "market.closePosition:before");
    const answer = (await closing).envelope;
    expect(answer.message).toBe("ok");
    expect(answer.data).toMatchObject({ id: p.id, status: "closed", closeReason: "stop_out", closePrice: gapPrice });
    // both callers see the one close: the member's answer is the close the trigger applied
    expect(await listPositions(platform, m, "closed")).toEqual([answer.data]);
    const again = await memberCall(platform, m, "closePosition", { params: { id: p.id }, body: {} });
    expect(again.envelope.data).toEqual(answer.data);
    expect(await closeCount(m, p.id)).toBe(1);
    expect(await balance(m)).toBe(10_000 - 1000 - FEE + answer.data!.payout!);
  });

  it("ends in the member's close when the market decided it before the crossing tick, and the tick closes nothing more", async () => {
    const { m, p } = await opened("long");
    await market.tick(START_PRICE + 2000);
    await holdGate(platform, "market.closePosition:after");
    const closing = memberCall(platform, m, "closePosition", { params: { id: p.id }, body: {} });
    await arrivedAt(platform, "market.closePosition:after");
    // decided at the market: the crossing tick comes too late, and the market's own delivery of the
    // member's close reaches the member object before the member's call returns
    await market.tick(p.liquidationPrice - 10);
    await market.settle();
    await releaseGate(platform, "market.closePosition:after");
    const answer = (await closing).envelope;
    expect(answer.data).toMatchObject({
      id: p.id,
      status: "closed",
      closeReason: "member",
      closePrice: START_PRICE + 2000,
    });
    expect(await listPositions(platform, m, "closed")).toEqual([answer.data]);
    expect(await closeCount(m, p.id)).toBe(1);
    expect((await market.rows()).find((r) => r.position_id === p.id)).toMatchObject({
      close_reason: "member",
      delivered: 1,
    });
  });

  it("answers setPositionTriggers on a position a trigger closed with the closed position", async () => {
    const { m, p } = await opened("short", { stopLoss: START_PRICE + 5000 });
    await market.tick(START_PRICE + 5000);
    // not delivered yet: the member object still has it open, the market has it closed
    const set = await memberCall(platform, m, "setPositionTriggers", {
      params: { id: p.id },
      body: { takeProfit: null, stopLoss: null },
    });
    expect(set.envelope.data).toMatchObject({
      status: "closed",
      closeReason: "stop_loss",
      closePrice: START_PRICE + 5000,
    });
    await market.settle();
    expect(await closeCount(m, p.id)).toBe(1);
  });
});

describe("a crash between the market's close and the member's", () => {
  for (const when of ["before", "after"] as const) {
    it(`closes once at the next delivery when the member object's applyCloses throws ${when} applying`, async () => {
      const { m, p } = await opened("long", { stopLoss: START_PRICE - 20_000 });
      await armFault(platform, `member.applyCloses:${memberIdOf(m)}`, when);
      await market.tick(START_PRICE - 25_000);
      await market.settle();
      const row = (await market.rows()).find((r) => r.position_id === p.id)!;
      expect(row, "the market keeps the close to deliver").toMatchObject({
        close_reason: "stop_loss",
        close_price: START_PRICE - 25_000,
        delivered: 0,
      });
      expect((await listPositions(platform, m, when === "before" ? "open" : "closed")).map((x) => x.id)).toEqual([
        p.id,
      ]);
      await audit(`applyCloses threw ${when} applying`);
      await market.settle();
      await market.settle();
      const [closed] = await listPositions(platform, m, "closed");
      expect(closed).toMatchObject({ id: p.id, closeReason: "stop_loss", closePrice: START_PRICE - 25_000 });
      expect(await listPositions(platform, m, "open")).toEqual([]);
      expect((await market.rows()).find((r) => r.position_id === p.id)!.delivered).toBe(1);
      expect(await closeCount(m, p.id)).toBe(1);
      expect(await balance(m)).toBe(10_000 - 1000 - FEE + closed!.payout!);
    });
  }
});

describe("a crash between the market's decision of a member's close and the member's", () => {
  it("applies the member's close once from the market's outbox, and a second close answers it", async () => {
    const { m, p } = await opened("short");
    await market.tick(START_PRICE - 3000);
    await armFault(platform, `member.closedBy:${memberIdOf(m)}`);
    expect(
      (await memberCall(platform, m, "closePosition", { params: { id: p.id }, body: {} })).envelope.statusCode,
    ).not.toBe(200);
    await audit("the close decided at the market, not applied here");
    await market.tick(START_PRICE + 200_000);
    await market.settle();
    const [closed] = await listPositions(platform, m, "closed");
    expect(closed).toMatchObject({ id: p.id, closeReason: "member", closePrice: START_PRICE - 3000, pnl: 30 });
    const again = await memberCall(platform, m, "closePosition", { params: { id: p.id }, body: {} });
    expect(again.envelope.data).toEqual(closed);
    expect(await closeCount(m, p.id)).toBe(1);
    expect(await balance(m)).toBe(10_000 - 1000 - FEE + 1000 + 30 - FEE);
  });
});

describe("a retry with the same idempotency key", () => {
  it("answers the same position after a success and moves nothing again", async () => {
    await market.tick(START_PRICE);
    const m = await gameMember(platform, SITE, 10_000);
    const first = await openPosition(platform, m, { seenPrice: START_PRICE }, "retry-after-success");
    await market.tick(START_PRICE + 100);
    const again = await openPosition(platform, m, { seenPrice: START_PRICE }, "retry-after-success");
    expect(again.envelope).toEqual(first.envelope);
    expect(await balance(m)).toBe(10_000 - 1000 - FEE);
    expect((await market.rows()).filter((r) => r.member_id === memberIdOf(m))).toHaveLength(1);
  });

  for (const when of ["before", "after"] as const) {
    it(`completes the same position at the market's entry after a crash ${when} the member's second step`, async () => {
      await market.tick(START_PRICE);
      const m = await gameMember(platform, SITE, 10_000);
      await armFault(platform, `member.finishOpen:${memberIdOf(m)}`, when);
      const crashed = await openPosition(platform, m, { seenPrice: START_PRICE }, `retry-after-crash-${when}`);
      expect(crashed.envelope.statusCode).not.toBe(200);
      const atMarket = (await market.rows()).filter((r) => r.member_id === memberIdOf(m));
      expect(atMarket).toMatchObject([{ entry_price: START_PRICE, close_reason: null }]);
      expect(await balance(m)).toBe(when === "before" ? 10_000 : 10_000 - 1000 - FEE);
      await audit(`crash ${when} the open's second step`);

      // the price moves on; the retry must not open at it
      await market.tick(START_PRICE + 300);
      const retry = await openPosition(platform, m, { seenPrice: START_PRICE }, `retry-after-crash-${when}`);
      expect(retry.envelope.message).toBe("ok");
      expect(retry.envelope.data).toMatchObject({
        id: atMarket[0]!.position_id,
        status: "open",
        entryPrice: START_PRICE,
      });
      const twice = await openPosition(platform, m, { seenPrice: START_PRICE }, `retry-after-crash-${when}`);
      expect(twice.envelope).toEqual(retry.envelope);
      expect(await balance(m)).toBe(10_000 - 1000 - FEE);
      expect((await market.rows()).filter((r) => r.member_id === memberIdOf(m))).toHaveLength(1);
    });
  }

  it("answers a retry with the close when a trigger closed the position before the open completed", async () => {
    await market.tick(START_PRICE);
    const m = await gameMember(platform, SITE, 10_000);
    await armFault(platform, `member.finishOpen:${memberIdOf(m)}`, "before");
    await openPosition(platform, m, { seenPrice: START_PRICE }, "retry-after-stop-out");
    const [row] = (await market.rows()).filter((r) => r.member_id === memberIdOf(m));
    // the stop-out crosses while the member object has only an intent: the delivery must wait
    await market.tick(
      liquidationPrice({
        side: "long",
        margin: 1000,
        leverage: 10,
        entryPrice: START_PRICE,
        feePpm: 500,
        stopOutBp: 1000,
      }) - 1,
    );
    await market.settle();
    expect((await market.rows()).find((r) => r.position_id === row!.position_id)).toMatchObject({
      close_reason: "stop_out",
      delivered: 0,
    });
    await audit("a close waiting for its open");
    const retry = await openPosition(platform, m, { seenPrice: START_PRICE }, "retry-after-stop-out");
    expect(retry.envelope.data).toMatchObject({ id: row!.position_id, status: "closed", closeReason: "stop_out" });
    const twice = await openPosition(platform, m, { seenPrice: START_PRICE }, "retry-after-stop-out");
    expect(twice.envelope.data, "the replay answers what the first completion answered").toEqual(retry.envelope.data);
    await market.settle();
    expect(await closeCount(m, row!.position_id)).toBe(1);
    expect(await balance(m)).toBe(10_000 - 1000 - FEE + retry.envelope.data!.payout!);
  });

  it("sets the member's alarm for the intent a dying open leaves, so the recovery runs with nothing else due", async () => {
    await market.tick(START_PRICE);
    const m = await gameMember(platform, SITE, 10_000);
    const stub = await stubOf(platform, m);
    // nothing else due: the outbox and stream delivered, no alarm left
    await stub.__alarm();
    await stub.__clearAlarm();
    await armFault(platform, "market.openPosition");
    expect((await openPosition(platform, m, {})).envelope.statusCode).not.toBe(200);
    expect((await stub.__positions()).map((p) => p.status)).toEqual(["opening"]);
    const at = await stub.__alarmAt();
    expect(at, "an alarm for the intent").not.toBeNull();
    expect(at!).toBeLessThanOrEqual(market.clock + INTENT_STALE_MS + 1000);
  });

  it("has the alarm complete an intent the market accepted, and drop one it never had, with no retry", async () => {
    await market.tick(START_PRICE);
    const m = await gameMember(platform, SITE, 10_000);
    const stub = await stubOf(platform, m);
    await armFault(platform, `member.finishOpen:${memberIdOf(m)}`, "before");
    await openPosition(platform, m, { seenPrice: START_PRICE });
    await armFault(platform, "market.openPosition");
    await openPosition(platform, m, { seenPrice: START_PRICE });
    const intents = await stub.__positions();
    expect(intents.map((p) => p.status)).toEqual(["opening", "opening"]);
    const [accepted, lost] = intents;
    const atMarket = (await market.rows()).filter((r) => r.member_id === memberIdOf(m));
    expect(atMarket.map((r) => r.position_id)).toEqual([accepted!.id]);

    // not stale yet: the alarm leaves them (their requests may still be running)
    await market.tick(START_PRICE + 200);
    await stub.__alarm();
    expect((await stub.__positions()).map((p) => p.status)).toEqual(["opening", "opening"]);
    await audit("intents waiting");

    await market.setClock(market.clock + INTENT_STALE_MS);
    await market.tick(START_PRICE + 200);
    await stub.__alarm();
    const after = await stub.__positions();
    expect(after.map((p) => [p.id, p.status, p.entry_price])).toEqual([[accepted!.id, "open", START_PRICE]]);
    expect(after.some((p) => p.id === lost!.id)).toBe(false);
    expect(await balance(m)).toBe(10_000 - 1000 - FEE);
    await stub.__alarm();
    expect(await balance(m)).toBe(10_000 - 1000 - FEE);
  });
});

describe("the alarm's recovery racing a late retry", () => {
  it("leaves no position open at the market without its member when the alarm finds nothing while a retry with the key reaches the market", async () => {
    await market.tick(START_PRICE);
    const m = await gameMember(platform, SITE, 10_000);
    const stub = await stubOf(platform, m);
    await armFault(platform, "market.openPosition");
    expect((await openPosition(platform, m, {}, "late-retry")).envelope.statusCode).not.toBe(200);
    await market.setClock(market.clock + INTENT_STALE_MS);
    await market.tick(START_PRICE);
    // the alarm asks the market, which has never seen the intent ...
    await holdGate(platform, "market.findPosition:after");
    const alarm = stub.__alarm();
    await arrivedAt(platform, "market.findPosition:after");
    // ... while the client's retry with the same key is on its way to the market
    await holdGate(platform, "market.openPosition:before");
    const retry = openPosition(platform, m, {}, "late-retry");
    await arrivedAt(platform, "market.openPosition:before");
    await releaseGate(platform, "market.findPosition:after");
    await alarm;
    await releaseGate(platform, "market.openPosition:before");
    const answer = (await retry).envelope;
    expect(answer.message).toBe("ok");
    expect(answer.data).toMatchObject({ status: "open", entryPrice: START_PRICE });
    expect(await balance(m)).toBe(10_000 - 1000 - FEE);
    expect(
      (await market.rows()).filter((r) => r.member_id === memberIdOf(m)).map((r) => [r.position_id, r.close_reason]),
    ).toEqual([[answer.data!.id, null]]);
    await audit("after the race");
  });
});

describe("a gap past the stop-out", () => {
  it("closes at the tick's price as a stop-out (not the stop-loss it also passed) and pays max(0, equity − fee)", async () => {
    const { m, p } = await opened("short", { stopLoss: START_PRICE + 50_000 });
    // equity at 1.092 × entry: 1000 − 920 = 80, below the 10 % stop-out but still positive
    const gap = START_PRICE + 92_000;
    expect(p.liquidationPrice).toBeLessThan(gap);
    await market.tick(gap);
    await market.settle();
    const [closed] = await listPositions(platform, m, "closed");
    expect(closed).toMatchObject({
      closeReason: "stop_out",
      closePrice: gap,
      pnl: -920,
      payout: 80 - FEE,
      net: 80 - FEE - 1000 - FEE,
    });
    expect(closed!.payout).toBe(
      payoutAt(
        { side: "short", margin: 1000, leverage: 10, entryPrice: START_PRICE, feePpm: 500, stopOutBp: 1000 },
        gap,
      ),
    );
    expect(await balance(m)).toBe(10_000 - 1000 - FEE + 80 - FEE);
  });

  it("pays nothing, never a negative amount, when the gap leaves the equity below zero: the house keeps the margin", async () => {
    const { m, p } = await opened("long", { stopLoss: START_PRICE - 50_000 });
    const gap = START_PRICE - 200_000;
    await market.tick(gap);
    await market.settle();
    const [closed] = await listPositions(platform, m, "closed");
    expect(closed).toMatchObject({
      id: p.id,
      closeReason: "stop_out",
      closePrice: gap,
      pnl: -2000,
      payout: 0,
      net: -(1000 + FEE),
    });
    expect(await balance(m)).toBe(10_000 - 1000 - FEE);
    const legs = (await (await stubOf(platform, m)).__postings()).filter((x) => x.type === "position_close");
    expect(legs.map((x) => [x.account, x.amount]).sort()).toEqual([
      ["house", 1000],
      ["positions", -1000],
    ]);
  });
});

describe("limits under concurrency", () => {
  const countBy = (messages: string[]) =>
    messages.reduce<Record<string, number>>((c, x) => ({ ...c, [x]: (c[x] ?? 0) + 1 }), {});

  it("keeps one member's parallel opens within maxOpenPositions and maxNotionalPerMember", async () => {
    await market.tick(START_PRICE);
    const many = await gameMember(platform, LIMITS_SITE, 50_000);
    const big = await gameMember(platform, LIMITS_SITE, 50_000);
    const answers: string[] = [];
    for (let round = 0; round < 4; round++) {
      const results = await Promise.all([
        ...Array.from({ length: 5 }, () => openPosition(platform, many, { margin: 500, leverage: 5 })),
        ...Array.from({ length: 5 }, () => openPosition(platform, big, { margin: 1000, leverage: 10 })),
      ]);
      answers.push(...results.map((r) => r.envelope.message));
    }
    // 3 × 2 500 notional by count; 2 × 10 000 of the 25 000 a member may hold
    expect((await listPositions(platform, many, "open")).length).toBe(3);
    expect((await listPositions(platform, big, "open")).length).toBe(2);
    expect(countBy(answers).ok).toBe(5);
    expect(answers).toContain("too_many_open_positions");
    expect(answers).toContain("member_exposure_limit");
    for (const code of answers)
      expect(["ok", "too_many_open_positions", "member_exposure_limit", "position_in_progress"]).toContain(code);
    expect(await balance(many)).toBe(50_000 - 3 * (500 + positionFee({ margin: 500, leverage: 5, feePpm: 500 })));
  });

  it("counts an open a crash left half done against maxOpenPositions, so it and a new open cannot together pass it", async () => {
    await market.tick(START_PRICE);
    const m = await gameMember(platform, LIMITS_SITE, 50_000);
    for (let i = 0; i < 2; i++)
      expect((await openPosition(platform, m, { margin: 500, leverage: 5 })).envelope.message).toBe("ok");
    await armFault(platform, `member.finishOpen:${memberIdOf(m)}`, "before");
    expect((await openPosition(platform, m, { margin: 500, leverage: 5 }, "half-done")).envelope.statusCode).not.toBe(
      200,
    );
    // accepted at the market, an intent here: it may still complete, so it holds its place
    expect((await openPosition(platform, m, { margin: 500, leverage: 5 })).envelope.message).toBe(
      "too_many_open_positions",
    );
    expect((await openPosition(platform, m, { margin: 500, leverage: 5 }, "half-done")).envelope.message).toBe("ok");
    expect((await listPositions(platform, m, "open")).length).toBe(3);
  });

  it("keeps many members' parallel opens within the site's maxNotionalPerPair", async () => {
    await market.tick(START_PRICE);
    const members = await Promise.all(Array.from({ length: 8 }, () => gameMember(platform, PAIR_SITE, 10_000)));
    const results = await Promise.all(
      members.map((m, i) => openPosition(platform, m, { side: i % 2 ? "short" : "long" })),
    );
    expect(countBy(results.map((r) => r.envelope.message))).toEqual({ ok: 3, pair_exposure_limit: 5 });
    const report = await platform.operator("operatorOpenInterest", { params: { siteId: PAIR_SITE } });
    const row = report.envelope.data!.find((r) => r.pair === SCRIPTED_PAIR)!;
    expect(row.longNotional + row.shortNotional).toBe(30_000);
    expect(row.longPositions + row.shortPositions).toBe(3);
    for (const [i, r] of results.entries()) {
      expect(await balance(members[i]!)).toBe(r.envelope.message === "ok" ? 10_000 - 1000 - FEE : 10_000);
    }
  });

  it("cancels the position at the market when the game wallet is spent by a transfer out while the market answers", async () => {
    await market.tick(START_PRICE);
    const m = await gameMember(platform, SITE, 10_000);
    const interest = async () =>
      (await platform.operator("operatorOpenInterest", { params: { siteId: SITE } })).envelope.data!.find(
        (r) => r.pair === SCRIPTED_PAIR,
      )!;
    const before = await interest();
    await holdGate(platform, "market.openPosition:after");
    const opening = openPosition(platform, m, { margin: 5000 }, "spent-wallet");
    await arrivedAt(platform, "market.openPosition:after");
    expect((await interest()).longPositions, "accepted at the market").toBe(before.longPositions + 1);
    const out = await memberCall(platform, m, "transfer", {
      body: { direction: "out", gameCode: "binary", amount: 10_000 },
    });
    expect(out.envelope.message).toBe("ok");
    await releaseGate(platform, "market.openPosition:after");
    expect((await opening).envelope.message).toBe("insufficient_game_wallet_balance");
    const after = await interest();
    expect([after.longPositions, after.longNotional]).toEqual([before.longPositions, before.longNotional]);
    expect(await balance(m)).toBe(0);
    expect((await (await stubOf(platform, m)).__positions()).map((p) => p.status)).toEqual(["void"]);
    expect((await market.rows()).filter((r) => r.member_id === memberIdOf(m)).map((r) => r.close_reason)).toEqual([
      "void",
    ]);
    // a retry with the same key is refused the same way: the refusal is the key's answer (contract/idempotency.ts) ...
    expect((await openPosition(platform, m, { margin: 5000 }, "spent-wallet")).envelope.message).toBe(
      "insufficient_game_wallet_balance",
    );
    expect((await interest()).longPositions).toBe(before.longPositions);
    // a price that would have stopped it out closes nothing: it is no longer in the market's book
    await market.tick(1000);
    await market.settle();
    expect(await (await stubOf(platform, m)).__postings()).toEqual([]);
    await audit("after the void");

    // ... even once the wallet has money again; a new key is a new intent, and opens
    await market.tick(START_PRICE);
    expect(
      (await memberCall(platform, m, "transfer", { body: { direction: "in", gameCode: "binary", amount: 10_000 } }))
        .envelope.message,
    ).toBe("ok");
    expect((await openPosition(platform, m, { margin: 5000 }, "spent-wallet")).envelope.message).toBe(
      "insufficient_game_wallet_balance",
    );
    const retried = await openPosition(platform, m, { margin: 5000 }, "spent-wallet-2");
    expect(retried.envelope.message).toBe("ok");
    expect(await balance(m)).toBe(10_000 - 5000 - positionFee({ margin: 5000, leverage: 10, feePpm: 500 }));
  });
});
