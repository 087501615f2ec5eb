import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEFAULT_CONTRACT_SETTINGS,
  type CallData,
  type CallName,
  type Envelope,
  type SiteConfigPatch,
} from "../../server/contract";
import type { MarketClose } from "../../server/platform/market/positions";
import {
  createPlatform,
  forcedOutcomeEntry,
  objectStub,
  type CallResult,
  type Platform,
  type TestMember,
} from "../helpers/platform";
import { FAST_PAIR, fastPair, GAME_SITE, bettingPeriod, marketOf } from "./game-helpers";
import { DEMO_OPTION, expectSoundLedger, fund, memberCall, memberIdOf } from "./money-helpers";

/**
 * One mode never acts on the other (server/platform/README.md, "Practice account", "Modes never
 * cross"). Each attack of the finding, replayed against the platform:
 * - a bet, an open, a close or a TP/SL change whose body names the mode its page was rendered in,
 *   sent after the session switched (the mode header the site sets says the other mode);
 * - a close or TP/SL change naming the other mode's position by id, member-side and market-side,
 *   and a close the market would deliver for the other mode;
 * - one idempotency key used in practice and then in real money (and the reverse).
 * On a stopped clock a few days ahead, as tests/platform/practice.test.ts.
 */
const ENTRY = forcedOutcomeEntry(`
    __balances() {
      return Object.fromEntries(this.ctx.storage.sql.exec("SELECT account, balance FROM balances").toArray().map((r) => [r.account, r.balance]));
    }
    __positionStatus(id) { return this.ctx.storage.sql.exec("SELECT status FROM positions WHERE id = ?", id).toArray()[0]?.status ?? null; }
`);

const DAY = 86_400_000;
const START = 500_000;
const SITE = "modes";
const SITE_CONFIG: SiteConfigPatch = {
  ...GAME_SITE,
  depositOptions: [DEMO_OPTION] as SiteConfigPatch["depositOptions"],
  practiceBalance: START,
  maxBetAmount: 1_000_000,
  contractSettings: { ...DEFAULT_CONTRACT_SETTINGS, maxOpenPositions: 5 },
};

type Mode = "real" | "practice";
let platform: Platform;
let clock = 0;
const members: TestMember[] = [];

const tick = async (to: number) => {
  clock = to;
  await platform.fetch("/__test__/clock", { method: "POST", body: String(to) });
};

async function memberObject(m: TestMember) {
  return objectStub<{
    __balances(): Promise<Record<string, number>>;
    __positionStatus(id: string): Promise<string | null>;
    applyCloses(siteId: string, closes: MarketClose[]): Promise<string[]>;
  }>(platform, "MEMBER", memberIdOf(m));
}

async function marketObject() {
  return objectStub<{
    closePosition(symbol: string, id: string, practice: boolean): Promise<{ ok: boolean; message?: string }>;
    setTriggers(
      symbol: string,
      id: string,
      tp: number | null,
      sl: number | null,
      practice: boolean,
    ): Promise<{ ok: boolean; message?: string }>;
  }>(platform, "MARKET", FAST_PAIR);
}

/** A member call played in `mode`: the header the site sets from the session (absent = real). */
function callIn<N extends CallName>(
  mode: Mode,
  m: TestMember,
  name: N,
  options: Parameters<typeof memberCall<N>>[3] = {},
): Promise<CallResult<CallData<N>>> {
  const headers = mode === "practice" ? { ...options?.headers, "X-Account-Mode": "practice" } : options?.headers;
  return memberCall(platform, m, name, { ...options, headers });
}

/** A member with `amount` in the game wallet and the practice account open. */
async function member(amount = 50_000): Promise<TestMember> {
  const m = await platform.signupMember(SITE);
  members.push(m);
  await fund(platform, m, amount);
  const moved = await memberCall(platform, m, "transfer", { body: { direction: "in", gameCode: "binary", amount } });
  expect(moved.envelope.statusCode, moved.envelope.message).toBe(200);
  expect((await callIn("practice", m, "practice")).envelope.statusCode).toBe(200);
  return m;
}

/** The member's own money on each side: real (game wallet + real margin) and practice (balance + margin). */
async function money(m: TestMember): Promise<{ real: number; practice: number; game: number; playMoney: number }> {
  const b = await (await memberObject(m)).__balances();
  return {
    game: b["game:binary"] ?? 0,
    playMoney: b.practice ?? 0,
    real: (b["game:binary"] ?? 0) + (b.positions ?? 0) + (b.main ?? 0),
    practice: (b.practice ?? 0) + (b["practice:positions"] ?? 0),
  };
}

