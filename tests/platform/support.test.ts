import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry, MemberOverview } from "../../server/contract";
import { MEMBER_OVERVIEW_LATEST } from "../../server/contract";
import { createPlatform, type Platform, type TestMember, type TestOperator } from "../helpers/platform";
import { SHIFTED_CLOCK_ENTRY, shiftedClock } from "../helpers/shifted-clock";
import { bet, FAST_PAIR, fastPair, GAME_SITE, gameMember, marketOf } from "./game-helpers";
import { bindBank, eventually, fund, memberCall, memberIdOf } from "./money-helpers";

/**
 * Customer service's view of one member (`operatorMember`, server/contract/support.ts): a support
 * operator of the site reads, by account name, the member's balances, open bets and positions,
 * latest deposits and withdrawals, limits and recent audit entries; nobody else does. The platform
 * runs its clock and alarms by itself; where a bet needs betting time the clock moves ahead.
 */
const SITE = "support-one";
const OTHER = "support-two";
let platform: Platform;
let clock: ReturnType<typeof shiftedClock>;
let member: TestMember;
/** support on SITE */
let helpdesk: TestOperator;
/** support on OTHER only */
let stranger: TestOperator;
/** finance on SITE: money, not members' pages */
let cashier: TestOperator;

const view = (key: string, siteId: string, account: string) =>
  platform.operator("operatorMember", { params: { siteId, account } }, key);

beforeAll(async () => {
  platform = await createPlatform({ wrapEntry: SHIFTED_CLOCK_ENTRY });
  clock = shiftedClock(platform);
  const put = await platform.operator("operatorPutPair", {
    params: { pair: FAST_PAIR },
    body: fastPair({ periodSeconds: 60, cutoffSeconds: 1 }),
  });
  expect(put.envelope.statusCode, put.envelope.message).toBe(200);
  await platform.seedSite(SITE, GAME_SITE);
  await platform.seedSite(OTHER, GAME_SITE);
  helpdesk = await platform.createOperator({ name: "Helpdesk Wu", sites: [SITE], roles: ["support"] });
  stranger = await platform.createOperator({ name: "Other Desk", sites: [OTHER], roles: ["support"] });
  cashier = await platform.createOperator({ name: "Cashier Lin", sites: [SITE], roles: ["finance"] });

  // 5 000 into the game wallet, a bet of 1 000 on the next period, 3 000 more deposited, a
  // withdrawal of 1 000 waiting, and a daily deposit limit
  member = await gameMember(platform, SITE, 5_000);
  for (;;) {
    const market = await marketOf(platform);
    if (Date.parse(market.next.cutoffAt) - Date.parse(market.serverTime) >= 5_000) {
      const placed = await bet(platform, member, {
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
  await fund(platform, member, 3_000);
  await bindBank(platform, member);
  const withdrawn = await memberCall(platform, member, "withdraw", { body: { amount: 1_000 } });
  expect(withdrawn.envelope.statusCode, withdrawn.envelope.message).toBe(200);
  const limited = await memberCall(platform, member, "setLimit", {
    body: { kind: "deposit", period: "day", amount: 50_000 },
    key: null,
  });
  expect(limited.envelope.statusCode, limited.envelope.message).toBe(200);
});
afterAll(() => platform?.dispose());

describe("a member for customer service", () => {
  it("shows a support operator of the site the member's money, bets, latest deposits and withdrawals and limits", async () => {
    const { envelope } = await view(helpdesk.key, SITE, member.account.toUpperCase());
    expect(envelope.statusCode, envelope.message).toBe(200);
    const m = envelope.data as MemberOverview;
    expect(m).toMatchObject({ memberId: memberIdOf(member), account: member.account });
    // 8 000 in: 1 000 staked, 1 000 and its fee on hold, the rest in the main account
    expect(m.wallets.inBets).toBe(1_000);
    expect(m.wallets.games).toEqual([{ code: "binary", name: "Binary", balance: 4_000 }]);
    expect(m.wallets.main.onHold).toBeGreaterThanOrEqual(1_000);
    expect(m.wallets.total).toBe(8_000);
    expect(m.openBets).toHaveLength(1);
    expect(m.openBets[0]).toMatchObject({ pair: FAST_PAIR, option: "high", amount: 1_000, status: "open" });
    expect(m.positions).toEqual([]);
    expect(m.deposits.map((d) => [d.amount, d.status])).toEqual([
      [3_000, "credited"],
      [5_000, "credited"],
    ]);
    expect(m.withdrawals.map((w) => [w.amount, w.status])).toEqual([[1_000, "pending"]]);
    expect(m.protection.limits.find((l) => l.kind === "deposit" && l.period === "day")?.amount).toBe(50_000);
    expect(m.protection.activeBreak).toBeNull();
  });

  it("lists the newest audit entries about the member, the support read itself among them once logged", async () => {
    const about = (entries: AuditEntry[]) =>
      entries.every(
        (e) => e.memberId === memberIdOf(member) || e.account.toLowerCase() === member.account.toLowerCase(),
      );
    const audit = await eventually(async () => {
      const { envelope } = await view(helpdesk.key, SITE, member.account);
      const entries = envelope.data!.audit;
      const types = new Set(entries.map((e) => e.type));
      return ["deposit_confirmed", "withdrawal_requested", "protection_changed", "operator_action"].every((t) =>
        types.has(t as AuditEntry["type"]),
      )
        ? entries
        : null;
    });
    expect(about(audit)).toBe(true);
    expect(audit.length).toBeLessThanOrEqual(MEMBER_OVERVIEW_LATEST.audit);
    expect(audit.map((e) => e.at)).toEqual([...audit.map((e) => e.at)].sort().reverse());
    expect(audit.find((e) => e.details.call === "operatorMember")).toMatchObject({
      actor: "operator",
      operator: { id: helpdesk.id, name: "Helpdesk Wu" },
      memberId: memberIdOf(member),
      account: member.account,
    });
  });

  it("is refused to an operator of another site exactly as a wrong key, and to an operator without the support role", async () => {
    const foreign = await view(stranger.key, SITE, member.account);
    const wrongKey = await view("not-a-key-of-anyone-0123456789abcdef", SITE, member.account);
    expect(foreign.envelope).toEqual(wrongKey.envelope);
    expect(foreign.envelope).toMatchObject({ statusCode: 403, message: "invalid_permission" });
    // finance runs the site but not its members' pages: refused for the role it lacks
    expect((await view(cashier.key, SITE, member.account)).envelope).toMatchObject({
      statusCode: 403,
      message: "operator_role_missing",
    });
  });

  it("finds no account that is not the site's: another site's member is account_not_found", async () => {
    const elsewhere = await platform.signupMember(OTHER);
    for (const account of ["nobody1", elsewhere.account]) {
      expect((await view(helpdesk.key, SITE, account)).envelope).toMatchObject({
        statusCode: 400,
        message: "account_not_found",
      });
    }
    expect((await view(stranger.key, OTHER, elsewhere.account)).envelope.statusCode).toBe(200);
  });
});
