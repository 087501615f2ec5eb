import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry, CallName } from "../../server/contract";
import {
  createPlatform,
  type CallOptions,
  type Platform,
  type TestMember,
  type TestOperator,
} from "../helpers/platform";
import { bindBank, eventually, expectSoundLedger, fund, memberCall, MONEY_SITE, wallets } from "./money-helpers";

/**
 * Four eyes on large withdrawals (docs/operators.md, "Every day: the queues"): above the site's
 * withdrawalSecondApprovalAbove, a first approval is only recorded; the same operator cannot give
 * the second; a different operator's approval pays; each step is in the audit log under its
 * operator. Below the threshold one approval pays, as before.
 */
const SITE = "four-eyes";
const THRESHOLD = 50_000;
let platform: Platform;
let lin: TestOperator;
let chen: TestOperator;

beforeAll(async () => {
  platform = await createPlatform();
  await platform.seedSite(SITE, { ...MONEY_SITE, withdrawalSecondApprovalAbove: THRESHOLD });
  lin = await platform.createOperator({ name: "Cashier Lin", sites: [SITE], roles: ["finance"] });
  chen = await platform.createOperator({ name: "Cashier Chen", sites: [SITE], roles: ["finance"] });
});
afterAll(() => platform?.dispose());

const as = <N extends CallName>(who: TestOperator, name: N, options: Omit<CallOptions<N>, "token">) =>
  platform.operator(name, options, who.key);

async function memberWithWithdrawal(amount: number): Promise<{ member: TestMember; id: string }> {
  const member = await platform.signupMember(SITE);
  await fund(platform, member, 200_000);
  await bindBank(platform, member);
  const requested = await memberCall(platform, member, "withdraw", {
    body: { amount, transactionPassword: member.transactionPassword },
  });
  expect(requested.envelope.statusCode, requested.envelope.message).toBe(200);
  return { member, id: requested.envelope.data!.id };
}

async function auditEntries(): Promise<AuditEntry[]> {
  const { envelope } = await platform.operator("operatorAudit", {
    params: { siteId: SITE },
    query: { pageSize: 200 } as never,
  });
  return envelope.data!.items;
}

describe("four eyes on a withdrawal above the site's threshold", () => {
  it("records the first approval, refuses the same operator's second, and pays on another's", async () => {
    const { member, id } = await memberWithWithdrawal(THRESHOLD + 1);
    const params = { siteId: SITE, id };
    const before = await wallets(platform, member);

    const first = await as(lin, "operatorApproveWithdrawal", { params, body: { reason: "" } });
    expect(first.status).toBe(200);
    expect(first.envelope.data).toMatchObject({
      status: "pending",
      firstApproval: { operatorId: lin.id, name: "Cashier Lin" },
    });
    // nothing moved: the amount and fee are still on hold
    expect(await wallets(platform, member)).toEqual(before);

    const again = await as(lin, "operatorApproveWithdrawal", { params, body: { reason: "" } });
    expect(again.envelope).toEqual({ statusCode: 400, message: "second_approver_required" });
    expect(await wallets(platform, member)).toEqual(before);

    // the queue shows who gave the first approval
    const queued = await as(chen, "operatorWithdrawals", { params: { siteId: SITE }, query: {} });
    expect(queued.envelope.data!.find((w) => w.id === id)).toMatchObject({
      status: "pending",
      firstApproval: { operatorId: lin.id },
    });

    const second = await as(chen, "operatorApproveWithdrawal", { params, body: { reason: "" } });
    expect(second.envelope.data).toMatchObject({ status: "paid", firstApproval: { operatorId: lin.id } });
    const after = await wallets(platform, member);
    expect(after.main.onHold).toBe(before.main.onHold - second.envelope.data!.amount - second.envelope.data!.fee);
    expect(after.main.balance).toBe(before.main.balance);
    await expectSoundLedger(platform, [member]);

    const third = await as(lin, "operatorApproveWithdrawal", { params, body: { reason: "" } });
    expect(third.envelope.message).toBe("already_decided");

    // the audit log: the first approval under Lin, the payment under Chen naming Lin
    const entries = await eventually(async () => {
      const all = (await auditEntries()).filter((e) => e.details.withdrawalId === id);
      return all.some((e) => e.type === "withdrawal_approved") ? all : undefined;
    });
    expect(entries.find((e) => e.type === "withdrawal_first_approval")?.operator).toMatchObject({
      id: lin.id,
      name: "Cashier Lin",
    });
    expect(entries.find((e) => e.type === "withdrawal_approved")).toMatchObject({
      operator: { id: chen.id, name: "Cashier Chen" },
      details: { firstApprovalBy: lin.id, firstApprovalName: "Cashier Lin" },
    });
  });

  it("lets any operator reject after a first approval: amount and fee go back once", async () => {
    const { member, id } = await memberWithWithdrawal(THRESHOLD * 2);
    const params = { siteId: SITE, id };
    const before = await wallets(platform, member);
    expect((await as(lin, "operatorApproveWithdrawal", { params, body: { reason: "" } })).envelope.data?.status).toBe(
      "pending",
    );
    const rejected = await as(lin, "operatorRejectWithdrawal", { params, body: { reason: "Name does not match" } });
    expect(rejected.envelope.data).toMatchObject({ status: "rejected", reason: "Name does not match" });
    const after = await wallets(platform, member);
    expect(after.main.balance).toBe(before.main.balance + rejected.envelope.data!.amount + rejected.envelope.data!.fee);
    expect(after.main.onHold).toBe(0);
    expect((await as(chen, "operatorApproveWithdrawal", { params, body: { reason: "" } })).envelope.message).toBe(
      "already_decided",
    );
    await expectSoundLedger(platform, [member]);
  });

  it("pays at the threshold and below on one approval", async () => {
    const { id } = await memberWithWithdrawal(THRESHOLD);
    const paid = await as(lin, "operatorApproveWithdrawal", { params: { siteId: SITE, id }, body: { reason: "" } });
    expect(paid.envelope.statusCode, paid.envelope.message).toBe(200);
    expect(paid.envelope.data).toMatchObject({ status: "paid", firstApproval: null });
  });
});

