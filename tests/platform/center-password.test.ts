import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET_CHECK_LIMITS } from "../../server/contract";
import { createPlatform, type Platform, type TestMember } from "../helpers/platform";
import { bindBank, fund, memberCall, memberIdOf, MONEY_SITE } from "./money-helpers";

/**
 * The real bundle, with a member object whose alarm delivers nothing: its outbox keeps every audit
 * event, so a test counts the wrong passwords the member object logged (one event per counted
 * failure, written with it), and reads the password checks still counted (decided failures, and
 * checks in flight).
 */
const ENTRY = `
  import worker, { MarketObject, MemberObject, SiteObject } from "./worker.js";
  export { OperatorObject } from "./worker.js";
  class TestMemberObject extends MemberObject {
    async alarm() {}
    __checks(scope) {
      const sql = this.ctx.storage.sql;
      const count = (pending) => sql.exec("SELECT COUNT(*) AS n FROM attempts WHERE scope = ? AND pending = ?", scope, pending).one().n;
      const logged = sql
        .exec("SELECT payload FROM outbox WHERE kind = 'audit'")
        .toArray()
        .map((row) => JSON.parse(row.payload))
        .filter((e) => e.type === "password_check_failed" && e.details.secret === scope.replace("-", "_")).length;
      return { failures: count(0), inFlight: count(1), logged };
    }
  }
  export { MarketObject, TestMemberObject as MemberObject, SiteObject };
  export default worker;
`;

const SITE = "pw-site";
const MONEY = "pw-money";
let platform: Platform;
beforeAll(async () => {
  platform = await createPlatform({ wrapEntry: ENTRY });
  await platform.seedSite(SITE);
  await platform.seedSite(MONEY, { ...MONEY_SITE, bankAutoReview: true });
});
afterAll(() => platform.dispose());

const signin = (m: TestMember, password: string) =>
  platform.call("signin", { body: { siteId: m.siteId, account: m.account, password } });
const change = (m: TestMember, oldPassword: string, newPassword: string) =>
  memberCall(platform, m, "changePassword", { body: { oldPassword, newPassword }, key: null });
const changeTx = (m: TestMember, body: { oldTransactionPassword?: string; newTransactionPassword: string }) =>
  memberCall(platform, m, "changeTransactionPassword", { body });

describe("changePassword", () => {
  it("sets the new password and ends every session of the member: old tokens get 402", async () => {
    const m = await platform.signupMember(SITE);
    const second = (await signin(m, m.password)).envelope.data!.token;
    expect((await change(m, m.password, "brand-new-pass")).envelope).toEqual({
      statusCode: 200,
      message: "ok",
      data: null,
    });
    for (const token of [m.token, second]) {
      const { status, envelope } = await platform.call("playerInfo", { token, siteId: SITE });
      expect(status).toBe(402);
      expect(envelope.message).toBe("invalid_permission");
    }
    expect((await signin(m, m.password)).envelope.message).toBe("wrong_account_or_password");
    const fresh = await signin(m, "brand-new-pass");
    expect(fresh.envelope.statusCode).toBe(200);
    expect((await platform.call("playerInfo", { token: fresh.envelope.data!.token, siteId: SITE })).status).toBe(200);
  });

  it("refuses a wrong old password with old_password_wrong and keeps the sessions", async () => {
    const m = await platform.signupMember(SITE);
    expect((await change(m, "not-my-password", "brand-new-pass")).envelope).toEqual({
      statusCode: 400,
      message: "old_password_wrong",
    });
    expect((await platform.call("playerInfo", { token: m.token, siteId: SITE })).status).toBe(200);
    expect((await signin(m, m.password)).envelope.statusCode).toBe(200);
  });

  it("refuses the old password as the new one with new_password_same_as_old", async () => {
    const m = await platform.signupMember(SITE);
    expect((await change(m, m.password, m.password)).envelope).toEqual({
      statusCode: 400,
      message: "new_password_same_as_old",
    });
  });

  it("refuses the account name or the transaction password as the new password, each with its own code", async () => {
    const m = await platform.signupMember(SITE);
    expect((await change(m, m.password, m.account)).envelope).toEqual({
      statusCode: 400,
      message: "password_equals_account",
    });
    expect((await change(m, m.password, m.transactionPassword)).envelope).toEqual({
      statusCode: 400,
      message: "transaction_password_equals_login",
    });
    expect((await signin(m, m.password)).envelope.statusCode).toBe(200);
  });

  it("refuses a revoked token with 402", async () => {
    const m = await platform.signupMember(SITE);
    await platform.call("signout", { token: m.token, siteId: SITE });
    expect((await change(m, m.password, "brand-new-pass")).status).toBe(402);
  });
});

