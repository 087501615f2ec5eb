import { createCookieSessionStorage } from "@remix-run/cloudflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createStack,
  freshMember,
  openSessionCookie,
  registerFields,
  sealSessionCookie,
  TEST_SECRET,
  Visitor,
  type Stack,
} from "../helpers/site";
import { SITE_HARNESS_ENTRY } from "../helpers/site-harness";

let stack: Stack;
beforeAll(async () => {
  // the harness serves a request with another SESSION_SECRETS on demand (rolling the secret)
  stack = await createStack({ siteEntry: SITE_HARNESS_ENTRY });
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
    const response = await visitor.post(
      "/login",
      { account: "abcd", password: "abcd" },
      { origin: "http://brand2.localhost" },
    );
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
  async function cookieSeenAt(token: string, account: string, seenAgoMs: number) {
    const now = Date.now();
    const data = {
      siteId: "demo",
      csrf: "x".repeat(32),
      token,
      account,
      signedInAt: now - seenAgoMs,
      seenAt: now - seenAgoMs,
    };
    return `session=${await sealSessionCookie(data, "demo")}`;
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
      const signin = await stack.platform.call("signin", {
        body: { siteId: "demo", account: member.account, password: member.password },
      });
      const fresh = await cookieSeenAt(signin.envelope.data!.token, member.account, 5 * 60_000);
      expect((await stack.fetch("http://localhost/user", { headers: { cookie: fresh } })).status).toBe(200);
    } finally {
      await stack.platform.seedSite("demo", { sessionIdleMinutes: 0 });
    }
  });
});

