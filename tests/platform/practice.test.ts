import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEFAULT_CONTRACT_SETTINGS,
  type CallData,
  type CallName,
  type CampaignRule,
  type Order,
  type Position,
  type SiteConfigPatch,
} from "../../server/contract";
import { positionFee } from "#rules/position-math";
import { recordAll } from "../../server/platform/member/ledger";
import {
  createPlatform,
  forcedOutcomeEntry,
  objectStub,
  type CallResult,
  type Platform,
  type TestMember,
} from "../helpers/platform";
import { FAST_PAIR, fastPair, GAME_SITE, bettingPeriod, marketOf, forceOutcome, runMemberAlarm } from "./game-helpers";
import { bindBank, DEMO_OPTION, expectSoundLedger, fund, memberCall, memberIdOf, wallets } from "./money-helpers";

/**
 * The practice account (server/platform/README.md, "Practice account"): play money on accounts of
 * its own, the same rounds and contracts, lists kept apart, every money call refused, and no call
 * (alone or in parallel with others) moving value between play money and real money. On a stopped
 * clock a few days ahead (as tests/platform/campaigns.test.ts): the member's alarm runs by hand and
 * the market's result of a period is forced, so every figure is known to the cent.
 */
const ENTRY = forcedOutcomeEntry(`
    __postings() { return this.ctx.storage.sql.exec("SELECT operation_key AS op, account, amount, type FROM postings ORDER BY id").toArray(); }
    __balances() {
      return Object.fromEntries(this.ctx.storage.sql.exec("SELECT account, balance FROM balances").toArray().map((r) => [r.account, r.balance]));
    }
`);

const DAY = 86_400_000;
const START = 500_000;
const DAILY: CampaignRule = {
  startsAt: "2020-01-01T00:00:00.000Z",
  endsAt: null,
  endedAt: null,
  kind: "rebate",
  key: "daily",
  optIn: false,
  cap: 20_000,
  percentBp: 500,
  period: "day",
  rounds: 0,
};
const BONUS: CampaignRule = {
  startsAt: "2020-01-01T00:00:00.000Z",
  endsAt: null,
  endedAt: null,
  kind: "deposit_bonus",
  key: "first-deposit",
  optIn: false,
  cap: 10_000,
  percentBp: 1000,
  deposits: "first",
  wagering: 5,
};
const SITE = "practice";
const SITE_CONFIG: SiteConfigPatch = {
  ...GAME_SITE,
  depositOptions: [DEMO_OPTION] as SiteConfigPatch["depositOptions"],
  practiceBalance: START,
  maxBetAmount: 1_000_000,
  bankAutoReview: true,
  campaignRules: [DAILY, BONUS],
  // a small real exposure per pair: practice positions must neither fill it nor be held to it
  contractSettings: { ...DEFAULT_CONTRACT_SETTINGS, maxOpenPositions: 2, maxNotionalPerPair: 20_000 },
};

let platform: Platform;
let clock = 0;
const members: TestMember[] = [];

const tick = async (to: number) => {
  clock = to;
  await platform.fetch("/__test__/clock", { method: "POST", body: String(to) });
};
const force = (outcome: "win" | "lose" | "refund") => forceOutcome(platform, outcome);

async function memberObject(m: TestMember) {
  return objectStub<{
    __postings(): Promise<{ op: string; account: string; amount: number; type: string }[]>;
    __balances(): Promise<Record<string, number>>;
    checkPositions(mode?: "real" | "practice"): Promise<{ held: number; openMargin: number }>;
  }>(platform, "MEMBER", memberIdOf(m));
}
const runAlarm = (m: TestMember) => runMemberAlarm(platform, m);

/** A member call in real mode (no header) or practice mode. */
function callIn<N extends CallName>(
  inPractice: boolean,
  m: TestMember,
  name: N,
  options: Parameters<typeof memberCall<N>>[3] = {},
): Promise<CallResult<CallData<N>>> {
  return inPractice ? practiceCall(m, name, options) : memberCall(platform, m, name, options);
}

