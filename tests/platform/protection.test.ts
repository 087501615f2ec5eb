import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallResult, Platform, TestMember } from "../helpers/platform";
import { createPlatform, forcedOutcomeEntry } from "../helpers/platform";
import type { CallData, Envelope, SiteConfigPatch } from "../../server/contract";
import { DEFAULT_CONTRACT_SETTINGS } from "../../server/contract";
import type { ProtectionState } from "../../server/contract/protection";
import {
  FAST_PAIR,
  fastPair,
  GAME_SITE,
  bet,
  bettingPeriod,
  marketOf,
  forceOutcome,
  runMemberAlarm,
} from "./game-helpers";
import { lastCode, sendCode, verifyCode } from "./center-helpers";
import {
  BANK_OPTION,
  bindBank,
  DEMO_OPTION,
  eventually,
  expectSoundLedger,
  fund,
  memberCall,
  memberIdOf,
} from "./money-helpers";

/**
 * Player protection the platform enforces (server/platform/README.md, "Player protection"), on a
 * stopped clock days ahead so that no alarm fires by itself: the member's alarm runs by hand
 * (settling bets, delivering the audit outbox) and a period's result is forced, so every figure
 * is known in advance. Limits, breaks and the reality check are all derived from stored times,
 * so moving the clock is all it takes to cross a 24-hour delay or the end of a break.
 */
const ENTRY = forcedOutcomeEntry();

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const SITE = "protect";
/** sister sites: linked in the linked-sites tests (SITE_C later), SITE_E never */
const [SITE_B, SITE_C, SITE_D, SITE_E] = ["protect-b", "protect-c", "protect-d", "protect-e"];

/**
 * Bank accounts reviewed at once (a withdrawal during a break needs one), an opt-in campaign to
 * join, and a contract fee of 2.5 %, so that an open of margin 1 600 at ×10 costs exactly 2 000
 * (10× only: its two fees take 50 % of the margin, so the site allows that share).
 */
const PROTECT_SITE: SiteConfigPatch = {
  ...GAME_SITE,
  depositOptions: [DEMO_OPTION, BANK_OPTION] as SiteConfigPatch["depositOptions"],
  bankAutoReview: true,
  realityCheckMinutes: 30,
  contractSettings: { ...DEFAULT_CONTRACT_SETTINGS, leverageOptions: [10], feePpm: 25_000, maxFeeShareBp: 5000 },
  campaignRules: [
    {
      kind: "deposit_bonus",
      key: "welcome",
      optIn: true,
      cap: 1_000,
      percentBp: 1000,
      deposits: "first",
      wagering: 1,
      startsAt: "2020-01-01T00:00:00.000Z",
      endsAt: null,
      endedAt: null,
    },
  ],
};

let platform: Platform;
let clock = 0;
const members: TestMember[] = [];

const tick = async (to: number) => {
  clock = to;
  await platform.fetch("/__test__/clock", { method: "POST", body: String(to) });
};
const force = (outcome: "win" | "lose" | "refund") => forceOutcome(platform, outcome);
const runAlarm = (m: TestMember) => runMemberAlarm(platform, m);
async function member(): Promise<TestMember> {
  const m = await platform.signupMember(SITE);
  members.push(m);
  return m;
}
/** A member with `amount` in the game wallet. */
async function player(amount: number): Promise<TestMember> {
  const m = await member();
  await fund(platform, m, amount);
  expect((await inGame(m, amount)).envelope.statusCode).toBe(200);
  return m;
}

const inGame = (m: TestMember, amount: number) =>
  memberCall(platform, m, "transfer", { body: { direction: "in", gameCode: "binary", amount } });
const deposit = (m: TestMember, amount: number, optionId: string = DEMO_OPTION.id) =>
  memberCall(platform, m, "deposit", { body: { optionId, amount } });
const setLimit = (m: TestMember, kind: "deposit" | "loss", period: "day" | "week" | "month", amount: number | null) =>
  memberCall(platform, m, "setLimit", { body: { kind, period, amount }, key: null });
const confirmLimit = (m: TestMember, kind: "deposit" | "loss", period: "day" | "week" | "month") =>
  memberCall(platform, m, "confirmLimit", { body: { kind, period }, key: null });
