import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createStack, startFaultProxy, Visitor, type Stack } from "../helpers/site";
import type { TestMember } from "../helpers/platform";

let stack: Stack;
let proxy: Awaited<ReturnType<typeof startFaultProxy>>;
let member: TestMember;

beforeAll(async () => {
  proxy = await startFaultProxy(async (request) => {
    const url = new URL(request.url);
    const body = request.method === "GET" ? undefined : await request.text();
    return stack.platform.fetch(url.pathname + url.search, { method: request.method, headers: request.headers, body });
  });
  stack = await createStack({ platformUrl: proxy.url });
  member = await stack.platform.signupMember("demo");
});
afterAll(async () => {
  await stack?.dispose();
  await proxy?.close();
});
afterEach(() => proxy.reset());

async function signedIn(): Promise<Visitor> {
  const visitor = new Visitor(stack);
  const response = await visitor.signIn(member.account, member.password);
  expect(response.status).toBe(302);
  return visitor;
}

describe("network failures", () => {
  it("retries a request that failed at network level once, and the member sees nothing", async () => {
    const visitor = await signedIn();
    proxy.reset();
    proxy.inject({ path: "/player/wallets", kind: "reset" }, 1);
    const page = await visitor.get("/user");
    expect(page.status).toBe(200);
    expect(proxy.hits("/player/wallets")).toBe(2);
    expect(await page.text()).toContain('data-testid="main-balance"');
  });

  it("gives up after the retry with status 400 and 'connection failed, please refresh'", async () => {
    const visitor = await signedIn();
    proxy.reset();
    proxy.inject({ path: "/player/wallets", kind: "reset" }, 2);
    const page = await visitor.get("/user");
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("Connection failed, please refresh.");
    expect(proxy.hits("/player/wallets")).toBe(2);
    // the session survives a network failure
    expect((await visitor.get("/user")).status).toBe(200);
  });

  it("shows a 503 page in the site's words when site info cannot be read at all", async () => {
    proxy.inject({ path: "/site/info/demo", kind: "reset" }, 2);
    const response = await stack.fetch("http://localhost/");
    expect(response.status).toBe(503);
    expect(await response.text()).toContain("Connection failed, please refresh.");
  });
});

// server/site/README.md, "Platform client"
describe("statuses that end the session", () => {
  for (const status of [402, 404, 409]) {
    it(`ends the session and sends the member to /login with 'please log in again' on ${status}`, async () => {
      const visitor = await signedIn();
      proxy.inject({ path: "/player/info", kind: "status", status, message: "invalid_permission" }, 1);
      const response = await visitor.get("/user");
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/login");
      const login = await visitor.follow("/login");
      expect(login.html).toContain("Please log in again.");
      expect((await visitor.get("/user")).headers.get("location")).toBe("/login");
    });
  }

  it("keeps the session on any other failure status", async () => {
    const visitor = await signedIn();
    proxy.inject({ path: "/player/wallets", kind: "status", status: 500, message: "internal_error" }, 1);
    const page = await visitor.get("/user");
    expect(await page.text()).toContain("The service had a problem.");
    expect((await visitor.get("/user")).status).toBe(200);
  });
});
