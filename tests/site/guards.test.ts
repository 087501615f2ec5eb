import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStack, freshMember, registerFields, Visitor, type Stack } from "../helpers/site";

let stack: Stack;
beforeAll(async () => {
  stack = await createStack();
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
  it("turns a valid token into a session and strips it from the URL", async () => {
    const member = await stack.platform.signupMember("demo");
    const visitor = new Visitor(stack);
    const response = await visitor.get(`/user?accessToken=${encodeURIComponent(member.token)}&tab=2`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/user?tab=2");
    const page = await visitor.follow("/user?tab=2");
    expect(page.response.status).toBe(200);
    expect(page.html).toContain(member.account);
  });

  it("remembers the intended path in redirectUrl when the token is invalid", async () => {
    const visitor = new Visitor(stack);
    const response = await visitor.get("/user?accessToken=not-a-real-token");
    expect(response.headers.get("location")).toBe("/login");
    expect(decodeURIComponent(visitor.cookies.get("redirectUrl") ?? "")).toBe("/user");
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
