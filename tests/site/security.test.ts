import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createStack,
  freshMember,
  openSessionCookie,
  registerFields,
  TENANT_HOSTS,
  Visitor,
  type Stack,
} from "../helpers/site";
import { advanceSiteClock, SITE_HARNESS_ENTRY, takePlatformCalls } from "../helpers/site-harness";

/**
 * The site's security promises (server/site/README.md: "Security headers and CSP",
 * "Forged posts and body limit", "Session"): response headers and the CSP nonce, forged requests,
 * and the session cookie's life. Two tenants share a parent domain here, as they may in production:
 * a.example.com is the demo site, b.example.com the second one (idle timeout 30 min).
 */
const A = "http://a.example.com";
const B = "http://b.example.com";
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let stack: Stack;
beforeAll(async () => {
  stack = await createStack({
    siteEntry: SITE_HARNESS_ENTRY,
    vars: { TENANT_HOSTS: JSON.stringify({ ...TENANT_HOSTS, "a.example.com": "demo", "b.example.com": "demo2" }) },
  });
});
afterAll(() => stack?.dispose());

/** A new member signed up (and so signed in) through the site at `origin`. */
async function member(origin = A) {
  const m = freshMember();
  const visitor = new Visitor(stack, origin);
  const response = await visitor.post("/register", registerFields(m));
  expect(response.status, "sign-up").toBe(302);
  return { visitor, m };
}

/** The directives of a response's Content-Security-Policy. */
function policy(response: Response): Map<string, string> {
  const header = response.headers.get("content-security-policy");
  expect(header, `a CSP on ${response.status} ${response.url}`).toBeTruthy();
  return new Map(
    header!
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values.join(" ")]),
  );
}

function nonceOf(response: Response): string {
  const nonce = /'nonce-([^']+)'/.exec(policy(response).get("script-src") ?? "")?.[1];
  expect(nonce, "a nonce in script-src").toBeTruthy();
  return nonce!;
}

function expectSecurityHeaders(response: Response, what: string) {
  expect(response.headers.get("strict-transport-security"), what).toBe("max-age=31536000; includeSubDomains");
  expect(response.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(response.headers.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("cross-origin-opener-policy"), what).toBe("same-origin");
  expect(response.headers.get("content-security-policy"), what).toBeTruthy();
}

/** An HTML answer: every script and style element carries this response's nonce, and nothing else does. */
function expectNonceEverywhere(response: Response, html: string, what: string) {
  const nonce = nonceOf(response);
  const elements = html.match(/<(script|style)\b[^>]*>/g) ?? [];
  for (const element of elements) expect(element, `${what}: ${element}`).toContain(` nonce="${nonce}"`);
  // the nonce appears in those attributes only: never in the page's data, where markup could read it
  expect(html.split(nonce).length - 1, `${what}: the nonce outside its attributes`).toBe(elements.length);
  return elements.length;
}

/** A form POST as a browser or a forger would send it: every header given explicitly. */
async function rawPost(
  url: string,
  opts: { cookie?: string; csrf?: string; origin?: string; referer?: string; fields?: Record<string, string> },
) {
  const body = new URLSearchParams(opts.fields ?? {});
  if (opts.csrf !== undefined) body.set("csrf", opts.csrf);
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.origin) headers.origin = opts.origin;
  if (opts.referer) headers.referer = opts.referer;
  return stack.fetch(url, { method: "POST", headers, body: body.toString() });
}

/** The platform token inside a session cookie (signed, so readable by its holder). */
/** The platform token a Cookie header's session holds, opened as the site of `siteId` opens it. */
async function tokenIn(cookieHeader: string, name = "session", siteId = "demo"): Promise<string | undefined> {
  const value = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(cookieHeader)?.[1];
  if (!value) return undefined;
  return (await openSessionCookie(value, siteId))?.token as string | undefined;
}

async function realNameOf(token: string, siteId = "demo"): Promise<string | undefined> {
  return (await stack.platform.call("playerInfo", { token, siteId })).envelope.data?.realName;
}

async function isSignedIn(visitor: Visitor): Promise<boolean> {
  const response = await visitor.get("/user");
  if (response.status === 200) return true;
  expect(response.headers.get("location")).toBe("/login");
  return false;
}

