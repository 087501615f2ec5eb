import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStack, Visitor, type Stack } from "../helpers/site";

/**
 * The shared-page cache (server/site/page-cache.ts) with a site info TTL long enough to keep pages:
 * signed-out visitors of /login, / and /terms share one render, each with their own CSRF token
 * and nonce; anything personal bypasses it.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await createStack({ vars: { SITE_INFO_TTL_SECONDS: "600" } });
});
afterAll(() => stack?.dispose());

const hit = (response: Response) => (response.headers.get("server-timing") ?? "").includes("page-cache;desc=hit");
const csrfIn = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1];
const noncesIn = (html: string) => new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
const cspNonce = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];

describe("shared pages of signed-out visitors", () => {
  it("serves the second visitor of /login from the first one's render, with the second visitor's own CSRF token and nonce", async () => {
    const first = new Visitor(stack);
    const firstPage = await first.get("/login");
    const firstHtml = await firstPage.text();
    const second = new Visitor(stack);
    const secondPage = await second.get("/login");
    const secondHtml = await secondPage.text();

    expect(hit(secondPage)).toBe(true);
    expect(secondPage.headers.get("x-page-cache")).toBeNull();
    const [firstToken, secondToken] = [csrfIn(firstHtml), csrfIn(secondHtml)];
    expect(firstToken && secondToken && firstToken !== secondToken).toBeTruthy();
    expect(secondHtml).not.toContain(firstToken!);
    // every script nonce is this response's, and the CSP names it
    expect([...noncesIn(secondHtml)]).toEqual([cspNonce(secondPage)]);
    expect(secondHtml.replaceAll(secondToken!, "T").replaceAll(cspNonce(secondPage)!, "N")).toBe(
      firstHtml.replaceAll(firstToken!, "T").replaceAll(cspNonce(firstPage)!, "N"),
    );
  });

  it("fills in a token the session accepts: a form posted from a cached page is not refused as forged", async () => {
    await new Visitor(stack).get("/login");
    const visitor = new Visitor(stack);
    const page = await visitor.get("/login");
    expect(hit(page)).toBe(true);
    const token = csrfIn(await page.text())!;
    const answer = await visitor.post("/login", { account: "nobody1", password: "wrong-pass-1" }, { csrf: token });
    expect(answer.status).toBe(400);
    expect(await answer.text()).not.toContain("authorization_failed");
  });

  it("keeps one copy per language", async () => {
    const english = new Visitor(stack);
    await english.get("/terms");
    const japanese = new Visitor(stack);
    japanese.cookies.set("locale", "ja_JP");
    await japanese.get("/terms");
    const again = await japanese.get("/terms");
    expect(hit(again)).toBe(true);
    expect(await again.text()).toContain('lang="ja-JP"');
    const englishAgain = await english.get("/terms");
    expect(await englishAgain.text()).toContain('lang="en-US"');
  });

  it("keeps one copy per scheme and up/down: a page rendered for a dark, red-up visitor never reaches a light one", async () => {
    const dark = new Visitor(stack);
    dark.cookies.set("scheme", "dark");
    dark.cookies.set("updown", "red-up");
    expect(await dark.get("/login").then((r) => r.text())).toContain('data-scheme="dark" data-updown="red-up"');
    const darkAgain = await dark.get("/login");
    expect(hit(darkAgain)).toBe(true);
    const light = new Visitor(stack);
    light.cookies.set("scheme", "light");
    const lightPage = await light.get("/login");
    expect(await lightPage.text()).toContain('data-scheme="light" data-updown="green-up"');
    // the site's default (the demo follows the device) is a key of its own too
    expect(await new Visitor(stack).get("/login").then((r) => r.text())).toContain(
      'data-scheme="system" data-updown="green-up"',
    );
  });

  it("never serves a signed-in member a shared page, and never stores theirs", async () => {
    const member = await stack.platform.signupMember("demo");
    await new Visitor(stack).get("/");
    const visitor = new Visitor(stack);
    await visitor.signIn(member.account, member.password);
    const home = await visitor.get("/");
    expect(hit(home)).toBe(false);
    expect(await home.text()).toContain(member.account);
    const anonymous = await new Visitor(stack).get("/");
    expect(await anonymous.text()).not.toContain(member.account);
  });

  it("renders afresh for a visitor with a toast waiting, and shares again once it was shown", async () => {
    const member = await stack.platform.signupMember("demo");
    await new Visitor(stack).get("/");
    const visitor = new Visitor(stack);
    await visitor.signIn(member.account, member.password);
    const out = await visitor.post("/logout", {}, {});
    expect(out.headers.get("location")).toBe("/");
    const withToast = await visitor.get("/");
    expect(hit(withToast)).toBe(false);
    expect(await withToast.text()).toContain("Signed out.");
    const after = await visitor.get("/");
    expect(hit(after)).toBe(true);
    expect(await after.text()).not.toContain("Signed out.");
  });

  it("does not share pages whose routes did not opt in", async () => {
    await new Visitor(stack).get("/register");
    const again = await new Visitor(stack).get("/register");
    expect(again.status).toBe(200);
    expect(hit(again)).toBe(false);
  });
});