async function protection(m: TestMember): Promise<ProtectionState> {
  const { envelope } = await memberCall(platform, m, "protection", { key: null });
  expect(envelope.statusCode, envelope.message).toBe(200);
  return envelope.data!;
}
const limitOf = (state: ProtectionState, kind: string, period: string) =>
  state.limits.find((l) => l.kind === kind && l.period === period)!;
/** The member signed in again: a session lasts days, and these tests move the clock months on. */
async function signedIn(m: TestMember): Promise<TestMember> {
  const again = await platform.call("signin", { body: { siteId: m.siteId, account: m.account, password: m.password } });
  expect(again.envelope.statusCode, again.envelope.message).toBe(200);
  return { ...m, token: again.envelope.data!.token };
}
const askToReturn = (m: TestMember) => memberCall(platform, m, "askToReturn", { body: {}, key: null });
const startBreak = (m: TestMember, kind: "timeout" | "exclusion", duration: string, key?: string) =>
  memberCall(platform, m, "startBreak", { body: { kind, duration, confirm: true } as never, key });

/** The period of the fast pair taking bets, early enough to bet (moving the clock on when too late). */
const bettable = () => bettingPeriod(platform, clock, tick);
const bettablePeriod = async (): Promise<string> => (await bettable()).periodNo;
const betHigh = (m: TestMember, periodNo: string, amount: number) =>
  bet(platform, m, { pair: FAST_PAIR, periodNo, option: "high", amount });
async function open(m: TestMember, margin: number) {
  const price = (await marketOf(platform)).price!;
  return memberCall(platform, m, "openPosition", {
    body: { pair: FAST_PAIR, side: "long", margin, leverage: 10, seenPrice: price, takeProfit: null, stopLoss: null },
  });
}
/** Plays one lost (or won) period of `stake` and settles it. */
async function playPeriod(m: TestMember, stake: number, outcome: "win" | "lose") {
  const period = await bettable();
  const placed = await betHigh(m, period.periodNo, stake);
  expect(placed.envelope.statusCode, placed.envelope.message).toBe(200);
  await tick(Date.parse(period.endsAt) + 100);
  await force(outcome);
  await runAlarm(m);
}

const refusal = (r: CallResult<unknown>) => ({
  status: r.envelope.statusCode,
  message: r.envelope.message,
  data: (r.envelope as Envelope).data,
});

beforeAll(async () => {
  platform = await createPlatform({ wrapEntry: ENTRY });
  await tick(Math.ceil((Date.now() + 3 * DAY) / DAY) * DAY + 5 * SECOND);
  await platform.operator("operatorPutPair", { params: { pair: FAST_PAIR }, body: fastPair() });
  for (const site of [SITE, SITE_B, SITE_C, SITE_D, SITE_E]) await platform.seedSite(site, PROTECT_SITE);
}, 60_000);
afterAll(async () => {
  await expectSoundLedger(platform, members);
  await platform.dispose();
});

