import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPlatform, objectStub, type Platform, type TestMember } from "../helpers/platform";
import { sharedPlatform } from "../helpers/shared";
import {
  BANK_OPTION,
  bindBank,
  DEMO_OPTION,
  eventually,
  expectSoundLedger,
  fund,
  ledgerOf,
  memberCall,
  MONEY_SITE,
  wallets,
} from "./money-helpers";

/**
 * The invariants (server/platform/README.md, "Invariants") under concurrency. The site has no
 * transaction password so that PBKDF2 does not dominate.
 */
const SITE = "money-race";
let platform: Platform;
const members = new Set<TestMember>();
const newMember = async () => {
  const m = await platform.signupMember(SITE);
  members.add(m);
  return m;
};
beforeAll(async () => {
  platform = await sharedPlatform();
  await platform.seedSite(SITE, {
    ...MONEY_SITE,
    transactionPasswordRequired: false,
    bankAutoReview: true,
    withdrawFeeRatio: 0.01,
    withdrawFeeFixed: 0,
  });
});
afterEach(async () => {
  await expectSoundLedger(platform, members);
});
afterAll(() => platform.dispose());

const countBy = (messages: string[]) =>
  messages.reduce<Record<string, number>>((counts, m) => ({ ...counts, [m]: (counts[m] ?? 0) + 1 }), {});

describe("money under concurrency", () => {
  it("accepts exactly one of 50 parallel withdrawals of the whole balance", async () => {
    const m = await newMember();
    await fund(platform, m, 10_100);
    await bindBank(platform, m);
    // 10_000 + 1 % fee = 10_100: the whole balance
    const results = await Promise.all(
      Array.from({ length: 50 }, () => memberCall(platform, m, "withdraw", { body: { amount: 10_000 } })),
    );
    expect(countBy(results.map((r) => r.envelope.message))).toEqual({ ok: 1, insufficient_balance: 49 });
    expect((await wallets(platform, m)).main).toEqual({ balance: 0, onHold: 10_100, bonus: 0 });
  });

  it("keeps balances non-negative and totals whole when 50 transfers race a withdrawal", async () => {
    const m = await newMember();
    await fund(platform, m, 10_000);
    await bindBank(platform, m);
    const transfers = Array.from({ length: 50 }, (_, i) =>
      memberCall(platform, m, "transfer", {
        body: { direction: "in", gameCode: i % 2 ? "binary" : "contract", amount: 300 },
      }),
    );
    const withdrawal = memberCall(platform, m, "withdraw", { body: { amount: 5_000 } });
    const [w, ...t] = await Promise.all([withdrawal, ...transfers]);
    const moved = t.filter((r) => r.envelope.statusCode === 200).length * 300;
    const held = w.envelope.statusCode === 200 ? 5_050 : 0;
    expect(t.every((r) => r.envelope.statusCode === 200 || r.envelope.message === "insufficient_balance")).toBe(true);
    expect(moved + held).toBeLessThanOrEqual(10_000);
    const after = await wallets(platform, m);
    const games = after.games.reduce((sum, g) => sum + g.balance, 0);
    expect(after.main.balance).toBeGreaterThanOrEqual(0);
    expect(games).toBe(moved);
    expect(after.main.onHold).toBe(held);
    expect(after.main.balance + after.main.onHold + games).toBe(10_000);
    expect((await ledgerOf(platform, m)).balances["external:deposit"]).toBe(-10_000);
  });

  it("has one effect and 20 identical responses for one key sent 20 times in parallel", async () => {
    const m = await newMember();
    const deposits = await Promise.all(
      Array.from({ length: 20 }, () =>
        memberCall(platform, m, "deposit", {
          body: { optionId: DEMO_OPTION.id, amount: 5_000 },
          key: "same-key-deposit",
        }),
      ),
    );
    expect(new Set(deposits.map((r) => JSON.stringify(r.envelope))).size).toBe(1);
    expect(deposits[0]!.envelope.statusCode).toBe(200);
    expect((await wallets(platform, m)).main.balance).toBe(5_000);
    expect((await memberCall(platform, m, "deposits")).envelope.data!.total).toBe(1);

    await bindBank(platform, m);
    const withdrawals = await Promise.all(
      Array.from({ length: 20 }, () =>
        memberCall(platform, m, "withdraw", { body: { amount: 2_000 }, key: "same-key-withdraw" }),
      ),
    );
    expect(new Set(withdrawals.map((r) => JSON.stringify(r.envelope))).size).toBe(1);
    expect((await wallets(platform, m)).main).toEqual({ balance: 5_000 - 2_020, onHold: 2_020, bonus: 0 });
  });

  it("lets exactly one of a racing approve and reject win, releasing the hold once", async () => {
    const m = await newMember();
    await fund(platform, m, 20_000);
    await bindBank(platform, m);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await memberCall(platform, m, "withdraw", { body: { amount: 2_000 } })).envelope.data!.id);
    await eventually(async () => {
      const queue = (await platform.operator("operatorWithdrawals", { params: { siteId: SITE }, query: {} })).envelope
        .data!;
      return ids.every((id) => queue.some((w) => w.id === id));
    });
    let paid = 0;
    for (const id of ids) {
      const params = { siteId: SITE, id };
      const results = await Promise.all([
        platform.operator("operatorApproveWithdrawal", { params, body: {} }),
        platform.operator("operatorRejectWithdrawal", { params, body: { reason: "race" } }),
        platform.operator("operatorApproveWithdrawal", { params, body: {} }),
      ]);
      expect(countBy(results.map((r) => r.envelope.message))).toEqual({ ok: 1, already_decided: 2 });
      if (results.find((r) => r.envelope.statusCode === 200)!.envelope.data!.status === "paid") paid += 1;
    }
    const after = await wallets(platform, m);
    expect(after.main).toEqual({ balance: 20_000 - paid * 2_020, onHold: 0, bonus: 0 });
    const pending = (await platform.operator("operatorWithdrawals", { params: { siteId: SITE }, query: {} })).envelope
      .data!;
    expect(pending.filter((w) => ids.includes(w.id))).toEqual([]);
  });

  it("credits a deposit once when 10 confirmations race", async () => {
    const m = await newMember();
    const id = (await memberCall(platform, m, "deposit", { body: { optionId: BANK_OPTION.id, amount: 4_000 } }))
      .envelope.data!.id;
    await eventually(async () =>
      (await platform.operator("operatorDeposits", { params: { siteId: SITE }, query: {} })).envelope.data!.some(
        (d) => d.id === id,
      ),
    );
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        platform.operator("operatorConfirmDeposit", { params: { siteId: SITE, id }, body: {} }),
      ),
    );
    expect(countBy(results.map((r) => r.envelope.message))).toEqual({ ok: 1, already_decided: 9 });
    expect((await wallets(platform, m)).main.balance).toBe(4_000);
  });
});

