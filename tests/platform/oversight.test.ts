import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallName, MemberOverview, SiteDayTotals } from "../../server/contract";
import {
  createPlatform,
  type CallOptions,
  type Platform,
  type TestMember,
  type TestOperator,
} from "../helpers/platform";
import { SHIFTED_CLOCK_ENTRY, shiftedClock } from "../helpers/shifted-clock";
import { bet, FAST_PAIR, fastPair, GAME_SITE, gameMember, marketOf } from "./game-helpers";
import { bindBank, eventually, fund, memberCall, memberIdOf } from "./money-helpers";

/**
 * What the back office's members and oversight sections ask of the platform (decision 036): a
 * member found by mobile number or id as by account (`operatorFindMember`), a site's day in
 * totals from the ledgers (`operatorSiteDay`), and the audit log searched by operator and UTC
 * days, which finance may read as admin may. One site of its own, so the day's totals are exactly
 * what this file did on it.
 */
const SITE = "oversight-one";
let platform: Platform;
let clock: ReturnType<typeof shiftedClock>;
/** 5 000 deposited and moved to the game wallet, a bet of 1 000 open */
let player: TestMember;
/** 3 000 deposited, a withdrawal of 1 000 paid by `cashier` */
let leaver: TestMember;
let helpdesk: TestOperator;
let cashier: TestOperator;
let admin: TestOperator;
let withdrawalId: string;
/** the UTC day everything above happened in */
let day: string;

const as = <N extends CallName>(who: TestOperator, name: N, options: Omit<CallOptions<N>, "token">) =>
  platform.operator(name, options, who.key);
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const nextDay = (d: string) => utcDay(Date.parse(`${d}T00:00:00Z`) + 86_400_000);

beforeAll(async () => {
  platform = await createPlatform({ wrapEntry: SHIFTED_CLOCK_ENTRY });
  clock = shiftedClock(platform);
  // Everything below must fall in one UTC day: within an hour of midnight, the clock moves past it.
  const midnight = Date.parse(`${nextDay(utcDay(clock.now()))}T00:00:00Z`);
  if (midnight - clock.now() < 3_600_000) await clock.jumpTo(midnight + 60_000);
  day = utcDay(clock.now());
  const put = await platform.operator("operatorPutPair", {
    params: { pair: FAST_PAIR },
    body: fastPair({ periodSeconds: 60, cutoffSeconds: 1 }),
  });
  expect(put.envelope.statusCode, put.envelope.message).toBe(200);
  await platform.seedSite(SITE, GAME_SITE);
  helpdesk = await platform.createOperator({ name: "Helpdesk Wu", sites: [SITE], roles: ["support"] });
  cashier = await platform.createOperator({ name: "Cashier Lin", sites: [SITE], roles: ["finance"] });
  admin = await platform.createOperator({ name: "Admin Ho", sites: [SITE], roles: ["admin"] });

  player = await gameMember(platform, SITE, 5_000);
  for (;;) {
    const market = await marketOf(platform);
    if (Date.parse(market.next.cutoffAt) - Date.parse(market.serverTime) >= 5_000) {
      const placed = await bet(platform, player, {
        pair: FAST_PAIR,
        periodNo: market.next.periodNo,
        option: "high",
        amount: 1_000,
        mode: "real",
      });
      expect(placed.envelope.statusCode, placed.envelope.message).toBe(200);
      break;
    }
    await clock.jumpTo(Date.parse(market.next.startsAt) + 100);
  }
  leaver = await platform.signupMember(SITE);
  await fund(platform, leaver, 3_000);
  await bindBank(platform, leaver);
  const withdrawn = await memberCall(platform, leaver, "withdraw", { body: { amount: 1_000 } });
  expect(withdrawn.envelope.statusCode, withdrawn.envelope.message).toBe(200);
  withdrawalId = withdrawn.envelope.data!.id;
  await eventually(async () => {
    const queue = await as(cashier, "operatorWithdrawals", { params: { siteId: SITE }, query: {} });
    return queue.envelope.data?.some((w) => w.id === withdrawalId);
  });
  const paid = await as(cashier, "operatorApproveWithdrawal", {
    params: { siteId: SITE, id: withdrawalId },
    body: { reason: "" },
  });
  expect(paid.envelope.statusCode, paid.envelope.message).toBe(200);
  expect(utcDay(clock.now())).toBe(day);
});
afterAll(() => platform?.dispose());

