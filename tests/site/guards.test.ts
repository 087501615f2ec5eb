import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFIRM_SIGN_IN, createStack, freshMember, registerFields, Visitor, type Stack } from "../helpers/site";
import { advanceSiteClock, SITE_HARNESS_ENTRY } from "../helpers/site-harness";

let stack: Stack;
beforeAll(async () => {
  // the harness moves the site's clock (a sign-in link's 10 minutes)
  stack = await createStack({ siteEntry: SITE_HARNESS_ENTRY });
});
afterAll(() => stack?.dispose());

describe("auth guard", () => {
  it("sends a visitor of /user to /login and back to /user after sign-in", async () => {
    const member = await stack.platform.signupMember("demo");
    const visitor = new Visitor(stack);
    const guarded = await visitor.get("/user?tab=1");
    expect(guarded.status).toBe(302);
    expect(guarded.headers.get("location")).toBe("/login");
    expect(visitor.cookies.get("redirectUrl")).toBe(encodeURIComponent("/user?tab=1"));

    const signin = await visitor.signIn(member.account, member.password);
    expect(signin.status).toBe(302);
    expect(signin.headers.get("location")).toBe("/user?tab=1");
    expect(visitor.cookies.has("redirectUrl")).toBe(false);
  });

  it("answers an unmatched path with 404, Page Not Found and the path", async () => {
    const response = await stack.fetch("http://localhost/no/such/page");
    const html = await response.text();
    expect(response.status).toBe(404);
    expect(html).toContain("Page Not Found");
    expect(html).toContain("/no/such/page");
  });

  it("never redirects to another origin after sign-in", async () => {
    const member = await stack.platform.signupMember("demo");
    const visitor = new Visitor(stack);
    visitor.cookies.set("redirectUrl", encodeURIComponent("//evil.example/steal"));
    const signin = await visitor.signIn(member.account, member.password);
    expect(signin.headers.get("location")).toBe("/user");
  });
});