describe("limits", () => {
  it("a first limit and a decrease apply at once; an increase or a removal can be confirmed only 24 hours later (23:59:59 limit_not_ready, 24:00:00 ready) and applies only when confirmed", async () => {
    const m = await member();
    const t0 = clock;
    const first = await setLimit(m, "deposit", "week", 10_000);
    expect(first.envelope.statusCode, first.envelope.message).toBe(200);
    expect(limitOf(first.envelope.data!, "deposit", "week")).toMatchObject({
      amount: 10_000,
      used: 0,
      remaining: 10_000,
      pending: null,
    });
    expect((await deposit(m, 10_000)).envelope.statusCode).toBe(200);

    // an increase waits: shown as pending, with the time it can be confirmed
    const raised = await setLimit(m, "deposit", "week", 15_000);
    const appliesAt = new Date(t0 + DAY).toISOString();
    expect(limitOf(raised.envelope.data!, "deposit", "week")).toMatchObject({
      amount: 10_000,
      used: 10_000,
      remaining: 0,
      pending: { amount: 15_000, appliesAt, ready: false },
    });
    expect(raised.envelope.data!.history[0]).toMatchObject({
      change: "limit",
      kind: "deposit",
      period: "week",
      from: 10_000,
      to: 15_000,
      appliesAt,
    });

    await tick(t0 + DAY - SECOND);
    expect(refusal(await confirmLimit(m, "deposit", "week"))).toEqual({
      status: 400,
      message: "limit_not_ready",
      data: { until: appliesAt },
    });
    expect(refusal(await deposit(m, 5_000))).toEqual({
      status: 400,
      message: "deposit_limit_week",
      data: { amount: 0 },
    });

    // 24 hours on it is ready, and still not in force: unconfirmed, the old limit holds (a week later too)
    await tick(t0 + DAY);
    expect(limitOf(await protection(m), "deposit", "week")).toMatchObject({
      amount: 10_000,
      pending: { amount: 15_000, appliesAt, ready: true },
    });
    await tick(t0 + 3 * DAY);
    expect(refusal(await deposit(m, 5_000))).toEqual({
      status: 400,
      message: "deposit_limit_week",
      data: { amount: 0 },
    });
    expect(limitOf(await protection(m), "deposit", "week")).toMatchObject({ amount: 10_000, remaining: 0 });

    // confirmed, it applies; a retry of the confirmation changes nothing
    const confirmed = await confirmLimit(m, "deposit", "week");
    expect(confirmed.envelope.statusCode, confirmed.envelope.message).toBe(200);
    expect(limitOf(confirmed.envelope.data!, "deposit", "week")).toMatchObject({
      amount: 15_000,
      remaining: 5_000,
      pending: null,
    });
    expect(await confirmLimit(m, "deposit", "week")).toEqual(confirmed);
    expect((await deposit(m, 5_000)).envelope.statusCode).toBe(200);

    // a removal waits too; a decrease meanwhile applies at once and cancels it
    const t1 = clock;
    const removed = await setLimit(m, "deposit", "week", null);
    expect(limitOf(removed.envelope.data!, "deposit", "week")).toMatchObject({
      amount: 15_000,
      pending: { amount: null, appliesAt: new Date(t1 + DAY).toISOString(), ready: false },
    });
    const lowered = await setLimit(m, "deposit", "week", 12_000);
    expect(limitOf(lowered.envelope.data!, "deposit", "week")).toMatchObject({
      amount: 12_000,
      used: 15_000,
      remaining: 0,
      pending: null,
    });
    await tick(t1 + DAY);
    expect(limitOf(await protection(m), "deposit", "week").amount).toBe(12_000);

    // and a removal applies once confirmed after its 24 hours
    const t2 = clock;
    await setLimit(m, "deposit", "week", null);
    await tick(t2 + DAY - SECOND);
    expect(refusal(await confirmLimit(m, "deposit", "week")).message).toBe("limit_not_ready");
    await tick(t2 + DAY);
    expect(limitOf(await protection(m), "deposit", "week").amount).toBe(12_000);
    expect(limitOf((await confirmLimit(m, "deposit", "week")).envelope.data!, "deposit", "week")).toMatchObject({
      amount: null,
      remaining: null,
      pending: null,
    });
  });

  it("parallel deposits cannot together pass a deposit limit; pending deposits count, refused ones do not", async () => {
    const m = await member();
    await setLimit(m, "deposit", "day", 10_000);
    const answers = await Promise.all(Array.from({ length: 8 }, () => deposit(m, 3_000)));
    const taken = answers.filter((a) => a.envelope.statusCode === 200);
    expect(taken).toHaveLength(3);
    for (const a of answers.filter((x) => x.envelope.statusCode !== 200)) {
      expect(refusal(a)).toEqual({ status: 400, message: "deposit_limit_day", data: { amount: 1_000 } });
    }
    // a bank deposit waiting for the operator counts; once refused it no longer does
    const pending = await deposit(m, 1_000, BANK_OPTION.id);
    expect(pending.envelope.data?.status).toBe("pending");
    expect(refusal(await deposit(m, 1_000))).toEqual({
      status: 400,
      message: "deposit_limit_day",
      data: { amount: 0 },
    });
    await runAlarm(m);
    const refused = await platform.operator("operatorRefuseDeposit", {
      params: { siteId: SITE, id: pending.envelope.data!.id },
      body: { reason: "not received" },
    });
    expect(refused.envelope.statusCode, refused.envelope.message).toBe(200);
    expect(limitOf(await protection(m), "deposit", "day")).toMatchObject({ used: 9_000, remaining: 1_000 });
    expect((await deposit(m, 1_000)).envelope.statusCode).toBe(200);
  });

  it("parallel bets and opens cannot together pass a loss limit, and the refusal names the tightest limit with exactly what remains", async () => {
    const m = await player(50_000);
    await setLimit(m, "loss", "month", 9_000);
    await setLimit(m, "loss", "day", 5_000);
    const periodNo = await bettablePeriod();
    // each costs 2 000: a bet of 2 000, or an open of margin 1 600 with its 400 fee
    const tries = [
      () => betHigh(m, periodNo, 2_000),
      () => betHigh(m, periodNo, 2_000),
      () => open(m, 1_600),
      () => open(m, 1_600),
    ];
    const outcomes: CallResult<unknown>[] = [];
    // one bet and one open of a member run at a time (order_in_progress / position_in_progress):
    // the refused ones are sent again, together, until each is taken or refused by the limit
    let pending = tries;
    while (pending.length > 0) {
      const answers = await Promise.all(pending.map((send) => send()));
      const busy = answers
        .map((a, i) => [a, pending[i]!] as const)
        .filter(([a]) => ["order_in_progress", "position_in_progress"].includes(a.envelope.message));
      outcomes.push(
        ...answers.filter((a) => !["order_in_progress", "position_in_progress"].includes(a.envelope.message)),
      );
      pending = busy.map(([, send]) => send);
    }
    expect(outcomes.filter((a) => a.envelope.statusCode === 200)).toHaveLength(2);
    const refused = outcomes.filter((a) => a.envelope.statusCode !== 200).map(refusal);
    expect(refused).toEqual([
      { status: 400, message: "loss_limit_day", data: { amount: 1_000 } },
      { status: 400, message: "loss_limit_day", data: { amount: 1_000 } },
    ]);
    expect(limitOf(await protection(m), "loss", "day")).toMatchObject({ used: 4_000, remaining: 1_000 });
    expect(limitOf(await protection(m), "loss", "month")).toMatchObject({ used: 4_000, remaining: 5_000 });
  });

  it("counts the net: a win gives room back, a settled loss stays; a month limit names the refusal when it is the tightest", async () => {
    const m = await player(50_000);
    await setLimit(m, "loss", "week", 3_000);
    await playPeriod(m, 2_000, "win"); // +1 900 net
    expect(limitOf(await protection(m), "loss", "week")).toMatchObject({ used: -1_900, remaining: 4_900 });
    await playPeriod(m, 4_000, "lose");
    expect(limitOf(await protection(m), "loss", "week")).toMatchObject({ used: 2_100, remaining: 900 });
    await setLimit(m, "loss", "month", 2_500);
    const periodNo = await bettablePeriod();
    expect(refusal(await betHigh(m, periodNo, 500))).toEqual({
      status: 400,
      message: "loss_limit_month",
      data: { amount: 400 },
    });
    expect((await betHigh(m, periodNo, 400)).envelope.statusCode).toBe(200);
  });
});

