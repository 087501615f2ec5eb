import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALLS, CLIENT_ADDRESS_HEADER, type AuditEntry, type AuditType, type CallData } from "../../server/contract";
import { createPlatform, objectStub, type Platform, type TestMember } from "../helpers/platform";
import { sharedPlatform } from "../helpers/shared";
import { sentResetCode } from "./center-helpers";
import { BANK_OPTION, bankBody, eventually, memberCall, memberIdOf, MONEY_SITE, uploadAll } from "./money-helpers";

/**
 * The audit log of a site: what is recorded, exactly once, newest first, per site, and that
 * nothing can change it.
 */
const SITE = "audit-a";
const OTHER_SITE = "audit-b";
let platform: Platform;
beforeAll(async () => {
  platform = await sharedPlatform();
  await platform.seedSite(SITE, MONEY_SITE);
  await platform.seedSite(OTHER_SITE, MONEY_SITE);
});
afterAll(() => platform.dispose());

type Query = { type?: AuditType; account?: string; page?: number; pageSize?: number };
async function log(p: Platform, siteId: string, query: Query = {}): Promise<CallData<"operatorAudit">> {
  const { envelope } = await p.operator("operatorAudit", {
    params: { siteId },
    query: { pageSize: 200, ...query } as never,
  });
  expect(envelope.statusCode, envelope.message).toBe(200);
  return envelope.data!;
}

const typeCounts = (items: AuditEntry[]) =>
  items.reduce<Partial<Record<AuditType, number>>>((acc, e) => ({ ...acc, [e.type]: (acc[e.type] ?? 0) + 1 }), {});

/** Waits until the member's events (delivered by its outbox) number `total`. */
async function logOf(p: Platform, siteId: string, account: string, total: number): Promise<AuditEntry[]> {
  return eventually(async () => {
    const page = await log(p, siteId, { account });
    return page.total === total ? page.items : null;
  });
}

function signin(siteId: string, account: string, password: string, address?: string) {
  return platform.call("signin", {
    body: { siteId, account, password },
    headers: address ? { [CLIENT_ADDRESS_HEADER]: address } : {},
  });
}

/** Decides a queue item as the operator once the member's outbox has delivered it. */
async function decide<T>(
  attempt: () => Promise<{ envelope: { statusCode: number; message: string; data?: T } }>,
): Promise<T> {
  const decided = await eventually(async () => {
    const r = await attempt();
    return r.envelope.message === "invalid_parameters" ? null : r;
  });
  expect(decided.envelope.statusCode, decided.envelope.message).toBe(200);
  return decided.envelope.data!;
}

/**
 * Everything an audited member can go through, each step once or twice: the expected count of
 * each type, for the log of the member's account.
 */