/** A member call in practice mode (the header the site sets from the session). */
function practiceCall<N extends CallName>(
  m: TestMember,
  name: N,
  options: Parameters<typeof memberCall<N>>[3] = {},
): Promise<CallResult<CallData<N>>> {
  return memberCall(platform, m, name, { ...options, headers: { ...options?.headers, "X-Account-Mode": "practice" } });
}
const practiceBalance = async (m: TestMember) => (await practiceCall(m, "practice")).envelope.data!;

const PRACTICE_ACCOUNTS = ["practice", "practice:positions", "practice:house", "practice:bank"];
const isPractice = (account: string) => PRACTICE_ACCOUNTS.includes(account);
const REAL_OWN = (account: string) =>
  ["main", "hold", "bonus", "positions"].includes(account) || account.startsWith("game:");

/** The member's real money (main + hold + bonus + positions + game wallets) and play money (practice + its positions). */
async function sums(m: TestMember): Promise<{ real: number; practice: number }> {
  const balances = await (await memberObject(m)).__balances();
  let real = 0;
  let practice = 0;
  for (const [account, balance] of Object.entries(balances)) {
    if (REAL_OWN(account)) real += balance;
    if (account === "practice" || account === "practice:positions") practice += balance;
  }
  return { real, practice };
}

/** Every ledger operation posts to one side only. */
async function expectNoMixedOperation(m: TestMember): Promise<void> {
  const byOp = new Map<string, Set<boolean>>();
  for (const p of await (await memberObject(m)).__postings())
    byOp.set(p.op, (byOp.get(p.op) ?? new Set()).add(isPractice(p.account)));
  const mixed = [...byOp.entries()].filter(([, sides]) => sides.size > 1).map(([op]) => op);
  expect(mixed).toEqual([]);
}

async function member(): Promise<TestMember> {
  const m = await platform.signupMember(SITE);
  members.push(m);
  return m;
}
async function realMember(amount: number): Promise<TestMember> {
  const m = await member();
  await fund(platform, m, amount);
  const moved = await memberCall(platform, m, "transfer", { body: { direction: "in", gameCode: "binary", amount } });
  expect(moved.envelope.statusCode, moved.envelope.message).toBe(200);
  return m;
}

/** The period taking bets, early enough to bet (moving the clock on when too late). */
const bettable = () => bettingPeriod(platform, clock, tick);
/** Moves past the period's end, forces its outcome and runs the members' alarms (settling their bets). */
async function settle(period: { endsAt: string }, outcome: "win" | "lose" | "refund", ...ms: TestMember[]) {
  await tick(Date.parse(period.endsAt) + 100);
  await force(outcome);
  for (const m of ms) await runAlarm(m);
}
const winOf = (amount: number) => Math.floor((amount * 19_500) / 10_000);

const seen = async () => (await marketOf(platform)).price!;
const openAt = async (m: TestMember, practice: boolean, margin = 1000) => {
  const price = await seen();
  return callIn(practice, m, "openPosition", {
    body: {
      pair: FAST_PAIR,
      side: "long",
      margin,
      leverage: 10,
      seenPrice: price,
      takeProfit: null,
      stopLoss: null,
    } as never,
  });
};

beforeAll(async () => {
  platform = await createPlatform({ wrapEntry: ENTRY });
  await tick(Math.ceil((Date.now() + 3 * DAY) / DAY) * DAY + 3_600_000);
  await platform.operator("operatorPutPair", { params: { pair: FAST_PAIR }, body: fastPair() });
  await platform.seedSite(SITE, SITE_CONFIG);
}, 60_000);
afterAll(async () => {
  await expectSoundLedger(platform, members);
  for (const m of members) await expectNoMixedOperation(m);
  await platform.dispose();
});

