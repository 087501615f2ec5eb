import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bindBank, fund } from "../platform/money-helpers";
import { freshMember, Visitor, type Stack } from "../helpers/site";
import { sharedStack } from "../helpers/shared";
import type { TestMember } from "../helpers/platform";

/**
 * The short sign-up and what a first withdrawal asks for (app/README.md, "Sign-in and sign-up"):
 * account, password and one box; the real name, mobile and transaction password on the
 * withdrawal page, with the rules sign-up had; practice money one tap away, or none, after it.
 */

let stack: Stack;
beforeAll(async () => {
  stack = await sharedStack();
});
afterAll(() => stack?.dispose());

const shortFields = (m: ReturnType<typeof freshMember>) => ({
  account: m.account,
  password: m.password,
  agreeTerms: "on",
});

async function tokenOf(visitor: Visitor): Promise<string> {
  const token = (await visitor.session("demo"))?.token;
  expect(typeof token).toBe("string");
  return token as string;
}

describe("sign-up asks only what signing in needs", () => {
  it("shows account, password, referral code and one box, and none of the details a withdrawal needs", async () => {
    const html = await (await new Visitor(stack).get("/register")).text();
    for (const name of ["account", "password", "referralCode", "agreeTerms"]) expect(html).toContain(`name="${name}"`);
    for (const name of ["confirmPassword", "transactionPassword", "realName", "mobile", "areaCode", "legalAge"])
      expect(html, name).not.toContain(`name="${name}"`);
    expect(html).toMatch(
      /I am 18 or older and agree to the (<!-- -->)?<a[^>]*href="\/terms"[^>]*>terms of service<\/a>(<!-- -->)?\./,
    );
  });

  it.each([
    [{ account: "" }, "Please enter your account."],
    [{ account: "abc" }, "The account must be more than 3 characters."],
    [{ password: "abc" }, "The password must be more than 3 characters."],
    [{ agreeTerms: "" }, "Please confirm that you are 18 or older and agree to the terms of service."],
  ])("refuses %j with its message, creating nothing", async (override, message) => {
    const m = freshMember();
    const response = await new Visitor(stack).post("/register", { ...shortFields(m), ...override });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    const signin = await stack.platform.call("signin", {
      body: { siteId: "demo", account: m.account, password: m.password },
    });
    expect(signin.envelope.statusCode).not.toBe(200);
  });

  it("refuses a password equal to the account", async () => {
    const m = freshMember();
    const response = await new Visitor(stack).post("/register", { ...shortFields(m), password: m.account });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The login password must not be the same as the account.");
  });

  it("signs the new member in on the member center, whose first-time card offers practice money beside Deposit", async () => {
    const visitor = new Visitor(stack);
    const response = await visitor.post("/register", shortFields(freshMember()));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/user");
    const home = (await visitor.follow("/user")).html;
    expect(home).toContain("Your account is ready. Welcome!");
    expect(home).toMatch(/data-testid="first-time"/);
    expect(home).toMatch(/<button[^>]*name="mode"[^>]*value="practice"[^>]*>Play with US\$10,000.00 practice money/);
    const info = await stack.platform.call("playerInfo", { token: await tokenOf(visitor), siteId: "demo" });
    expect(info.envelope.data).toMatchObject({ realName: "", mobile: "", hasTransactionPassword: false });
  });

  it("from the home page's form, lands on the game in practice mode with the practice money named", async () => {
    const home = await (await new Visitor(stack).get("/")).text();
    expect(home).toMatch(/<form[^>]*action="\/register"/);
    expect(home).toContain('name="start" value="practice"');
    expect(home).toContain("Sign up and practice with US$10,000.00");

    const visitor = new Visitor(stack);
    const response = await visitor.post("/register", { ...shortFields(freshMember()), start: "practice" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/game");
    expect((await visitor.session("demo"))?.mode).toBe("practice");
    const game = (await visitor.follow("/game")).html;
    expect(game).toContain("You are playing with US$10,000.00 of practice money.");
    expect(game).toContain('data-mode="practice"');
  });
});

describe("the first withdrawal asks for what sign-up left out", () => {
  it("asks for the real name, mobile and transaction password with their rules, then takes the withdrawal", async () => {
    const visitor = new Visitor(stack);
    const m = freshMember();
    expect((await visitor.post("/register", shortFields(m))).status).toBe(302);
    const member = { siteId: "demo", token: await tokenOf(visitor) } as TestMember;
    await bindBank(stack.platform, member);
    await fund(stack.platform, member, 50_000);

    const page = (await visitor.follow("/user/withdraw")).html;
    expect(page).toContain("Before your first withdrawal");
    for (const name of ["realName", "mobile", "transactionPassword", "confirmTransactionPassword"])
      expect(page).toContain(`name="${name}"`);
    expect(page).not.toContain('name="amount"');
    const detailsKey = /name="idempotencyKey" value="([^"]+)"/.exec(page)![1]!;

    const details = {
      intent: "details",
      realName: "Ada Lovelace",
      areaCode: "+886",
      mobile: m.mobile,
      transactionPassword: "trade-pass-7",
      confirmTransactionPassword: "trade-pass-7",
      idempotencyKey: detailsKey,
    };
    for (const [override, message] of [
      [{ realName: "" }, "Please enter your real name."],
      [{ mobile: "0812345678" }, "The mobile number must start with 09 and have 10 digits."],
      [{ confirmTransactionPassword: "trade-pass-8" }, "The confirmation does not match the transaction password."],
      [
        { transactionPassword: m.account, confirmTransactionPassword: m.account },
        "must not be the same as the account",
      ],
    ] as const) {
      const refused = await visitor.post("/user/withdraw", { ...details, ...override });
      expect(refused.status, JSON.stringify(override)).toBe(400);
      expect(await refused.text()).toContain(message);
    }
    // the platform alone knows the login password: it refuses the same one
    const sameAsLogin = await visitor.post("/user/withdraw", {
      ...details,
      transactionPassword: m.password,
      confirmTransactionPassword: m.password,
    });
    expect(sameAsLogin.status).toBe(400);

    const saved = await visitor.post("/user/withdraw", { ...details, idempotencyKey: randomUUID() });
    expect(saved.status).toBe(302);
    const ready = (await visitor.follow("/user/withdraw")).html;
    expect(ready).toContain("Saved. You can request your withdrawal now.");
    expect(ready).not.toContain("Before your first withdrawal");
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(ready)![1]!;
    const paid = await visitor.post("/user/withdraw", {
      amount: "100",
      transactionPassword: "trade-pass-7",
      idempotencyKey: key,
    });
    expect(paid.status).toBe(302);
  });

  it("a withdrawal posted without the details (an old tab) is refused by the platform, holding nothing", async () => {
    const visitor = new Visitor(stack);
    expect((await visitor.post("/register", shortFields(freshMember()))).status).toBe(302);
    const member = { siteId: "demo", token: await tokenOf(visitor) } as TestMember;
    await bindBank(stack.platform, member);
    await fund(stack.platform, member, 50_000);
    const refused = await visitor.post("/user/withdraw", {
      amount: "100",
      transactionPassword: "anything-1",
      idempotencyKey: randomUUID(),
    });
    expect(refused.status).toBe(400);
    // the page answers with the details form again (the platform said update_real_name_first)
    expect(await refused.text()).toContain("Before your first withdrawal");
    const list = await stack.platform.call("withdrawals", { token: member.token, siteId: "demo" });
    expect(list.envelope.data?.items).toEqual([]);
  });
});
