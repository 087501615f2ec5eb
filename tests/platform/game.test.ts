import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketStreamMessage, memberStreamEvent, type Order } from "../../server/contract";
import { createPlatform, objectStub, type Platform, type TestMember } from "../helpers/platform";
import { SHIFTED_CLOCK_ENTRY, shiftedClock } from "../helpers/shifted-clock";
import {
  FAST_PAIR,
  fastPair,
  GAME_SITE,
  bet,
  expectedPayout,
  gameMember,
  gamePostings,
  marketOf,
  memberIdOf,
  openOrders,
  periodAfter,
} from "./game-helpers";
import { eventually, expectSoundLedger, memberCall, wallets } from "./money-helpers";

type TestSocket = {
  accept(): void;
  close(): void;
  readyState: number;
  addEventListener(type: string, listener: (event: { data: unknown; code: number }) => void): void;
};

/**
 * The game on a running clock, its alarms firing by themselves: market calls, every refusal,
 * settlement, concurrency. Where a test needs a period to start or end, it moves the platform's
 * clock there (tests/helpers/shifted-clock.ts) rather than wait for it.
 */
const SITE = "game-site";
let platform: Platform;
let clock: ReturnType<typeof shiftedClock>;
const members = new Set<TestMember>();

beforeAll(async () => {
  platform = await createPlatform({ wrapEntry: SHIFTED_CLOCK_ENTRY });
  clock = shiftedClock(platform);
  const put = await platform.operator("operatorPutPair", { params: { pair: FAST_PAIR }, body: fastPair() });
  expect(put.envelope.statusCode, put.envelope.message).toBe(200);
  await platform.seedSite(SITE, GAME_SITE);
});
afterAll(() => platform.dispose());

/**
 * The market once the period taking bets (`next`, the one after the running one) has at least `ms`
 * of betting left before its cut-off. Too close to (or past) the cut-off, the clock moves to that
 * period's start: from then on the one after it takes bets, for `periodSeconds − cutoffSeconds`.
 */
async function bettingMarket(ms = 2500) {
  for (;;) {
    const m = await marketOf(platform);
    const left = Date.parse(m.next.cutoffAt) - Date.parse(m.serverTime);
    if (left >= ms) return m;
    await clock.jumpTo(Date.parse(m.next.startsAt) + 100);
  }
}
/** Moves the clock past the end of the member's open bets' periods, then waits for them to settle. */
async function settled(m: TestMember, count: number): Promise<Order[]> {
  await endOpenPeriods(m);
  // the market's next alarm (a second at most) records the close and hands the result over
  await eventually(async () => (await openOrders(platform, m)).length === 0, 15_000);
  const { envelope } = await memberCall(platform, m, "orders", {
    query: { status: "settled", pageSize: "100" } as never,
  });
  expect(envelope.data!.total).toBe(count);
  return envelope.data!.items;
}
async function endOpenPeriods(m: TestMember): Promise<void> {
  const ends = (await openOrders(platform, m)).map((o) => Date.parse(o.endsAt));
  if (ends.length > 0) await clock.jumpTo(Math.max(...ends) + 100);
}