describe("the ledger's guard (unit)", () => {
  const untouchable = {
    exec() {
      throw new Error("nothing may be written");
    },
  } as unknown as SqlStorage;
  const op = { key: "request:k", call: "x", fingerprint: "", response: null, now: "2026-01-01T00:00:00.000Z" };

  it("throws on an operation whose legs touch a practice account and a real one, before writing anything", () => {
    for (const [from, to] of [
      ["practice", "game:binary"],
      ["main", "practice"],
      ["practice:house", "house"],
      ["practice:bank", "positions"],
      ["practice:positions", "hold"],
    ] as const) {
      const legs = [
        { account: from, amount: -100 },
        { account: to, amount: 100 },
      ];
      expect(
        () => recordAll(untouchable, [{ op, posting: { type: "bet", reference: "r", legs } }]),
        `${from} → ${to}`,
      ).toThrow(/mixes practice and real/);
    }
  });

  it("lets an operation wholly on the practice side through to the writes", () => {
    const legs = [
      { account: "practice:bank", amount: -100 },
      { account: "practice", amount: 100 },
    ];
    // the fake throws at the first write: the guard let it pass
    expect(() => recordAll(untouchable, [{ op, posting: { type: "practice_fund", reference: "r", legs } }])).toThrow(
      /nothing may be written/,
    );
  });
});

describe("the practice account", () => {
  it("opens once, at the site's practiceBalance, on the first practice call", async () => {
    const m = await member();
    const first = await practiceCall(m, "practice");
    expect(first.envelope.message).toBe("ok");
    expect(first.envelope.data).toEqual({
      currency: "USD",
      balance: START,
      positions: 0,
      inBets: 0,
      total: START,
      startingBalance: START,
      resets: 0,
      lastResetAt: null,
    });
    // read again (and from real mode: the call names the practice account whatever the mode): funded once
    expect((await memberCall(platform, m, "practice")).envelope.data!.balance).toBe(START);
    const funds = (await (await memberObject(m)).__postings()).filter((p) => p.type === "practice_fund");
    expect(funds).toEqual([
      { op: "practice:open", account: "practice:bank", amount: -START, type: "practice_fund" },
      { op: "practice:open", account: "practice", amount: START, type: "practice_fund" },
    ]);
    // the real wallets know nothing of it
    const w = await wallets(platform, m);
    expect([w.main.balance, w.main.onHold, w.main.bonus, w.games[0]!.balance]).toEqual([0, 0, 0, 0]);
  });

  it("refuses a mode header other than real or practice", async () => {
    const m = await member();
    for (const mode of ["Practice", "demo", "real,practice"]) {
      const answer = await memberCall(platform, m, "wallets", { headers: { "X-Account-Mode": mode } });
      expect(answer.envelope.message, mode).toBe("invalid_parameters");
    }
    expect((await memberCall(platform, m, "wallets", { headers: { "X-Account-Mode": "real" } })).envelope.message).toBe(
      "ok",
    );
  });

  it("refuses every money call in practice mode and changes nothing, real or practice", async () => {
    const m = await realMember(20_000);
    await bindBank(platform, m);
    await practiceBalance(m);
    const before = { sums: await sums(m), postings: (await (await memberObject(m)).__postings()).length };
    const refused = await Promise.all([
      practiceCall(m, "deposit", { body: { optionId: DEMO_OPTION.id, amount: 5_000 } }),
      practiceCall(m, "transfer", { body: { direction: "in", gameCode: "binary", amount: 1_000 } }),
      practiceCall(m, "transfer", { body: { direction: "out", gameCode: "binary", amount: 1_000 } }),
      practiceCall(m, "withdraw", { body: { amount: 2_000 } }),
      practiceCall(m, "joinCampaign", { params: { key: DAILY.key }, body: {} }),
    ]);
    expect(refused.map((r) => [r.status, r.envelope.message])).toEqual(Array(5).fill([400, "practice_mode_refused"]));
    expect(await sums(m)).toEqual(before.sums);
    expect((await (await memberObject(m)).__postings()).length).toBe(before.postings);
    expect((await practiceCall(m, "deposits")).envelope.data!.total).toBe(1);
    // an ended session still answers as everywhere
    const ended = await practiceCall({ ...m, token: m.token.slice(0, -2) + "xx" }, "deposit", {
      body: { optionId: DEMO_OPTION.id, amount: 5_000 },
    });
    expect(ended.envelope.message).not.toBe("practice_mode_refused");
  });
});

