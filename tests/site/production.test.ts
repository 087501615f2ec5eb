/**
 * The site and the platform as configured for production: they refuse to serve on a missing or
 * public secret, and no answer carries a stack trace or an error's own text.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlatform, TEST_OPERATOR_KEY } from "../helpers/platform";
import { createStack, TEST_SECRET, type Stack } from "../helpers/site";

const strongSecret = () => randomBytes(32).toString("hex");
/** A Turnstile key of the shape Cloudflare issues, not one of its public test keys. */
const SITE_KEY = "0x4AAAAAAAB1c2d3e4f5g6h7";
const TURNSTILE_SECRET = "0x4AAAAAAAB1c2d3e4f5g6h7i8j9k0l1m2n3";

/** A site entry whose TENANTS lookup throws: an exception inside the worker entry, before Remix. */
const THROWING_ENTRY = `
import worker from "./index.js";
export default {
  fetch(request, env, ctx) {
    const tenants = { get() { throw new Error("secret-detail-of-the-failure"); } };
    return worker.fetch(request, { ...env, TENANTS: tenants }, ctx);
  },
};`;

/** A stack frame, raw or inside a JSON string. */
const STACK_FRAME = /(\n|\\n)\s+at\s/;

/** No stack frame, file path or error text of ours in an answer. */
function expectNoLeak(body: string) {
  expect(body).not.toMatch(STACK_FRAME);
  expect(body).not.toContain('"stack"');
  expect(body).not.toMatch(/\.(js|ts|tsx):\d+/);
  expect(body).not.toContain("secret-detail-of-the-failure");
}

describe("production: no stack trace reaches a browser", () => {
  let production: Stack;
  let development: Stack;
  beforeAll(async () => {
    production = await createStack({
      vars: { ENVIRONMENT: "production", SESSION_SECRETS: strongSecret(), TURNSTILE_SITE_KEY: SITE_KEY },
    });
    development = await createStack();
  });
  afterAll(async () => {
    await production?.dispose();
    await development?.dispose();
  });

  it("a data request for a route that does not exist answers without the error's stack", async () => {
    const response = await production.fetch("http://localhost/?_data=routes/nonexistent");
    expect(response.status).toBeGreaterThanOrEqual(400);
    expectNoLeak(await response.text());
  });

  it("development, by contrast, shows the stack (so the check above can fail)", async () => {
    const response = await development.fetch("http://localhost/?_data=routes/nonexistent");
    expect(await response.text()).toMatch(STACK_FRAME);
  });

  it("serves pages normally in production with a strong secret", async () => {
    const response = await production.fetch("http://localhost/login");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('name="csrf"');
  });
});

describe("production: an exception inside the worker entry", () => {
  let production: Stack;
  beforeAll(async () => {
    production = await createStack({
      vars: { ENVIRONMENT: "production", SESSION_SECRETS: strongSecret(), TURNSTILE_SITE_KEY: SITE_KEY },
      siteEntry: THROWING_ENTRY,
    });
  });
  afterAll(async () => production?.dispose());

  it("answers a plain 500 page with no stack and no error text, and the request id for support", async () => {
    const response = await production.fetch("http://localhost/", { headers: { "cf-ray": "8f1a2b3c4d5e6f70-NRT" } });
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(body).toContain("Something went wrong");
    // the id of the request's log lines (server/log/README.md)
    expect(body).toContain("Reference: 8f1a2b3c4d5e6f70-NRT");
    expectNoLeak(body);
  });
});

describe("production: the site refuses to serve with an unsafe configuration", () => {
  it.each([
    ["the session secret is the tests' public value", { ENVIRONMENT: "production", SESSION_SECRETS: TEST_SECRET }],
    [
      "the session secret was once committed",
      { ENVIRONMENT: "production", SESSION_SECRETS: `${strongSecret()},dev-only-secret-change-me-0123456789abcdef` },
    ],
    ["the session secret is too short", { ENVIRONMENT: "production", SESSION_SECRETS: "short-secret" }],
    [
      "the Turnstile site key is Cloudflare's always-passing test key",
      { ENVIRONMENT: "production", SESSION_SECRETS: strongSecret(), TURNSTILE_SITE_KEY: "1x00000000000000000000AA" },
    ],
    ["there is no Turnstile site key", { ENVIRONMENT: "production", SESSION_SECRETS: strongSecret() }],
  ])("answers 503 when %s", async (_, vars) => {
    const stack = await createStack({ vars });
    try {
      const response = await stack.fetch("http://localhost/login");
      expect(response.status).toBe(503);
      const body = await response.text();
      expect(body).toContain("Service unavailable");
      expect(body).not.toContain('name="csrf"');
    } finally {
      await stack.dispose();
    }
  });
});

describe("production: the platform refuses to serve with an unsafe configuration", () => {
  const productionBindings = {
    ENVIRONMENT: "production",
    SMS_PROVIDER: "http",
    SMS_PROVIDER_URL: "https://sms.example.test/send",
    SMS_PROVIDER_KEY: "sms-provider-key",
    TURNSTILE_SECRET_KEY: TURNSTILE_SECRET,
  };

  it("answers 503 to every call while the operator key is a public development value", async () => {
    const platform = await createPlatform({ operatorKey: TEST_OPERATOR_KEY, bindings: productionBindings });
    try {
      const response = await platform.fetch("/site/info/demo");
      expect(response.status).toBe(503);
    } finally {
      await platform.dispose();
    }
  });

  it("answers 503 in production with the development SMS log provider", async () => {
    const platform = await createPlatform({
      operatorKey: strongSecret(),
      bindings: { ...productionBindings, SMS_PROVIDER: "log" },
    });
    try {
      expect((await platform.fetch("/site/info/demo")).status).toBe(503);
    } finally {
      await platform.dispose();
    }
  });

  it.each([
    ["Cloudflare's always-passing test secret", { TURNSTILE_SECRET_KEY: "1x0000000000000000000000000000000AA" }],
    ["no Turnstile secret", { TURNSTILE_SECRET_KEY: "" }],
  ])("answers 503 in production with %s", async (_, turnstile) => {
    const platform = await createPlatform({
      operatorKey: strongSecret(),
      bindings: { ...productionBindings, ...turnstile },
    });
    try {
      expect((await platform.fetch("/site/info/demo")).status).toBe(503);
    } finally {
      await platform.dispose();
    }
  });

  it("serves with a strong key, but refuses operator calls that did not come through Cloudflare Access", async () => {
    const key = strongSecret();
    const platform = await createPlatform({ operatorKey: key, bindings: productionBindings });
    try {
      const info = await platform.fetch("/site/info/nosuchsite");
      expect(info.status).not.toBe(503);
      const { status } = await platform.operator("operatorPutSite", { params: { siteId: "prodtest" }, body: {} }, key);
      expect(status).toBe(403);
    } finally {
      await platform.dispose();
    }
  });
});