const bettable = () => bettingPeriod(platform, clock, tick);
const price = async () => (await marketOf(platform)).price!;

/** Opens a long in `mode` (its body naming that mode). */
async function openIn(mode: Mode, m: TestMember, key?: string) {
  const opened = await callIn(mode, m, "openPosition", {
    body: {
      pair: FAST_PAIR,
      side: "long",
      margin: 1_000,
      leverage: 10,
      seenPrice: await price(),
      takeProfit: null,
      stopLoss: null,
      mode,
    },
    key,
  });
  expect(opened.envelope.statusCode, opened.envelope.message).toBe(200);
  expect(opened.envelope.data!.mode).toBe(mode);
  return opened.envelope.data!;
}

/** What a member sees of an envelope (no timestamps in failures; equal envelopes are the same answer). */
const answer = (envelope: Envelope<unknown>) => ({
  statusCode: envelope.statusCode,
  message: envelope.message,
  data: envelope.data,
});

beforeAll(async () => {
  platform = await createPlatform({ wrapEntry: ENTRY });
  await tick(Math.ceil((Date.now() + 3 * DAY) / DAY) * DAY + 3_600_000);
  await platform.operator("operatorPutPair", { params: { pair: FAST_PAIR }, body: fastPair() });
  await platform.seedSite(SITE, SITE_CONFIG);
}, 60_000);
afterAll(async () => {
  await expectSoundLedger(platform, members);
  await platform.dispose();
});

describe("a post names the mode its page was rendered in", () => {
  it("a bet rendered in practice, sent after the session switched to real, is refused and moves nothing (and the reverse)", async () => {
    const m = await member();
    const period = await bettable();
    const before = await money(m);
    for (const [header, body] of [
      ["real", "practice"],
      ["practice", "real"],
    ] as const) {
      const bet = await callIn(header, m, "placeOrder", {
        body: { pair: FAST_PAIR, periodNo: period.periodNo, option: "high", amount: 500, mode: body },
      });
      expect(answer(bet.envelope), `${body} page, ${header} session`).toEqual({
        statusCode: 400,
        message: "account_mode_changed",
        data: undefined,
      });
    }
    // no header at all is real money: a practice page's bet is refused there too
    const bare = await memberCall(platform, m, "placeOrder", {
      body: { pair: FAST_PAIR, periodNo: period.periodNo, option: "high", amount: 500, mode: "practice" },
      headers: {},
    });
    expect(bare.envelope.message).toBe("account_mode_changed");
    expect(await money(m)).toEqual(before);
    for (const mode of ["real", "practice"] as const) {
      expect((await callIn(mode, m, "ticketQuery")).envelope.data, `${mode} orders`).toEqual([]);
    }
    // the same bet in the page's own mode goes through
    const placed = await callIn("practice", m, "placeOrder", {
      body: { pair: FAST_PAIR, periodNo: period.periodNo, option: "high", amount: 500, mode: "practice" },
    });
    expect(placed.envelope.data).toMatchObject({ mode: "practice", amount: 500 });
    expect(await money(m)).toMatchObject({ game: before.game, playMoney: before.playMoney - 500 });
  });

  it("an open, a close and a TP/SL change from a page of the other mode are refused and change nothing", async () => {
    const m = await member();
    await bettable();
    const before = await money(m);
    const seenPrice = await price();
    const open = await callIn("real", m, "openPosition", {
      body: {
        pair: FAST_PAIR,
        side: "long",
        margin: 1_000,
        leverage: 10,
        seenPrice,
        takeProfit: null,
        stopLoss: null,
        mode: "practice",
      },
    });
    expect(answer(open.envelope)).toEqual({ statusCode: 400, message: "account_mode_changed", data: undefined });
    expect(await money(m)).toEqual(before);

    const real = await openIn("real", m);
    const afterOpen = await money(m);
    const close = await callIn("real", m, "closePosition", { params: { id: real.id }, body: { mode: "practice" } });
    expect(answer(close.envelope)).toEqual({ statusCode: 400, message: "account_mode_changed", data: undefined });
    const triggers = await callIn("real", m, "setPositionTriggers", {
      params: { id: real.id },
      body: { takeProfit: seenPrice * 2, stopLoss: null, mode: "practice" },
    });
    expect(answer(triggers.envelope)).toEqual({ statusCode: 400, message: "account_mode_changed", data: undefined });
    const listed = (await callIn("real", m, "positions", { query: { status: "open" } as never })).envelope.data!.items;
    expect(listed.map((p) => [p.id, p.takeProfit])).toEqual([[real.id, null]]);
    expect(await money(m)).toEqual(afterOpen);
  });

  it("an ended session still answers 402 first, whatever mode its post names", async () => {
    const m = await member();
    expect((await memberCall(platform, m, "signout", { key: null })).envelope.statusCode).toBe(200);
    const period = await bettable();
    const bet = await callIn("real", m, "placeOrder", {
      body: { pair: FAST_PAIR, periodNo: period.periodNo, option: "high", amount: 500, mode: "practice" },
    });
    expect(bet.envelope.statusCode).toBe(402);
  });
});