describe("rounds in practice", () => {
  it("take the stake from the practice balance and pay into it to the cent, listed apart from real bets", async () => {
    const m = await realMember(50_000);
    const period = await bettable();
    const base = { pair: FAST_PAIR, periodNo: period.periodNo, amount: 3_000 };
    const p = await practiceCall(m, "placeOrder", { body: { ...base, option: "high" } });
    expect(p.envelope.message).toBe("ok");
    expect(p.envelope.data).toMatchObject({ mode: "practice", amount: 3_000, status: "open" });
    // the opposite option in real money is no conflict: the two books are apart
    const r = await memberCall(platform, m, "placeOrder", { body: { ...base, option: "low", amount: 2_000 } });
    expect(r.envelope.data).toMatchObject({ mode: "real", amount: 2_000 });
    // practice rules are the same rules
    expect(
      (await practiceCall(m, "placeOrder", { body: { ...base, option: "high", amount: 99 } })).envelope.message,
    ).toBe("amount_out_of_range");
    expect((await practiceCall(m, "placeOrder", { body: { ...base, option: "low" } })).envelope.message).toBe(
      "conflicting_bet_options",
    );
    expect(
      (await practiceCall(m, "placeOrder", { body: { ...base, option: "odd", amount: START } })).envelope.message,
    ).toBe("insufficient_game_wallet_balance");

    expect((await practiceBalance(m)).balance).toBe(START - 3_000);
    expect((await wallets(platform, m)).games[0]!.balance).toBe(50_000 - 2_000);
    expect((await practiceCall(m, "ticketQuery")).envelope.data!.map((o) => o.id)).toEqual([p.envelope.data!.id]);
    expect((await memberCall(platform, m, "ticketQuery")).envelope.data!.map((o) => o.id)).toEqual([
      r.envelope.data!.id,
    ]);

    await settle(period, "win", m);
    expect((await practiceBalance(m)).balance).toBe(START - 3_000 + winOf(3_000));
    expect((await wallets(platform, m)).games[0]!.balance).toBe(50_000 - 2_000 + winOf(2_000));
    const practiceOrders = (await practiceCall(m, "orders", { query: { status: "settled" } as never })).envelope.data!;
    expect(practiceOrders.items.map((o: Order) => [o.mode, o.status, o.payout])).toEqual([
      ["practice", "won", winOf(3_000)],
    ]);
    const realOrders = (await memberCall(platform, m, "orders", { query: { status: "all" } as never })).envelope.data!;
    expect(realOrders.items.map((o: Order) => [o.mode, o.status, o.payout])).toEqual([["real", "won", winOf(2_000)]]);

    // records: practice shows the practice accounts' operations only, real never shows them
    const practiceRecords = (await practiceCall(m, "records", { query: { pageSize: "50" } as never })).envelope.data!
      .items;
    expect(practiceRecords.map((x) => [x.type, x.account, x.amount])).toEqual([
      ["payout", "practice", winOf(3_000)],
      ["bet", "practice", -3_000],
      ["practice_fund", "practice", START],
    ]);
    const realRecords = (await memberCall(platform, m, "records", { query: { pageSize: "50" } as never })).envelope
      .data!.items;
    expect(realRecords.some((x) => x.account.startsWith("practice"))).toBe(false);
    expect(realRecords.filter((x) => x.type === "bet").map((x) => x.amount)).toEqual([-2_000]);
    const practiceOps = (await practiceCall(m, "accountRecords", { query: { pageSize: "50" } as never })).envelope.data!
      .items;
    expect(practiceOps.map((o) => [o.type, o.account, o.amount])).toEqual([
      ["payout", "practice", winOf(3_000)],
      ["bet", "practice", -3_000],
      ["practice_fund", "practice", START],
    ]);
    const realOps = (await memberCall(platform, m, "accountRecords", { query: { pageSize: "50" } as never })).envelope
      .data!.items;
    expect(realOps.some((o) => o.entries.some((e) => e.account.startsWith("practice")))).toBe(false);
  });

  it("never count toward a campaign: no rebate stakes, no bonus turnover", async () => {
    const m = await member();
    await fund(platform, m, 10_000);
    const before = (await memberCall(platform, m, "memberCampaigns")).envelope.data!;
    const lock = before.find((c) => c.rule.key === BONUS.key)!;
    expect(lock.bonuses[0]).toMatchObject({ turnover: 0 });
    const period = await bettable();
    expect(
      (
        await practiceCall(m, "placeOrder", {
          body: { pair: FAST_PAIR, periodNo: period.periodNo, option: "high", amount: 5_000 },
        })
      ).envelope.message,
    ).toBe("ok");
    await settle(period, "lose", m);
    expect((await practiceBalance(m)).balance).toBe(START - 5_000);
    const after = (await memberCall(platform, m, "memberCampaigns")).envelope.data!;
    expect(after.find((c) => c.rule.key === BONUS.key)!.bonuses[0]).toMatchObject({ turnover: 0 });
    expect(after.find((c) => c.rule.key === DAILY.key)!.currentPeriod).toMatchObject({ rounds: 0, stakes: 0 });
    await tick(clock + 5_000);
    await runAlarm(m);
    expect((await (await memberObject(m)).__postings()).filter((p) => p.type === "rebate")).toEqual([]);
  });
});