describe("the outbox to the operator queue", () => {
  /** The real bundle, with a SiteObject whose first enqueue fails (as a crash or a network error would). */
  const FAILING_ENTRY = `
    import worker, { MarketObject, MemberObject, SiteObject as Base } from "./worker.js";
    let toFail = 1;
    let failed = 0;
    export class SiteObject extends Base {
      enqueue(entry) {
        if (toFail > 0) { toFail -= 1; failed += 1; throw new Error("injected enqueue failure"); }
        return super.enqueue(entry);
      }
      injectedFailures() { return failed; }
    }
    export { MarketObject, MemberObject };
    export default worker;
  `;
  let faulty: Platform;
  beforeAll(async () => {
    faulty = await createPlatform({ wrapEntry: FAILING_ENTRY });
    await faulty.seedSite(SITE, MONEY_SITE);
  });
  afterAll(() => faulty.dispose());

  it("delivers a pending deposit to the queue even when the first delivery fails", async () => {
    const m = await faulty.signupMember(SITE);
    const id = (await memberCall(faulty, m, "deposit", { body: { optionId: BANK_OPTION.id, amount: 6_000 } })).envelope
      .data!.id;
    const queued = await eventually(async () =>
      (await faulty.operator("operatorDeposits", { params: { siteId: SITE }, query: {} })).envelope.data!.find(
        (d) => d.id === id,
      ),
    );
    expect(queued).toMatchObject({ id, status: "pending", amount: 6_000 });
    const site = objectStub<{ injectedFailures(): Promise<number> }>(faulty, "SITE", SITE);
    expect(await site.injectedFailures()).toBe(1);
    await expectSoundLedger(faulty, [m]);
  });

  it("ignores a re-delivered older state of an item (alarms may re-run)", async () => {
    const m = await faulty.signupMember(SITE);
    const id = (await memberCall(faulty, m, "deposit", { body: { optionId: BANK_OPTION.id, amount: 6_000 } })).envelope
      .data!.id;
    const list = async () =>
      (
        await faulty.operator("operatorDeposits", { params: { siteId: SITE }, query: { status: "all" } })
      ).envelope.data!.find((d) => d.id === id);
    const pending = await eventually(list);
    await faulty.operator("operatorConfirmDeposit", { params: { siteId: SITE, id }, body: {} });
    const site = objectStub<{ enqueue(entry: unknown): Promise<void> }>(faulty, "SITE", SITE);
    // the first delivery again, version 1 lower than the decision's
    await site.enqueue({
      kind: "deposit",
      itemId: id,
      memberId: pending.memberId,
      pending: true,
      version: 1,
      createdAt: pending.createdAt,
      item: pending,
    });
    expect(await list()).toMatchObject({ status: "credited" });
    expect((await wallets(faulty, m)).main.balance).toBe(6_000);
  });
});