async function auditedHistory(m: TestMember): Promise<Partial<Record<AuditType, number>>> {
  const params = { siteId: m.siteId };
  expect((await signin(m.siteId, m.account, "wrong-guess", "198.51.100.7")).envelope.message).toBe(
    "wrong_account_or_password",
  );
  const tx = await memberCall(platform, m, "changeTransactionPassword", {
    body: { oldTransactionPassword: m.transactionPassword, newTransactionPassword: "audit-trade-2" },
  });
  expect(tx.envelope.statusCode, tx.envelope.message).toBe(200);

  const deposit = async (amount: number) =>
    (await memberCall(platform, m, "deposit", { body: { optionId: BANK_OPTION.id, amount } })).envelope.data!.id;
  const credited = await deposit(50_000);
  await decide(() => platform.operator("operatorConfirmDeposit", { params: { ...params, id: credited }, body: {} }));
  const refused = await deposit(7_000);
  await decide(() =>
    platform.operator("operatorRefuseDeposit", {
      params: { ...params, id: refused },
      body: { reason: "no transfer arrived" },
    }),
  );

  const files = await uploadAll(platform, m);
  const memberId = memberIdOf(m);
  expect((await memberCall(platform, m, "bankApply", { body: bankBody(files) })).envelope.statusCode).toBe(200);
  await decide(() =>
    platform.operator("operatorRejectBank", { params: { ...params, memberId }, body: { reason: "blurred passbook" } }),
  );
  expect((await memberCall(platform, m, "bankApply", { body: bankBody(files) })).envelope.statusCode).toBe(200);
  await eventually(async () => {
    const queue = await platform.operator("operatorBankApplications", { params, query: {} });
    return queue.envelope.data!.some((b) => b.memberId === memberId && b.status === "under_review");
  });
  await decide(() => platform.operator("operatorApproveBank", { params: { ...params, memberId }, body: {} }));

  const withdraw = async (amount: number) => {
    const r = await memberCall(platform, m, "withdraw", { body: { amount, transactionPassword: "audit-trade-2" } });
    expect(r.envelope.statusCode, r.envelope.message).toBe(200);
    return r.envelope.data!.id;
  };
  const paid = await withdraw(2_000);
  await decide(() => platform.operator("operatorApproveWithdrawal", { params: { ...params, id: paid }, body: {} }));
  const returned = await withdraw(3_000);
  await decide(() =>
    platform.operator("operatorRejectWithdrawal", {
      params: { ...params, id: returned },
      body: { reason: "name mismatch" },
    }),
  );

  const changed = await memberCall(platform, m, "changePassword", {
    body: { oldPassword: m.password, newPassword: "audit-login-2" },
    key: null,
  });
  expect(changed.envelope.statusCode, changed.envelope.message).toBe(200);
  const forgot = { siteId: m.siteId, account: m.account, areaCode: m.areaCode, mobile: m.mobile };
  expect((await platform.call("forgotSend", { body: forgot })).envelope.statusCode).toBe(200);
  const code = (await sentResetCode(platform, m.siteId, m.mobile)).code;
  const reset = await platform.call("forgotReset", {
    body: { siteId: m.siteId, account: m.account, code, newPassword: "audit-login-3" },
    headers: { "Idempotency-Key": randomUUID() },
  });
  expect(reset.envelope.statusCode, reset.envelope.message).toBe(200);

  return {
    signin_succeeded: 1,
    signin_failed: 1,
    transaction_password_changed: 1,
    deposit_requested: 2,
    deposit_confirmed: 1,
    deposit_refused: 1,
    bank_applied: 2,
    bank_rejected: 1,
    bank_approved: 1,
    withdrawal_requested: 2,
    withdrawal_approved: 1,
    withdrawal_rejected: 1,
    password_changed: 1,
    password_reset: 1,
    // confirm, refuse, reject bank, approve bank, approve and reject a withdrawal
    operator_action: 6,
  };
}

const sum = (counts: Partial<Record<AuditType, number>>) => Object.values(counts).reduce((a, b) => a + b, 0);