describe("the market", () => {
  it("lists the default pairs and an operator's pair with precision and schedule", async () => {
    const { envelope } = await platform.call("pairs");
    expect(envelope.data).toEqual(
      expect.arrayContaining([
        {
          symbol: "BTC-USDT",
          name: "Walk 1 Index",
          precision: 2,
          periodSeconds: 60,
          cutoffSeconds: 10,
          source: "synthetic",
        },
        {
          symbol: "ETH-USDT",
          name: "Walk 2 Index",
          precision: 2,
          periodSeconds: 60,
          cutoffSeconds: 10,
          source: "synthetic",
        },
        { symbol: FAST_PAIR, name: "TST Walk", precision: 2, periodSeconds: 5, cutoffSeconds: 1, source: "synthetic" },
      ]),
    );
  });

  it("creates BTC-USDT on first use at its start price and answers the running period, the one taking bets, and server time", async () => {
    const m = await marketOf(platform, "BTC-USDT");
    expect(m.pair).toEqual({ symbol: "BTC-USDT", name: "Walk 1 Index", precision: 2, source: "synthetic" });
    expect(Math.abs(m.price! - 6_123_450)).toBeLessThan(100_000);
    expect(m.current.periodNo).toMatch(/^\d{12}$/);
    expect(Date.parse(m.current.endsAt) - Date.parse(m.current.startsAt)).toBe(60_000);
    // betting on a period closes 10 s before it starts: the running one's closed before it began
    expect(Date.parse(m.current.startsAt) - Date.parse(m.current.cutoffAt)).toBe(10_000);
    expect(m.current.openPrice).not.toBeNull();
    // the next period starts where the running one ends, and has no price yet
    expect(m.next.startsAt).toBe(m.current.endsAt);
    expect(m.next.periodNo > m.current.periodNo).toBe(true);
    expect(Date.parse(m.next.startsAt) - Date.parse(m.next.cutoffAt)).toBe(10_000);
    expect(Date.parse(m.next.endsAt) - Date.parse(m.next.startsAt)).toBe(60_000);
    expect(m.next).toMatchObject({ openPrice: null, closePrice: null, outcomes: null, voidReason: null });
    // a pair's very first period: none has ended before it
    expect(m.ended).toBeNull();
    expect(Math.abs(Date.parse(m.serverTime) - clock.now())).toBeLessThan(5_000);
  });

  it("refuses a pair nobody configured", async () => {
    expect((await platform.call("market", { params: { pair: "NOPE-USDT" } })).envelope.message).toBe(
      "invalid_trading_pair",
    );
  });

  it("records ended periods with open, close, last digit and outcomes, newest first, and candles", async () => {
    // two periods on, and the beacon round of the second one's close (at most 3 s later): a read catches the market up to its clock
    const { current } = await marketOf(platform);
    await clock.jumpTo(Date.parse(current.endsAt) + 5_000 + 3_100);
    expect(
      (await platform.call("quotes", { params: { pair: FAST_PAIR } })).envelope.data!.total,
    ).toBeGreaterThanOrEqual(2);
    const { envelope } = await platform.call("quotes", {
      params: { pair: FAST_PAIR },
      query: { pageSize: "5" } as never,
    });
    const [newest, older] = envelope.data!.items;
    expect(newest!.periodNo > older!.periodNo).toBe(true);
    // the market says which period ended last, with its close: a page shows it from its first render
    const after = await marketOf(platform);
    expect(after.ended).toMatchObject({
      periodNo: newest!.periodNo,
      closePrice: newest!.closePrice,
      lastDigit: newest!.lastDigit,
    });
    expect(after.ended!.endsAt).toBe(after.current.startsAt);
    // the close of one period is the open of the next
    expect(newest!.openPrice).toBe(older!.closePrice);
    expect(newest!.lastDigit).toBe(newest!.closePrice! % 10);
    expect(Object.keys(newest!.outcomes!)).toHaveLength(8);
    const candles = await platform.call("candles", {
      params: { pair: FAST_PAIR },
      query: { interval: "1m", limit: "10" } as never,
    });
    const last = candles.envelope.data!.at(-1)!;
    expect(last.high).toBeGreaterThanOrEqual(Math.max(last.open, last.close));
    expect(last.low).toBeLessThanOrEqual(Math.min(last.open, last.close));
    // "1s": the raw ticks, one a second, oldest first (the game page's sparkline)
    const ticks = (
      await platform.call("candles", { params: { pair: FAST_PAIR }, query: { interval: "1s", limit: "5" } as never })
    ).envelope.data!;
    expect(ticks).toHaveLength(5);
    for (const [i, tick] of ticks.entries()) {
      expect([tick.open, tick.high, tick.low]).toEqual([tick.close, tick.close, tick.close]);
      if (i > 0) expect(Date.parse(tick.time) - Date.parse(ticks[i - 1]!.time)).toBe(1_000);
    }
  });

  it("streams one message a second with the tick, and period events", async () => {
    const response = await platform.fetch(`/market/${FAST_PAIR}/stream`, { headers: { Upgrade: "websocket" } });
    const ws = (response as unknown as { webSocket: TestSocket }).webSocket;
    expect(response.status).toBe(101);
    const messages: unknown[] = [];
    ws.accept();
    ws.addEventListener("message", (e: { data: unknown }) => messages.push(JSON.parse(String(e.data))));
    // a tick from the market's own alarm, then the running period's end a moment ahead
    await eventually(async () => messages.some((m) => (m as { type: string }[]).some((e) => e.type === "tick")), 5_000);
    await clock.jumpTo(Date.parse((await marketOf(platform)).current.endsAt) - 200);
    await eventually(
      async () => messages.some((m) => (m as { type: string }[]).some((e) => e.type === "period" && "ended" in e)),
      5_000,
    );
    ws.close();
    for (const m of messages) expect(marketStreamMessage.safeParse(m).success).toBe(true);
    expect(messages.length).toBeGreaterThanOrEqual(2);
  });
});