describe("contracts in practice", () => {
  it("take margin and fee from the practice balance, pay the close back into it, and stay out of the operator's exposure", async () => {
    const m = await realMember(30_000);
    await bettable();
    const fee = positionFee({ margin: 1_000, leverage: 10, feePpm: DEFAULT_CONTRACT_SETTINGS.feePpm });
    // the pair's real limit is 20 000 of notional: two real positions of 10 000 fill it
    const practiceOpens: Position[] = [];
    for (let i = 0; i < 2; i++) {
      const p = await openAt(m, true);
      expect(p.envelope.message).toBe("ok");
      practiceOpens.push(p.envelope.data!);
    }
    expect(practiceOpens.every((p) => p.mode === "practice")).toBe(true);
    // the member's limit (2 open) applies per mode: the practice ones leave the real ones free
    expect((await openAt(m, true)).envelope.message).toBe("too_many_open_positions");
    const real = await openAt(m, false);
    expect(real.envelope.data).toMatchObject({ mode: "real", margin: 1_000 });
    const other = await realMember(30_000);
    const otherReal = await openAt(other, false);
    expect(otherReal.envelope.message).toBe("ok");
    expect((await openAt(other, false)).envelope.message).toBe("pair_exposure_limit");
    // ...and practice positions are not held to it
    expect((await openAt(other, true)).envelope.message).toBe("ok");

    expect(await practiceBalance(m)).toMatchObject({ balance: START - 2 * (1_000 + fee), positions: 2_000 });
    expect((await wallets(platform, m)).games[0]!.balance).toBe(30_000 - (1_000 + fee));
    expect(await (await memberObject(m)).checkPositions("practice")).toEqual({ held: 2_000, openMargin: 2_000 });
    expect(await (await memberObject(m)).checkPositions("real")).toEqual({ held: 1_000, openMargin: 1_000 });

    const interest = (await platform.operator("operatorOpenInterest", { params: { siteId: SITE } })).envelope.data!;
    expect(interest.find((row) => row.pair === FAST_PAIR)).toMatchObject({
      longPositions: 2,
      longNotional: 20_000,
      margin: 2_000,
    });

    const listedPractice = (await practiceCall(m, "positions", { query: { status: "open" } as never })).envelope.data!;
    expect(listedPractice.items.map((p) => p.id).sort()).toEqual(practiceOpens.map((p) => p.id).sort());
    const listedReal = (await memberCall(platform, m, "positions", { query: { status: "open" } as never })).envelope
      .data!;
    expect(listedReal.items.map((p) => p.id)).toEqual([real.envelope.data!.id]);

    const closed = (await practiceCall(m, "closePosition", { params: { id: practiceOpens[0]!.id }, body: {} })).envelope
      .data!;
    expect(closed).toMatchObject({ mode: "practice", status: "closed" });
    expect(await practiceBalance(m)).toMatchObject({
      balance: START - 2 * (1_000 + fee) + closed.payout!,
      positions: 1_000,
    });
    expect((await wallets(platform, m)).games[0]!.balance).toBe(30_000 - (1_000 + fee));
    const records = (await practiceCall(m, "accountRecords", { query: { pageSize: "2" } as never })).envelope.data!
      .items;
    expect(records.map((r) => [r.type, r.account, r.amount])).toEqual([
      ["position_close", "practice", closed.payout],
      ["position_open", "practice", -(1_000 + fee)],
    ]);
    // (the real ones close, leaving the pair's real exposure free for the tests after)
    for (const [who, id] of [
      [m, real.envelope.data!.id],
      [other, otherReal.envelope.data!.id],
    ] as const) {
      expect((await memberCall(platform, who, "closePosition", { params: { id }, body: {} })).envelope.message).toBe(
        "ok",
      );
    }
  });
});