describe("a position is found by id within the caller's mode only", () => {
  it("a practice request closing or re-triggering a real position's id gets what an unknown id gets, and the reverse", async () => {
    const m = await member();
    await bettable();
    const real = await openIn("real", m);
    const practice = await openIn("practice", m);
    const before = await money(m);
    const mark = await price();

    for (const [mode, other] of [
      ["practice", real],
      ["real", practice],
    ] as const) {
      const unknownClose = await callIn(mode, m, "closePosition", {
        params: { id: "no-such-position-0001" },
        body: {},
      });
      const crossClose = await callIn(mode, m, "closePosition", { params: { id: other.id }, body: {} });
      expect(answer(unknownClose.envelope)).toEqual({
        statusCode: 400,
        message: "position_not_found",
        data: undefined,
      });
      expect(answer(crossClose.envelope), `${mode} closing the other mode's position`).toEqual(
        answer(unknownClose.envelope),
      );

      const triggers = { takeProfit: mark * 2, stopLoss: null };
      const unknownSet = await callIn(mode, m, "setPositionTriggers", {
        params: { id: "no-such-position-0001" },
        body: triggers,
      });
      const crossSet = await callIn(mode, m, "setPositionTriggers", { params: { id: other.id }, body: triggers });
      expect(answer(crossSet.envelope), `${mode} re-triggering the other mode's position`).toEqual(
        answer(unknownSet.envelope),
      );
    }
    // both still open, untouched, and no money moved on either side
    for (const [mode, p] of [
      ["real", real],
      ["practice", practice],
    ] as const) {
      const open = (await callIn(mode, m, "positions", { query: { status: "open" } as never })).envelope.data!.items;
      expect(open.map((o) => [o.id, o.status, o.takeProfit])).toEqual([[p.id, "open", null]]);
    }
    expect(await money(m)).toEqual(before);

    // each closes in its own mode, each paying its own side only
    const closedReal = (await callIn("real", m, "closePosition", { params: { id: real.id }, body: {} })).envelope.data!;
    expect(closedReal).toMatchObject({ mode: "real", status: "closed" });
    const afterReal = await money(m);
    expect(afterReal.practice).toBe(before.practice);
    const closedPractice = (await callIn("practice", m, "closePosition", { params: { id: practice.id }, body: {} }))
      .envelope.data!;
    expect(closedPractice).toMatchObject({ mode: "practice", status: "closed" });
    expect((await money(m)).real).toBe(afterReal.real);
  });

  it("market-side: the market closes or re-triggers a position only in the mode it holds it in", async () => {
    const m = await member();
    await bettable();
    const real = await openIn("real", m);
    const practice = await openIn("practice", m);
    const market = await marketObject();
    const mark = await price();
    expect(await market.closePosition(FAST_PAIR, real.id, true)).toMatchObject({
      ok: false,
      message: "position_not_found",
    });
    expect(await market.setTriggers(FAST_PAIR, practice.id, mark * 2, null, false)).toMatchObject({
      ok: false,
      message: "position_not_found",
    });
    // the right mode still acts
    expect(await market.setTriggers(FAST_PAIR, practice.id, mark * 2, null, true)).toMatchObject({ ok: true });
    expect(
      (await callIn("practice", m, "closePosition", { params: { id: practice.id }, body: {} })).envelope.data,
    ).toMatchObject({ status: "closed" });
    expect(
      (await callIn("real", m, "closePosition", { params: { id: real.id }, body: {} })).envelope.data,
    ).toMatchObject({ status: "closed" });
  });

  it("a close the market delivers for the other mode than the position's is never applied: nothing moves on either side", async () => {
    const m = await member();
    await bettable();
    const practice = await openIn("practice", m);
    const before = await money(m);
    const object = await memberObject(m);
    // a take-profit at twice the entry: paid from the wrong side's house if it were applied
    const close: MarketClose = {
      positionId: practice.id,
      practice: false,
      reason: "take_profit",
      price: practice.entryPrice * 2,
      second: Math.floor(clock / 1000),
    };
    // thrown inside the member's transaction (rolled back); the same close for its own mode applies below
    await expect(object.applyCloses(SITE, [close])).rejects.toThrow();
    expect(await object.__positionStatus(practice.id)).toBe("open");
    expect(await money(m)).toEqual(before);
    // the same close for its own mode pays play money only
    expect(await object.applyCloses(SITE, [{ ...close, practice: true }])).toEqual([practice.id]);
    const after = await money(m);
    expect(after.real).toBe(before.real);
    expect(after.practice).toBeGreaterThan(before.practice);
    // (the market still holds it open: closed there too, so the pair's book and the ledger agree)
    await callIn("practice", m, "closePosition", { params: { id: practice.id }, body: {} });
  });
});