describe("the audit log of a site", () => {
  let member: TestMember;
  let entries: AuditEntry[];
  let expected: Partial<Record<AuditType, number>>;
  beforeAll(async () => {
    member = await platform.signupMember(SITE);
    expected = await auditedHistory(member);
    entries = await logOf(platform, SITE, member.account, sum(expected));
  }, 120_000);

  it("records each event of a member's history exactly once", () => {
    expect(typeCounts(entries)).toEqual(expected);
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    for (const e of entries) expect(e, e.type).toMatchObject({ account: member.account, memberId: memberIdOf(member) });
  });

  it("lists newest first, by the time of the event: the first sign-in is the oldest entry, the password reset the newest", () => {
    const times = entries.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(entries.at(-1)!.type).toBe("signin_succeeded");
    expect(entries[0]!.type).toBe("password_reset");
  });

  it("records who, from where and what: the failed sign-in's address, the operator's decisions with their reasons", () => {
    const failed = entries.find((e) => e.type === "signin_failed")!;
    expect(failed).toMatchObject({ actor: "member", address: "198.51.100.7", details: { reason: "wrong_password" } });
    expect(entries.find((e) => e.type === "password_changed")!.actor).toBe("member");
    expect(entries.find((e) => e.type === "deposit_refused")).toMatchObject({
      actor: "operator",
      details: { amount: 7_000, reason: "no transfer arrived" },
    });
    const withdrawals = entries.filter((e) => e.type === "withdrawal_requested").map((e) => e.details.amount);
    expect(withdrawals).toEqual([3_000, 2_000]);
    expect(entries.find((e) => e.type === "bank_rejected")!.details).toMatchObject({ reason: "blurred passbook" });
    const actions = entries.filter((e) => e.type === "operator_action").map((e) => e.details);
    expect(actions.map((d) => d.call).sort()).toEqual([
      "operatorApproveBank",
      "operatorApproveWithdrawal",
      "operatorConfirmDeposit",
      "operatorRefuseDeposit",
      "operatorRejectBank",
      "operatorRejectWithdrawal",
    ]);
    expect(actions.every((d) => d.outcome === "ok")).toBe(true);
    expect(entries.filter((e) => e.type === "operator_action").every((e) => e.actor === "operator")).toBe(true);
  });

  it("filters by type and pages", async () => {
    const deposits = await log(platform, SITE, { type: "deposit_requested", account: member.account.toUpperCase() });
    expect(deposits.total).toBe(2);
    expect(deposits.items.every((e) => e.type === "deposit_requested")).toBe(true);
    const first = await log(platform, SITE, { account: member.account, page: 1, pageSize: 5 });
    const second = await log(platform, SITE, { account: member.account, page: 2, pageSize: 5 });
    expect(first.items.map((e) => e.id)).toEqual(entries.slice(0, 5).map((e) => e.id));
    expect(second.items.map((e) => e.id)).toEqual(entries.slice(5, 10).map((e) => e.id));
  });

  it("records operator actions that concern no member, refused ones too, and not the reading of lists", async () => {
    const before = (await log(platform, SITE, { type: "operator_action" })).total;
    await platform.operator("operatorPutSite", { params: { siteId: SITE }, body: { title: "Audited Markets" } });
    const refusal = await platform.operator("operatorConfirmDeposit", {
      params: { siteId: SITE, id: "no-such-deposit" },
      body: {},
    });
    expect(refusal.envelope.message).toBe("invalid_parameters");
    await platform.operator("operatorDeposits", { params: { siteId: SITE }, query: {} });
    const after = await log(platform, SITE, { type: "operator_action" });
    expect(after.total).toBe(before + 2);
    expect(after.items[1]).toMatchObject({
      actor: "operator",
      account: "",
      details: { call: "operatorPutSite", outcome: "ok", fields: "title" },
    });
    expect(after.items[0]).toMatchObject({
      details: { call: "operatorConfirmDeposit", outcome: "invalid_parameters", id: "no-such-deposit" },
    });
  });

  it("records a sign-in naming no account, as anonymous, with its address", async () => {
    const address = "2001:db8::a11";
    await signin(SITE, "intruder0x", "wrong-guess", address);
    const failures = await log(platform, SITE, { account: "intruder0x" });
    expect(failures.items).toEqual([
      expect.objectContaining({
        type: "signin_failed",
        actor: "anonymous",
        memberId: "",
        address,
        details: { reason: "account_not_found" },
      }),
    ]);
  });

  it("keeps each site's events in its own log: the same account name on another site never shows in this one", async () => {
    const twin = await platform.signupMember(OTHER_SITE, { account: member.account, mobile: member.mobile });
    await signin(OTHER_SITE, twin.account, "wrong-guess");
    await memberCall(platform, twin, "deposit", { body: { optionId: BANK_OPTION.id, amount: 9_000 } });
    const theirs = await logOf(platform, OTHER_SITE, twin.account, 3);
    expect(typeCounts(theirs)).toEqual({ signin_succeeded: 1, signin_failed: 1, deposit_requested: 1 });

    const ours = (await log(platform, SITE)).items;
    const other = (await log(platform, OTHER_SITE)).items;
    expect(ours.filter((e) => e.memberId === memberIdOf(twin))).toEqual([]);
    expect(other.filter((e) => e.memberId === memberIdOf(member))).toEqual([]);
    const otherIds = new Set(other.map((e) => e.id));
    expect(ours.filter((e) => otherIds.has(e.id))).toEqual([]);
    // this site's log still holds exactly the member's history
    expect((await log(platform, SITE, { account: member.account })).total).toBe(sum(expected));
  }, 60_000);

  it("has no call that changes or deletes an entry: every other method on the log is refused and the log stays as it was", async () => {
    const auditCalls = Object.entries(CALLS).filter(([, spec]) => spec.path.includes("/audit"));
    // the site's log, a pair's own and the operator registry's (append-only too:
    // market/market-schema.ts, operators/registry.ts) are only read
    expect(auditCalls.map(([name, spec]) => [name, spec.method]).sort()).toEqual([
      ["operatorAudit", "GET"],
      ["operatorPairAudit", "GET"],
      ["operatorRegistryAudit", "GET"],
    ]);

    const before = await log(platform, SITE);
    const target = before.items[0]!;
    const auth = { Authorization: "Bearer test-operator-key", "Content-Type": "application/json" };
    for (const path of [
      `/operator/sites/${SITE}/audit`,
      `/operator/sites/${SITE}/audit/${target.id}`,
      "/operator/operators/audit",
    ]) {
      for (const method of ["PUT", "POST", "DELETE", "PATCH"]) {
        const response = await platform.fetch(path, {
          method,
          headers: auth,
          body: JSON.stringify({ type: "signin_succeeded", details: {} }),
        });
        expect(response.status, `${method} ${path}`).toBe(400);
        expect(await response.json()).toEqual({ statusCode: 400, message: "invalid_parameters" });
      }
    }
    const after = await log(platform, SITE);
    expect(after.total).toBe(before.total);
    expect(after.items.find((e) => e.id === target.id)).toEqual(target);
  });

  it("is read with the operator key only", async () => {
    const anonymous = await platform.call("operatorAudit", { params: { siteId: SITE }, query: {} });
    expect(anonymous.envelope).toEqual({ statusCode: 403, message: "invalid_permission" });
    const asMember = await platform.call("operatorAudit", {
      params: { siteId: SITE },
      query: {},
      token: member.token,
      siteId: SITE,
    });
    expect(asMember.status).toBe(403);
  });
});

