import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStack, Visitor, type Stack } from "../helpers/site";
import { TEST_OPERATOR_KEY, type TestOperator } from "../helpers/platform";

/**
 * The back office's foundation (decision 034, app/backoffice/README.md): served only on an
 * operator hostname under /bo, never on a brand's; signed in with the operator's own key, which
 * stays in the encrypted cookie; the menu and the pages follow the operator's roles and sites.
 */
const OPS = "http://ops.localhost";
let stack: Stack;
let cashier: TestOperator;
let helpdesk: TestOperator;

beforeAll(async () => {
  stack = await createStack({ vars: { OPERATOR_HOSTS: "ops.localhost" } });
  cashier = await stack.platform.createOperator({ name: "Cashier Lin", sites: ["demo"], roles: ["finance"] });
  helpdesk = await stack.platform.createOperator({ name: "Helpdesk Wu", sites: ["demo2"], roles: ["support"] });
});
afterAll(() => stack?.dispose());

async function signedIn(key: string): Promise<Visitor> {
  const operator = new Visitor(stack, OPS);
  const answer = await operator.post("/bo/login", { key }, { csrf: await operator.csrf("/bo/login") });
  expect(answer.status, "the key is taken").toBe(302);
  return operator;
}

describe("where the back office answers", () => {
  it("answers 404 on a brand's hostname for every back-office path, signed in there or not", async () => {
    for (const origin of ["http://localhost", "http://demo.localhost", "http://brand2.localhost"]) {
      const visitor = new Visitor(stack, origin);
      for (const path of ["/bo", "/bo/login", "/bo/sites/demo", "/bo/anything"]) {
        expect((await visitor.get(path)).status, `${origin}${path}`).toBe(404);
      }
      const posted = await visitor.post("/bo/login", { key: TEST_OPERATOR_KEY }, { csrf: "x" });
      expect(posted.status, `${origin} POST /bo/login`).toBe(404);
    }
  });

  it("answers nothing but the back office on the operator hostname: no member page, no brand", async () => {
    const visitor = new Visitor(stack, OPS);
    expect((await visitor.get("/")).headers.get("location")).toBe("/bo");
    for (const path of ["/login", "/user", "/game", "/terms", "/manifest.webmanifest"]) {
      expect((await visitor.get(path)).status, path).toBe(404);
    }
  });

  it("sends a visitor without a session to the sign-in, and the sign-in page is private", async () => {
    const visitor = new Visitor(stack, OPS);
    const home = await visitor.get("/bo/sites/demo");
    expect(home.status).toBe(302);
    expect(home.headers.get("location")).toBe("/bo/login");
    const login = await visitor.get("/bo/login");
    expect(login.status).toBe(200);
    expect(login.headers.get("cache-control")).toBe("private, no-store");
    expect(login.headers.get("content-security-policy")).toContain("nonce-");
  });
});

describe("sign-in", () => {
  it("refuses a wrong key with a translated message, keeping nothing", async () => {
    const visitor = new Visitor(stack, OPS, { "accept-language": "ja-JP" });
    const answer = await visitor.post("/bo/login", { key: "opk_wrong.key" }, { csrf: await visitor.csrf("/bo/login") });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("このキーは使用できません");
    expect((await visitor.get("/bo/sites/demo")).headers.get("location")).toBe("/bo/login");
  });

  it("refuses a post without the session's CSRF token", async () => {
    const visitor = new Visitor(stack, OPS);
    await visitor.get("/bo/login");
    const answer = await visitor.post("/bo/login", { key: cashier.key }, { csrf: "forged" });
    expect(answer.status).toBe(403);
  });

  it("keeps the key only in the encrypted httpOnly cookie, never in a page", async () => {
    const operator = await signedIn(cashier.key);
    const cookie = operator.cookies.get("backoffice") ?? "";
    expect(cookie).not.toBe("");
    expect(cookie).not.toContain(cashier.key);
    const page = await operator.get("/bo/sites/demo");
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain(cashier.key);
  });

  it("ends the session at the next page once the key is revoked", async () => {
    const temp = await stack.platform.createOperator({ name: "Temp Staff", sites: ["demo"], roles: ["finance"] });
    const operator = await signedIn(temp.key);
    expect((await operator.get("/bo/sites/demo")).status).toBe(200);
    const revoked = await stack.platform.operator("operatorRevoke", { params: { operatorId: temp.id }, body: {} });
    expect(revoked.status).toBe(200);
    const after = await operator.get("/bo/sites/demo");
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toBe("/bo/login");
    // the cookie no longer holds a key: the sign-in page opens instead of sending on
    expect((await operator.get("/bo/login")).status).toBe(200);
  });

  it("signs out: the key leaves the cookie", async () => {
    const operator = await signedIn(cashier.key);
    const out = await operator.post("/bo/logout", {}, { csrf: await operator.csrf("/bo/sites/demo") });
    expect(out.headers.get("location")).toBe("/bo/login");
    expect((await operator.get("/bo/sites/demo")).headers.get("location")).toBe("/bo/login");
  });
});