describe("security headers and the CSP nonce", () => {
  it("gives every HTML response a fresh nonce, carried by each script and style element of the page", async () => {
    const first = await stack.fetch(`${A}/`);
    const second = await stack.fetch(`${A}/`);
    expect(nonceOf(first)).not.toBe(nonceOf(second));
    // 16 random bytes
    expect(atob(nonceOf(first))).toHaveLength(16);
    expect(expectNonceEverywhere(first, await first.text(), "/")).toBeGreaterThanOrEqual(3);
    expectNonceEverywhere(second, await second.text(), "/ again");

    const { visitor } = await member();
    for (const path of ["/user", "/game", "/user/record", "/user/info", "/no-such-page"]) {
      const response = await visitor.get(path);
      expect(response.status, path).toBeLessThan(500);
      const html = await response.text();
      expectNonceEverywhere(response, html, path);
      // the policy allows no inline style attribute or event handler: the pages must not need one
      expect(html, path).not.toMatch(/<[^>]+\sstyle="/);
      expect(html, path).not.toMatch(/<[^>]+\son[a-z]+="/);
    }
  });

  it("sends the document policy: own scripts by nonce, no plugins, no base, same-origin frames and forms", async () => {
    const page = await stack.fetch(`${A}/`);
    const nonce = nonceOf(page);
    expect(Object.fromEntries(policy(page))).toEqual({
      "default-src": "'self'",
      "script-src": `'self' 'nonce-${nonce}'`,
      "style-src": `'self' 'nonce-${nonce}'`,
      "img-src": "'self' data:",
      "connect-src": "'self' ws://a.example.com",
      "object-src": "'none'",
      "base-uri": "'none'",
      "frame-ancestors": "'self'",
      "form-action": "'self'",
    });
    expect(page.headers.get("content-security-policy")).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    // over HTTPS the game's socket is wss: on the same host
    expect(policy(await stack.fetch("https://a.example.com/")).get("connect-src")).toBe("'self' wss://a.example.com");
  });

  it("runs the operator's site script only through the nonce", async () => {
    const script = "window.siteScriptRan = (window.siteScriptRan || 0) + 1;";
    await stack.platform.seedSite("demo", { script });
    try {
      const response = await stack.fetch(`${A}/`);
      const html = await response.text();
      expect(html).toContain(`<script nonce="${nonceOf(response)}">${script}</script>`);
      expectNonceEverywhere(response, html, "/ with the operator's script");
    } finally {
      await stack.platform.seedSite("demo", { script: "" });
    }
    expect(await (await stack.fetch(`${A}/`)).text()).not.toContain("siteScriptRan");
  });

  it("allows the site's images from their HTTPS host, and nothing a crafted image URL tries to add", async () => {
    await stack.platform.seedSite("demo", {
      logo: "https://cdn.example.net/demo/logo.svg",
      favicon: "https://cdn.example.net/demo/favicon.svg",
      // an image "host" that would end img-src and start a directive of its own
      logo2: "https://evil.example;script-src/x.svg",
    });
    try {
      const response = await stack.fetch(`${A}/`);
      const directives = policy(response);
      expect(directives.get("img-src")).toBe("'self' data: https://cdn.example.net");
      expect(directives.get("script-src")).toBe(`'self' 'nonce-${nonceOf(response)}'`);
      expect(response.headers.get("content-security-policy")).not.toContain("evil");
    } finally {
      await stack.platform.seedSite("demo", {
        logo: "/brand/demo/logo.svg",
        favicon: "/brand/demo/favicon.svg",
        logo2: "/brand/demo/logo2.svg",
      });
    }
  });

  it("puts the headers on every kind of answer: pages, errors, unknown hosts, redirects, actions and JSON", async () => {
    const visitor = new Visitor(stack, A);
    const csrf = await visitor.csrf("/login");
    const answers: [string, Response, number][] = [
      ["a page", await stack.fetch(`${A}/`), 200],
      ["a 404 page", await stack.fetch(`${A}/no-such-page`), 404],
      ["the unknown-site page", await stack.fetch("http://nope.example.com/"), 404],
      ["the sign-in redirect", await stack.fetch(`${A}/user`), 302],
      ["a site redirect rule", await stack.fetch(`${A}/promo`), 302],
      [
        "an action's answer",
        await rawPost(`${A}/login`, {
          cookie: visitor.cookieHeader,
          csrf,
          origin: A,
          fields: { account: "ab", password: "abcd" },
        }),
        400,
      ],
      [
        "a refused forged post",
        await rawPost(`${A}/login`, {
          cookie: visitor.cookieHeader,
          csrf,
          fields: { account: "abcd", password: "abcd" },
        }),
        403,
      ],
      ["the build id", await stack.fetch(`${A}/build-id.json`), 200],
      ["a locale file", await stack.fetch(`${A}/locales/en-US/common.json`), 200],
      ["a resource route", await stack.fetch(`${A}/manifest.webmanifest`), 200],
    ];
    for (const [what, response, status] of answers) {
      expect(response.status, what).toBe(status);
      expectSecurityHeaders(response, what);
      const html = (response.headers.get("content-type") ?? "").startsWith("text/html");
      if (html) {
        expectNonceEverywhere(response, await response.text(), what);
        expect(policy(response).get("frame-ancestors"), what).toBe("'self'");
      } else {
        // not a document: may load nothing and be framed by no one
        expect(policy(response).get("default-src"), what).toBe("'none'");
        expect(policy(response).get("frame-ancestors"), what).toBe("'none'");
      }
    }
    // the plain pages the worker writes itself carry the nonce on their style element
    const unknown = await stack.fetch("http://nope.example.com/");
    expect(await unknown.text()).toContain(`<style nonce="${nonceOf(unknown)}">`);
  });
});

describe("forged requests", () => {
  it("refuses a POST with neither Origin nor Referer, and nothing changes", async () => {
    const { visitor, m } = await member();
    const token = (await tokenIn(visitor.cookieHeader))!;
    const fields = { realName: "Forged Name", email: "", areaCode: m.areaCode, mobile: m.mobile };
    const refused = await visitor.post("/user/info", fields, { origin: null });
    expect(refused.status).toBe(403);
    expect(await realNameOf(token)).toBe(m.realName);
    expect((await visitor.post("/logout", {}, { origin: null })).status).toBe(403);
    expect(await isSignedIn(visitor)).toBe(true);
  });

  it("accepts a Referer of its own host when the Origin is missing, and refuses another host's", async () => {
    const { visitor, m } = await member();
    const token = (await tokenIn(visitor.cookieHeader))!;
    const csrf = await visitor.csrf("/user/info");
    const post = (referer: string, realName: string) =>
      rawPost(`${A}/user/info`, {
        cookie: visitor.cookieHeader,
        csrf,
        referer,
        fields: { realName, email: "", areaCode: m.areaCode, mobile: m.mobile },
      });

    const foreign = await post(`${B}/user/info`, "Foreign Referer");
    expect(foreign.status).toBe(403);
    expect(await realNameOf(token)).toBe(m.realName);

    const own = await post(`${A}/user/info`, "Own Referer");
    expect(own.status).toBe(302);
    expect(await realNameOf(token)).toBe("Own Referer");
  });

  it("refuses a POST from another tenant on the same parent domain, even with the member's own cookie and token", async () => {
    const { visitor, m } = await member(A);
    const token = (await tokenIn(visitor.cookieHeader))!;
    const csrf = await visitor.csrf("/user/info");
    const fields = { realName: "Posted From B", email: "", areaCode: m.areaCode, mobile: m.mobile };
    const refused = await rawPost(`${A}/user/info`, { cookie: visitor.cookieHeader, csrf, origin: B, fields });
    expect(refused.status).toBe(403);
    // an Origin the browser blanked ("null") is no better
    expect(
      (await rawPost(`${A}/user/info`, { cookie: visitor.cookieHeader, csrf, origin: "null", fields })).status,
    ).toBe(403);
    expect(await realNameOf(token)).toBe(m.realName);
  });

  it("refuses the CSRF token of another session or another site", async () => {
    const { visitor: victim, m } = await member(A);
    const token = (await tokenIn(victim.cookieHeader))!;
    const fields = { realName: "Someone Else's Token", email: "", areaCode: m.areaCode, mobile: m.mobile };
    const attackerOnA = await new Visitor(stack, A).csrf("/login");
    const attackerOnB = await new Visitor(stack, B).csrf("/login");
    for (const csrf of [attackerOnA, attackerOnB]) {
      const refused = await rawPost(`${A}/user/info`, { cookie: victim.cookieHeader, csrf, origin: A, fields });
      expect(refused.status).toBe(403);
    }
    expect(await realNameOf(token)).toBe(m.realName);

    // a whole session of site B (cookie and its token) brought to site A is not honoured there
    const { visitor: onB } = await member(B);
    const tokenOnB = await onB.csrf("/user/info");
    const carried = await rawPost(`${A}/logout`, { cookie: onB.cookieHeader, csrf: tokenOnB, origin: A });
    expect(carried.status).toBe(403);
    expect(await isSignedIn(onB)).toBe(true);
  });

  it("changes nothing on any GET: every route, with form fields in the query, asks the platform only to read", async () => {
    const { visitor, m } = await member(A);
    const token = (await tokenIn(visitor.cookieHeader))!;
    const query = new URLSearchParams({
      intent: "signout",
      locale: "ja_JP",
      redirectTo: "/terms",
      realName: "Changed By GET",
      email: "get@example.com",
      areaCode: m.areaCode,
      mobile: m.mobile,
      amount: "100",
      optionId: "demo-instant",
      direction: "in",
      game: "binary",
      pair: "BTC-USDT",
      option: "high",
      title: "GET",
      content: "GET",
      password: m.password,
      newPassword: "changed-by-get-1",
      transactionPassword: m.transactionPassword,
    });
    const paths = routePaths();
    expect(paths).toEqual(expect.arrayContaining(["/logout", "/language", "/user/withdraw", "/user/message/x1"]));
    await takePlatformCalls(stack);
    for (const path of paths) {
      const response = await visitor.get(`${path}?${query}`);
      expect(response.status, path).toBeLessThan(500);
    }
    const calls = await takePlatformCalls(stack);
    expect(calls.length).toBeGreaterThan(paths.length);
    expect(calls.filter((c) => !c.startsWith("GET "))).toEqual([]);
    expect(visitor.cookies.has("locale"), "GET /language set the language").toBe(false);
    expect(await isSignedIn(visitor)).toBe(true);
    expect(await realNameOf(token)).toBe(m.realName);
  });
});

/** The URL of every route module in app/routes (dynamic segments filled, the splat as a 404). */
function routePaths(): string[] {
  const dir = fileURLToPath(new URL("../../app/routes", import.meta.url));
  const paths = new Set<string>();
  for (const file of readdirSync(dir)) {
    const name = file.replace(/\.tsx?$/, "").replace(/\[\.\]/g, "\u0000");
    const segments = name
      .split(".")
      .map((s) => (s === "$" ? "no-such-page" : s.startsWith("$") ? "x1" : s.replace(/_$/, "").replace(/^_.*/, "")))
      .filter(Boolean);
    paths.add(`/${segments.join("/")}`.replace(/\u0000/g, "."));
  }
  return [...paths].sort();
}

describe("the session cookie", () => {
  function attributes(setCookie: string): { name: string; value: string; attrs: Map<string, string> } {
    const [pair, ...rest] = setCookie.split(";");
    const eq = pair!.indexOf("=");
    const attrs = new Map(
      rest.map((a) => a.trim().split("=") as [string, string]).map(([k, v]) => [k.toLowerCase(), v ?? ""]),
    );
    return { name: pair!.slice(0, eq), value: pair!.slice(eq + 1), attrs };
  }

  function sessionCookie(response: Response) {
    const line = response.headers.getSetCookie().find((c) => /^(__Host-)?session=/.test(c));
    expect(line, "a session cookie").toBeDefined();
    return attributes(line!);
  }

  it("is __Host-session over HTTPS: Secure, HttpOnly, SameSite=Lax, Path=/, no Domain, before and after sign-in", async () => {
    const visitor = new Visitor(stack, "https://a.example.com");
    const anonymous = sessionCookie(await visitor.get("/login"));
    const m = freshMember();
    const signedUp = await visitor.post("/register", registerFields(m));
    expect(signedUp.status).toBe(302);
    for (const cookie of [anonymous, sessionCookie(signedUp)]) {
      expect(cookie.name).toBe("__Host-session");
      expect(cookie.attrs.has("secure")).toBe(true);
      expect(cookie.attrs.has("httponly")).toBe(true);
      expect(cookie.attrs.get("samesite")).toBe("Lax");
      expect(cookie.attrs.get("path")).toBe("/");
      expect(cookie.attrs.has("domain")).toBe(false);
      expect(cookie.attrs.get("max-age")).toBe("604800");
    }
    expect(await isSignedIn(visitor)).toBe(true);
  });

  it("is re-issued at sign-in: the cookie from before is worth nothing afterwards", async () => {
    const m = await stack.platform.signupMember("demo");
    const visitor = new Visitor(stack, A);
    const csrfBefore = await visitor.csrf("/login");
    const before = visitor.cookieHeader;
    expect(await tokenIn(before)).toBeUndefined();

    expect((await visitor.signIn(m.account, m.password)).status).toBe(302);
    expect(visitor.cookieHeader).not.toBe(before);
    expect(await visitor.csrf("/user/info")).not.toBe(csrfBefore);

    // whoever kept the cookie of before sign-in (a fixation attempt) is not signed in by it
    const fixer = new Visitor(stack, A);
    fixer.cookies.set("session", before.replace(/^session=/, ""));
    expect(await isSignedIn(fixer)).toBe(false);
    expect((await rawPost(`${A}/logout`, { cookie: before, csrf: csrfBefore, origin: A })).status).toBe(302);
    expect(await isSignedIn(visitor)).toBe(true);
  });

  it("is refused at once after sign-out, copied or not: the platform session is revoked", async () => {
    const { visitor } = await member(A);
    const copy = visitor.cookieHeader;
    const token = (await tokenIn(copy))!;
    expect((await stack.platform.call("playerInfo", { token, siteId: "demo" })).status).toBe(200);

    expect((await visitor.post("/logout", {})).status).toBe(302);
    expect(await isSignedIn(visitor)).toBe(false);
    const thief = new Visitor(stack, A);
    thief.cookies.set("session", copy.replace(/^session=/, ""));
    expect(await isSignedIn(thief)).toBe(false);
    expect((await stack.platform.call("playerInfo", { token, siteId: "demo" })).status).toBe(402);
  });

  it("has no idle timeout by default, and ends 7 days after sign-in however active the member is", async () => {
    const demo = (await stack.platform.call("siteInfo", { params: { siteId: "demo" } })).envelope.data!;
    expect(demo.sessionIdleMinutes).toBe(0);
    const { visitor } = await member(A);

    await advanceSiteClock(stack, 6 * DAY);
    expect(await isSignedIn(visitor), "6 days without a request").toBe(true);
    await advanceSiteClock(stack, DAY - 2 * MINUTE);
    expect(await isSignedIn(visitor), "2 minutes before the 7 days").toBe(true);
    await advanceSiteClock(stack, 3 * MINUTE);
    expect(await isSignedIn(visitor), "a minute after the 7 days").toBe(false);
  });

  it("ends after the site's idle minutes (30 on site B), counted from the last request", async () => {
    const b = (await stack.platform.call("siteInfo", { params: { siteId: "demo2" } })).envelope.data!;
    expect(b.sessionIdleMinutes).toBe(30);
    const { visitor } = await member(B);
    const copy = visitor.cookieHeader;

    await advanceSiteClock(stack, 29 * MINUTE);
    const active = await visitor.get("/user");
    expect(active.status, "29 idle minutes").toBe(200);
    // the request moved the idle clock; the cookie still ends 7 days after sign-in, not after this write
    const refreshed = sessionCookie(active);
    expect(Number(refreshed.attrs.get("max-age"))).toBeGreaterThan(7 * 24 * 60 * 60 - 29 * 60 - 30);
    expect(Number(refreshed.attrs.get("max-age"))).toBeLessThanOrEqual(7 * 24 * 60 * 60 - 29 * 60);

    await advanceSiteClock(stack, 29 * MINUTE);
    expect(await isSignedIn(visitor), "29 minutes after the last request").toBe(true);
    await advanceSiteClock(stack, 31 * MINUTE);
    expect(await isSignedIn(visitor), "31 minutes after the last request").toBe(false);
    // the cookie as it was at sign-in is idle even longer
    const replay = new Visitor(stack, B);
    replay.cookies.set("session", copy.replace(/^session=/, ""));
    expect(await isSignedIn(replay)).toBe(false);
  });

  it("revokes the platform session when the idle timeout ends it, so the token is refused everywhere", async () => {
    const signedUp = await stack.platform.signupMember("demo2");
    const visitor = new Visitor(stack, B);
    expect((await visitor.signInByLink(`/user?accessToken=${encodeURIComponent(signedUp.token)}`)).status).toBe(302);
    expect(await isSignedIn(visitor)).toBe(true);
    const before = await stack.platform.call("playerInfo", { token: signedUp.token, siteId: "demo2" });
    expect(before.status).toBe(200);

    await advanceSiteClock(stack, 31 * MINUTE);
    expect(await isSignedIn(visitor), "31 idle minutes").toBe(false);
    const after = await stack.platform.call("playerInfo", { token: signedUp.token, siteId: "demo2" });
    expect(after.status, "the token the site held").toBe(402);
  });

  it("follows an operator who turns the idle timeout on for a site that had none", async () => {
    const { visitor: idle } = await member(A);
    await advanceSiteClock(stack, 2 * MINUTE);
    const { visitor: recent } = await member(A);
    await stack.platform.seedSite("demo", { sessionIdleMinutes: 30 });
    try {
      await advanceSiteClock(stack, 29 * MINUTE);
      expect(await isSignedIn(recent), "29 minutes after sign-in").toBe(true);
      expect(await isSignedIn(idle), "31 minutes after sign-in").toBe(false);
    } finally {
      await stack.platform.seedSite("demo", { sessionIdleMinutes: 0 });
    }
  });
});
