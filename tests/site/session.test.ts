import { createCookieSessionStorage } from "@remix-run/cloudflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStack, freshMember, registerFields, TEST_SECRET, Visitor, type Stack } from "../helpers/site";

let stack: Stack;
beforeAll(async () => {
  stack = await createStack();
});
afterAll(() => stack?.dispose());

describe("session cookie", () => {
  it("is httpOnly, SameSite=Lax, Path=/, 7 days and has no Domain over HTTP", async () => {
    const response = await stack.fetch("http://localhost/login");
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("session="));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; Max-Age=604800/);
    expect(cookie).not.toMatch(/Domain=/i);
  });

  it("is named __Host-session and Secure over HTTPS", async () => {
    const response = await stack.fetch("https://localhost/login");
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__Host-session="));
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
  });

  it("is re-issued at sign-in: the CSRF token of before sign-in no longer works", async () => {
    const member = await stack.platform.signupMember("demo");
    const visitor = new Visitor(stack);
    const before = await visitor.csrf("/login");
    const signin = await visitor.signIn(member.account, member.password);
    expect(signin.status).toBe(302);
    const refused = await visitor.post("/logout", {}, { csrf: before });
    expect(refused.status).toBe(403);
  });
});

describe("sign-up and sign-out", () => {
  it("signs the new member in at once with one success message only", async () => {
    const member = freshMember();
    const visitor = new Visitor(stack);
    const response = await visitor.post("/register", registerFields(member));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/user");
    const page = await visitor.follow("/user");
    expect(page.html).toContain(member.account);
    expect(page.html).toContain(member.realName);
    expect(page.html.match(/data-testid="toast"/g)).toHaveLength(1);
    expect(page.html).toContain("Your account is ready");
    expect(page.html).not.toContain("Signed in.");
  });

  it("shows zero balances for the main account, hold and game wallet of a new member", async () => {
    const member = freshMember();
    const visitor = new Visitor(stack);
    await visitor.post("/register", registerFields(member));
    const html = (await visitor.follow("/user")).html;
    expect(html).toMatch(/data-testid="main-balance">(?:<[^>]+>)*US\$0\.00/);
    expect(html).toMatch(/data-testid="on-hold">(?:<[^>]+>)*US\$0\.00/);
    expect(html).toMatch(/data-testid="game-balance-[a-z0-9-]+">(?:<[^>]+>)*US\$0\.00/);
  });

  it("revokes the platform session at sign-out, so a copied token is refused at once", async () => {
    const member = freshMember();
    const visitor = new Visitor(stack);
    await visitor.post("/register", registerFields(member));
    const copied = new Visitor(stack);
    for (const [k, v] of visitor.cookies) copied.cookies.set(k, v);

    const out = await visitor.post("/logout", {});
    expect(out.status).toBe(302);
    expect((await visitor.get("/user")).headers.get("location")).toBe("/login");
    // the old cookie still carries the token; the platform must refuse it
    const replay = await copied.get("/user");
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).toBe("/login");
  });

  it("shows the platform's translated message for a duplicate account and creates nothing", async () => {
    const member = await stack.platform.signupMember("demo");
    const visitor = new Visitor(stack);
    const response = await visitor.post("/register", {
      ...registerFields({ ...freshMember(), account: member.account }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This account already exists.");
    expect(visitor.cookies.get("session")).toBeDefined();
    expect((await visitor.get("/user")).status).toBe(302);
  });

  it("rejects wrong credentials with the platform's message and no session", async () => {
    const member = await stack.platform.signupMember("demo");
    const visitor = new Visitor(stack);
    const response = await visitor.signIn(member.account, "wrong-password");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The account or the password is wrong.");
    expect((await visitor.get("/user")).status).toBe(302);
  });

  it("answers an account that does not exist with the same words as a wrong password", async () => {
    const member = await stack.platform.signupMember("demo");
    // every form of the page, the footer's language form too, without their CSRF tokens
    const form = (html: string) => /<form[\s\S]*<\/form>/.exec(html)![0].replace(/name="csrf" value="[^"]*"/g, "");
    const wrong = await new Visitor(stack).signIn(member.account, "wrong-password");
    const unknown = await new Visitor(stack).signIn(`${member.account}zz`, "wrong-password");
    expect(unknown.status).toBe(wrong.status);
    const [wrongForm, unknownForm] = [form(await wrong.text()), form(await unknown.text())];
    expect(unknownForm).toContain("The account or the password is wrong.");
    expect(unknownForm.replace(`${member.account}zz`, member.account)).toBe(wrongForm);
    expect(unknownForm).not.toContain("This account does not exist.");
  });
});

describe("forged posts", () => {
  it("refuses a POST without an Origin or Referer", async () => {
    const visitor = new Visitor(stack);
    expect((await visitor.post("/login", { account: "abcd", password: "abcd" }, { origin: null })).status).toBe(403);
  });

  it("refuses a POST from another tenant's origin on the same parent domain", async () => {
    const visitor = new Visitor(stack, "http://demo.localhost");
    const response = await visitor.post("/login", { account: "abcd", password: "abcd" }, { origin: "http://brand2.localhost" });
    expect(response.status).toBe(403);
  });

  it("refuses a POST without the session's CSRF token, and accepts one with it", async () => {
    const visitor = new Visitor(stack);
    expect((await visitor.post("/login", { account: "abcd", password: "abcd" }, { csrf: null })).status).toBe(403);
    expect((await visitor.post("/login", { account: "abcd", password: "abcd" }, { csrf: "forged" })).status).toBe(403);
    const accepted = await visitor.post("/login", { account: "ab", password: "abcd" });
    expect(accepted.status).toBe(400);
    expect(await accepted.text()).toContain("The account must be more than 3 characters.");
  });

  it("refuses a JSON POST, which no form of the site sends", async () => {
    const visitor = new Visitor(stack);
    await visitor.csrf("/login");
    const response = await stack.fetch("http://localhost/login", {
      method: "POST",
      headers: { origin: "http://localhost", "content-type": "application/json", cookie: visitor.cookieHeader },
      body: JSON.stringify({ account: "abcd", password: "abcd" }),
    });
    expect(response.status).toBe(403);
  });
});

describe("idle timeout", () => {
  async function cookieSeenAt(token: string, account: string, seenAgoMs: number, secure = false) {
    const storage = createCookieSessionStorage({
      cookie: { name: "session", secrets: [TEST_SECRET], path: "/", sameSite: "lax", httpOnly: true, secure },
    });
    const session = await storage.getSession();
    const now = Date.now();
    session.set("siteId", "demo");
    session.set("csrf", "x".repeat(32));
    session.set("token", token);
    session.set("account", account);
    session.set("signedInAt", now - seenAgoMs);
    session.set("seenAt", now - seenAgoMs);
    return (await storage.commitSession(session)).split(";")[0]!;
  }

  it("ends a session idle longer than the site's sessionIdleMinutes, and keeps one when it is off", async () => {
    const member = await stack.platform.signupMember("demo");
    const idleCookie = await cookieSeenAt(member.token, member.account, 31 * 60_000);

    await stack.platform.seedSite("demo", { sessionIdleMinutes: 0 });
    const kept = await stack.fetch("http://localhost/user", { headers: { cookie: idleCookie } });
    expect(kept.status).toBe(200);

    await stack.platform.seedSite("demo", { sessionIdleMinutes: 30 });
    try {
      const ended = await stack.fetch("http://localhost/user", { headers: { cookie: idleCookie } });
      expect(ended.status).toBe(302);
      expect(ended.headers.get("location")).toBe("/login");
      // the idle session's token was revoked with it: a session seen 5 minutes ago has a new sign-in
      const signin = await stack.platform.call("signin", { body: { siteId: "demo", account: member.account, password: member.password } });
      const fresh = await cookieSeenAt(signin.envelope.data!.token, member.account, 5 * 60_000);
      expect((await stack.fetch("http://localhost/user", { headers: { cookie: fresh } })).status).toBe(200);
    } finally {
      await stack.platform.seedSite("demo", { sessionIdleMinutes: 0 });
    }
  });
});