describe("resetting", () => {
  it("brings the balance back to practiceBalance once per key; open practice positions run on and pay into it", async () => {
    const m = await member();
    const fee = positionFee({ margin: 2_000, leverage: 10, feePpm: DEFAULT_CONTRACT_SETTINGS.feePpm });
    await bettable();
    const position = (await openAt(m, true, 2_000)).envelope.data!;
    expect((await practiceBalance(m)).balance).toBe(START - 2_000 - fee);

    const key = "reset-key-0001";
    const reset = await practiceCall(m, "resetPractice", { body: {}, key });
    expect(reset.envelope.data).toMatchObject({
      balance: START,
      positions: 2_000,
      resets: 1,
      lastResetAt: new Date(clock).toISOString(),
    });
    const again = await practiceCall(m, "resetPractice", { body: {}, key });
    expect(again.envelope.data).toEqual(reset.envelope.data);
    expect((await practiceBalance(m)).resets).toBe(1);
    const funds = (await (await memberObject(m)).__postings()).filter(
      (p) => p.type === "practice_fund" && p.account === "practice",
    );
    expect(funds.map((p) => p.amount)).toEqual([START, 2_000 + fee]);

    // at the starting balance already: counted, nothing posted
    const second = await practiceCall(m, "resetPractice", { body: {} });
    expect(second.envelope.data).toMatchObject({ balance: START, resets: 2 });
    expect((await (await memberObject(m)).__postings()).filter((p) => p.type === "practice_fund")).toHaveLength(4);

    const closed = (await practiceCall(m, "closePosition", { params: { id: position.id }, body: {} })).envelope.data!;
    expect(await practiceBalance(m)).toMatchObject({ balance: START + closed.payout!, positions: 0 });
  });
});