describe("a member found by mobile number or id", () => {
  const find = (who: TestOperator, query: Partial<Record<string, string>>) =>
    as(who, "operatorFindMember", { params: { siteId: SITE }, query: query as never });

  it("finds the same member by national number, by number with its area code, by id and by account", async () => {
    const national = player.mobile;
    const spaced = `${national.slice(0, 4)} ${national.slice(4, 7)}-${national.slice(7)}`;
    for (const query of [
      { mobile: national },
      { mobile: spaced },
      { mobile: `+886${national.slice(1)}` },
      { memberId: memberIdOf(player) },
      { account: player.account.toUpperCase() },
    ]) {
      const { envelope } = await find(helpdesk, query);
      expect(envelope.statusCode, `${JSON.stringify(query)}: ${envelope.message}`).toBe(200);
      const m = envelope.data as MemberOverview;
      expect(m).toMatchObject({ memberId: memberIdOf(player), account: player.account });
      expect(m.openBets.map((b) => b.amount)).toEqual([1_000]);
    }
  });

  it("answers account_not_found for a number or id no member of the site has, and refuses two ways of asking at once", async () => {
    for (const query of [{ mobile: "0999999999" }, { mobile: "+81 90 1234 5678" }, { memberId: "m_nobody" }]) {
      expect((await find(helpdesk, query)).envelope, JSON.stringify(query)).toMatchObject({
        statusCode: 400,
        message: "account_not_found",
      });
    }
    for (const query of [{}, { account: player.account, memberId: memberIdOf(player) }, { mobile: "call me" }]) {
      expect((await find(helpdesk, query)).envelope, JSON.stringify(query)).toMatchObject({
        statusCode: 400,
        message: "invalid_parameters",
      });
    }
  });

  it("is support's: finance is refused for the role, and the read is audited naming the member", async () => {
    expect((await find(cashier, { memberId: memberIdOf(player) })).envelope).toMatchObject({
      statusCode: 403,
      message: "operator_role_missing",
    });
    const logged = await eventually(async () => {
      const { envelope } = await as(admin, "operatorAudit", {
        params: { siteId: SITE },
        query: { operator: helpdesk.id, pageSize: 200 } as never,
      });
      return envelope.data?.items.find((e) => e.details.call === "operatorFindMember" && e.details.outcome === "ok");
    });
    expect(logged).toMatchObject({ memberId: memberIdOf(player), operator: { name: "Helpdesk Wu" } });
  });
});

describe("a site's day in totals", () => {
  it("sums the day's deposits credited, withdrawals paid, bets placed and the house's net from the ledgers", async () => {
    const { envelope } = await as(cashier, "operatorSiteDay", { params: { siteId: SITE, day } });
    expect(envelope.statusCode, envelope.message).toBe(200);
    expect(envelope.data as SiteDayTotals).toEqual({
      siteId: SITE,
      day,
      currency: expect.any(String),
      deposits: { count: 2, amount: 8_000 },
      withdrawals: { count: 1, amount: 1_000 },
      bets: { count: 1, amount: 1_000 },
      // the bet is open: staked, nothing paid back yet
      net: 1_000,
      activeMembers: 2,
    });
  });

  it("is empty for a day with nothing in it, and admin may read it too; support may not", async () => {
    const { envelope } = await as(admin, "operatorSiteDay", { params: { siteId: SITE, day: "2020-01-01" } });
    expect(envelope.data).toMatchObject({
      deposits: { count: 0, amount: 0 },
      withdrawals: { count: 0, amount: 0 },
      bets: { count: 0, amount: 0 },
      net: 0,
      activeMembers: 0,
    });
    expect((await as(helpdesk, "operatorSiteDay", { params: { siteId: SITE, day } })).envelope.message).toBe(
      "operator_role_missing",
    );
  });
});

describe("the audit log searched by operator and days", () => {
  const search = (who: TestOperator, query: Record<string, string | number>) =>
    as(who, "operatorAudit", { params: { siteId: SITE }, query: query as never });

  it("finds finance's own decision for finance, within the day and not after it", async () => {
    const today = await eventually(async () => {
      const { envelope } = await search(cashier, { operator: cashier.id, from: day, to: day });
      return envelope.data?.items.some((e) => e.details.call === "operatorApproveWithdrawal") ? envelope.data : null;
    });
    expect(today.items.every((e) => e.operator?.id === cashier.id && e.at.startsWith(day))).toBe(true);
    const later = await search(cashier, { operator: cashier.id, from: nextDay(day) });
    expect(later.envelope.data).toMatchObject({ items: [], total: 0 });
    const before = await search(cashier, { operator: cashier.id, to: "2020-01-01" });
    expect(before.envelope.data).toMatchObject({ items: [], total: 0 });
  });

  it("refuses a day that is not one, and support", async () => {
    expect((await search(cashier, { from: "2025-02-30" })).envelope.message).toBe("invalid_parameters");
    expect((await search(helpdesk, {})).envelope.message).toBe("operator_role_missing");
  });
});

describe("open interest", () => {
  it("is finance's and admin's, not support's", async () => {
    for (const who of [cashier, admin])
      expect((await as(who, "operatorOpenInterest", { params: { siteId: SITE } })).envelope.statusCode).toBe(200);
    expect((await as(helpdesk, "operatorOpenInterest", { params: { siteId: SITE } })).envelope.message).toBe(
      "operator_role_missing",
    );
  });
});