describe("changeTransactionPassword", () => {
  it("changes it when the old one matches; the old one no longer does, sessions stay", async () => {
    const m = await platform.signupMember(SITE);
    const changed = await changeTx(m, {
      oldTransactionPassword: m.transactionPassword,
      newTransactionPassword: "new-trade-pass",
    });
    expect(changed.envelope).toEqual({ statusCode: 200, message: "ok", data: null });
    expect(
      (await platform.call("playerInfo", { token: m.token, siteId: SITE })).envelope.data!.hasTransactionPassword,
    ).toBe(true);
    const again = await changeTx(m, {
      oldTransactionPassword: m.transactionPassword,
      newTransactionPassword: "third-trade-pass",
    });
    expect(again.envelope).toEqual({ statusCode: 400, message: "wrong_transaction_password" });
    const withNew = await changeTx(m, {
      oldTransactionPassword: "new-trade-pass",
      newTransactionPassword: "third-trade-pass",
    });
    expect(withNew.envelope.statusCode).toBe(200);
  });

  it("answers a retry with the same Idempotency-Key with the first answer, though its old password no longer matches", async () => {
    const m = await platform.signupMember(SITE);
    const body = { oldTransactionPassword: m.transactionPassword, newTransactionPassword: "retried-trade-1" };
    const send = () => memberCall(platform, m, "changeTransactionPassword", { body, key: "tx-change-retry-1" });
    // a double submit and a retry after a lost answer: one change, one answer
    const [first, second] = await Promise.all([send(), send()]);
    expect(first.envelope).toEqual({ statusCode: 200, message: "ok", data: null });
    expect(second.envelope).toEqual(first.envelope);
    expect((await send()).envelope).toEqual(first.envelope);
    const again = await changeTx(m, {
      oldTransactionPassword: m.transactionPassword,
      newTransactionPassword: "third-trade-pass",
    });
    expect(again.envelope.message).toBe("wrong_transaction_password");
    expect(
      (await changeTx(m, { oldTransactionPassword: "retried-trade-1", newTransactionPassword: "third-trade-pass" }))
        .envelope.statusCode,
    ).toBe(200);
  });

  it("needs the old one when the member has one: transaction_password_required", async () => {
    const m = await platform.signupMember(SITE);
    expect((await changeTx(m, { newTransactionPassword: "new-trade-pass" })).envelope).toEqual({
      statusCode: 400,
      message: "transaction_password_required",
    });
  });

  it("refuses a wrong old one with wrong_transaction_password", async () => {
    const m = await platform.signupMember(SITE);
    const { envelope } = await changeTx(m, {
      oldTransactionPassword: "wrong-trade",
      newTransactionPassword: "new-trade-pass",
    });
    expect(envelope).toEqual({ statusCode: 400, message: "wrong_transaction_password" });
  });

  it("refuses the old one as the new one with new_transaction_password_same_as_old", async () => {
    const m = await platform.signupMember(SITE);
    const { envelope } = await changeTx(m, {
      oldTransactionPassword: m.transactionPassword,
      newTransactionPassword: m.transactionPassword,
    });
    expect(envelope).toEqual({ statusCode: 400, message: "new_transaction_password_same_as_old" });
  });

  it("refuses the login password or the account as the new one, each with its own code", async () => {
    const m = await platform.signupMember(SITE);
    const cases = [
      [m.password, "transaction_password_equals_login"],
      [m.account, "transaction_password_equals_account"],
    ] as const;
    for (const [newTransactionPassword, message] of cases) {
      const { envelope } = await changeTx(m, { oldTransactionPassword: m.transactionPassword, newTransactionPassword });
      expect(envelope, newTransactionPassword).toEqual({ statusCode: 400, message });
    }
  });
});

type Checks = { failures: number; inFlight: number; logged: number };
/** What the member's object counts of one password: decided failures, checks in flight, failures it logged. */
async function checksOf(m: TestMember, scope: "password" | "transaction-password"): Promise<Checks> {
  const ns = await platform.mf.getDurableObjectNamespace("MEMBER", "member-platform");
  const stub = ns.get(ns.idFromName(memberIdOf(m))) as unknown as { __checks(scope: string): Promise<Checks> };
  return stub.__checks(scope);
}

const NOTHING_COUNTED: Checks = { failures: 0, inFlight: 0, logged: 0 };
const ONE_FAILURE: Checks = { failures: 1, inFlight: 0, logged: 1 };
const COPIES = 10;
/** `COPIES` copies of one request sent at once: a double submit, a retry racing the first, a script. */
const atOnce = <T>(send: () => Promise<T>) => Promise.all(Array.from({ length: COPIES }, send));