describe("placing a bet", () => {
  let m: TestMember;
  beforeAll(async () => {
    m = await gameMember(platform, SITE, 50_000);
    members.add(m);
  });

  it("refuses every broken rule with its own code and changes nothing", async () => {
    const market = await bettingMarket(3000);
    const base = { pair: FAST_PAIR, periodNo: market.next.periodNo, option: "high" as const, amount: 1000 };
    const cases: [object, string][] = [
      [{ ...base, pair: "ETH-USDT" }, "invalid_trading_pair"],
      [{ ...base, option: "sideways" }, "invalid_bet_option"],
      // the running period (and any before it) has started: its bets were taken before it began
      [{ ...base, periodNo: market.current.periodNo }, "period_started"],
      [{ ...base, periodNo: "202001010001" }, "period_started"],
      // a period after the one taking bets is not open yet
      [{ ...base, periodNo: periodAfter(market.next.periodNo) }, "invalid_period"],
      [{ ...base, amount: 99 }, "amount_out_of_range"],
      [{ ...base, amount: 100_001 }, "amount_out_of_range"],
    ];
    for (const [body, code] of cases) {
      const r = await bet(platform, m, body as never);
      expect(r.envelope.message, JSON.stringify(body)).toBe(code);
    }
    expect((await wallets(platform, m)).games[0]!.balance).toBe(50_000);
    const poor = await gameMember(platform, SITE, 1000);
    members.add(poor);
    const moved = await memberCall(platform, poor, "transfer", {
      body: { direction: "out", gameCode: "binary", amount: 500 },
    });
    expect(moved.envelope.statusCode).toBe(200);
    expect((await bet(platform, poor, { ...base, amount: 600 })).envelope.message).toBe(
      "insufficient_game_wallet_balance",
    );
  });

  it("debits the stake at once, refuses the opposite side, and settles from the recorded prices", async () => {
    const current = (await bettingMarket(3000)).next;
    const base = { pair: FAST_PAIR, periodNo: current.periodNo, amount: 1000 };
    const before = (await wallets(platform, m)).games[0]!.balance;
    const high = await bet(platform, m, { ...base, option: "high" });
    expect(high.envelope.statusCode, high.envelope.message).toBe(200);
    expect(high.envelope.data).toMatchObject({
      status: "open",
      odds: 1.95,
      amount: 1000,
      periodNo: current.periodNo,
      payout: 0,
    });
    // taken before its period starts, so nothing that decides it existed yet
    expect(high.envelope.data!.startsAt).toBe(current.startsAt);
    expect(Date.parse(high.envelope.data!.createdAt)).toBeLessThan(Date.parse(high.envelope.data!.startsAt));
    expect((await bet(platform, m, { ...base, option: "low" })).envelope.message).toBe("conflicting_bet_options");
    expect((await bet(platform, m, { ...base, option: "rise" })).envelope.statusCode).toBe(200);
    expect((await bet(platform, m, { ...base, option: "fall" })).envelope.message).toBe("conflicting_bet_options");
    expect((await bet(platform, m, { ...base, option: "draw" })).envelope.statusCode).toBe(200);
    expect((await wallets(platform, m)).games[0]!.balance).toBe(before - 3000);
    expect(await openOrders(platform, m)).toHaveLength(3);

    const orders = (await settled(m, 3)).filter((o) => o.periodNo === current.periodNo);
    const quotes = await platform.call("quotes", { params: { pair: FAST_PAIR }, query: { pageSize: "20" } as never });
    const period = quotes.envelope.data!.items.find((p) => p.periodNo === current.periodNo)!;
    let paid = 0;
    for (const o of orders) {
      const outcome = period.outcomes![o.option]!;
      expect(o).toMatchObject({
        closePrice: period.closePrice,
        lastDigit: period.lastDigit,
        payout: expectedPayout(o, outcome),
      });
      expect(o.status).toBe({ win: "won", lose: "lost", refund: "refunded" }[outcome]);
      paid += o.payout;
    }
    expect((await wallets(platform, m)).games[0]!.balance).toBe(before - 3000 + paid);
    const postings = await gamePostings(platform, m);
    for (const o of orders) {
      expect(postings.filter((p) => p.reference === o.id && p.type !== "bet").length).toBe(o.payout > 0 ? 1 : 0);
    }
    // The period's settlements are written together, yet each balance-after follows the one before.
    const records = (await memberCall(platform, m, "records", { query: { pageSize: "100" } as never })).envelope.data!
      .items;
    const game = records.filter((r) => r.account === "game:binary").sort((a, b) => a.id - b.id);
    game.forEach((r, i) => expect(r.balanceAfter, `record ${r.id}`).toBe((game[i - 1]?.balanceAfter ?? 0) + r.amount));
    expect(game.at(-1)!.balanceAfter).toBe(before - 3000 + paid);
    await expectSoundLedger(platform, [m]);
  });
  // A stalled feed (price_unavailable) is tested on the stopped clock, in game-faults.test.ts.
});