describe("the ?accessToken= flow", () => {
  /** The consent page's account names (data-testid="link-account", "link-current-account"). */
  const named = (html: string, testId: string) => new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`).exec(html)?.[1];

  it("signs no signed-out visitor in by a link alone: another's token waits on a page naming the account (login CSRF)", async () => {
    // the attack: a signed-out member opens the attacker's link to the upload page; the ID image
    // they upload next would be the attacker's to download
    const attacker = await stack.platform.signupMember("demo");
    const victim = new Visitor(stack);
    const link = await victim.get(`/uploaderfile?accessToken=${encodeURIComponent(attacker.token)}`);
    expect(link.status).toBe(302);
    expect(link.headers.get("location")).toBe(CONFIRM_SIGN_IN);
    expect((await victim.get("/uploaderfile")).headers.get("location"), "still signed out").toBe("/login");
    expect(await victim.session(), "no platform token in the session yet").not.toHaveProperty("token");

    const page = await victim.get(CONFIRM_SIGN_IN);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(named(html, "link-account")).toBe(attacker.account);
    expect(named(html, "link-current-account")).toBeUndefined();
    expect(html).toMatch(/name="intent" value="confirm"/);
    expect(html).toMatch(/name="intent" value="decline"/);
    // the token travels in the encrypted session only: not in the page, the URL or a readable cookie
    expect(html).not.toContain(attacker.token);
    expect(html).not.toContain(encodeURIComponent(attacker.token));
    expect(victim.cookieHeader).not.toContain(attacker.token);
  });

  it("signs in when the visitor says yes, and goes to the page the link named, without the token", async () => {
    const member = await stack.platform.signupMember("demo");
    const visitor = new Visitor(stack);
    expect(
      (await visitor.get(`/user?accessToken=${encodeURIComponent(member.token)}&tab=2`)).headers.get("location"),
    ).toBe(CONFIRM_SIGN_IN);
    const confirmed = await visitor.post(CONFIRM_SIGN_IN, { intent: "confirm" });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/user?tab=2");
    const page = await visitor.follow("/user?tab=2");
    expect(page.response.status).toBe(200);
    expect(page.html).toContain(member.account);
    // the decision is used once: the consent page has nothing left to ask
    expect((await visitor.get(CONFIRM_SIGN_IN)).headers.get("location")).toBe("/");
  });

  it("sends the app router's data request for a link to the question as Remix sends a loader's redirect", async () => {
    const member = await stack.platform.signupMember("demo");
    const visitor = new Visitor(stack);
    const response = await visitor.get(`/user?accessToken=${encodeURIComponent(member.token)}&_data=routes%2Fuser`);
    expect(response.status).toBe(204);
    expect(response.headers.get("x-remix-redirect")).toBe(CONFIRM_SIGN_IN);
    expect(response.headers.get("location")).toBeNull();
    expect(named(await (await visitor.get(CONFIRM_SIGN_IN)).text(), "link-account")).toBe(member.account);
  });

  it("drops the token on No: the visitor stays signed out, and a later yes signs no one in", async () => {
    const member = await stack.platform.signupMember("demo");
    const visitor = new Visitor(stack);
    await visitor.get(`/uploaderfile?accessToken=${encodeURIComponent(member.token)}`);
    const declined = await visitor.post(CONFIRM_SIGN_IN, { intent: "decline" });
    expect(declined.status).toBe(302);
    expect(declined.headers.get("location")).toBe("/uploaderfile");
    expect(await visitor.session()).not.toHaveProperty("linkToken");
    // nothing waits, so the page that would carry its token redirects: the token of any page will do
    const late = await visitor.post(CONFIRM_SIGN_IN, { intent: "confirm" }, { csrf: await visitor.csrf("/login") });
    expect(late.status).toBe(302);
    expect(late.headers.get("location")).toBe("/");
    expect((await visitor.get("/user")).headers.get("location")).toBe("/login");
  });

  it("accepts the yes only as a post of this site with the session's CSRF token; a GET decides nothing", async () => {
    const member = await stack.platform.signupMember("demo");
    const visitor = new Visitor(stack);
    await visitor.get(`/user?accessToken=${encodeURIComponent(member.token)}`);
    expect((await visitor.post(CONFIRM_SIGN_IN, { intent: "confirm" }, { csrf: null })).status).toBe(403);
    expect((await visitor.post(CONFIRM_SIGN_IN, { intent: "confirm" }, { csrf: "forged" })).status).toBe(403);
    expect(
      (await visitor.post(CONFIRM_SIGN_IN, { intent: "confirm" }, { origin: "http://brand2.localhost" })).status,
    ).toBe(403);
    expect((await visitor.get(`${CONFIRM_SIGN_IN}?intent=confirm`)).status).toBe(200);
    expect((await visitor.get("/user")).headers.get("location")).toBe("/login");
    // the visitor's own yes still works afterwards
    expect((await visitor.post(CONFIRM_SIGN_IN, { intent: "confirm" })).headers.get("location")).toBe("/user");
    expect((await visitor.get("/user")).status).toBe(200);
  });

  it("forgets a link not confirmed within 10 minutes", async () => {
    const member = await stack.platform.signupMember("demo");
    const visitor = new Visitor(stack);
    await visitor.get(`/user?accessToken=${encodeURIComponent(member.token)}`);
    await advanceSiteClock(stack, 10 * 60_000 + 1000);
    expect((await visitor.get(CONFIRM_SIGN_IN)).headers.get("location")).toBe("/");
    const late = await visitor.post(CONFIRM_SIGN_IN, { intent: "confirm" }, { csrf: await visitor.csrf("/login") });
    expect(late.headers.get("location")).toBe("/");
    expect((await visitor.get("/user")).headers.get("location")).toBe("/login");
  });

  it("asks a signed-in member before switching to another account, naming both: No keeps them, Yes switches and ends the old session", async () => {
    const me = await stack.platform.signupMember("demo");
    const other = await stack.platform.signupMember("demo");
    const visitor = new Visitor(stack);
    expect((await visitor.signIn(me.account, me.password)).status).toBe(302);
    const myToken = (await visitor.session())!.token as string;

    expect(
      (await visitor.get(`/user/bank?accessToken=${encodeURIComponent(other.token)}`)).headers.get("location"),
    ).toBe(CONFIRM_SIGN_IN);
    const html = await (await visitor.get(CONFIRM_SIGN_IN)).text();
    expect(named(html, "link-account")).toBe(other.account);
    expect(named(html, "link-current-account")).toBe(me.account);
    expect((await visitor.follow("/user")).html, "still the member until they choose").toContain(me.account);

    const declined = await visitor.post(CONFIRM_SIGN_IN, { intent: "decline" });
    expect(declined.headers.get("location")).toBe("/user/bank");
    const kept = await visitor.follow("/user");
    expect(kept.html).toContain(me.account);
    expect(kept.html).not.toContain(other.account);

    await visitor.get(`/user/bank?accessToken=${encodeURIComponent(other.token)}`);
    const switched = await visitor.post(CONFIRM_SIGN_IN, { intent: "confirm" });
    expect(switched.headers.get("location")).toBe("/user/bank");
    expect((await visitor.follow("/user")).html).toContain(other.account);
    expect(
      (await stack.platform.call("playerInfo", { token: myToken, siteId: "demo" })).status,
      "the session left is revoked",
    ).toBe(402);
  });

  it("drops a signed-in member's own account's token without asking", async () => {
    const me = await stack.platform.signupMember("demo");
    const visitor = new Visitor(stack);
    await visitor.signIn(me.account, me.password);
    const before = (await visitor.session())!.token;
    const response = await visitor.get(`/user/record?accessToken=${encodeURIComponent(me.token)}`);
    expect(response.headers.get("location")).toBe("/user/record");
    expect((await visitor.session())!.token, "the session's own token stays").toBe(before);
    expect((await visitor.get(CONFIRM_SIGN_IN)).headers.get("location")).toBe("/");
  });

  it("remembers the intended path in redirectUrl when the token is invalid", async () => {
    const visitor = new Visitor(stack);
    const response = await visitor.get("/user?accessToken=not-a-real-token");
    expect(response.headers.get("location")).toBe("/login");
    expect(decodeURIComponent(visitor.cookies.get("redirectUrl") ?? "")).toBe("/user");
    expect((await visitor.get(CONFIRM_SIGN_IN)).headers.get("location")).toBe("/");
  });
});

describe("translation files", () => {
  it("answers each real namespace, and 404 for any other name, the object prototype's included", async () => {
    expect((await stack.fetch("http://localhost/locales/en-US/common.json")).status).toBe(200);
    for (const path of [
      "/locales/en-US/constructor.json",
      "/locales/en-US/toString.json",
      "/locales/en-US/hasOwnProperty.json",
      "/locales/en-US/valueOf.json",
      "/locales/en-US/__proto__.json",
      "/locales/en-US/nope.json",
      "/locales/en-US/common.json/x",
      "/locales/constructor/common.json",
      "/locales/xx-XX/common.json",
      "/locales/en-US/",
    ]) {
      const response = await stack.fetch(`http://localhost${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain("undefined");
    }
  });
});

