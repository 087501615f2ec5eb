import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { signupBody, type Platform, type TestMember } from "../helpers/platform";
import { sharedPlatform } from "../helpers/shared";
import { bindBank, expectSoundLedger, fund, memberCall, MONEY_SITE, wallets } from "./money-helpers";

/**
 * The short sign-up (server/platform/README.md, "Sign-up"): account and password only; the real
 * name, the mobile and the transaction password are asked when a withdrawal first needs them, and
 * the platform refuses a withdrawal without them.
 */

const SITE = "short-signup";
const OPEN_SITE = "short-signup-open"; // no transaction password required
let platform: Platform;
const members = new Set<TestMember>();

beforeAll(async () => {
  platform = await sharedPlatform();
  await platform.seedSite(SITE, { ...MONEY_SITE, bankAutoReview: true });
  await platform.seedSite(OPEN_SITE, { ...MONEY_SITE, bankAutoReview: true, transactionPasswordRequired: false });
});
afterEach(async () => {
  await expectSoundLedger(platform, members);
});
afterAll(() => platform.dispose());

/** A member signed up with account and password only, then signed in. */
async function shortMember(siteId = SITE): Promise<TestMember> {
  const { account, password } = signupBody(siteId);
  const signup = await platform.call("signup", { body: { siteId, account, password } });
  expect(signup.envelope).toEqual({ statusCode: 200, message: "ok", data: null });
  const signin = await platform.call("signin", { body: { siteId, account, password } });
  expect(signin.envelope.statusCode).toBe(200);
  const member = {
    siteId,
    account,
    password,
    transactionPassword: "",
    realName: "",
    areaCode: "",
    mobile: "",
    token: signin.envelope.data!.token,
  };
  members.add(member);
  return member;
}

const withdraw = (m: TestMember, transactionPassword?: string) =>
  memberCall(platform, m, "withdraw", { body: { amount: 2_000, transactionPassword } });

describe("sign-up with account and password only", () => {
  it("creates a member whose real name, mobile and transaction password are empty until given", async () => {
    const m = await shortMember();
    const info = (await memberCall(platform, m, "playerInfo")).envelope.data!;
    expect(info).toMatchObject({ realName: "", areaCode: "", mobile: "", hasTransactionPassword: false });
  });

  it("lets many members without a mobile sign up on one site, and each claim a number later", async () => {
    const [a, b] = [await shortMember(), await shortMember()];
    const { mobile } = signupBody(SITE);
    const claimed = await memberCall(platform, a, "updatePlayerInfo", { body: { areaCode: "+886", mobile } });
    expect(claimed.envelope.statusCode).toBe(200);
    // the number is a's now: b is refused it, as at a full sign-up
    const taken = await memberCall(platform, b, "updatePlayerInfo", { body: { areaCode: "+886", mobile } });
    expect(taken.envelope).toEqual({ statusCode: 400, message: "mobile_registered" });
  });

  it("refuses a mobile without its area code, and an area code without a mobile", async () => {
    const { account, password, mobile } = signupBody(SITE);
    const noArea = await platform.call("signup", { body: { siteId: SITE, account, password, mobile } });
    expect(noArea.envelope).toEqual({ statusCode: 400, message: "update_area_code_first" });
    const noMobile = await platform.call("signup", { body: { siteId: SITE, account, password, areaCode: "+886" } });
    expect(noMobile.envelope).toEqual({ statusCode: 400, message: "update_mobile_first" });
  });
});

describe("a withdrawal asks for what sign-up left out", () => {
  it("refuses the real name, then the mobile, then the transaction password, and pays once all are given", async () => {
    const m = await shortMember();
    await fund(platform, m, 10_000);
    await bindBank(platform, m);

    expect((await withdraw(m, "anything-1")).envelope).toEqual({ statusCode: 400, message: "update_real_name_first" });
    expect(
      (await memberCall(platform, m, "updatePlayerInfo", { body: { realName: "Ada Lovelace" } })).envelope.statusCode,
    ).toBe(200);

    expect((await withdraw(m, "anything-1")).envelope).toEqual({ statusCode: 400, message: "update_mobile_first" });
    const { mobile } = signupBody(SITE);
    const phone = await memberCall(platform, m, "updatePlayerInfo", { body: { areaCode: "+886", mobile } });
    expect(phone.envelope.statusCode).toBe(200);

    // none set: "required", not a wrong password counted against the member
    expect((await withdraw(m, "anything-1")).envelope).toEqual({
      statusCode: 400,
      message: "transaction_password_required",
    });
    const set = await memberCall(platform, m, "changeTransactionPassword", {
      body: { newTransactionPassword: "trade-pass-9" },
    });
    expect(set.envelope.statusCode).toBe(200);

    const paid = await withdraw(m, "trade-pass-9");
    expect(paid.envelope.statusCode, paid.envelope.message).toBe(200);
    expect((await wallets(platform, m)).main.onHold).toBeGreaterThan(0);
  });

  it("needs no transaction password on a site that does not require one", async () => {
    const m = await shortMember(OPEN_SITE);
    await fund(platform, m, 10_000);
    await bindBank(platform, m);
    const { mobile } = signupBody(OPEN_SITE);
    const info = await memberCall(platform, m, "updatePlayerInfo", {
      body: { realName: "Ada Lovelace", areaCode: "+886", mobile },
    });
    expect(info.envelope.statusCode).toBe(200);
    const paid = await withdraw(m);
    expect(paid.envelope.statusCode, paid.envelope.message).toBe(200);
  });
});