describe("breaks", () => {
  it("a time-out refuses every money call it must (data.until) and leaves withdrawals, transfers out, closes, triggers and reads open", async () => {
    const m = await player(20_000);
    await fund(platform, m, 20_000);
    await bindBank(platform, m);
    const position = await open(m, 1_000);
    expect(position.envelope.statusCode, position.envelope.message).toBe(200);
    const positionId = (position.envelope.data as { id: string }).id;

    const started = await startBreak(m, "timeout", "24h");
    expect(started.envelope.statusCode, started.envelope.message).toBe(200);
    const until = new Date(clock + DAY).toISOString();
    expect(started.envelope.data!.activeBreak).toEqual({
      kind: "timeout",
      duration: "24h",
      startedAt: new Date(clock).toISOString(),
      until,
      mayReturn: false,
      returnAt: null,
      linked: false,
    });

    const periodNo = await bettablePeriod();
    const refused = {
      placeOrder: () => betHigh(m, periodNo, 1_000),
      openPosition: () => open(m, 1_000),
      deposit: () => deposit(m, 1_000),
      transferIn: () => inGame(m, 1_000),
      joinCampaign: () => memberCall(platform, m, "joinCampaign", { params: { key: "welcome" }, body: {} }),
    };
    for (const [name, send] of Object.entries(refused)) {
      expect({ name, ...refusal(await send()) }).toEqual({
        name,
        status: 400,
        message: "timeout_in_force",
        data: { until },
      });
    }
    const price = (await marketOf(platform)).price!;
    const allowed = {
      withdraw: () => memberCall(platform, m, "withdraw", { body: { amount: 5_000 } as never }),
      transferOut: () =>
        memberCall(platform, m, "transfer", { body: { direction: "out", gameCode: "binary", amount: 1_000 } }),
      setPositionTriggers: () =>
        memberCall(platform, m, "setPositionTriggers", {
          params: { id: positionId },
          body: { takeProfit: price * 2, stopLoss: null },
          key: null,
        }),
      closePosition: () => memberCall(platform, m, "closePosition", { params: { id: positionId }, body: {} }),
      wallets: () => memberCall(platform, m, "wallets", { key: null }),
      orders: () => memberCall(platform, m, "orders", { key: null }),
      records: () => memberCall(platform, m, "records", { key: null }),
      protection: () => memberCall(platform, m, "protection", { key: null }),
    };
    for (const [name, send] of Object.entries(allowed)) {
      const answer = await send();
      expect({ name, status: answer.envelope.statusCode, message: answer.envelope.message }).toEqual({
        name,
        status: 200,
        message: expect.any(String),
      });
    }
    // it ends by itself, to the second
    await tick(Date.parse(until) - SECOND);
    expect(refusal(await deposit(m, 1_000)).message).toBe("timeout_in_force");
    await tick(Date.parse(until));
    expect((await deposit(m, 1_000)).envelope.statusCode).toBe(200);
    expect((await protection(m)).activeBreak).toBeNull();
  });

  it("may only lengthen: a self-exclusion over a time-out, never a shorter break; a retry of the same request answers the same", async () => {
    const m = await member();
    expect((await startBreak(m, "timeout", "7d")).envelope.statusCode).toBe(200);
    const key = crypto.randomUUID();
    const excluded = await startBreak(m, "exclusion", "6m", key);
    const until = new Date(clock + 182 * DAY).toISOString();
    expect(excluded.envelope.data!.activeBreak).toMatchObject({ kind: "exclusion", duration: "6m", until });
    expect(await startBreak(m, "exclusion", "6m", key)).toEqual(excluded);
    expect(refusal(await startBreak(m, "timeout", "6w"))).toEqual({
      status: 400,
      message: "break_already_longer",
      data: { until },
    });
    expect(refusal(await deposit(m, 1_000))).toEqual({ status: 400, message: "exclusion_in_force", data: { until } });
    // a duration of the other kind is not offered
    expect((await startBreak(m, "timeout", "5y")).envelope.statusCode).toBe(400);
    expect((await protection(m)).history.map((h) => [h.change, h.duration])).toEqual([
      ["exclusion", "6m"],
      ["timeout", "7d"],
    ]);
  });

  it("the operator can see a break but never end it: refused with its end, and the attempt is in the audit log", async () => {
    const m = await member();
    const params = { siteId: SITE, memberId: memberIdOf(m) };
    expect(
      refusal(await platform.operator("operatorEndBreak", { params, body: { reason: "no break" } })),
    ).toMatchObject({ status: 400, message: "invalid_parameters" });
    await startBreak(m, "exclusion", "1y");
    const until = new Date(clock + 365 * DAY).toISOString();
    const seen = await platform.operator("operatorMemberProtection", { params });
    expect(seen.envelope.data!.activeBreak).toMatchObject({ kind: "exclusion", duration: "1y", until });
    const ended = await platform.operator("operatorEndBreak", { params, body: { reason: "member asked by phone" } });
    expect(refusal(ended)).toEqual({ status: 400, message: "break_cannot_end_early", data: { until } });
    expect((await protection(m)).activeBreak).toMatchObject({ until });

    await runAlarm(m);
    const log = await platform.operator("operatorAudit", {
      params: { siteId: SITE },
      query: { pageSize: 200 } as never,
    });
    const entries = log.envelope.data!.items.filter((e) => e.memberId === params.memberId);
    expect(
      entries.find((e) => e.details.call === "operatorEndBreak" && e.details.outcome === "break_cannot_end_early"),
    ).toMatchObject({
      type: "operator_action",
      actor: "operator",
      details: { reason: "member asked by phone" },
    });
    expect(entries.find((e) => e.type === "protection_changed")).toMatchObject({
      actor: "member",
      account: m.account,
      details: { change: "exclusion", duration: "1y" },
    });
  });
});

