import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshMember, registerFields, Visitor, type Stack } from "../helpers/site";
import { sharedStack } from "../helpers/shared";
import { eventually } from "../platform/money-helpers";

let stack: Stack;
beforeAll(async () => {
  stack = await sharedStack();
});
afterAll(() => stack?.dispose());

type Member = ReturnType<typeof freshMember>;

async function member(origin = "http://localhost"): Promise<{ visitor: Visitor; m: Member }> {
  const m = freshMember();
  const visitor = new Visitor(stack, origin);
  const response = await visitor.post("/register", registerFields(m));
  expect(response.status).toBe(302);
  return { visitor, m };
}

/** The newest code the log SMS provider sent to a mobile for a purpose. */
async function smsCode(siteId: string, mobile: string, purpose: "verify_mobile" | "reset_password"): Promise<string> {
  // a reset code is sent just after the forgotten-password answer: it is waited for
  const entry = await eventually(async () => {
    const { envelope } = await stack.platform.operator("operatorSmsLog", { params: { siteId }, query: { mobile } });
    expect(envelope.statusCode).toBe(200);
    return envelope.data!.find((e) => e.purpose === purpose);
  }).catch(() => undefined);
  expect(entry, `a ${purpose} code for ${mobile}`).toBeDefined();
  return entry!.code;
}

async function smsCount(siteId: string, mobile: string): Promise<number> {
  const { envelope } = await stack.platform.operator("operatorSmsLog", { params: { siteId }, query: { mobile } });
  return envelope.data?.length ?? 0;
}

/** The idempotency key the form on `path` was rendered with (a fresh one per render). */
async function formKey(visitor: Visitor, path: string): Promise<string> {
  const key = /name="idempotencyKey" value="([^"]+)"/.exec(await (await visitor.get(path)).text())?.[1];
  expect(key, `an idempotency key on ${path}`).toBeDefined();
  return key!;
}

