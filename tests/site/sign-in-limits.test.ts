import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHALLENGE_FIELD, CLIENT_ADDRESS_HEADER, SIGNIN_LIMITS, TURNSTILE_TEST_ANSWER } from "../../server/contract";
import { freshMember, registerFields, Visitor, type Stack } from "../helpers/site";
import { sharedStack } from "../helpers/shared";

/**
 * Sign-in limits through the site (server/contract/security.ts SIGNIN_LIMITS): the site forwards
 * the browser's network, shows the challenge when the platform asks for it, forwards its answer,
 * and keeps the device cookie. The stack runs as development, where CF-Connecting-IP is not
 * trusted (nothing overwrites it there) and a test plays a network with X-Client-Address.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await sharedStack();
});
afterAll(() => stack?.dispose());

let networkCounter = 0;
const freshNetwork = () => {
  networkCounter += 1;
  return `198.51.100.${networkCounter}`;
};
const from = (address: string) => new Visitor(stack, "http://localhost", { [CLIENT_ADDRESS_HEADER]: address });

/** `n` failures from `address` on accounts that do not exist, answering the challenge once asked. */
async function failOtherAccounts(address: string, n: number) {
  const visitor = from(address);
  for (let i = 0; i < n; i++) {
    const fields: Record<string, string> = { account: `nobody${networkCounter}x${i}`, password: "not-the-password-1" };
    if (i >= SIGNIN_LIMITS.challengeAfter) fields[CHALLENGE_FIELD] = TURNSTILE_TEST_ANSWER;
    const failed = await visitor.post("/login", fields);
    expect(failed.status).toBe(400);
    expect(await failed.text()).toContain("The account or the password is wrong.");
  }
}

describe("sign-in from a crowded network through the site", () => {
  it("shows the challenge after ten failures on other accounts from one address, and signs a member in once it is answered", async () => {
    const nat = freshNetwork();
    const member = await stack.platform.signupMember("demo");
    await failOtherAccounts(nat, 10);

    const newcomer = from(nat);
    const asked = await newcomer.signIn(member.account, member.password);
    expect(asked.status).toBe(400);
    const page = await asked.text();
    expect(page).toContain("Please complete the security check below, then sign in again.");
    expect(page).toContain('class="challenge-widget"');
    expect(page).toContain("This security check needs JavaScript");
    // the challenge's script and frame are allowed on /login
    expect(asked.headers.get("content-security-policy")).toContain("https://challenges.cloudflare.com");

    const wrongAnswer = await newcomer.post("/login", {
      account: member.account,
      password: member.password,
      [CHALLENGE_FIELD]: "not-the-answer",
    });
    expect(await wrongAnswer.text()).toContain("The security check did not pass.");

    const signedIn = await newcomer.post("/login", {
      account: member.account,
      password: member.password,
      [CHALLENGE_FIELD]: TURNSTILE_TEST_ANSWER,
    });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).not.toMatch(/^\/login/);
    expect(newcomer.cookieHeader).toMatch(/(^|; )device=/);
  });

  it("lets a device that signed in before straight in, with no challenge, whatever the strangers on its network did", async () => {
    const nat = freshNetwork();
    const member = await stack.platform.signupMember("demo");
    const phone = from(nat);
    expect((await phone.signIn(member.account, member.password)).status).toBe(302);
    await phone.post("/logout", {});
    await failOtherAccounts(nat, 10);
    const again = await phone.signIn(member.account, member.password);
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).not.toMatch(/^\/login/);
  });

  it("does not take a device cookie rewritten to name another account as that account's device", async () => {
    const nat = freshNetwork();
    const member = await stack.platform.signupMember("demo");
    // a genuine device cookie of this browser, for another account, rewritten to name this one
    const browser = from(nat);
    const other = await stack.platform.signupMember("demo");
    expect((await browser.signIn(other.account, other.password)).status).toBe(302);
    await browser.post("/logout", {});
    await failOtherAccounts(nat, SIGNIN_LIMITS.challengeAfter);
    const genuine = decodeURIComponent(browser.cookies.get("device")!);
    const [payload] = genuine.split(".");
    const devices = JSON.parse(atob(payload!)) as Record<string, string>;
    const forgedPayload = btoa(
      JSON.stringify({ [member.account.toLowerCase()]: devices[other.account.toLowerCase()] }),
    );
    browser.cookies.set("device", encodeURIComponent(`${forgedPayload}.${genuine.split(".").slice(1).join(".")}`));
    const response = await browser.signIn(member.account, member.password);
    // an unsigned token is no token: a stranger on this network, asked for the challenge
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Please complete the security check");
  });
});

describe("the client address outside production", () => {
  it("does not come from CF-Connecting-IP, which a browser can set itself: fresh values do not make fresh networks", async () => {
    const nat = freshNetwork();
    for (let i = 0; i < SIGNIN_LIMITS.challengeAfter; i++) {
      const spoofer = new Visitor(stack, "http://localhost", {
        [CLIENT_ADDRESS_HEADER]: nat,
        "cf-connecting-ip": `203.0.113.${100 + i}`,
      });
      expect((await spoofer.signIn(`phantom${networkCounter}x${i}`, "not-the-password-1")).status).toBe(400);
    }
    const member = await stack.platform.signupMember("demo");
    const spoofer = new Visitor(stack, "http://localhost", {
      [CLIENT_ADDRESS_HEADER]: nat,
      "cf-connecting-ip": "203.0.113.250",
    });
    expect(await (await spoofer.signIn(member.account, member.password)).text()).toContain(
      "Please complete the security check",
    );
  });
});

describe("sign-up's automatic sign-in", () => {
  it("when it cannot sign in, says the account was created and sends the member to /login with the account filled", async () => {
    const nat = freshNetwork();
    await failOtherAccounts(nat, SIGNIN_LIMITS.challengeAfter);
    const m = freshMember();
    const visitor = from(nat);
    const created = await visitor.post("/register", registerFields(m));
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe(`/login?account=${m.account}`);
    const login = await visitor.get(created.headers.get("location")!);
    const html = await login.text();
    expect(html).toContain("Your account has been created, but we could not sign you in automatically.");
    expect(html).toMatch(new RegExp(`name="account"[^>]*value="${m.account}"|value="${m.account}"[^>]*name="account"`));
    // the account exists: answering the challenge signs in with it
    const signedIn = await visitor.post("/login", {
      account: m.account,
      password: m.password,
      [CHALLENGE_FIELD]: TURNSTILE_TEST_ANSWER,
    });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).not.toMatch(/^\/login/);
  });
});
