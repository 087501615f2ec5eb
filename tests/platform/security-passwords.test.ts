import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER, SECRET_CHECK_LIMITS, type AuditEntry } from "../../server/contract";
import type { Platform, TestMember } from "../helpers/platform";
import { stoppedClockPlatform } from "./center-helpers";
import { bindBank, eventually, fund, memberCall, MONEY_SITE, wallets } from "./money-helpers";

/**
 * Passwords typed again during a session (SECRET_CHECK_LIMITS): the transaction password of a
 * withdrawal or of its change, and the old login password of a change. Each counts its wrong
 * tries in the member's object and locks like sign-in does, and both are in the audit log. On a
 * stopped clock (CLOCK_ENTRY) a day behind the real one, so the outbox's alarms still fire at once.
 */
const SITE = "secrets-a";
const MINUTE = 60_000;
const MAX = SECRET_CHECK_LIMITS.maxFailures;
const LOCK = SECRET_CHECK_LIMITS.lockMinutes * MINUTE;
const WINDOW = SECRET_CHECK_LIMITS.windowMinutes * MINUTE;
const ADDRESS = "203.0.113.44";
let platform: Platform;
let advance: (ms: number) => Promise<void>;

beforeAll(async () => {
  ({ platform, advance } = await stoppedClockPlatform(Date.now() - 24 * 60 * MINUTE));
  await platform.seedSite(SITE, { ...MONEY_SITE, bankAutoReview: true });
});
afterAll(() => platform.dispose());

const headers = { [CLIENT_ADDRESS_HEADER]: ADDRESS };
const withdraw = (m: TestMember, transactionPassword: string) =>
  memberCall(platform, m, "withdraw", { body: { amount: 1_000, transactionPassword }, headers });
const changeTx = (m: TestMember, oldTransactionPassword: string, newTransactionPassword = "next-trade-pass") =>
  memberCall(platform, m, "changeTransactionPassword", {
    body: { oldTransactionPassword, newTransactionPassword },
    headers,
  });
const changePassword = (m: TestMember, oldPassword: string, newPassword = "next-login-pass") =>
  memberCall(platform, m, "changePassword", { body: { oldPassword, newPassword }, headers });

/** A member who can withdraw: an approved bank account and money in the main account. */
async function payable(): Promise<TestMember> {
  const m = await platform.signupMember(SITE);
  await bindBank(platform, m);
  await fund(platform, m, 50_000);
  return m;
}

const TX_WRONG = { statusCode: 400, message: "wrong_transaction_password" };
const TX_LOCKED = { statusCode: 429, message: "transaction_password_locked" };
const OLD_WRONG = { statusCode: 400, message: "old_password_wrong" };
const OLD_LOCKED = { statusCode: 429, message: "password_change_locked" };

describe("the transaction password", () => {
  it("locks withdrawals at the fifth wrong one within the window, refusing even the right one for the lock's length", async () => {
    const m = await payable();
    const before = await wallets(platform, m);
    expect((await withdraw(m, "wrong-trade-0")).envelope).toEqual(TX_WRONG);
    await advance(10 * MINUTE);
    for (let i = 1; i < MAX; i++)
      expect((await withdraw(m, `wrong-trade-${i}`)).envelope, `failure ${i + 1}`).toEqual(TX_WRONG);
    const locked = await withdraw(m, m.transactionPassword);
    expect(locked.status).toBe(429);
    expect(locked.envelope).toEqual(TX_LOCKED);
    // the same lock holds the transaction password's change, and nothing moved
    expect((await changeTx(m, m.transactionPassword)).envelope).toEqual(TX_LOCKED);
    expect(await wallets(platform, m)).toEqual(before);
    // the session goes on, and the login password is a separate count
    expect((await memberCall(platform, m, "playerInfo")).status).toBe(200);

    // the first failure has left the window, but the lock holds for its whole length
    await advance(WINDOW - 10 * MINUTE + 1);
    expect((await withdraw(m, m.transactionPassword)).envelope).toEqual(TX_LOCKED);
    await advance(LOCK - (WINDOW - 10 * MINUTE + 1) - 1);
    expect((await withdraw(m, m.transactionPassword)).envelope).toEqual(TX_LOCKED);
    await advance(1);
    expect((await withdraw(m, m.transactionPassword)).envelope.statusCode).toBe(200);
  });

  it("lets no more than five of twenty-five concurrent guesses be tried (the outside test's 25 in 2.4 s, then the right one)", async () => {
    const m = await payable();
    const guesses = await Promise.all(Array.from({ length: 25 }, (_, i) => withdraw(m, `wrong-trade-${i}`)));
    const answers = guesses.map((g) => g.envelope.message);
    expect(answers.filter((a) => a === "wrong_transaction_password")).toHaveLength(MAX);
    expect(answers.filter((a) => a === "transaction_password_locked")).toHaveLength(25 - MAX);
    expect((await withdraw(m, m.transactionPassword)).envelope).toEqual(TX_LOCKED);
    await advance(LOCK);
  });

  it("takes 40 parallel withdrawals with the right password: a check in flight is no failure (9 of 40 were refused as locked)", async () => {
    const m = await payable();
    const results = await Promise.all(Array.from({ length: 40 }, () => withdraw(m, m.transactionPassword)));
    expect(results.map((r) => r.envelope.message)).toEqual(Array(40).fill("ok"));
    // nothing was counted against the password: five wrong ones are still needed for the lock
    for (let i = 0; i < MAX - 1; i++) expect((await withdraw(m, `wrong-trade-${i}`)).envelope).toEqual(TX_WRONG);
    expect((await withdraw(m, m.transactionPassword)).envelope.statusCode).toBe(200);
  });

  it("counts wrong old ones of a change too, and a right one resets the count", async () => {
    const m = await payable();
    for (let i = 0; i < MAX - 1; i++) expect((await changeTx(m, `wrong-trade-${i}`)).envelope).toEqual(TX_WRONG);
    expect((await withdraw(m, m.transactionPassword)).envelope.statusCode).toBe(200);
    for (let i = 0; i < MAX - 1; i++) expect((await withdraw(m, `wrong-trade-${i}`)).envelope).toEqual(TX_WRONG);
    // a right one that changes nothing (the new one breaks a rule) resets it as well
    expect((await changeTx(m, m.transactionPassword, m.transactionPassword)).envelope.message).toBe(
      "new_transaction_password_same_as_old",
    );
    for (let i = 0; i < MAX - 1; i++) expect((await changeTx(m, `wrong-trade-${i}`)).envelope).toEqual(TX_WRONG);
    expect((await changeTx(m, m.transactionPassword)).envelope.statusCode).toBe(200);
  });

  it("locks one member only", async () => {
    const [m, other] = await Promise.all([payable(), payable()]);
    for (let i = 0; i < MAX; i++) await withdraw(m, `wrong-trade-${i}`);
    expect((await withdraw(m, m.transactionPassword)).envelope).toEqual(TX_LOCKED);
    expect((await withdraw(other, other.transactionPassword)).envelope.statusCode).toBe(200);
    await advance(LOCK);
  });
});

