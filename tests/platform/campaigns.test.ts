import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CampaignRule, MemberCampaign, SiteConfigPatch } from "../../server/contract";
import type { BetOption } from "#rules/bet-options";
import { outcomes } from "#rules/outcomes";
import { createPlatform, forcedOutcomeEntry, type Platform, type TestMember } from "../helpers/platform";
import {
  FAST_PAIR,
  fastPair,
  GAME_SITE,
  bet,
  bettingPeriod,
  forceOutcome,
  runMemberAlarm,
  type ForcedRound,
} from "./game-helpers";
import { BANK_OPTION, bindBank, DEMO_OPTION, expectSoundLedger, fund, memberCall, wallets } from "./money-helpers";

/**
 * Campaigns the platform enforces (server/platform/README.md, "Campaigns"): deposit bonuses with
 * their wagering, rebates per day and per N rounds, joining and ending, on a stopped clock a few
 * days ahead so that no alarm fires by itself: the member's alarm is delivered by hand (twice,
 * and concurrently, where "exactly once" is the point), and the market's result of a period is
 * forced (win, lose or refund) so that every figure is known in advance.
 */
const ENTRY = forcedOutcomeEntry();

const DAY = 86_400_000;
const LONG_AGO = "2020-01-01T00:00:00.000Z";
const base = { startsAt: LONG_AGO, endsAt: null, endedAt: null } as const;

const FIRST: CampaignRule = {
  ...base,
  kind: "deposit_bonus",
  key: "first-deposit",
  optIn: true,
  cap: 10_000,
  percentBp: 1000,
  deposits: "first",
  wagering: 5,
};
const EACH: CampaignRule = {
  ...base,
  kind: "deposit_bonus",
  key: "each-deposit",
  optIn: false,
  cap: 1_000,
  percentBp: 500,
  deposits: "each",
  wagering: 0,
};
const LATER: CampaignRule = { ...EACH, key: "not-yet", startsAt: "2099-01-01T00:00:00.000Z" };
const DAILY: CampaignRule = {
  ...base,
  kind: "rebate",
  key: "daily",
  optIn: false,
  cap: 20_000,
  percentBp: 500,
  period: "day",
  rounds: 0,
};
const ROUNDS: CampaignRule = {
  ...base,
  kind: "rebate",
  key: "three-rounds",
  optIn: true,
  cap: 20_000,
  percentBp: 1000,
  period: "rounds",
  rounds: 3,
};
const EACH_WAGERED: CampaignRule = {
  ...base,
  kind: "deposit_bonus",
  key: "each-wagered",
  optIn: false,
  cap: 10_000,
  percentBp: 1000,
  deposits: "each",
  wagering: 5,
};

const SITE_OF = (rules: CampaignRule[]): SiteConfigPatch => ({
  ...GAME_SITE,
  depositOptions: [DEMO_OPTION, BANK_OPTION] as SiteConfigPatch["depositOptions"],
  bankAutoReview: true,
  maxBetAmount: 100_000,
  campaignRules: rules,
});
const BONUS_SITE = "camp-bonus";
const EACH_SITE = "camp-each";
const REBATE_SITE = "camp-rebate";
const WAGERED_SITE = "camp-wagered";

/**
 * Rounds as the market records them (prices in the fast pair's steps): the previous round rose
 * and this one fell, ending in 1 (Counter wins, Rise loses); the previous fell and this one rose,
 * ending in 7 (Rise and Counter both win, so does High).
 */
const FELL_AFTER_RISE: ForcedRound = { outcomes: outcomes(6_123_400, 6_123_321, 1), previous: 1 };
const ROSE_AFTER_FALL: ForcedRound = { outcomes: outcomes(6_123_400, 6_123_457, -1), previous: -1 };

let platform: Platform;
let clock = 0;
/** the UTC midnight the rebate scenario crosses */
let midnight = 0;

const tick = async (to: number) => {
  clock = to;
  await platform.fetch("/__test__/clock", { method: "POST", body: String(to) });
};
type Forced = "win" | "lose" | "refund" | ForcedRound;
const force = (outcome: Forced) => forceOutcome(platform, outcome);
const runAlarm = (m: TestMember) => runMemberAlarm(platform, m);