describe("four eyes once a withdrawal has its first approval", () => {
  const setThreshold = async (value: number) => {
    const put = await platform.operator("operatorPutSite", {
      params: { siteId: SITE },
      body: { withdrawalSecondApprovalAbove: value },
    });
    expect(put.envelope.statusCode, put.envelope.message).toBe(200);
  };

  it("never lets the first approver pay it alone, whatever the threshold became since", async () => {
    for (const later of [0, THRESHOLD * 10]) {
      const { member, id } = await memberWithWithdrawal(THRESHOLD + 1);
      const params = { siteId: SITE, id };
      const before = await wallets(platform, member);
      expect(
        (await as(lin, "operatorApproveWithdrawal", { params, body: { reason: "" } })).envelope.data,
      ).toMatchObject({ status: "pending", firstApproval: { operatorId: lin.id } });
      // an admin turns four eyes off, or raises the threshold above this amount
      await setThreshold(later);
      try {
        const again = await as(lin, "operatorApproveWithdrawal", { params, body: { reason: "" } });
        expect(again.envelope, `threshold ${later}`).toEqual({ statusCode: 400, message: "second_approver_required" });
        expect(await wallets(platform, member)).toEqual(before);
        // another operator still pays it, naming the first approver
        const paid = await as(chen, "operatorApproveWithdrawal", { params, body: { reason: "" } });
        expect(paid.envelope.data).toMatchObject({ status: "paid", firstApproval: { operatorId: lin.id } });
        await expectSoundLedger(platform, [member]);
      } finally {
        await setThreshold(THRESHOLD);
      }
    }
  });

  it("records one first approval when the same operator's two approvals race, and pays nothing", async () => {
    const { member, id } = await memberWithWithdrawal(THRESHOLD + 1);
    const params = { siteId: SITE, id };
    const before = await wallets(platform, member);
    const answers = await Promise.all([
      as(lin, "operatorApproveWithdrawal", { params, body: { reason: "" } }),
      as(lin, "operatorApproveWithdrawal", { params, body: { reason: "" } }),
    ]);
    const messages = answers.map((a) => a.envelope.message).sort();
    expect(messages).toEqual(["ok", "second_approver_required"].sort());
    expect(await wallets(platform, member)).toEqual(before);
  });
});