describe("under concurrency", () => {
  it("one member double-submitting: the same key makes one order, different keys never lose or duplicate a stake", async () => {
    const m = await gameMember(platform, SITE, 20_000);
    members.add(m);
    const current = (await bettingMarket(3000)).next;
    const body = { pair: FAST_PAIR, periodNo: current.periodNo, option: "even" as const, amount: 1000 };
    const same = await Promise.all(Array.from({ length: 10 }, () => bet(platform, m, body, "double-submit-key-1")));
    expect(same.every((r) => r.envelope.statusCode === 200)).toBe(true);
    expect(new Set(same.map((r) => r.envelope.data!.id)).size).toBe(1);
    const different = await Promise.all(
      Array.from({ length: 10 }, () => bet(platform, m, { ...body, option: "draw" })),
    );
    const accepted = different.filter((r) => r.envelope.statusCode === 200).length;
    expect(different.every((r) => r.envelope.message === "ok" || r.envelope.message === "order_in_progress")).toBe(
      true,
    );
    expect(accepted).toBeGreaterThanOrEqual(1);
    expect(await openOrders(platform, m)).toHaveLength(1 + accepted);
    expect((await wallets(platform, m)).games[0]!.balance).toBe(20_000 - 1000 * (1 + accepted));
    await settled(m, 1 + accepted);
    await expectSoundLedger(platform, [m]);
  });
  // 200 members betting at once just before a cut-off: the bench's cut-off crowd (tests/bench/cutoff.ts)
});

/** How many stream events the member's object ever wrote (pushed ones too), read through the test entry (no public API). */
async function streamEventsWritten(m: TestMember): Promise<number> {
  return objectStub<{ streamEventsWritten(): Promise<number> }>(
    platform,
    "MEMBER",
    memberIdOf(m),
  ).streamEventsWritten();
}

/** A member stream's request: an upgrade, naming the member's own site (a listen key works there only). */
const streamHeaders = (m: TestMember) => ({ Upgrade: "websocket", "X-Site-Id": m.siteId });

/** Opens the member's stream and collects its events. */
async function openStream(m: TestMember) {
  const key = (await memberCall(platform, m, "listenKey")).envelope.data!;
  const response = await platform.fetch(`/player/stream?listenKey=${encodeURIComponent(key)}`, {
    headers: streamHeaders(m),
  });
  expect(response.status).toBe(101);
  const ws = (response as unknown as { webSocket: TestSocket }).webSocket;
  const events: ({ type: "order"; order: Order } | { type: "balance"; wallets: { games: { balance: number }[] } })[] =
    [];
  ws.accept();
  ws.addEventListener("message", (e: { data: unknown }) => events.push(JSON.parse(String(e.data))));
  return { ws, events };
}

