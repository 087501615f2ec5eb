/**
 * No answer of the site sends a browser to another origin (server/site/README.md,
 * "Redirect targets"): every redirect target that comes from a request, a cookie or the platform
 * goes through one check (app/utils/redirect-target.ts). Each hostile target below is sent through
 * every path that redirects: the ?accessToken= guard (signed out and signed in, through the
 * visitor's yes or no on the page that asks), the redirectUrl
 * cookie at sign-in, the sign-in answer's redirectUrl, /language's redirectTo, and sign-out.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localRedirectTarget } from "../../app/utils/redirect-target";
import type { TestMember } from "../helpers/platform";
import { CONFIRM_SIGN_IN, createStack, Visitor, type Stack } from "../helpers/site";

const HOSTILE = [
  "//evil.example/x",
  "///evil.example/x",
  "////evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/\\/evil.example",
  "/\t/evil.example",
  "/%09/evil.example/after-login",
  "/\n/evil.example",
  "/%0a/evil.example",
  "/%0d%0aSet-Cookie:%20x=1",
  "/\r\nLocation: //evil.example",
  "/%2F/evil.example",
  "/%2f%2fevil.example",
  "/%5C/evil.example",
  "/%5c%5cevil.example",
  "/%252F%252Fevil.example",
  "/%25252F%25252Fevil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/%2e%2e//evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(document.cookie)",
  "data:text/html,<script>alert(1)</script>",
  "https://evil.example/",
  "http:evil.example",
  "https:/evil.example",
  "evil.example",
  " /evil.example",
  "/ /evil.example",
  "\u0000/evil.example",
  "/%00//evil.example",
  "/\u3000/evil.example",
  "/%E3%80%80/evil.example",
  "/\u2028/evil.example",
  "",
];

/** The Location of an answer stays on the site: same origin once resolved, nothing a browser would strip. */
function expectStaysOnSite(response: Response, target: string) {
  expect(response.status, `status for ${JSON.stringify(target)}`).toBeLessThan(500);
  const location = response.headers.get("location");
  if (location === null) return;
  expect(location, JSON.stringify(target)).not.toMatch(/[\u0000-\u0020\\\u007f]/);
  expect(location.startsWith("/") && !location.startsWith("//"), `${JSON.stringify(target)} → ${location}`).toBe(true);
  expect(new URL(location, "http://localhost/a/b").origin).toBe("http://localhost");
}

/** Wraps the platform so its sign-in answer names whatever redirectUrl the test last set. */
const SIGNIN_REDIRECT_ENTRY = `
  import worker, { MarketObject, MemberObject, SiteObject } from "./worker.js";
  export { OperatorObject } from "./worker.js";
  export { MarketObject, MemberObject, SiteObject };
  let redirectUrl = null;
  export default {
    async fetch(request, env, ctx) {
      const { pathname } = new URL(request.url);
      if (pathname === "/__test__/signin-redirect") {
        redirectUrl = await request.text();
        return new Response("ok");
      }
      const response = await worker.fetch(request, env, ctx);
      if (pathname !== "/player/authorize/signin" || redirectUrl === null || response.status !== 200) return response;
      const body = await response.json();
      body.data.redirectUrl = redirectUrl;
      return Response.json(body, { status: 200 });
    },
  };`;

let stack: Stack;
let member: TestMember;
let other: TestMember;
beforeAll(async () => {
  stack = await createStack({ platformEntry: SIGNIN_REDIRECT_ENTRY });
  member = await stack.platform.signupMember("demo");
  other = await stack.platform.signupMember("demo");
});
afterAll(() => stack?.dispose());

describe("the one redirect check", () => {
  it.each(HOSTILE)("refuses %j", (target) => {
    expect(localRedirectTarget(target)).toBeUndefined();
  });

  it.each([
    ["/user", "/user"],
    ["/user/record?tab=2&page=3", "/user/record?tab=2&page=3"],
    ["/game?pair=ETH-USDT#chart", "/game?pair=ETH-USDT#chart"],
    ["/user/news/%E6%96%B0%E8%81%9E", "/user/news/%E6%96%B0%E8%81%9E"],
  ])("keeps the local path %j", (target, expected) => {
    expect(localRedirectTarget(target)).toBe(expected);
  });
});

/** A request URL whose path is `path` (as a browser would send it), when one can be written at all. */
function requestUrl(path: string, query: string): string | undefined {
  if (!path.startsWith("/") && !path.startsWith("\\")) return undefined;
  const url = `http://localhost${path}${query}`;
  return URL.canParse(url) ? url : undefined;
}

// The tests below sign in once per hostile target (about 35 sign-ins, each hashing the password):
// 12 to 30 s on a loaded 2-core machine. Their timeout only stops a hang; speed is the bench's.
const SIGN_IN_LOOP_TIMEOUT = 120_000;