describe("the reality check", () => {
  it("is due one interval after sign-in, shows time played and the session's net exactly, and 'continue' moves it one interval on; each session has its own", async () => {
    const m = await player(50_000);
    const signedInAt = new Date(clock).toISOString();
    const check = async (who: TestMember = m) =>
      (await memberCall(platform, who, "realityCheck", { key: null })).envelope.data as CallData<"realityCheck">;
    // the site's default, until the member chooses
    expect(await check()).toMatchObject({
      signedInAt,
      intervalMinutes: 30,
      dueAt: new Date(clock + 30 * MINUTE).toISOString(),
      due: false,
      playedMinutes: 0,
      net: 0,
    });
    const chosen = await memberCall(platform, m, "setRealityCheck", { body: { minutes: 15 }, key: null });
    expect(chosen.envelope.data).toMatchObject({ realityCheckMinutes: 15, realityCheckIsSiteDefault: false });

    await playPeriod(m, 1_000, "lose");
    await playPeriod(m, 2_000, "win");
    const signedIn = Date.parse(signedInAt);
    await tick(signedIn + 15 * MINUTE - SECOND);
    expect(await check()).toMatchObject({ due: false, playedMinutes: 14, net: 900, intervalMinutes: 15 });
    await tick(signedIn + 15 * MINUTE);
    expect(await check()).toMatchObject({
      due: true,
      playedMinutes: 15,
      dueAt: new Date(signedIn + 15 * MINUTE).toISOString(),
    });

    await tick(signedIn + 20 * MINUTE);
    const continued = await memberCall(platform, m, "continueRealityCheck", { body: {}, key: null });
    expect(continued.envelope.data).toMatchObject({
      due: false,
      dueAt: new Date(clock + 15 * MINUTE).toISOString(),
      playedMinutes: 20,
    });

    // another sign-in is a session of its own: counted from its own sign-in, with nothing played yet
    const again = await platform.call("signin", { body: { siteId: SITE, account: m.account, password: m.password } });
    const second = { ...m, token: again.envelope.data!.token };
    expect(await check(second)).toMatchObject({
      signedInAt: new Date(clock).toISOString(),
      due: false,
      playedMinutes: 0,
      net: 0,
    });
  });
});