/** A 6-digit code that is certainly not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

async function expectSignIn(account: string, password: string, ok: boolean) {
  const response = await new Visitor(stack).signIn(account, password);
  expect(response.status, `${account} / ${password}`).toBe(ok ? 302 : 400);
}

describe("/user/info", () => {
  it("saves a changed name and email, then refuses the unchanged form with 'no update'", async () => {
    const { visitor, m } = await member();
    const form = { realName: "Renamed Member", email: "renamed@example.com", areaCode: m.areaCode, mobile: m.mobile };
    const saved = await visitor.post("/user/info", form);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/user/info");
    const page = (await visitor.follow("/user/info")).html;
    expect(page).toContain("Your information was updated.");
    expect(page).toContain('value="Renamed Member"');
    expect(page).toContain('value="renamed@example.com"');
    expect(page).toContain(m.account);

    const again = await visitor.post("/user/info", form);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("Nothing was changed.");
  });

  it("refuses a mobile number that does not start with 09 and have 10 digits", async () => {
    const { visitor, m } = await member();
    const response = await visitor.post("/user/info", {
      realName: m.realName,
      areaCode: m.areaCode,
      mobile: "0812345678",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The mobile number must start with 09 and have 10 digits.");
  });

  it("shows the mobile as not verified, with a link to SMS verification", async () => {
    const { visitor } = await member();
    const page = (await visitor.follow("/user/info")).html;
    expect(page).toMatch(/data-testid="mobile-verified"[^>]*>Not verified/);
    expect(page).toContain('href="/user/smsVerify"');
  });
});

describe("/user/setting: login password", () => {
  it("ends the session on change; the new password signs in and the old one does not", async () => {
    const { visitor, m } = await member();
    const copied = new Visitor(stack);
    for (const [k, v] of visitor.cookies) copied.cookies.set(k, v);
    const newPassword = "brand-new-pass-3";

    const response = await visitor.post("/user/setting", {
      intent: "password",
      oldPassword: m.password,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login");
    const login = (await visitor.follow("/login")).html;
    expect(login).toContain("Password updated. Please sign in with your new password.");
    // the toast lasts 1000 ms (app/README.md, "Messages and toasts"); the toast component gets it from the root loader's data
    expect(login).toMatch(/"durationMs":1000/);

    expect((await visitor.get("/user")).headers.get("location")).toBe("/login");
    // the platform ended every session, so a copy of the old cookie is refused as well
    expect((await copied.get("/user")).headers.get("location")).toBe("/login");
    await expectSignIn(m.account, newPassword, true);
    await expectSignIn(m.account, m.password, false);
  });

  it("shows 'password update failed' and the translated reason for a wrong old password, and keeps the session", async () => {
    const { visitor, m } = await member();
    const response = await visitor.post("/user/setting", {
      intent: "password",
      oldPassword: "not-my-password",
      newPassword: "brand-new-pass-3",
      confirmPassword: "brand-new-pass-3",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Password update failed");
    expect(html).toContain("The old password is wrong.");
    expect(html).not.toContain("not-my-password");
    expect((await visitor.get("/user/setting")).status).toBe(200);
    await expectSignIn(m.account, m.password, true);
  });

  it.each<[string, (m: Member) => [string, string], string]>([
    [
      "the same as the old one",
      (m) => [m.password, m.password],
      "The new password must be different from the old one.",
    ],
    ["the account", (m) => [m.account, m.account], "The login password must not be the same as the account."],
    [
      "unconfirmed",
      () => ["brand-new-pass-3", "brand-new-pass-4"],
      "The confirmation does not match the login password.",
    ],
    ["3 characters", () => ["abc", "abc"], "The password must be more than 3 characters."],
  ])("refuses a new password that is %s", async (_, pick, message) => {
    const { visitor, m } = await member();
    const [newPassword, confirmPassword] = pick(m);
    const response = await visitor.post("/user/setting", {
      intent: "password",
      oldPassword: m.password,
      newPassword,
      confirmPassword,
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    await expectSignIn(m.account, m.password, true);
  });
});

describe("/user/setting: transaction password", () => {
  const change = async (visitor: Visitor, oldTransactionPassword: string, next: string, confirm = next, key?: string) =>
    visitor.post("/user/setting", {
      intent: "transaction",
      oldTransactionPassword,
      newTransactionPassword: next,
      confirmTransactionPassword: confirm,
      idempotencyKey: key ?? (await formKey(visitor, "/user/setting")),
    });

  it("asks for the old one when the member has one, and changes it", async () => {
    const { visitor, m } = await member();
    const page = (await visitor.follow("/user/setting")).html;
    expect(page).toContain('name="oldTransactionPassword"');

    const changed = await change(visitor, m.transactionPassword, "trade-pass-9");
    expect(changed.status).toBe(302);
    expect(changed.headers.get("location")).toBe("/user/setting");
    const after = (await visitor.follow("/user/setting")).html;
    expect(after).toContain("Transaction password updated.");
    expect(after).toMatch(/"durationMs":1000/);

    // the old one no longer works; the new one does
    const stale = await change(visitor, m.transactionPassword, "trade-pass-10");
    expect(stale.status).toBe(400);
    expect(await stale.text()).toContain("Transaction password update failed");
    expect((await change(visitor, "trade-pass-9", "trade-pass-10")).status).toBe(302);
  });

  it.each([
    [
      "the same as the old one",
      (m: Member) => m.transactionPassword,
      "The new transaction password must be different from the old one.",
    ],
    ["the account", (m: Member) => m.account, "The transaction password must not be the same as the account."],
  ])("refuses a new transaction password that is %s", async (_, pick, message) => {
    const { visitor, m } = await member();
    const response = await change(visitor, m.transactionPassword, pick(m));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
  });

  it("refuses an unconfirmed one, and one without the old one", async () => {
    const { visitor, m } = await member();
    const mismatch = await change(visitor, m.transactionPassword, "trade-pass-9", "trade-pass-8");
    expect(await mismatch.text()).toContain("The confirmation does not match the transaction password.");
    const noOld = await change(visitor, "", "trade-pass-9");
    expect(noOld.status).toBe(400);
    expect(await noOld.text()).toContain("Please enter your current transaction password.");
  });

  it("sends the form's idempotency key: a retry after a lost answer gets the first answer, not 'wrong transaction password'", async () => {
    const { visitor, m } = await member();
    const key = await formKey(visitor, "/user/setting");
    const first = await change(visitor, m.transactionPassword, "trade-pass-9", "trade-pass-9", key);
    expect(first.status).toBe(302);
    const retry = await change(visitor, m.transactionPassword, "trade-pass-9", "trade-pass-9", key);
    expect(retry.status).toBe(302);
    expect(retry.headers.get("location")).toBe("/user/setting");
    // one change: the new one is the password now
    expect((await change(visitor, "trade-pass-9", "trade-pass-10")).status).toBe(302);
  });

  it("hands the form a new idempotency key after a refusal the platform decided: the old one answers it for good", async () => {
    const { visitor, m } = await member();
    const key = await formKey(visitor, "/user/setting");
    const refused = await change(visitor, "not-my-trade-pass", "trade-pass-9", "trade-pass-9", key);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    const next = /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1];
    expect(next).toBeDefined();
    expect(next).not.toBe(key);
    // the old key is bound to its refusal (server/contract/idempotency.ts), even with the right password now
    expect((await change(visitor, m.transactionPassword, "trade-pass-9", "trade-pass-9", key)).status).toBe(400);
    // the corrected form, as the page sends it, goes through
    expect((await change(visitor, m.transactionPassword, "trade-pass-9", "trade-pass-9", next)).status).toBe(302);
  });

  it("leaves the check against the login password to the platform, which refuses it", async () => {
    const { visitor, m } = await member();
    const response = await change(visitor, m.transactionPassword, m.password);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Transaction password update failed");
    expect(html).toContain("The transaction password must not be the same as the login password.");
  });
});

describe("/user/smsVerify", () => {
  it("sends a code, refuses a resend too soon, refuses a wrong code and verifies with the right one", async () => {
    const { visitor, m } = await member();
    const page = (await visitor.follow("/user/smsVerify")).html;
    expect(page).toContain(`${m.mobile.slice(0, 4)}***${m.mobile.slice(-3)}`);
    expect(page).not.toContain(m.mobile);
    expect(page).toMatch(/data-testid="mobile-verified"[^>]*>Not verified/);

    const key = await formKey(visitor, "/user/smsVerify");
    const sent = await visitor.post("/user/smsVerify", { intent: "send", idempotencyKey: key });
    expect(sent.status).toBe(200);
    const sentHtml = await sent.text();
    expect(sentHtml).toContain("Verification code sent.");
    // the wait as seconds to count down (the platform's 60); the server's page keeps the button live
    // (only a script that counts down and enables it again may disable it)
    const wait = /You can ask for a new code in (?:<!-- -->)?(\d+)(?:<!-- -->)? s\./.exec(sentHtml);
    expect(Number(wait?.[1])).toBeGreaterThan(50);
    expect(Number(wait?.[1])).toBeLessThanOrEqual(60);
    expect(sentHtml).toMatch(/<button type="submit" class="button" data-testid="sms-send">Send a new code<\/button>/);
    expect(sentHtml).toMatch(/Codes left today: (<!-- -->)?4/);
    // the answer brings the next send's key: another request
    expect(sentHtml).toMatch(/name="idempotencyKey" value="[^"]+"/);
    expect(sentHtml).not.toContain(`name="idempotencyKey" value="${key}"`);

    // the same key again (a retry after a lost answer): the first answer, and no second text
    const retried = await visitor.post("/user/smsVerify", { intent: "send", idempotencyKey: key });
    expect(retried.status).toBe(200);
    expect(await retried.text()).toMatch(/Codes left today: (<!-- -->)?4/);
    expect(await smsCount("demo", m.mobile)).toBe(1);

    const tooSoon = await visitor.post("/user/smsVerify", {
      intent: "send",
      idempotencyKey: await formKey(visitor, "/user/smsVerify"),
    });
    expect(tooSoon.status).toBe(400);
    expect(await tooSoon.text()).toContain("Codes are being sent too often. Please try again later.");

    const code = await smsCode("demo", m.mobile, "verify_mobile");
    const malformed = await visitor.post("/user/smsVerify", { intent: "verify", code: "12ab" });
    expect(await malformed.text()).toContain("The verification code has 6 digits.");
    const wrong = await visitor.post("/user/smsVerify", { intent: "verify", code: otherThan(code) });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Wrong verification code.");

    const right = await visitor.post("/user/smsVerify", { intent: "verify", code });
    expect(right.status).toBe(302);
    const verified = (await visitor.follow("/user/smsVerify")).html;
    expect(verified).toContain("Your mobile number is verified.");
    expect(verified).toMatch(/data-testid="mobile-verified"[^>]*>Verified/);
    expect((await visitor.follow("/user/info")).html).toMatch(/data-testid="mobile-verified"[^>]*>Verified/);
  });

  it("is for members only", async () => {
    const response = await new Visitor(stack).get("/user/smsVerify");
    expect(response.headers.get("location")).toBe("/login");
  });
});

describe("/forgot-password", () => {
  it("answers alike whether or not the details match, and resets the password with the SMS code", async () => {
    const { m } = await member();
    const visitor = new Visitor(stack);
    expect((await visitor.follow("/forgot-password")).html).toContain("Forgot password");

    // two strangers: the platform limits requests per number, whatever the outcome
    const [stranger, other] = [freshMember(), freshMember()];
    const send = (fields: Record<string, string>) => visitor.post("/forgot-password", { intent: "send", ...fields });
    const reset = `/forgot-password?step=reset&account=${m.account}`;
    const wrongMobile = await send({ account: m.account, areaCode: m.areaCode, mobile: other.mobile });
    const noAccount = await send({ account: stranger.account, areaCode: m.areaCode, mobile: stranger.mobile });
    const matching = await send({ account: m.account, areaCode: m.areaCode, mobile: m.mobile });
    expect([matching, wrongMobile, noAccount].map((r) => r.status)).toEqual([302, 302, 302]);
    expect(matching.headers.get("location")).toBe(reset);
    expect(wrongMobile.headers.get("location")).toBe(reset);
    expect(noAccount.headers.get("location")).toBe(`/forgot-password?step=reset&account=${stranger.account}`);
    expect(await smsCount("demo", other.mobile)).toBe(0);
    expect(await smsCount("demo", stranger.mobile)).toBe(0);

    const step2 = (await visitor.follow(reset)).html;
    expect(step2).toContain("If the details match an account, a code was sent to its mobile number.");
    expect(step2).toContain(`name="account" value="${m.account}"`);

    const code = await smsCode("demo", m.mobile, "reset_password");
    const newPassword = "found-again-5";
    const key = await formKey(visitor, reset);
    const wrong = await visitor.post(reset, {
      intent: "reset",
      account: m.account,
      code: otherThan(code),
      newPassword,
      confirmPassword: newPassword,
      idempotencyKey: key,
    });
    expect(wrong.status).toBe(400);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain("Password update failed");
    expect(wrongHtml).toContain("Wrong verification code.");

    const mismatch = await visitor.post(reset, {
      intent: "reset",
      account: m.account,
      code,
      newPassword,
      confirmPassword: "other-pass-6",
      idempotencyKey: key,
    });
    const mismatchHtml = await mismatch.text();
    expect(mismatchHtml).toContain("The confirmation does not match the login password.");
    // a refused form keeps its key
    expect(mismatchHtml).toContain(`name="idempotencyKey" value="${key}"`);

    const done = await visitor.post(reset, {
      intent: "reset",
      account: m.account,
      code,
      newPassword,
      confirmPassword: newPassword,
      idempotencyKey: key,
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/login");
    expect((await visitor.follow("/login")).html).toContain("Password updated. Please sign in with your new password.");
    await expectSignIn(m.account, newPassword, true);
    await expectSignIn(m.account, m.password, false);

    // the same request again (a retry after a lost answer) gets the first answer
    const retried = await visitor.post(reset, {
      intent: "reset",
      account: m.account,
      code,
      newPassword,
      confirmPassword: newPassword,
      idempotencyKey: key,
    });
    expect(retried.status).toBe(302);
    expect(retried.headers.get("location")).toBe("/login");
    // but a code works once: another request with it is refused
    const replay = await visitor.post(reset, {
      intent: "reset",
      account: m.account,
      code,
      newPassword: "again-pass-7",
      confirmPassword: "again-pass-7",
      idempotencyKey: await formKey(visitor, reset),
    });
    expect(replay.status).toBe(400);
    await expectSignIn(m.account, newPassword, true);
  });

  it("sends a signed-in member to the member center", async () => {
    const { visitor } = await member();
    expect((await visitor.get("/forgot-password")).headers.get("location")).toBe("/user");
  });

  it("speaks Traditional Chinese on brand2.localhost (site demo2)", async () => {
    const { m } = await member("http://brand2.localhost");
    const visitor = new Visitor(stack, "http://brand2.localhost");
    expect((await visitor.follow("/forgot-password")).html).toContain("忘記密碼");
    const sent = await visitor.post("/forgot-password", {
      intent: "send",
      account: m.account,
      areaCode: m.areaCode,
      mobile: m.mobile,
    });
    const reset = sent.headers.get("location")!;
    expect((await visitor.follow(reset)).html).toContain("若資料與帳號相符，驗證碼已發送至該帳號的手機號碼。");

    const code = await smsCode("demo2", m.mobile, "reset_password");
    const wrong = await visitor.post(reset, {
      intent: "reset",
      account: m.account,
      code: otherThan(code),
      newPassword: "found-again-5",
      confirmPassword: "found-again-5",
      idempotencyKey: await formKey(visitor, reset),
    });
    const html = await wrong.text();
    expect(html).toContain("密碼更新失敗");
    expect(html).toContain("驗證碼錯誤。");
  });
});