describe("roles and sites", () => {
  it("shows finance the money queues with their counts and not the support ones", async () => {
    const operator = await signedIn(cashier.key);
    const html = await (await operator.get("/bo/sites/demo")).text();
    expect(html).toContain("Cashier Lin");
    expect(html).toContain("Deposits");
    expect(html).toContain("Withdrawals");
    expect(html).toContain("Bank accounts");
    expect(html).not.toContain(">Messages<");
  });

  it("refuses a site the operator does not run with a translated 403, before asking its queues", async () => {
    const operator = await signedIn(cashier.key);
    const answer = await operator.get("/bo/sites/demo2");
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain("You do not run this site.");
    const zh = new Visitor(stack, OPS, { "accept-language": "zh-TW" });
    await zh.post("/bo/login", { key: cashier.key }, { csrf: await zh.csrf("/bo/login") });
    expect(await (await zh.get("/bo/sites/demo2")).text()).toContain("您沒有此站點的權限。");
  });

  it("takes one operator straight to their one site", async () => {
    const operator = await signedIn(helpdesk.key);
    expect((await operator.get("/bo")).headers.get("location")).toBe("/bo/sites/demo2");
  });

  it("asks an operator of every site which site to open, and refuses a malformed id", async () => {
    const owner = await signedIn(TEST_OPERATOR_KEY);
    expect((await owner.get("/bo")).status).toBe(200);
    expect((await owner.get("/bo?site=demo2")).headers.get("location")).toBe("/bo/sites/demo2");
    const bad = await owner.get("/bo?site=Not%20a%20site");
    expect(await bad.text()).toContain("A site id is lower-case letters, digits and hyphens.");
  });
});

describe("production: Cloudflare Access in front", () => {
  const productionVars = {
    ENVIRONMENT: "production",
    SESSION_SECRETS: "a-strong-session-secret-for-this-test-only-0123456789",
    TURNSTILE_SITE_KEY: "0x4AAAAAAAB1c2d3e4f5g6h7",
    OPERATOR_HOSTS: "ops.localhost",
  };
  let withAccess: Stack;
  let withoutAccess: Stack;
  beforeAll(async () => {
    withAccess = await createStack({
      vars: { ...productionVars, ACCESS_TEAM_DOMAIN: "ops-team.cloudflareaccess.com", ACCESS_AUD: "aud-0123" },
    });
    withoutAccess = await createStack({ vars: productionVars });
  });
  afterAll(async () => {
    await withAccess?.dispose();
    await withoutAccess?.dispose();
  });

  it("refuses the back office without an Access token, or with a forged one, even with the owner key", async () => {
    const visitor = new Visitor(withAccess, OPS, { "accept-language": "zh-CN" });
    const page = await visitor.get("/bo/login");
    expect(page.status).toBe(403);
    expect(await page.text()).toContain("管理后台只能通过公司的登录验证");
    const forged = new Visitor(withAccess, OPS, { "Cf-Access-Jwt-Assertion": "e30.e30.c2ln" });
    expect((await forged.get("/bo/login")).status).toBe(403);
    const posted = await forged.post("/bo/login", { key: TEST_OPERATOR_KEY }, { csrf: "x" });
    expect(posted.status).toBe(403);
    expect(posted.headers.get("set-cookie")).toBeNull();
  });

  it("refuses the back office when Access is not configured, and the member site still serves", async () => {
    expect((await withoutAccess.fetch(`${OPS}/bo/login`)).status).toBe(503);
    expect((await withoutAccess.fetch("http://localhost/login")).status).toBe(200);
  });
});
