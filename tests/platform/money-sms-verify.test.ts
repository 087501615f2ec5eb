import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Platform, TestMember } from "../helpers/platform";
import { sharedPlatform } from "../helpers/shared";
import { lastCode, sendCode, verifyCode } from "./center-helpers";
import { bindBank, DEMO_OPTION, expectSoundLedger, fund, memberCall, MONEY_SITE, wallets } from "./money-helpers";

/** smsVerify (server/contract/README.md, "Site info"): a site that has it pays withdrawals only to a verified mobile. */

const SMS_SITE = "money-sms";
const PLAIN_SITE = "money-plain";
const SITE = { ...MONEY_SITE, depositOptions: [DEMO_OPTION], bankAutoReview: true };
let platform: Platform;
const members = new Set<TestMember>();
beforeAll(async () => {
  platform = await sharedPlatform();
  await platform.seedSite(SMS_SITE, { ...SITE, smsVerify: true });
  await platform.seedSite(PLAIN_SITE, { ...SITE, smsVerify: false });
});
afterEach(async () => {
  await expectSoundLedger(platform, members);
});
afterAll(() => platform.dispose());

async function readyMember(site: string): Promise<TestMember> {
  const m = await platform.signupMember(site);
  members.add(m);
  await fund(platform, m, 10_000);
  await bindBank(platform, m);
  return m;
}
const withdraw = (m: TestMember, amount: number) =>
  memberCall(platform, m, "withdraw", { body: { amount, transactionPassword: m.transactionPassword } });

describe("withdraw and smsVerify", () => {
  it("answers verify_mobile_first on an smsVerify site, holding nothing, and pays once the mobile is verified", async () => {
    const m = await readyMember(SMS_SITE);
    expect((await withdraw(m, 2_000)).envelope).toEqual({ statusCode: 400, message: "verify_mobile_first" });
    expect((await wallets(platform, m)).main).toMatchObject({ balance: 10_000, onHold: 0 });
    expect((await sendCode(platform, m)).envelope.statusCode).toBe(200);
    const sent = await lastCode(platform, SMS_SITE, m.mobile);
    expect((await verifyCode(platform, m, sent!.code)).envelope.statusCode).toBe(200);
    expect((await withdraw(m, 2_000)).envelope.data).toMatchObject({ amount: 2_000, status: "pending" });
  });

  it("asks nothing of the mobile where the site has smsVerify off", async () => {
    const m = await readyMember(PLAIN_SITE);
    expect((await withdraw(m, 2_000)).envelope.data).toMatchObject({ amount: 2_000, status: "pending" });
  });
});