describe("delivery from the member's outbox", () => {
  /** The real bundle, with a SiteObject that loses its answer to the first member event: it is logged, but the member retries. */
  const LOSSY_ENTRY = `
    import worker, { MarketObject, MemberObject, SiteObject as Base } from "./worker.js";
    let toLose = 1;
    const deliveries = new Map();
    export class SiteObject extends Base {
      appendAudit(entry) {
        super.appendAudit(entry);
        deliveries.set(entry.id, (deliveries.get(entry.id) ?? 0) + 1);
        if (toLose > 0 && entry.type === "signin_succeeded") { toLose -= 1; throw new Error("injected: the answer was lost"); }
      }
      deliveries(id) { return deliveries.get(id) ?? 0; }
    }
    export { MarketObject, MemberObject };
    export default worker;
  `;
  let lossy: Platform;
  beforeAll(async () => {
    lossy = await createPlatform({ wrapEntry: LOSSY_ENTRY });
    await lossy.seedSite(SITE, MONEY_SITE);
  });
  afterAll(() => lossy.dispose());

  it("logs an event once even when the outbox delivers it twice", async () => {
    const m = await lossy.signupMember(SITE);
    const items = await logOf(lossy, SITE, m.account, 1);
    expect(items.map((e) => e.type)).toEqual(["signin_succeeded"]);
    const site = objectStub<{
      deliveries(id: string): Promise<number>;
      appendAudit(entry: AuditEntry): Promise<void>;
    }>(lossy, "SITE", SITE);
    // the first delivery was logged and then failed, so the member's alarm delivers it again
    await eventually(async () => (await site.deliveries(items[0]!.id)) === 2);
    expect((await log(lossy, SITE, { account: m.account })).items).toEqual(items);
    // and a third time, by hand: still one entry
    await site.appendAudit(items[0]!);
    expect((await log(lossy, SITE, { account: m.account })).items).toEqual(items);
  });
});