describe("the reality check, enforced", () => {
  it("refuses bets and opens of a session whose check is due and unanswered (other calls and other sessions go on); 'continue' answers it once, a retry changes nothing", async () => {
    const m = await player(50_000);
    const signedIn = clock;
    await memberCall(platform, m, "setRealityCheck", { body: { minutes: 15 }, key: null });
    const periodNo = await bettablePeriod();
    expect((await betHigh(m, periodNo, 1_000)).envelope.statusCode).toBe(200);

    await tick(signedIn + 15 * MINUTE);
    const due = await bettablePeriod();
    expect(refusal(await betHigh(m, due, 1_000))).toEqual({
      status: 400,
      message: "reality_check_due",
      data: undefined,
    });
    expect(refusal(await open(m, 1_000)).message).toBe("reality_check_due");
    // only play waits for the answer: money in and out, and reads, do not
    expect((await deposit(m, 1_000)).envelope.statusCode).toBe(200);
    expect((await protection(m)).activeBreak).toBeNull();
    // a session signed in now has its own check, not due
    const again = await platform.call("signin", { body: { siteId: SITE, account: m.account, password: m.password } });
    const second = { ...m, token: again.envelope.data!.token };
    expect((await betHigh(second, due, 1_000)).envelope.statusCode).toBe(200);

    const answered = await memberCall(platform, m, "continueRealityCheck", { body: {}, key: null });
    expect(answered.envelope.data).toMatchObject({ due: false, dueAt: new Date(clock + 15 * MINUTE).toISOString() });
    await tick(clock + MINUTE);
    const retried = await memberCall(platform, m, "continueRealityCheck", { body: {}, key: null });
    expect(retried.envelope.data!.dueAt).toBe(answered.envelope.data!.dueAt);
    const next = await bettablePeriod();
    expect((await betHigh(m, next, 1_000)).envelope.statusCode).toBe(200);
  });
});

