import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Platform, TestMember } from "../helpers/platform";
import { sharedPlatform } from "../helpers/shared";
import { memberCall } from "./money-helpers";

const SITE = "pw-site";
let platform: Platform;
beforeAll(async () => {
  platform = await sharedPlatform();
  await platform.seedSite(SITE);
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
    expect((await change(m, m.password, "brand-new-pass")).envelope).toEqual({ statusCode: 200, message: "ok", data: null });
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
    expect((await change(m, "not-my-password", "brand-new-pass")).envelope).toEqual({ statusCode: 400, message: "old_password_wrong" });
    expect((await platform.call("playerInfo", { token: m.token, siteId: SITE })).status).toBe(200);
    expect((await signin(m, m.password)).envelope.statusCode).toBe(200);
  });

  it("refuses the old password as the new one with new_password_same_as_old", async () => {
    const m = await platform.signupMember(SITE);
    expect((await change(m, m.password, m.password)).envelope).toEqual({ statusCode: 400, message: "new_password_same_as_old" });
  });

  it("refuses the account name or the transaction password as the new password, each with its own code", async () => {
    const m = await platform.signupMember(SITE);
    expect((await change(m, m.password, m.account)).envelope).toEqual({ statusCode: 400, message: "password_equals_account" });
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
    const changed = await changeTx(m, { oldTransactionPassword: m.transactionPassword, newTransactionPassword: "new-trade-pass" });
    expect(changed.envelope).toEqual({ statusCode: 200, message: "ok", data: null });
    expect((await platform.call("playerInfo", { token: m.token, siteId: SITE })).envelope.data!.hasTransactionPassword).toBe(true);
    const again = await changeTx(m, { oldTransactionPassword: m.transactionPassword, newTransactionPassword: "third-trade-pass" });
    expect(again.envelope).toEqual({ statusCode: 400, message: "wrong_transaction_password" });
    const withNew = await changeTx(m, { oldTransactionPassword: "new-trade-pass", newTransactionPassword: "third-trade-pass" });
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
    const again = await changeTx(m, { oldTransactionPassword: m.transactionPassword, newTransactionPassword: "third-trade-pass" });
    expect(again.envelope.message).toBe("wrong_transaction_password");
    expect((await changeTx(m, { oldTransactionPassword: "retried-trade-1", newTransactionPassword: "third-trade-pass" })).envelope.statusCode).toBe(200);
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
    const { envelope } = await changeTx(m, { oldTransactionPassword: "wrong-trade", newTransactionPassword: "new-trade-pass" });
    expect(envelope).toEqual({ statusCode: 400, message: "wrong_transaction_password" });
  });

  it("refuses the old one as the new one with new_transaction_password_same_as_old", async () => {
    const m = await platform.signupMember(SITE);
    const { envelope } = await changeTx(m, { oldTransactionPassword: m.transactionPassword, newTransactionPassword: m.transactionPassword });
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
