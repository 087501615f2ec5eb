import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlatform, unique, type Platform, type TestMember } from "../helpers/platform";
import { CLOCK_ENTRY, lastCode, sendCode, sentResetCode, setClock, verifyCode, wrongCode } from "./center-helpers";
import { memberCall } from "./money-helpers";

const SITE = "sms-site";
const SECOND = 1000;
const MINUTE = 60 * SECOND;
let platform: Platform;
/** The platform's clock, moved only forward: sessions and codes are stamped with it. */
let now = Date.UTC(2031, 0, 15, 8, 0, 0);
const advance = async (ms: number) => {
  now += ms;
  await setClock(platform, now);
};

beforeAll(async () => {
  platform = await createPlatform({ wrapEntry: CLOCK_ENTRY });
  await setClock(platform, now);
  await platform.seedSite(SITE, { title: "SMS Test Site" });
});
afterAll(() => platform.dispose());

/** Sends a code and reads it back from the log provider, as an operator would. */
async function sendAndRead(m: TestMember): Promise<string> {
  const sent = await sendCode(platform, m);
  expect(sent.envelope.statusCode, sent.envelope.message).toBe(200);
  const entry = await lastCode(platform, SITE, m.mobile);
  expect(entry).toMatchObject({ purpose: "verify_mobile", account: m.account });
  return entry!.code;
}

describe("smsSend", () => {
  it("sends a 6-digit code to the member's number, valid 10 minutes, and says when the next may be sent", async () => {
    const m = await platform.signupMember(SITE);
    const { envelope } = await sendCode(platform, m);
    expect(envelope.statusCode).toBe(200);
    const sentAt = Date.parse(envelope.data!.expiresAt) - 10 * MINUTE;
    expect(Math.abs(sentAt - now)).toBeLessThan(5 * SECOND);
    expect(Date.parse(envelope.data!.resendAt) - sentAt).toBe(MINUTE);
    expect(envelope.data!.remainingToday).toBe(4);
    const entry = await lastCode(platform, SITE, m.mobile);
    expect(entry!.code).toMatch(/^\d{6}$/);
    expect(entry!.to).toBe(`+886${m.mobile.slice(1)}`);
  });

  it("refuses a resend at the 59th second with sms_too_frequent and accepts it at the 61st", async () => {
    const m = await platform.signupMember(SITE);
    expect((await sendCode(platform, m)).envelope.statusCode).toBe(200);
    await advance(59 * SECOND);
    expect((await sendCode(platform, m)).envelope).toEqual({ statusCode: 400, message: "sms_too_frequent" });
    await advance(2 * SECOND);
    expect((await sendCode(platform, m)).envelope.statusCode).toBe(200);
  });

  it("refuses the sixth code of a UTC day with sms_send_limit_reached, and sends again the next day", async () => {
    const m = await platform.signupMember(SITE);
    for (let i = 0; i < 5; i++) {
      const { envelope } = await sendCode(platform, m);
      expect(envelope.statusCode, `send ${i + 1}`).toBe(200);
      expect(envelope.data!.remainingToday).toBe(4 - i);
      await advance(61 * SECOND);
    }
    expect((await sendCode(platform, m)).envelope).toEqual({ statusCode: 400, message: "sms_send_limit_reached" });
    await advance(24 * 60 * MINUTE);
    expect((await sendCode(platform, m)).envelope.statusCode).toBe(200);
  });

  it("refuses a member without a live session with 402", async () => {
    const m = await platform.signupMember(SITE);
    await platform.call("signout", { token: m.token, siteId: SITE });
    expect((await sendCode(platform, m)).status).toBe(402);
  });

  it("answers a retry with the same Idempotency-Key with the first answer, sending no second text", async () => {
    const m = await platform.signupMember(SITE);
    const send = (key: string) => memberCall(platform, m, "smsSend", { body: { purpose: "verify_mobile" }, key });
    const first = await send("sms-retry-key-1");
    expect(first.envelope.statusCode).toBe(200);
    const code = (await lastCode(platform, SITE, m.mobile))!.code;
    await advance(10 * SECOND);
    // a retry after a lost answer: not sms_too_frequent, and the code that left stays the one
    expect((await send("sms-retry-key-1")).envelope).toEqual(first.envelope);
    const log = await platform.operator("operatorSmsLog", { params: { siteId: SITE }, query: { mobile: m.mobile } });
    expect(log.envelope.data!.map((e) => e.code)).toEqual([code]);
    // another key is another request, under the usual limits
    expect((await send("sms-retry-key-2")).envelope).toEqual({ statusCode: 400, message: "sms_too_frequent" });
    expect((await verifyCode(platform, m, code)).envelope.statusCode).toBe(200);
  });
});