describe("self-exclusion: until the member returns", () => {
  it("stays after its minimum until the member asks to return, then 24 hours more; a time-out cannot replace it and the operator still cannot end it", async () => {
    let m = await member();
    const params = { siteId: SITE, memberId: memberIdOf(m) };
    await startBreak(m, "exclusion", "6m");
    const until = new Date(clock + 182 * DAY).toISOString();

    await tick(Date.parse(until) - SECOND);
    m = await signedIn(m);
    expect(refusal(await askToReturn(m))).toEqual({ status: 400, message: "return_not_yet", data: { until } });

    // the minimum has passed: still in force, now open-ended
    await tick(Date.parse(until) + 3 * DAY);
    m = await signedIn(m);
    expect(refusal(await deposit(m, 1_000))).toEqual({
      status: 400,
      message: "exclusion_until_return",
      data: undefined,
    });
    expect((await protection(m)).activeBreak).toMatchObject({
      kind: "exclusion",
      until,
      mayReturn: true,
      returnAt: null,
    });
    expect(refusal(await startBreak(m, "timeout", "24h")).message).toBe("exclusion_until_return");

    const returnAt = new Date(clock + DAY).toISOString();
    const asked = await askToReturn(m);
    expect(asked.envelope.data!.activeBreak).toMatchObject({ kind: "exclusion", mayReturn: false, returnAt });
    expect((await askToReturn(m)).envelope.data!.activeBreak).toMatchObject({ returnAt });
    expect(refusal(await deposit(m, 1_000))).toEqual({
      status: 400,
      message: "exclusion_returning",
      data: { until: returnAt },
    });
    const ended = await platform.operator("operatorEndBreak", { params, body: { reason: "member asked by phone" } });
    expect(refusal(ended)).toEqual({ status: 400, message: "break_cannot_end_early", data: { until: returnAt } });

    await tick(Date.parse(returnAt) - SECOND);
    expect(refusal(await deposit(m, 1_000)).message).toBe("exclusion_returning");
    await tick(Date.parse(returnAt));
    expect((await deposit(m, 1_000)).envelope.statusCode).toBe(200);
    expect((await protection(m)).activeBreak).toBeNull();
    // with no self-exclusion in force there is nothing to return from
    expect(refusal(await askToReturn(m)).message).toBe("invalid_parameters");
  });

  it("a new self-exclusion asked for while a return waits starts a new minimum, and the waiting return does not end it", async () => {
    let m = await member();
    await startBreak(m, "exclusion", "6m");
    await tick(clock + 183 * DAY);
    m = await signedIn(m);
    await askToReturn(m);
    const renewed = await startBreak(m, "exclusion", "1y");
    const until = new Date(clock + 365 * DAY).toISOString();
    expect(renewed.envelope.data!.activeBreak).toMatchObject({ duration: "1y", until, returnAt: null });
    await tick(clock + 2 * DAY);
    expect(refusal(await deposit(m, 1_000))).toEqual({ status: 400, message: "exclusion_in_force", data: { until } });
  });
});