describe("no call moves value between play money and real money", () => {
  it("a mixed run of calls in both modes, some in parallel, changes each side by its own calls' amounts only", async () => {
    const m = await realMember(40_000);
    await bindBank(platform, m);
    await practiceBalance(m);
    const start = await sums(m);
    let real = 0;
    let practice = 0;
    const postingsBefore = (await (await memberObject(m)).__postings()).length;

    // deposits, transfers, bets in both modes and a reset, all at once
    const period = await bettable();
    const bet = (inPractice: boolean, option: "high" | "odd", amount: number) =>
      callIn(inPractice, m, "placeOrder", {
        body: { pair: FAST_PAIR, periodNo: period.periodNo, option, amount },
      });
    const burst = await Promise.all([
      bet(false, "high", 1_000),
      bet(true, "high", 4_000),
      memberCall(platform, m, "deposit", { body: { optionId: DEMO_OPTION.id, amount: 7_000 } }),
      practiceCall(m, "deposit", { body: { optionId: DEMO_OPTION.id, amount: 7_000 } }),
      memberCall(platform, m, "transfer", { body: { direction: "out", gameCode: "binary", amount: 3_000 } }),
      practiceCall(m, "transfer", { body: { direction: "in", gameCode: "binary", amount: 3_000 } }),
      practiceCall(m, "resetPractice", { body: {} }),
      memberCall(platform, m, "withdraw", { body: { amount: 2_000 } }),
      practiceCall(m, "withdraw", { body: { amount: 2_000 } }),
    ]);
    const [realBet, practiceBet, deposit, , transfer, , , withdrawal] = burst;
    expect(deposit.envelope.data!.status).toBe("credited");
    real += 7_000;
    expect([transfer.envelope.message, withdrawal.envelope.message]).toEqual(["ok", "ok"]);
    expect([burst[3], burst[5], burst[8]].map((r) => r.envelope.message)).toEqual(
      Array(3).fill("practice_mode_refused"),
    );
    // one bet in flight per member, whatever its mode: the other may have been refused
    const placed: Order[] = [];
    for (const [answer, inPractice, option, amount] of [
      [realBet, false, "high", 1_000],
      [practiceBet, true, "high", 4_000],
    ] as const) {
      const order =
        answer.envelope.message === "order_in_progress"
          ? (await bet(inPractice, option, amount)).envelope.data!
          : answer.envelope.data!;
      expect(order.mode).toBe(inPractice ? "practice" : "real");
      placed.push(order);
    }
    // the reset's own amount, whichever side of the practice bet it ran: its practice_fund posting
    const resetFund = (await (await memberObject(m)).__postings())
      .slice(postingsBefore)
      .filter((p) => p.type === "practice_fund" && p.account === "practice")
      .reduce((n, p) => n + p.amount, 0);
    practice += resetFund;
    await settle(period, "win", m);
    real += -1_000 + winOf(1_000);
    practice += -4_000 + winOf(4_000);

    // positions in both modes, opened and closed in parallel
    await bettable();
    const opened: Position[] = [];
    for (const inPractice of [false, true]) {
      const p = await openAt(m, inPractice);
      expect(p.envelope.message).toBe("ok");
      opened.push(p.envelope.data!);
    }
    const closes = await Promise.all([
      memberCall(platform, m, "closePosition", { params: { id: opened[0]!.id }, body: {} }),
      practiceCall(m, "closePosition", { params: { id: opened[1]!.id }, body: {} }),
      memberCall(platform, m, "transfer", { body: { direction: "in", gameCode: "binary", amount: 1_000 } }),
    ]);
    const [realClose, practiceClose] = closes.map((c) => c.envelope.data as Position);
    real += -opened[0]!.openFee - opened[0]!.margin + realClose!.payout!;
    practice += -opened[1]!.openFee - opened[1]!.margin + practiceClose!.payout!;

    const end = await sums(m);
    expect(end.real - start.real).toBe(real);
    expect(end.practice - start.practice).toBe(practice);
    await expectNoMixedOperation(m);
  });
});
