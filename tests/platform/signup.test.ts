import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signupBody, type Platform } from "../helpers/platform";
import { sharedPlatform } from "../helpers/shared";

let platform: Platform;
beforeAll(async () => {
  platform = await sharedPlatform();
  await platform.seedSite("signup-a", { localsOptions: ["+886", "+81", "+852", "+65"] });
  await platform.seedSite("signup-b", { localsOptions: ["+886"] });
});
afterAll(() => platform.dispose());

const signup = (body: ReturnType<typeof signupBody>) => platform.call("signup", { body });

describe("signup", () => {
  it("creates a member who can then sign in", async () => {
    const body = signupBody("signup-a");
    const { status, envelope } = await signup(body);
    expect(status).toBe(200);
    expect(envelope).toEqual({ statusCode: 200, message: "ok", data: null });
    const signin = await platform.call("signin", {
      body: { siteId: "signup-a", account: body.account, password: body.password },
    });
    expect(signin.envelope.statusCode).toBe(200);
  });

  it("records the profile, a fresh invite code and the referral code given", async () => {
    // a Japanese number as a member types it: stored as its national digits
    const fresh = signupBody("signup-a").mobile.slice(2);
    const japanese = `090-${fresh.slice(0, 4)}-${fresh.slice(4)}`;
    const body = signupBody("signup-a", {
      realName: "Ada Lovelace",
      areaCode: "+81",
      mobile: japanese,
      referralCode: "FRIEND42",
    });
    expect((await signup(body)).envelope.statusCode).toBe(200);
    const { token } = (
      await platform.call("signin", { body: { siteId: "signup-a", account: body.account, password: body.password } })
    ).envelope.data!;
    const info = (await platform.call("playerInfo", { token, siteId: "signup-a" })).envelope.data!;
    expect(info).toMatchObject({
      account: body.account,
      realName: "Ada Lovelace",
      areaCode: "+81",
      mobile: `090${fresh}`,
      mobileVerified: false,
      email: "",
      referralCode: "FRIEND42",
      hasTransactionPassword: true,
      currency: "USD",
    });
    expect(info.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
  });

  it("answers invalid_site for a site no operator created", async () => {
    const { envelope } = await signup(signupBody("signup-none"));
    expect(envelope).toEqual({ statusCode: 400, message: "invalid_site" });
  });

  it("answers account_exists for an account taken on the same site, whatever its letter case", async () => {
    const first = signupBody("signup-a");
    await signup(first);
    const again = await signup(signupBody("signup-a", { account: first.account.toUpperCase() }));
    expect(again.envelope).toEqual({ statusCode: 400, message: "account_exists" });
  });

  it("lets another site use the same account and mobile: uniqueness is per site", async () => {
    const body = signupBody("signup-a");
    await signup(body);
    expect((await signup({ ...body, siteId: "signup-b" })).envelope.statusCode).toBe(200);
  });

  it("answers mobile_registered for an area code and mobile taken on the same site", async () => {
    const first = signupBody("signup-a");
    await signup(first);
    const again = await signup(signupBody("signup-a", { mobile: first.mobile }));
    expect(again.envelope).toEqual({ statusCode: 400, message: "mobile_registered" });
  });

  it("accepts the same mobile under another area code", async () => {
    // 9 and seven digits: a mobile number in Hong Kong and in Singapore alike
    const same = `9${signupBody("signup-a").mobile.slice(-7)}`;
    const first = signupBody("signup-a", { areaCode: "+852", mobile: same });
    expect((await signup(first)).envelope.statusCode).toBe(200);
    const other = await signup(signupBody("signup-a", { areaCode: "+65", mobile: same }));
    expect(other.envelope.statusCode).toBe(200);
  });

  it("answers invalid_area_code for an area code the site does not offer, creating nothing", async () => {
    const body = signupBody("signup-a", { areaCode: "+1", mobile: "(415) 555-0123" });
    expect((await signup(body)).envelope).toEqual({ statusCode: 400, message: "invalid_area_code" });
    expect((await signup({ ...body, areaCode: "+44" })).envelope).toEqual({
      statusCode: 400,
      message: "invalid_area_code",
    });
    body.mobile = signupBody("signup-a").mobile;
    expect((await signup({ ...body, areaCode: "+886" })).envelope.statusCode).toBe(200);
  });

  it("refuses a password equal to the account with password_equals_account", async () => {
    const body = signupBody("signup-a");
    const { envelope } = await signup({ ...body, password: body.account });
    expect(envelope).toEqual({ statusCode: 400, message: "password_equals_account" });
  });

  it("refuses a transaction password equal to the password or to the account, each with its own code", async () => {
    const body = signupBody("signup-a");
    expect((await signup({ ...body, transactionPassword: body.password })).envelope.message).toBe(
      "transaction_password_equals_login",
    );
    expect((await signup({ ...body, transactionPassword: body.account })).envelope.message).toBe(
      "transaction_password_equals_account",
    );
    expect((await signup(body)).envelope.statusCode).toBe(200);
  });

  it("refuses a mobile that is not 09 and 8 digits, a short account and a short password", async () => {
    for (const override of [
      { mobile: "0812345678" },
      { mobile: "091234567" },
      { mobile: "912345678" },
      // a Taiwanese number under Japan's area code, and a Japanese one under Taiwan's
      { areaCode: "+81", mobile: "0912345678" },
      { mobile: "09012345678" },
      { account: "abc" },
      { password: "abc" },
    ]) {
      const { envelope } = await signup(signupBody("signup-a", override));
      expect(envelope, JSON.stringify(override)).toEqual({ statusCode: 400, message: "invalid_parameters" });
    }
  });
});