describe("every path that redirects keeps the browser on the site", { timeout: SIGN_IN_LOOP_TIMEOUT }, () => {
  it("the ?accessToken= guard, signed out, with a valid token, and the visitor's yes and no", async () => {
    for (const target of HOSTILE) {
      const url = requestUrl(target, `?accessToken=${encodeURIComponent(member.token)}`);
      if (!url) continue;
      for (const intent of ["confirm", "decline"]) {
        const visitor = new Visitor(stack);
        const response = await stack.fetch(url, { headers: { cookie: visitor.cookieHeader } });
        visitor.keep(response);
        expectStaysOnSite(response, target);
        // the path waits in the session for the answer, which goes there
        if (response.headers.get("location") === CONFIRM_SIGN_IN)
          expectStaysOnSite(await visitor.post(CONFIRM_SIGN_IN, { intent }), target);
      }
    }
    // the exact request of the finding: the raw path begins with two slashes
    const visitor = new Visitor(stack);
    const response = await stack.fetch(
      `http://localhost//evil.example/x?accessToken=${encodeURIComponent(member.token)}`,
    );
    visitor.keep(response);
    expect(response.headers.get("location")).toBe(CONFIRM_SIGN_IN);
    expect((await visitor.post(CONFIRM_SIGN_IN, { intent: "confirm" })).headers.get("location")).toBe("/");
  });

  it("the ?accessToken= guard, signed in", async () => {
    const visitor = new Visitor(stack);
    expect((await visitor.signIn(member.account, member.password)).status).toBe(302);
    for (const target of HOSTILE) {
      const url = requestUrl(target, `?accessToken=${encodeURIComponent(other.token)}`);
      if (!url) continue;
      const response = await stack.fetch(url, { headers: { cookie: visitor.cookieHeader } });
      visitor.keep(response);
      expectStaysOnSite(response, target);
      if (response.headers.get("location") === CONFIRM_SIGN_IN)
        expectStaysOnSite(await visitor.post(CONFIRM_SIGN_IN, { intent: "decline" }), target);
    }
  });

  it("the redirectUrl cookie at sign-in", async () => {
    for (const target of HOSTILE) {
      const visitor = new Visitor(stack);
      visitor.cookies.set("redirectUrl", encodeURIComponent(target));
      const response = await visitor.signIn(member.account, member.password);
      expect(response.status).toBe(302);
      expectStaysOnSite(response, target);
      expect(response.headers.get("location")).toBe("/user");
    }
  });

  it("the sign-in answer's redirectUrl", async () => {
    try {
      for (const target of HOSTILE) {
        await stack.platform.fetch("/__test__/signin-redirect", { method: "POST", body: target });
        const visitor = new Visitor(stack);
        const response = await visitor.signIn(member.account, member.password);
        expectStaysOnSite(response, target);
        if (response.status === 302) expect(response.headers.get("location")).toBe("/user");
      }
      await stack.platform.fetch("/__test__/signin-redirect", { method: "POST", body: "/user/record?tab=2" });
      const response = await new Visitor(stack).signIn(member.account, member.password);
      expect(response.headers.get("location")).toBe("/user/record?tab=2");
    } finally {
      await stack.platform.fetch("/__test__/signin-redirect", { method: "POST", body: "/user" });
    }
  });

  it("/language's redirectTo", async () => {
    const visitor = new Visitor(stack);
    for (const target of HOSTILE) {
      const response = await visitor.post("/language", { locale: "ja_JP", redirectTo: target });
      expectStaysOnSite(response, target);
      expect(response.headers.get("location")).toBe("/");
    }
  });

  it("sign-out, whatever it is sent", async () => {
    for (const target of HOSTILE) {
      const visitor = new Visitor(stack);
      await visitor.signIn(member.account, member.password);
      const response = await visitor.post("/logout", { redirectTo: target, redirectUrl: target });
      expectStaysOnSite(response, target);
      expect(response.headers.get("location")).toBe("/");
    }
  });
});

describe("?accessToken= switches a signed-in member only on their yes", () => {
  it("keeps the member signed in as themselves while the question waits, and after their no", async () => {
    const visitor = new Visitor(stack);
    await visitor.signIn(member.account, member.password);
    const response = await visitor.get(`/user/bank?accessToken=${encodeURIComponent(other.token)}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(CONFIRM_SIGN_IN);
    expect((await visitor.follow("/user")).html).toContain(member.account);
    expect((await visitor.post(CONFIRM_SIGN_IN, { intent: "decline" })).headers.get("location")).toBe("/user/bank");
    const page = await visitor.follow("/user");
    expect(page.html).toContain(member.account);
    expect(page.html).not.toContain(other.account);
  });

  it("signs in a visitor who is signed out, on their yes", async () => {
    const visitor = new Visitor(stack);
    expect(
      (await visitor.signInByLink(`/user?accessToken=${encodeURIComponent(other.token)}`)).headers.get("location"),
    ).toBe("/user");
    expect((await visitor.follow("/user")).html).toContain(other.account);
  });
});

describe("plain cookies on HTTPS", () => {
  it("are __Host- prefixed, so a sibling subdomain cannot plant them", async () => {
    const response = await stack.fetch("https://localhost/user?x=1");
    expect(response.headers.get("set-cookie")).toMatch(
      /__Host-redirectUrl=[^;]+; Path=\/; SameSite=Lax; HttpOnly; Max-Age=\d+; Secure/,
    );
  });

  it("a bare redirectUrl cookie planted beside them is ignored at sign-in", async () => {
    const visitor = new Visitor(stack, "https://localhost");
    visitor.cookies.set("redirectUrl", encodeURIComponent("/user/withdraw"));
    const response = await visitor.signIn(member.account, member.password);
    expect(response.headers.get("location")).toBe("/user");
  });
});

describe("the language cookie on HTTPS", () => {
  it("is set as __Host-locale and read back under that name", async () => {
    const visitor = new Visitor(stack, "https://localhost");
    const chosen = await visitor.post("/language", { locale: "ja_JP", redirectTo: "/login" });
    expect(chosen.headers.get("set-cookie")).toMatch(/^__Host-locale=ja_JP;/);
    const page = await (await visitor.get("/login")).text();
    expect(page).toContain('lang="ja-JP"');
  });
});