describe("referral code", () => {
  it("keeps ?ref= for 7 days, prefills sign-up with it and clears it at sign-in", async () => {
    const visitor = new Visitor(stack);
    const landing = await visitor.get("/?ref=FRIEND42");
    const cookie = landing.headers.getSetCookie().find((c) => c.startsWith("referrerCode="));
    expect(cookie).toMatch(/referrerCode=FRIEND42;.*Max-Age=604800/);
    const register = await (await visitor.get("/register")).text();
    expect(register).toMatch(/name="referralCode"[^>]*value="FRIEND42"|value="FRIEND42"[^>]*name="referralCode"/);

    const member = freshMember();
    const signup = await visitor.post("/register", { ...registerFields(member), referralCode: "FRIEND42" });
    expect(signup.status).toBe(302);
    expect(signup.headers.getSetCookie().some((c) => /^referrerCode=;.*Max-Age=0/.test(c))).toBe(true);
  });
});

describe("site redirect rules", () => {
  it("applies an operator's internal and external redirects before the app", async () => {
    await stack.platform.seedSite("demo", {
      redirects: [
        { from: "/promo", to: "/register", permanent: false },
        { from: "/partner", to: "https://partner.example/welcome", permanent: true },
      ],
    });
    const internal = await stack.fetch("http://localhost/promo?ref=ABC");
    expect(internal.status).toBe(302);
    expect(internal.headers.get("location")).toBe("http://localhost/register?ref=ABC");
    const external = await stack.fetch("http://localhost/partner");
    expect(external.status).toBe(301);
    expect(external.headers.get("location")).toBe("https://partner.example/welcome");
    await stack.platform.seedSite("demo", { redirects: [] });
  });

  it("answers the router's data request for a rule's path as Remix answers a loader's redirect: the router follows it, leaving the app only for another origin", async () => {
    await stack.platform.seedSite("demo", {
      redirects: [
        { from: "/promo", to: "/register", permanent: false },
        { from: "/partner", to: "https://partner.example/welcome", permanent: true },
      ],
    });
    const internal = await stack.fetch("http://localhost/promo?ref=ABC&_data=routes%2F%24");
    expect(internal.status).toBe(204);
    expect(internal.headers.get("location")).toBeNull();
    expect(internal.headers.get("x-remix-redirect")).toBe("/register?ref=ABC");
    expect(internal.headers.get("x-remix-status")).toBe("302");
    expect(internal.headers.get("x-remix-reload-document")).toBeNull();
    const external = await stack.fetch("http://localhost/partner?_data=routes%2F%24");
    expect(external.status).toBe(204);
    expect(external.headers.get("x-remix-redirect")).toBe("https://partner.example/welcome");
    expect(external.headers.get("x-remix-status")).toBe("301");
    expect(external.headers.get("x-remix-reload-document")).toBe("true");
    await stack.platform.seedSite("demo", { redirects: [] });
  });
});