/**
 * One period of the fast pair: each member bets `amount` on its option ("high" unless named)
 * while it takes bets (before it starts), the clock moves past its end, the result is forced and
 * the members' alarms run (settling the bets).
 */
async function playPeriod(
  bets: [TestMember, number, BetOption?][],
  outcome: Forced,
  during?: () => Promise<void>,
): Promise<void> {
  const period = await bettingPeriod(platform, clock, tick);
  for (const [m, amount, option = "high"] of bets) {
    const placed = await bet(platform, m, { pair: FAST_PAIR, periodNo: period.periodNo, option, amount });
    expect(placed.envelope.statusCode, placed.envelope.message).toBe(200);
  }
  await during?.();
  await tick(Date.parse(period.endsAt) + 100);
  await force(outcome);
  for (const m of new Set(bets.map(([m]) => m))) await runAlarm(m);
}

type Posting = { type: string; amount: number; account: string; reference: string };
async function postings(m: TestMember, ...types: string[]): Promise<Posting[]> {
  const { envelope } = await memberCall(platform, m, "records", { query: { pageSize: "100" } as never });
  return (envelope.data!.items as Posting[]).filter((p) => types.includes(p.type));
}
async function campaigns(m: TestMember): Promise<MemberCampaign[]> {
  const { envelope } = await memberCall(platform, m, "memberCampaigns");
  expect(envelope.statusCode, envelope.message).toBe(200);
  return envelope.data!;
}
const join = (m: TestMember, key: string) => memberCall(platform, m, "joinCampaign", { params: { key }, body: {} });
const endCampaign = (siteId: string, key: string) =>
  platform.operator("operatorEndCampaign", { params: { siteId, key }, body: {} });
const inGame = (m: TestMember, amount: number) =>
  memberCall(platform, m, "transfer", { body: { direction: "in", gameCode: "binary", amount } });

async function bankDeposit(m: TestMember, amount: number): Promise<string> {
  const { envelope } = await memberCall(platform, m, "deposit", { body: { optionId: BANK_OPTION.id, amount } });
  expect(envelope.statusCode, envelope.message).toBe(200);
  // the alarm delivers it to the operator's queue (no alarm fires by itself on this clock)
  await runAlarm(m);
  return envelope.data!.id;
}
const confirm = (siteId: string, id: string) =>
  platform.operator("operatorConfirmDeposit", { params: { siteId, id }, body: { reason: "" } });

const members: TestMember[] = [];
async function member(siteId: string): Promise<TestMember> {
  const m = await platform.signupMember(siteId);
  members.push(m);
  return m;
}

beforeAll(async () => {
  platform = await createPlatform({ wrapEntry: ENTRY });
  // 60 s before a UTC midnight three days ahead: the rebate scenario crosses it (its four
  // periods before midnight take 10 s each: bet while the one before runs, settle after it ends).
  midnight = Math.ceil((Date.now() + 3 * DAY) / DAY) * DAY;
  await tick(midnight - 60_000);
  await platform.operator("operatorPutPair", { params: { pair: FAST_PAIR }, body: fastPair() });
  await platform.seedSite(BONUS_SITE, SITE_OF([FIRST]));
  await platform.seedSite(EACH_SITE, SITE_OF([EACH, LATER]));
  await platform.seedSite(REBATE_SITE, SITE_OF([DAILY, ROUNDS]));
  await platform.seedSite(WAGERED_SITE, SITE_OF([EACH_WAGERED]));
}, 60_000);
afterAll(async () => {
  await expectSoundLedger(platform, members);
  await platform.dispose();
});