describe("copies of one request sent at once count at most one wrong password", () => {
  it("changeTransactionPassword with the right old one: every copy answers the first answer, nothing is counted", async () => {
    const m = await platform.signupMember(SITE);
    const body = { oldTransactionPassword: m.transactionPassword, newTransactionPassword: "burst-trade-1" };
    const answers = await atOnce(() =>
      memberCall(platform, m, "changeTransactionPassword", { body, key: "tx-burst-right" }),
    );
    expect(answers[0]!.envelope).toEqual({ statusCode: 200, message: "ok", data: null });
    for (const answer of answers) expect(answer.envelope).toEqual(answers[0]!.envelope);
    expect(await checksOf(m, "transaction-password")).toEqual(NOTHING_COUNTED);
    // one change: the new one is the password now
    expect(
      (await changeTx(m, { oldTransactionPassword: "burst-trade-1", newTransactionPassword: "burst-trade-2" })).envelope
        .statusCode,
    ).toBe(200);
  });

  it("changeTransactionPassword with a wrong old one: every copy answers wrong_transaction_password, one failure is counted", async () => {
    const m = await platform.signupMember(SITE);
    const body = { oldTransactionPassword: "not-my-trade-pass", newTransactionPassword: "burst-trade-1" };
    const answers = await atOnce(() =>
      memberCall(platform, m, "changeTransactionPassword", { body, key: "tx-burst-wrong" }),
    );
    for (const answer of answers)
      expect(answer.envelope).toEqual({ statusCode: 400, message: "wrong_transaction_password" });
    expect(await checksOf(m, "transaction-password")).toEqual(ONE_FAILURE);
    // so the member has the rest of the limit's tries: the lock comes at the limit's failure, not before
    for (let i = 2; i <= SECRET_CHECK_LIMITS.maxFailures; i++) {
      const wrong = await changeTx(m, {
        oldTransactionPassword: `wrong-${i}`,
        newTransactionPassword: "burst-trade-1",
      });
      expect(wrong.envelope.message, `failure ${i}`).toBe("wrong_transaction_password");
    }
    const locked = await changeTx(m, {
      oldTransactionPassword: m.transactionPassword,
      newTransactionPassword: "burst-trade-1",
    });
    expect(locked.envelope.message).toBe("transaction_password_locked");
  });

  it("withdraw with the right transaction password: one withdrawal, every copy answers it, nothing is counted", async () => {
    const m = await platform.signupMember(MONEY);
    await bindBank(platform, m);
    await fund(platform, m, 50_000);
    const body = { amount: 1_000, transactionPassword: m.transactionPassword };
    const answers = await atOnce(() => memberCall(platform, m, "withdraw", { body, key: "wd-burst-right" }));
    expect(answers[0]!.envelope.statusCode).toBe(200);
    for (const answer of answers) expect(answer.envelope).toEqual(answers[0]!.envelope);
    expect(
      (await memberCall(platform, m, "withdrawals", { query: { page: 1, pageSize: 20 } })).envelope.data!.total,
    ).toBe(1);
    expect(await checksOf(m, "transaction-password")).toEqual(NOTHING_COUNTED);
  });

  it("withdraw with a wrong transaction password: every copy answers wrong_transaction_password, one failure is counted", async () => {
    const m = await platform.signupMember(MONEY);
    await bindBank(platform, m);
    await fund(platform, m, 50_000);
    const body = { amount: 1_000, transactionPassword: "not-my-trade-pass" };
    const answers = await atOnce(() => memberCall(platform, m, "withdraw", { body, key: "wd-burst-wrong" }));
    for (const answer of answers)
      expect(answer.envelope).toEqual({ statusCode: 400, message: "wrong_transaction_password" });
    expect(await checksOf(m, "transaction-password")).toEqual(ONE_FAILURE);
  });

  it("changePassword (no key: each copy is its own request) with the right old one: one change, the copies end with its sessions, nothing is counted", async () => {
    const m = await platform.signupMember(SITE);
    const answers = await atOnce(() => change(m, m.password, "burst-login-1"));
    const statuses = answers.map((a) => a.envelope.statusCode);
    // the change ends every session, the copies' one too: they are refused as signed out, never as a wrong password
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 402)).toHaveLength(COPIES - 1);
    const fresh = await signin(m, "burst-login-1");
    expect(fresh.envelope.statusCode).toBe(200);
    // no check of an ended session is left counting against the member's next ones
    expect(await checksOf(m, "password")).toEqual(NOTHING_COUNTED);
  });
});