describe("the sealed session cookie", () => {
  const NEW_SECRET = "rolled-session-secret-abcdefghij0123456789";
  const GONE_SECRET = "retired-session-secret-abcdefghij012345678";

  /** Every way the cookie's bytes could be read without the secret: as sent, URL-decoded, base64 of any part, hex. */
  function readings(value: string): string[] {
    const out = [value];
    const decoded = decodeURIComponent(value);
    out.push(decoded);
    for (const part of [decoded, ...decoded.split(/[.:]/)]) {
      for (const alphabet of [part, part.replace(/-/g, "+").replace(/_/g, "/")]) {
        try {
          const binary = Buffer.from(alphabet, "base64");
          out.push(
            binary.toString("latin1"),
            binary.toString("utf8"),
            binary.toString("hex"),
            binary.toString("utf16le"),
          );
          // Remix's signed cookie was base64 of JSON in base64: one more round
          out.push(Buffer.from(binary.toString("latin1"), "base64").toString("utf8"));
        } catch {
          // not base64: nothing to read this way
        }
      }
    }
    return out;
  }

  it("holds neither the platform token nor the account in any encoding", async () => {
    const member = freshMember();
    const visitor = new Visitor(stack);
    expect((await visitor.post("/register", registerFields(member))).status).toBe(302);
    const csrf = await visitor.csrf("/user/info");
    const value = visitor.cookies.get("session")!;
    const unreadable = (secret: string) => {
      for (const reading of readings(value)) {
        expect(reading).not.toContain(secret);
        expect(reading).not.toContain(Buffer.from(secret).toString("base64").slice(0, 16));
        expect(reading).not.toContain(Buffer.from(secret).toString("hex"));
      }
    };
    // what the test knows without the secret first: the account and the page's CSRF token
    unreadable(member.account);
    unreadable(csrf);
    // then the platform token, which only the secret tells
    const session = await visitor.session();
    expect(session?.account, "the site itself reads the cookie back").toBe(member.account);
    expect(session?.token).toBeTruthy();
    unreadable(session!.token as string);
  });

  it("starts an empty session from a tampered cookie", async () => {
    const visitor = new Visitor(stack);
    expect((await visitor.post("/register", registerFields(freshMember()))).status).toBe(302);
    const value = visitor.cookies.get("session")!;
    expect((await visitor.get("/user")).status).toBe(200);
    // the top bit of a base64url character always carries data; the low bits of the last one may
    // not (swapping its A for B left about one cookie in nine as it was, and the test failing)
    const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (const at of [0, 5, 20, Math.floor(value.length / 2), value.length - 1]) {
      const flipped = value.slice(0, at) + BASE64URL[BASE64URL.indexOf(value[at]!) ^ 32]! + value.slice(at + 1);
      const response = await stack.fetch("http://localhost/user", { headers: { cookie: `session=${flipped}` } });
      expect(response.headers.get("location"), `byte ${at} changed`).toBe("/login");
      const fresh = response.headers.getSetCookie().find((c) => c.startsWith("session="));
      expect(fresh, "a fresh session is issued").toBeDefined();
    }
  });

  it("does not open on another site, even when its content names that site", async () => {
    const member = await stack.platform.signupMember("demo2");
    // sealed for the demo site, though everything inside says demo2: only the seal's site counts
    const moved = await sealSessionCookie(
      {
        siteId: "demo2",
        csrf: "x".repeat(32),
        token: member.token,
        account: member.account,
        signedInAt: Date.now(),
        seenAt: Date.now(),
      },
      "demo",
    );
    const there = await stack.fetch("http://brand2.localhost/user", { headers: { cookie: `session=${moved}` } });
    expect(there.headers.get("location")).toBe("/login");
    const proper = await sealSessionCookie(
      {
        siteId: "demo2",
        csrf: "x".repeat(32),
        token: member.token,
        account: member.account,
        signedInAt: Date.now(),
        seenAt: Date.now(),
      },
      "demo2",
    );
    expect(
      (await stack.fetch("http://brand2.localhost/user", { headers: { cookie: `session=${proper}` } })).status,
    ).toBe(200);
  });

  it("starts an empty session from a cookie of before the seal (signed, readable)", async () => {
    const member = await stack.platform.signupMember("demo");
    const storage = createCookieSessionStorage({
      cookie: { name: "session", secrets: [TEST_SECRET], path: "/", sameSite: "lax", httpOnly: true },
    });
    const session = await storage.getSession();
    for (const [k, v] of Object.entries({
      siteId: "demo",
      csrf: "x".repeat(32),
      token: member.token,
      account: member.account,
      signedInAt: Date.now(),
    })) {
      session.set(k, v);
    }
    const signed = (await storage.commitSession(session)).split(";")[0]!;
    const response = await stack.fetch("http://localhost/user", { headers: { cookie: signed } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login");
  });

  it("keeps members signed in across a secret roll, both ways, and drops a retired secret's cookies", async () => {
    const as = (secrets: string[], visitor: Visitor) => {
      const next = new Visitor(stack, "http://localhost", { "x-test-session-secrets": secrets.join(",") });
      for (const [k, v] of visitor.cookies) next.cookies.set(k, v);
      return next;
    };
    const signedIn = async (visitor: Visitor) => (await visitor.get("/user")).status === 200;

    // signed in while the old secret alone was in use
    const before = new Visitor(stack, "http://localhost", { "x-test-session-secrets": TEST_SECRET });
    expect((await before.post("/register", registerFields(freshMember()))).status).toBe(302);
    const oldCookie = before.cookies.get("session")!;
    expect(await openSessionCookie(oldCookie, "demo", [NEW_SECRET])).toBeUndefined();

    // rolled: new,old reads the old cookie, and what it writes is sealed with the new secret
    const rolled = as([NEW_SECRET, TEST_SECRET], before);
    expect(await signedIn(rolled), "the old cookie after the roll").toBe(true);
    expect((await rolled.post("/mode", { mode: "practice" }, { csrf: await rolled.csrf("/user") })).status).toBe(302);
    const newCookie = rolled.cookies.get("session")!;
    expect(newCookie).not.toBe(oldCookie);
    expect(await openSessionCookie(newCookie, "demo", [NEW_SECRET]), "sealed with the first secret").toBeDefined();
    expect(await openSessionCookie(newCookie, "demo", [TEST_SECRET])).toBeUndefined();

    // a worker still on old,new (mid roll-out) reads the new cookie too
    expect(await signedIn(as([TEST_SECRET, NEW_SECRET], rolled)), "the new cookie on old,new").toBe(true);
    // after the old secret is retired: the new cookie stands, the old one starts empty
    expect(await signedIn(as([NEW_SECRET], rolled)), "the new cookie on new alone").toBe(true);
    expect(await signedIn(as([NEW_SECRET], before)), "the old cookie on new alone").toBe(false);
    // and a cookie of a secret never in the list opens nowhere
    const stray = new Visitor(stack, "http://localhost", { "x-test-session-secrets": GONE_SECRET });
    expect((await stray.post("/register", registerFields(freshMember()))).status).toBe(302);
    expect(await signedIn(as([NEW_SECRET, TEST_SECRET], stray))).toBe(false);
  });
});