describe("smsVerify", () => {
  it("verifies the mobile with the right code and returns the member's info", async () => {
    const m = await platform.signupMember(SITE);
    const code = await sendAndRead(m);
    const { envelope } = await verifyCode(platform, m, code);
    expect(envelope.statusCode).toBe(200);
    expect(envelope.data).toMatchObject({ account: m.account, mobile: m.mobile, mobileVerified: true });
  });

  it("answers wrong_verification_code for a wrong code, and the right one still works after it", async () => {
    const m = await platform.signupMember(SITE);
    const code = await sendAndRead(m);
    expect((await verifyCode(platform, m, wrongCode(code))).envelope).toEqual({
      statusCode: 400,
      message: "wrong_verification_code",
    });
    expect((await verifyCode(platform, m, code)).envelope.statusCode).toBe(200);
  });

  it("refuses a code used twice with otp_error", async () => {
    const m = await platform.signupMember(SITE);
    const code = await sendAndRead(m);
    expect((await verifyCode(platform, m, code)).envelope.statusCode).toBe(200);
    expect((await verifyCode(platform, m, code)).envelope).toEqual({ statusCode: 400, message: "otp_error" });
  });

  it("refuses a code after 10 minutes with otp_error, and accepts it just before", async () => {
    const early = await platform.signupMember(SITE);
    const late = await platform.signupMember(SITE);
    const earlyCode = await sendAndRead(early);
    const lateCode = await sendAndRead(late);
    await advance(9 * MINUTE + 50 * SECOND);
    expect((await verifyCode(platform, early, earlyCode)).envelope.statusCode).toBe(200);
    await advance(11 * SECOND);
    expect((await verifyCode(platform, late, lateCode)).envelope).toEqual({ statusCode: 400, message: "otp_error" });
  });

  it("kills a code after 5 wrong attempts: even the right one then gets otp_error", async () => {
    const m = await platform.signupMember(SITE);
    const code = await sendAndRead(m);
    for (let i = 0; i < 5; i++) {
      expect((await verifyCode(platform, m, wrongCode(code))).envelope.message, `attempt ${i + 1}`).toBe(
        "wrong_verification_code",
      );
    }
    expect((await verifyCode(platform, m, code)).envelope).toEqual({ statusCode: 400, message: "otp_error" });
    const info = await memberCall(platform, m, "playerInfo", { key: null });
    expect(info.envelope.data!.mobileVerified).toBe(false);
  });

  it("accepts only the newest code: a new code replaces the one before", async () => {
    const m = await platform.signupMember(SITE);
    const first = await sendAndRead(m);
    await advance(61 * SECOND);
    const second = await sendAndRead(m);
    if (first !== second) {
      expect((await verifyCode(platform, m, first)).envelope.message).toBe("wrong_verification_code");
    }
    expect((await verifyCode(platform, m, second)).envelope.statusCode).toBe(200);
  });

  it("binds a code to its member: another member's code is a wrong code", async () => {
    const a = await platform.signupMember(SITE);
    const b = await platform.signupMember(SITE);
    const codeOfA = await sendAndRead(a);
    await sendAndRead(b);
    const { envelope } = await verifyCode(platform, b, codeOfA);
    // one chance in a million that the two codes are equal
    if (envelope.statusCode !== 200) expect(envelope.message).toBe("wrong_verification_code");
  });

  it("answers wrong_verification_code when no code was ever sent", async () => {
    const m = await platform.signupMember(SITE);
    expect((await verifyCode(platform, m, "123456")).envelope).toEqual({
      statusCode: 400,
      message: "wrong_verification_code",
    });
  });

  it("un-verifies a changed mobile, and a code sent to the old number cannot verify the new one", async () => {
    const m = await platform.signupMember(SITE);
    expect((await verifyCode(platform, m, await sendAndRead(m))).envelope.data!.mobileVerified).toBe(true);
    await advance(61 * SECOND);
    const oldNumberCode = await sendAndRead(m);
    const changed = await memberCall(platform, m, "updatePlayerInfo", { body: { mobile: unique().mobile }, key: null });
    expect(changed.envelope.data!.mobileVerified).toBe(false);
    expect((await verifyCode(platform, m, oldNumberCode)).envelope).toEqual({ statusCode: 400, message: "otp_error" });
  });
});