describe("idempotency keys are scoped per mode", () => {
  it("one key, a practice bet then a real bet (same or other stake): two bets, each on its own money, never a replay or a conflict", async () => {
    const m = await member();
    const period = await bettable();
    const before = await money(m);
    const key = `shared-key-${crypto.randomUUID()}`;
    const body = { pair: FAST_PAIR, periodNo: period.periodNo, option: "high" as const, amount: 700 };

    const practice = await callIn("practice", m, "placeOrder", { body, key });
    expect(practice.envelope.data).toMatchObject({ mode: "practice", amount: 700 });
    const real = await callIn("real", m, "placeOrder", { body, key });
    expect(real.envelope.statusCode, real.envelope.message).toBe(200);
    expect(real.envelope.data).toMatchObject({ mode: "real", amount: 700 });
    expect(real.envelope.data!.id).not.toBe(practice.envelope.data!.id);
    expect(await money(m)).toMatchObject({ game: before.game - 700, playMoney: before.playMoney - 700 });

    // each mode still replays its own request under the key, and only its own
    expect((await callIn("real", m, "placeOrder", { body, key })).envelope.data!.id).toBe(real.envelope.data!.id);
    expect((await callIn("practice", m, "placeOrder", { body, key })).envelope.data!.id).toBe(
      practice.envelope.data!.id,
    );
    expect(await money(m)).toMatchObject({ game: before.game - 700, playMoney: before.playMoney - 700 });

    // another stake under a key the other mode used is a new bet, not idempotency_conflict
    const otherKey = `shared-key-${crypto.randomUUID()}`;
    expect(
      (await callIn("real", m, "placeOrder", { body: { ...body, amount: 300 }, key: otherKey })).envelope.data,
    ).toMatchObject({ mode: "real" });
    const differs = await callIn("practice", m, "placeOrder", { body: { ...body, amount: 400 }, key: otherKey });
    expect(differs.envelope.statusCode, differs.envelope.message).toBe(200);
    expect(differs.envelope.data).toMatchObject({ mode: "practice", amount: 400 });
    expect(await money(m)).toMatchObject({ game: before.game - 1_000, playMoney: before.playMoney - 1_100 });
  });

  it("one key, a real open then a practice open: two positions, one on each side", async () => {
    const m = await member();
    await bettable();
    const key = `shared-open-${crypto.randomUUID()}`;
    const real = await openIn("real", m, key);
    const practice = await openIn("practice", m, key);
    expect(practice.id).not.toBe(real.id);
    for (const [mode, p] of [
      ["real", real],
      ["practice", practice],
    ] as const) {
      const open = (await callIn(mode, m, "positions", { query: { status: "open" } as never })).envelope.data!.items;
      expect(open.map((o) => o.id)).toEqual([p.id]);
      await callIn(mode, m, "closePosition", { params: { id: p.id }, body: {} });
    }
  });
});
