import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStack, freshMember, registerFields, Visitor, type Stack } from "../helpers/site";

let stack: Stack;
beforeAll(async () => {
  stack = await createStack();
});
afterAll(() => stack?.dispose());

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const langOf = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];

describe("tenant resolution", () => {
  it("serves each hostname its own site's branding and default language", async () => {
    const demo = await (await stack.fetch("http://localhost/")).text();
    const brand2 = await (await stack.fetch("http://brand2.localhost/")).text();
    expect(titleOf(demo)).toContain("Demo Trade");
    expect(langOf(demo)).toBe("en-US");
    expect(demo).toContain('href="/brand/demo/favicon.svg"');
    expect(titleOf(brand2)).toContain("Brand Two");
    expect(langOf(brand2)).toBe("zh-TW");
    // demo2 uses its mark beside the name (theme.logo "mark-name")
    expect(brand2).toContain("/brand/demo2/favicon.svg");
    expect(brand2).not.toContain("Demo Trade");
  });

  it("answers an unknown hostname with a plain 404 page and no tenant's content", async () => {
    const response = await stack.fetch("http://nope.localhost/");
    const html = await response.text();
    expect(response.status).toBe(404);
    expect(html).toContain("Unknown site");
    expect(html).not.toContain("Demo Trade");
    expect(html).not.toContain("Brand Two");
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("maps a hostname added to the TENANTS namespace without a deploy", async () => {
    expect((await stack.fetch("http://brand3.localhost/")).status).toBe(404);
    const kv = await stack.platform.mf.getKVNamespace("TENANTS", "member-site");
    await kv.put("brand3.localhost", "demo2");
    const html = await (await stack.fetch("http://brand3.localhost/")).text();
    expect(titleOf(html)).toContain("Brand Two");
  });

  it("does not honour a session cookie of one site on another", async () => {
    const member = freshMember();
    const demo = new Visitor(stack, "http://localhost");
    const signup = await demo.post("/register", registerFields(member));
    expect(signup.status).toBe(302);
    expect((await demo.get("/user")).status).toBe(200);

    const other = new Visitor(stack, "http://brand2.localhost");
    for (const [k, v] of demo.cookies) other.cookies.set(k, v);
    const response = await other.get("/user");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login");
  });

  it("refuses a member token of one site on another site's accessToken flow", async () => {
    const member = await stack.platform.signupMember("demo");
    const other = new Visitor(stack, "http://brand2.localhost");
    const response = await other.get(`/user?accessToken=${encodeURIComponent(member.token)}`);
    // not accepted: the visitor is still anonymous and the intended path is remembered
    expect(response.headers.get("location")).toBe("/login");
    expect(other.cookies.get("redirectUrl")).toBe(encodeURIComponent("/user"));
  });
});