// The rebate scenario runs first: it needs the clock before the midnight set up above.
describe("rebates", () => {
  /** the member of the daily scenario, whose next day is checked last */
  let dailyLoser: TestMember;
  it("credits a day's net loss once after the day ends (alarm run twice, at once), nothing for a winning day, and per 3 rounds with refunds not counted", async () => {
    const loser = await member(REBATE_SITE);
    dailyLoser = loser;
    const winner = await member(REBATE_SITE);
    await fund(platform, loser, 50_000);
    await fund(platform, winner, 50_000);
    expect((await inGame(loser, 50_000)).envelope.statusCode).toBe(200);
    expect((await inGame(winner, 50_000)).envelope.statusCode).toBe(200);
    // the rounds rebate needs a join; the daily one does not
    expect((await join(loser, ROUNDS.key)).envelope.data!.joined).toBe(true);

    await playPeriod(
      [
        [loser, 1_000],
        [winner, 1_000],
      ],
      "lose",
    );
    await playPeriod([[loser, 500]], "refund");
    await playPeriod(
      [
        [loser, 2_000],
        [winner, 3_000],
      ],
      "win",
    );
    await playPeriod([[loser, 1_000]], "lose");
    // loser: stakes 1000 + 2000 + 1000 = 4000 (the refund counts for neither), paid back 3900
    // (2000 × 1.95): net loss 100 → daily 5 % = 5; rounds (the same three bets) 10 % = 10
    // winner: stakes 4000, paid 5850: no net loss, nothing
    const before = await campaigns(loser);
    expect(before.find((c) => c.rule.key === DAILY.key)!.currentPeriod).toMatchObject({
      rounds: 3,
      stakes: 4_000,
      payouts: 3_900,
      projected: 5,
    });
    expect(clock).toBeLessThan(midnight);

    // the rounds period filled with its third counted bet; the day is not over: only the rounds rebate is due
    await tick(clock + 2_100);
    await runAlarm(loser);
    expect((await postings(loser, "rebate")).map((p) => p.amount)).toEqual([10]);

    // The loser bets (in the seconds before midnight) on the first round after midnight, and the
    // operator ends the daily campaign during it: the day that ended before still pays (the alarm
    // after this round credits it).
    await tick(midnight - 3_000);
    await playPeriod([[loser, 1_000]], "lose", async () => {
      await tick(midnight + 1_000);
      expect((await endCampaign(REBATE_SITE, DAILY.key)).envelope.data!.endedAt).toBe(
        new Date(midnight + 1_000).toISOString(),
      );
    });
    expect(clock).toBeGreaterThan(midnight + 2_000);
    await Promise.all([runAlarm(loser), runAlarm(loser), runAlarm(winner), runAlarm(winner)]);
    await runAlarm(loser);
    const rebates = await postings(loser, "rebate");
    expect(rebates.map((p) => [p.amount, p.account]).sort()).toEqual([
      [10, "main"],
      [5, "main"],
    ]);
    expect(await postings(winner, "rebate")).toEqual([]);
    const after = await campaigns(loser);
    // the round after midnight opened the next rounds period: 1 000 lost → 10 % = 100 if it ended now
    expect(after.find((c) => c.rule.key === ROUNDS.key)).toMatchObject({
      credited: 10,
      currentPeriod: { rounds: 1, stakes: 1_000, projected: 100 },
    });
    // ended: no longer listed for the member (no bonus of it is locked)
    expect(after.map((c) => c.rule.key)).toEqual([ROUNDS.key]);
  });

  it("pays nothing new once a rounds campaign is ended, and nothing to a member who did not join it", async () => {
    const loser = await member(REBATE_SITE);
    const outsider = await member(REBATE_SITE);
    for (const m of [loser, outsider]) {
      await fund(platform, m, 20_000);
      await inGame(m, 20_000);
    }
    await join(loser, ROUNDS.key);
    await playPeriod(
      [
        [loser, 1_000],
        [outsider, 1_000],
      ],
      "lose",
    );
    await playPeriod(
      [
        [loser, 1_000],
        [outsider, 1_000],
      ],
      "lose",
    );
    // the third round (the last of the rounds period) is bet while the campaign runs and ends after the operator ended it
    await playPeriod(
      [
        [loser, 1_000],
        [outsider, 1_000],
      ],
      "lose",
      async () => {
        expect((await endCampaign(REBATE_SITE, ROUNDS.key)).envelope.statusCode).toBe(200);
      },
    );
    await playPeriod(
      [
        [loser, 1_000],
        [outsider, 1_000],
      ],
      "lose",
    );
    await tick(clock + 3_000);
    await runAlarm(loser);
    await runAlarm(outsider);
    expect(await postings(loser, "rebate")).toEqual([]);
    expect(await postings(outsider, "rebate")).toEqual([]);
    expect((await join(loser, ROUNDS.key)).envelope.message).toBe("campaign_ended");
  });

  it("pays nothing for a day that ends after the operator ended the campaign, though it had a losing round", async () => {
    await tick(midnight + DAY + 3_000);
    await runAlarm(dailyLoser);
    await runAlarm(dailyLoser);
    expect((await postings(dailyLoser, "rebate")).map((p) => p.amount).sort()).toEqual([10, 5]);
  });
});