describe("linked sites", () => {
  /** A member of `site` with the mobile number `mobile`, verified by the code the log provider "sent". */
  async function verified(site: string, mobile?: string): Promise<TestMember> {
    const m = await platform.signupMember(site, mobile ? { mobile } : {});
    members.push(m);
    await verify(site, m);
    return m;
  }
  async function verify(site: string, m: TestMember) {
    expect((await sendCode(platform, m)).envelope.statusCode).toBe(200);
    const sent = await eventually(() => lastCode(platform, site, m.mobile));
    expect((await verifyCode(platform, m, sent!.code)).envelope.statusCode).toBe(200);
  }
  const link = (siteId: string, sites: string[]) =>
    platform.operator("operatorLinkSites", { params: { siteId }, body: { sites, reason: "sister brands" } });

  it("a break taken on one holds on every linked site for the same verified number: at once, on a later verification and on a site linked later; never on another number or an unlinked site", async () => {
    const a = await verified(SITE);
    const b = await verified(SITE_B, a.mobile);
    const c = await verified(SITE_C, a.mobile);
    const other = await verified(SITE_B);
    const late = await platform.signupMember(SITE_D, { mobile: a.mobile });
    members.push(late);

    const linked = await link(SITE, [SITE_B, SITE_D]);
    expect(linked.envelope.data).toEqual({ siteId: SITE, linked: [SITE_B, SITE_D] });
    const seen = await platform.operator("operatorSiteLinks", { params: { siteId: SITE_B } });
    expect(seen.envelope.data).toEqual({ siteId: SITE_B, linked: [SITE, SITE_D] });

    await startBreak(a, "exclusion", "1y");
    const until = new Date(clock + 365 * DAY).toISOString();
    // the break leaves with the member's outbox (their alarm, run by hand on the stopped clock)
    await runAlarm(a);

    expect((await protection(b)).activeBreak).toMatchObject({ kind: "exclusion", duration: "1y", until, linked: true });
    expect(refusal(await deposit(b, 1_000))).toEqual({ status: 400, message: "exclusion_in_force", data: { until } });
    expect(refusal(await inGame(b, 1_000)).message).toBe("exclusion_in_force");
    // an unlinked site, another number, a number not verified yet: nothing
    expect((await deposit(c, 1_000)).envelope.statusCode).toBe(200);
    expect((await deposit(other, 1_000)).envelope.statusCode).toBe(200);
    expect((await deposit(late, 1_000)).envelope.statusCode).toBe(200);

    // verifying the number later brings the break in
    await verify(SITE_D, late);
    await runAlarm(late);
    expect(refusal(await deposit(late, 1_000))).toEqual({
      status: 400,
      message: "exclusion_in_force",
      data: { until },
    });

    // a site linked later gets the breaks its new partners' members took before
    expect((await link(SITE_C, [SITE])).envelope.data!.linked).toEqual([SITE, SITE_B, SITE_D]);
    expect(refusal(await deposit(c, 1_000))).toEqual({ status: 400, message: "exclusion_in_force", data: { until } });

    // unlinking stops what comes next, never a break already carried
    const unlinked = await platform.operator("operatorUnlinkSite", {
      params: { siteId: SITE_D },
      body: { reason: "brand sold" },
    });
    expect(unlinked.envelope.data).toEqual({ siteId: SITE_D, linked: [] });
    expect((await platform.operator("operatorSiteLinks", { params: { siteId: SITE } })).envelope.data!.linked).toEqual([
      SITE_B,
      SITE_C,
    ]);
    expect(refusal(await deposit(late, 1_000)).message).toBe("exclusion_in_force");

    // the carried break is in the member's history and in the site's audit log, as no one's action
    expect((await protection(b)).history[0]).toMatchObject({ change: "exclusion", duration: "1y" });
    await runAlarm(b);
    const log = await platform.operator("operatorAudit", {
      params: { siteId: SITE_B },
      query: { pageSize: 200 } as never,
    });
    expect(
      log.envelope.data!.items.find((e) => e.memberId === memberIdOf(b) && e.type === "protection_changed"),
    ).toMatchObject({ actor: "system", details: { change: "exclusion", linkedFrom: SITE } });
    expect(
      log.envelope.data!.items.find((e) => e.type === "operator_action" && e.details.call === "operatorLinkSites"),
    ).toMatchObject({ actor: "operator", details: { reason: "sister brands" } });
  });

  it("a time-out crosses too and ends on its date everywhere; only an admin of every site named may link", async () => {
    const a = await verified(SITE_B);
    const b = await verified(SITE, a.mobile);
    await startBreak(a, "timeout", "7d");
    const until = new Date(clock + 7 * DAY).toISOString();
    await runAlarm(a);
    expect(refusal(await deposit(b, 1_000))).toEqual({ status: 400, message: "timeout_in_force", data: { until } });
    await tick(Date.parse(until));
    expect((await deposit(await signedIn(b), 1_000)).envelope.statusCode).toBe(200);

    const admin = await platform.createOperator({
      name: "One site's admin",
      email: "one-site-admin@example.com",
      sites: [SITE],
      roles: ["admin"],
    });
    const refused = await platform.operator(
      "operatorLinkSites",
      { params: { siteId: SITE }, body: { sites: [SITE_E], reason: "not theirs" } },
      admin.key,
    );
    expect(refused.envelope).toMatchObject({ statusCode: 403, message: "invalid_permission" });
    expect(
      (await platform.operator("operatorSiteLinks", { params: { siteId: SITE_E } })).envelope.data!.linked,
    ).toEqual([]);
  });
});