describe("forgotten password", () => {
  const forgotSend = (m: Pick<TestMember, "account" | "areaCode" | "mobile">) =>
    platform.call("forgotSend", { body: { siteId: SITE, account: m.account, areaCode: m.areaCode, mobile: m.mobile } });
  /** A reset request; a fresh Idempotency-Key unless `key` says which attempt it is. */
  const forgotReset = (account: string, code: string, newPassword: string, key: string = randomUUID()) =>
    platform.call("forgotReset", {
      body: { siteId: SITE, account, code, newPassword },
      headers: { "Idempotency-Key": key },
    });

  it("sends a reset code when account and mobile match; the code sets a new password and ends every session", async () => {
    const m = await platform.signupMember(SITE);
    expect((await forgotSend(m)).envelope).toEqual({ statusCode: 200, message: "ok", data: null });
    const entry = await sentResetCode(platform, SITE, m.mobile);
    expect(entry).toMatchObject({ purpose: "reset_password", account: m.account });
    expect((await forgotReset(m.account, wrongCode(entry!.code), "reset-pass-1")).envelope).toEqual({
      statusCode: 400,
      message: "wrong_verification_code",
    });
    expect((await forgotReset(m.account, entry!.code, "reset-pass-1")).envelope).toEqual({
      statusCode: 200,
      message: "ok",
      data: null,
    });
    expect((await platform.call("playerInfo", { token: m.token, siteId: SITE })).status).toBe(402);
    const signin = (password: string) =>
      platform.call("signin", { body: { siteId: SITE, account: m.account, password } });
    expect((await signin(m.password)).envelope.message).toBe("wrong_account_or_password");
    expect((await signin("reset-pass-1")).envelope.statusCode).toBe(200);
    expect((await forgotReset(m.account, entry!.code, "reset-pass-2")).envelope).toEqual({
      statusCode: 400,
      message: "otp_error",
    });
  });

  it("answers a retry with the same Idempotency-Key with the first answer, where the used code would answer otp_error", async () => {
    const m = await platform.signupMember(SITE);
    await forgotSend(m);
    const { code } = await sentResetCode(platform, SITE, m.mobile);
    const key = randomUUID();
    const first = await forgotReset(m.account, code, "reset-pass-3", key);
    expect(first.envelope).toEqual({ statusCode: 200, message: "ok", data: null });
    expect((await forgotReset(m.account, code, "reset-pass-3", key)).envelope).toEqual(first.envelope);
    // the retry changed nothing more: the first password holds, and the same key with another code is another request
    expect(
      (await platform.call("signin", { body: { siteId: SITE, account: m.account, password: "reset-pass-3" } })).envelope
        .statusCode,
    ).toBe(200);
    expect((await forgotReset(m.account, wrongCode(code), "reset-pass-3", key)).envelope).toEqual({
      statusCode: 400,
      message: "idempotency_conflict",
    });
  });

  it("answers 200 and sends nothing when the mobile is not the account's", async () => {
    const m = await platform.signupMember(SITE);
    const stranger = unique().mobile;
    expect((await forgotSend({ ...m, mobile: stranger })).envelope).toEqual({
      statusCode: 200,
      message: "ok",
      data: null,
    });
    expect((await forgotSend({ ...m, account: "no-such-account" })).envelope.statusCode).toBe(200);
    expect(await lastCode(platform, SITE, stranger)).toBeUndefined();
    expect(await lastCode(platform, SITE, m.mobile)).toBeUndefined();
  });

  it("limits requests per number whether or not it matches, so the answer reveals nothing", async () => {
    const m = await platform.signupMember(SITE);
    const stranger = { account: "no-such-account", areaCode: "+886", mobile: unique().mobile };
    expect((await forgotSend(m)).envelope.statusCode).toBe(200);
    expect((await forgotSend(stranger)).envelope.statusCode).toBe(200);
    await advance(30 * SECOND);
    expect((await forgotSend(m)).envelope).toEqual({ statusCode: 400, message: "sms_too_frequent" });
    expect((await forgotSend(stranger)).envelope).toEqual({ statusCode: 400, message: "sms_too_frequent" });
    await advance(31 * SECOND);
    expect((await forgotSend(m)).envelope.statusCode).toBe(200);
    expect((await forgotSend(stranger)).envelope.statusCode).toBe(200);
  });

  it("answers wrong_verification_code for an unknown account, as for a wrong code", async () => {
    expect((await forgotReset("no-such-account", "123456", "reset-pass-1")).envelope).toEqual({
      statusCode: 400,
      message: "wrong_verification_code",
    });
  });

  it("refuses a reset code after 10 minutes with otp_error", async () => {
    const m = await platform.signupMember(SITE);
    await forgotSend(m);
    const entry = await sentResetCode(platform, SITE, m.mobile);
    await advance(10 * MINUTE + SECOND);
    expect((await forgotReset(m.account, entry!.code, "reset-pass-1")).envelope).toEqual({
      statusCode: 400,
      message: "otp_error",
    });
    expect((await platform.call("playerInfo", { token: m.token, siteId: SITE })).status).toBe(200);
  });

  it("does not take a mobile-verification code as a reset code", async () => {
    const m = await platform.signupMember(SITE);
    const code = await sendAndRead(m);
    expect((await forgotReset(m.account, code, "reset-pass-1")).envelope).toEqual({
      statusCode: 400,
      message: "wrong_verification_code",
    });
  });

  it("refuses the account name as the new password, and a site no operator created", async () => {
    const m = await platform.signupMember(SITE);
    expect((await forgotReset(m.account, "123456", m.account)).envelope).toEqual({
      statusCode: 400,
      message: "password_equals_account",
    });
    const none = await platform.call("forgotSend", {
      body: { siteId: "sms-none", account: m.account, areaCode: "+886", mobile: m.mobile },
    });
    expect(none.envelope).toEqual({ statusCode: 400, message: "invalid_site" });
  });
});

describe("operatorSmsLog", () => {
  it("lists what the log provider sent, newest first, filtered by national or international number", async () => {
    const a = await platform.signupMember(SITE);
    const b = await platform.signupMember(SITE);
    await sendAndRead(a);
    await sendAndRead(b);
    const all = (await platform.operator("operatorSmsLog", { params: { siteId: SITE }, query: {} })).envelope.data!;
    expect(all[0]!.account).toBe(b.account);
    expect(all[1]!.account).toBe(a.account);
    const byIntl = await platform.operator("operatorSmsLog", {
      params: { siteId: SITE },
      query: { mobile: `+886${a.mobile.slice(1)}` },
    });
    expect(byIntl.envelope.data!.map((e) => e.account)).toEqual([a.account]);
    const other = await platform.operator("operatorSmsLog", { params: { siteId: "sms-other" }, query: {} });
    expect(other.envelope.data).toEqual([]);
  });
});