describe("deposit bonus", () => {
  it("pays a first-deposit bonus only to a member who joined, once, on the first deposit only, capped", async () => {
    const outsider = await member(BONUS_SITE);
    await fund(platform, outsider, 50_000);
    await join(outsider, FIRST.key);
    await fund(platform, outsider, 50_000);
    expect((await wallets(platform, outsider)).main).toEqual({ balance: 100_000, onHold: 0, bonus: 0 });

    const joined = await member(BONUS_SITE);
    const first = await join(joined, FIRST.key);
    await tick(clock + 1_000);
    const again = await join(joined, FIRST.key);
    expect(again.envelope.data!.joinedAt).toBe(first.envelope.data!.joinedAt);
    const id = await bankDeposit(joined, 50_000);
    const second = await bankDeposit(joined, 40_000);
    // duplicate confirmations racing: one credit, one bonus
    const answers = await Promise.all([confirm(BONUS_SITE, id), confirm(BONUS_SITE, id), confirm(BONUS_SITE, id)]);
    expect(answers.map((a) => a.envelope.message).sort()).toEqual(["already_decided", "already_decided", "ok"]);
    expect((await confirm(BONUS_SITE, second)).envelope.statusCode).toBe(200);
    expect((await wallets(platform, joined)).main).toEqual({ balance: 90_000, onHold: 0, bonus: 5_000 });
    expect((await postings(joined, "bonus")).map((p) => [p.amount, p.account, p.reference])).toEqual([
      [5_000, "bonus", id],
    ]);

    const big = await member(BONUS_SITE);
    await join(big, FIRST.key);
    await fund(platform, big, 2_000_000);
    expect((await wallets(platform, big)).main.bonus).toBe(FIRST.cap);
    const [view] = await campaigns(big);
    expect(view).toMatchObject({
      joined: true,
      credited: 10_000,
      bonuses: [{ amount: 10_000, turnoverRequired: 50_000, turnover: 0, status: "locked" }],
    });
  });

  it("keeps the bonus locked until the turnover is met (a void round counts nothing), refusing withdrawals and transfers with the turnover left", async () => {
    const m = await member(BONUS_SITE);
    await join(m, FIRST.key);
    await bindBank(platform, m);
    await fund(platform, m, 50_000); // bonus 5 000, turnover needed 25 000
    expect((await inGame(m, 50_000)).envelope.statusCode).toBe(200);
    const refused = async (amount: number) => {
      const w = await memberCall(platform, m, "withdraw", { body: { amount: 1_000 } });
      const t = await inGame(m, 1_000);
      for (const r of [w, t])
        expect({ message: r.envelope.message, data: r.envelope.data }).toEqual({
          message: "bonus_locked",
          data: { amount },
        });
    };
    await refused(25_000);
    await playPeriod([[m, 10_000]], "lose");
    await refused(15_000);
    await playPeriod([[m, 10_000]], "refund");
    await refused(15_000);
    await playPeriod([[m, 14_900]], "win");
    await refused(100);
    expect((await wallets(platform, m)).main).toMatchObject({ balance: 0, bonus: 5_000 });
    await playPeriod([[m, 100]], "lose");
    expect((await wallets(platform, m)).main).toMatchObject({ balance: 5_000, bonus: 0 });
    expect((await postings(m, "bonus_release")).map((p) => [p.amount, p.account])).toEqual([
      [5_000, "main"],
      [-5_000, "bonus"],
    ]);
    const [view] = await campaigns(m);
    expect(view!.bonuses[0]).toMatchObject({ turnover: 25_000, status: "released" });
    // free now: the withdrawal and the transfer go through
    expect((await memberCall(platform, m, "withdraw", { body: { amount: 1_000 } })).envelope.statusCode).toBe(200);
    expect((await inGame(m, 1_000)).envelope.statusCode).toBe(200);
  });

  it("counts rise + counter in one round only for the stake at risk: the hedge of 1,000.00 no longer frees the bonus after one round", async () => {
    const m = await member(BONUS_SITE);
    await join(m, FIRST.key);
    await fund(platform, m, 100_000); // bonus 10 000, turnover needed 50 000
    expect((await inGame(m, 50_000)).envelope.statusCode).toBe(200);
    // after a rising round exactly one of the two wins: 50 000 staked, 48 750 back whatever happens
    await playPeriod(
      [
        [m, 25_000, "rise"],
        [m, 25_000, "counter"],
      ],
      FELL_AFTER_RISE,
    );
    const w = await wallets(platform, m);
    expect({ main: w.main, game: w.games[0]!.balance }).toEqual({
      main: { balance: 50_000, onHold: 0, bonus: 10_000 },
      game: 48_750,
    });
    expect((await campaigns(m))[0]!.bonuses[0]).toMatchObject({
      turnover: 1_250,
      turnoverRequired: 50_000,
      status: "locked",
    });
    // the bonus is not withdrawable: asking for more than main is refused with the turnover left
    expect((await inGame(m, 60_000)).envelope).toMatchObject({ message: "bonus_locked", data: { amount: 48_750 } });

    // after a falling round Counter wins when the round rises, with Rise: both at risk, counted in full
    expect((await inGame(m, 50_000)).envelope.statusCode).toBe(200);
    await playPeriod(
      [
        [m, 25_000, "rise"],
        [m, 25_000, "counter"],
      ],
      ROSE_AFTER_FALL,
    );
    expect((await campaigns(m))[0]!.bonuses[0]).toMatchObject({ turnover: 50_000, status: "released" });
    expect((await wallets(platform, m)).main).toEqual({ balance: 10_000, onHold: 0, bonus: 0 });
  });

  it("counts high on one account and low on another each in full: each account alone is at risk", async () => {
    const [high, low] = [await member(BONUS_SITE), await member(BONUS_SITE)];
    for (const m of [high, low]) {
      await join(m, FIRST.key);
      await fund(platform, m, 40_000); // bonus 4 000, turnover needed 20 000
      expect((await inGame(m, 40_000)).envelope.statusCode).toBe(200);
    }
    await playPeriod(
      [
        [high, 10_000, "high"],
        [low, 10_000, "low"],
      ],
      ROSE_AFTER_FALL,
    );
    for (const m of [high, low])
      expect((await campaigns(m))[0]!.bonuses[0]).toMatchObject({ turnover: 10_000, status: "locked" });
  });

  it("counts a round only for bonuses credited before the member's first bet in it, so a hedge split around a deposit stays a hedge", async () => {
    const m = await member(WAGERED_SITE);
    await fund(platform, m, 10_000); // bonus 1 000, turnover needed 5 000
    expect((await inGame(m, 10_000)).envelope.statusCode).toBe(200);
    const current = await bettingPeriod(platform, clock, tick);
    const place = (option: BetOption) =>
      bet(platform, m, { pair: FAST_PAIR, periodNo: current.periodNo, option, amount: 2_000 });
    expect((await place("rise")).envelope.statusCode).toBe(200);
    // a second deposit between the two legs: its bonus is credited after the round's first bet
    await tick(clock + 100);
    await fund(platform, m, 10_000);
    await tick(clock + 100);
    expect((await place("counter")).envelope.statusCode).toBe(200);
    await tick(Date.parse(current.endsAt) + 100);
    await force(FELL_AFTER_RISE);
    await runAlarm(m);
    // 4 000 staked, 3 900 back whatever happens: 100 at risk, all of it for the first bonus;
    // the second would have counted Counter's 2 000 had each bet counted for itself
    const [view] = await campaigns(m);
    expect(view!.bonuses.map((b) => b.turnover)).toEqual([0, 100]);
  });

  it("keeps the old code when main and bonus together cannot cover a request", async () => {
    const m = await member(BONUS_SITE);
    await join(m, FIRST.key);
    await fund(platform, m, 10_000); // bonus 1 000
    expect((await inGame(m, 11_001)).envelope.message).toBe("insufficient_balance");
    expect((await inGame(m, 10_500)).envelope).toMatchObject({ message: "bonus_locked", data: { amount: 5_000 } });
  });

  it("pays each deposit while running with no wagering (free at once), nothing from a rule not started, nothing after the operator ends it", async () => {
    const m = await member(EACH_SITE);
    await fund(platform, m, 10_000); // 5 % = 500
    await fund(platform, m, 100_000); // 5 % = 5 000, capped at 1 000
    expect((await wallets(platform, m)).main).toEqual({ balance: 111_500, onHold: 0, bonus: 0 });
    expect(
      (await postings(m, "bonus_release"))
        .filter((p) => p.account === "main")
        .map((p) => p.amount)
        .sort(),
    ).toEqual([1_000, 500]);
    expect((await campaigns(m)).map((c) => c.rule.key)).toEqual([EACH.key]);

    await platform.operator("operatorPublishCampaign", {
      params: { siteId: EACH_SITE },
      body: {
        lang: "en_US",
        key: EACH.key,
        title: "5 % on every deposit",
        summary: "",
        content: "",
        startsAt: LONG_AGO,
        endsAt: null,
      },
    });
    const listed = async () =>
      (await memberCall(platform, m, "campaign", { params: { siteId: EACH_SITE }, query: { lang: "en_US" } })).envelope
        .data!;
    expect((await listed()).map((c) => c.title)).toEqual(["5 % on every deposit"]);
    const ended = await endCampaign(EACH_SITE, EACH.key);
    expect(ended.envelope.data!.endedAt).toBe(new Date(clock).toISOString());
    await tick(clock + 1_000);
    // ending again returns it unchanged
    expect((await endCampaign(EACH_SITE, EACH.key)).envelope.data).toEqual(ended.envelope.data);
    await fund(platform, m, 10_000);
    expect((await wallets(platform, m)).main.balance).toBe(121_500);
    expect(await listed()).toEqual([]);
    expect(await campaigns(m)).toEqual([]);
    expect((await join(m, "no-such-campaign")).envelope.message).toBe("campaign_not_found");
    expect((await endCampaign(EACH_SITE, "no-such-campaign")).envelope.message).toBe("campaign_not_found");
  });

  it("refuses campaign rules with a duplicate key", async () => {
    const r = await platform.operator("operatorPutSite", {
      params: { siteId: EACH_SITE },
      body: { campaignRules: [EACH, { ...DAILY, key: EACH.key }] },
    });
    expect(r.envelope.message).toBe("invalid_parameters");
  });
});