describe("the old password of a login-password change", () => {
  it("locks changes at the fifth wrong one, refusing even the right one; sign-in is not affected", async () => {
    const m = await platform.signupMember(SITE);
    for (let i = 0; i < MAX; i++) expect((await changePassword(m, `wrong-login-${i}`)).envelope).toEqual(OLD_WRONG);
    const locked = await changePassword(m, m.password);
    expect(locked.status).toBe(429);
    expect(locked.envelope).toEqual(OLD_LOCKED);
    // the sessions stay, sign-in goes on, and the transaction password is a count of its own
    expect((await memberCall(platform, m, "playerInfo")).status).toBe(200);
    const signin = await platform.call("signin", { body: { siteId: SITE, account: m.account, password: m.password } });
    expect(signin.envelope.statusCode).toBe(200);
    expect((await changeTx(m, m.transactionPassword)).envelope.statusCode).toBe(200);

    await advance(LOCK - 1);
    expect((await changePassword(m, m.password)).envelope).toEqual(OLD_LOCKED);
    await advance(1);
    expect((await changePassword(m, m.password)).envelope.statusCode).toBe(200);
  });

  it("counts a wrong old password before any rule of the new one is looked at", async () => {
    const m = await platform.signupMember(SITE);
    // the new password breaks a rule, but the old one is wrong: that is the answer, and it counts
    for (let i = 0; i < MAX; i++)
      expect((await changePassword(m, `wrong-login-${i}`, m.account)).envelope).toEqual(OLD_WRONG);
    expect((await changePassword(m, m.password)).envelope).toEqual(OLD_LOCKED);
    await advance(LOCK);
  });
});

describe("the audit log", () => {
  it("records each wrong password with the call and the address, and the lock once", async () => {
    const m = await payable();
    for (let i = 0; i < MAX + 2; i++) await withdraw(m, `wrong-trade-${i}`);
    await changePassword(m, "wrong-login");
    const entries = await eventually(async () => {
      const { envelope } = await platform.operator("operatorAudit", {
        params: { siteId: SITE },
        query: { account: m.account, pageSize: 100 } as never,
      });
      const items = envelope.data!.items.filter((e) => e.type.startsWith("password_check"));
      return items.length === MAX + 2 ? items : null;
    });
    const failed = entries.filter((e) => e.type === "password_check_failed");
    const locks = entries.filter((e) => e.type === "password_check_locked");
    // refusals during the lock are not logged one by one
    expect(failed.filter((e) => e.details.secret === "transaction_password")).toHaveLength(MAX);
    expect(failed.find((e) => e.details.secret === "transaction_password")).toMatchObject<Partial<AuditEntry>>({
      actor: "member",
      account: m.account,
      address: ADDRESS,
      details: { secret: "transaction_password", call: "withdraw" },
    });
    expect(failed.filter((e) => e.details.secret === "password")).toEqual([
      expect.objectContaining({ details: { secret: "password", call: "changePassword" } }),
    ]);
    expect(locks).toEqual([
      expect.objectContaining({
        actor: "system",
        details: { secret: "transaction_password", until: expect.any(String) },
      }),
    ]);
    await advance(LOCK);
  });
});