describe("the member stream", () => {
  it("is not written for a member with no stream open; a stream opened later gets every change from then on", async () => {
    const m = await gameMember(platform, SITE, 5_000);
    const current = (await bettingMarket(2500)).next;
    const base = { pair: FAST_PAIR, periodNo: current.periodNo, amount: 1000 };
    const before = await bet(platform, m, { ...base, option: "odd" });
    expect(before.envelope.statusCode, before.envelope.message).toBe(200);
    expect(await streamEventsWritten(m)).toBe(0);

    const { ws, events } = await openStream(m);
    const after = await bet(platform, m, { ...base, option: "high" });
    expect(after.envelope.statusCode, after.envelope.message).toBe(200);
    await eventually(async () => events.some((e) => e.type === "order" && e.order.id === after.envelope.data!.id));
    expect(
      events.some((e) => e.type === "order" && e.order.id === before.envelope.data!.id && e.order.status === "open"),
    ).toBe(false);
    await eventually(async () => events.some((e) => e.type === "balance" && e.wallets.games[0]!.balance === 3_000));
    expect(await streamEventsWritten(m)).toBe(2);

    // Both bets settle while the stream is open: the one placed before it opened is shown too.
    const settledIds = () =>
      events
        .filter((e) => e.type === "order" && e.order.status !== "open")
        .map((e) => (e as { order: Order }).order.id);
    await endOpenPeriods(m);
    await eventually(async () => settledIds().length === 2, 15_000);
    expect(settledIds().sort()).toEqual([before.envelope.data!.id, after.envelope.data!.id].sort());
    for (const e of events) expect(memberStreamEvent.safeParse(e).success).toBe(true);
    const settledBalance = (await wallets(platform, m)).games[0]!.balance;
    await eventually(async () => {
      const last = events.filter((e) => e.type === "balance").at(-1) as { wallets: { games: { balance: number }[] } };
      return last.wallets.games[0]!.balance === settledBalance;
    });
    ws.close();
  });

  it("pushes order and balance events after a bet, and closes when the session ends", async () => {
    const m = await gameMember(platform, SITE, 5_000);
    const key = (await memberCall(platform, m, "listenKey")).envelope.data!;
    const response = await platform.fetch(`/player/stream?listenKey=${encodeURIComponent(key)}`, {
      headers: streamHeaders(m),
    });
    expect(response.status).toBe(101);
    const ws = (response as unknown as { webSocket: TestSocket }).webSocket;
    const events: { type: string }[] = [];
    let closed: number | null = null;
    ws.accept();
    ws.addEventListener("message", (e: { data: unknown }) => events.push(JSON.parse(String(e.data))));
    ws.addEventListener("close", (e: { code: number }) => (closed = e.code));
    const current = (await bettingMarket(1500)).next;
    const placed = await bet(platform, m, { pair: FAST_PAIR, periodNo: current.periodNo, option: "odd", amount: 1000 });
    expect(placed.envelope.statusCode).toBe(200);
    await eventually(async () => events.some((e) => e.type === "balance") && events.some((e) => e.type === "order"));
    for (const e of events) expect(memberStreamEvent.safeParse(e).success).toBe(true);
    expect(events.find((e) => e.type === "balance")).toMatchObject({
      wallets: { games: [{ code: "binary", balance: 4_000 }] },
    });
    await endOpenPeriods(m);
    await eventually(async () => events.filter((e) => e.type === "order").length >= 2, 15_000);
    await memberCall(platform, m, "signout");
    // The member object closes the session's sockets (code 4001), and the client sees the close at once.
    await eventually(async () => closed !== null, 5_000);
    expect(closed).toBe(4001);
    const refused = await platform.fetch(`/player/stream?listenKey=${encodeURIComponent(key)}`, {
      headers: streamHeaders(m),
    });
    expect(refused.status).toBe(402);
  });
});