describe("invariants with bonus funds", () => {
  it("keeps every balance equal to its postings under parallel confirmations, bets, withdrawals and transfers of a member with a bonus", async () => {
    const m = await member(BONUS_SITE);
    await join(m, FIRST.key);
    await bindBank(platform, m);
    const ids = [await bankDeposit(m, 30_000), await bankDeposit(m, 20_000), await bankDeposit(m, 10_000)];
    const period = await bettingPeriod(platform, clock, tick);
    await Promise.all([
      ...ids.flatMap((id) => [confirm(BONUS_SITE, id), confirm(BONUS_SITE, id)]),
      ...[1, 2, 3].map(() => memberCall(platform, m, "withdraw", { body: { amount: 5_000 } })),
      ...[1, 2, 3].map(() => inGame(m, 4_000)),
      bet(platform, m, { pair: FAST_PAIR, periodNo: period.periodNo, option: "high", amount: 1_000 }),
    ]);
    await tick(Date.parse(period.endsAt) + 100);
    await force("lose");
    await Promise.all([runAlarm(m), runAlarm(m)]);
    const w = await wallets(platform, m);
    // one bonus, on the first deposit confirmed: 10 % of it
    const bonuses = await postings(m, "bonus");
    expect(bonuses).toHaveLength(1);
    expect(w.main.bonus).toBe(bonuses[0]!.amount);
    const [view] = await campaigns(m);
    expect(view!.bonuses[0]!.turnover).toBeLessThanOrEqual(1_000);
    await expectSoundLedger(platform, [m]);
  });
});
