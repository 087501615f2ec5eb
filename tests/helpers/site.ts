import { expect } from "vitest";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import type { WorkerOptions } from "miniflare";
import { DEMO2_SITE, DEMO_SITE, type SeedSite } from "../../server/cli/seed/sites";
import { createPlatform, PLATFORM_WORKER_NAME, type Platform, type PlatformOptions } from "./platform";
import { CookieJar } from "./cookie-jar";
import { open, seal, sessionKeys } from "../../server/site/sealed-cookie";

/** Built by `remix build` (npm run build). */
export const SITE_BUNDLE = fileURLToPath(new URL("../../.build/site/index.js", import.meta.url));
export const TEST_SECRET = "test-session-secret-0123456789abcdefghij";
export const TENANT_HOSTS = { localhost: "demo", "demo.localhost": "demo", "brand2.localhost": "demo2" };

export interface Stack {
  platform: Platform;
  /** a request to the site worker as a browser would send it (redirects are not followed) */
  fetch(url: string, init?: RequestInit): Promise<Response>;
  dispose(): Promise<void>;
}

/**
 * The demo sites' chat links, news, campaigns, help, deposit address pools and xpubs, published through the operator API as the
 * seed does; throws, naming the refusals, unless every publish answered 200.
 */
export async function publishSeedContent(platform: Platform, ...sites: SeedSite[]): Promise<void> {
  const results = await Promise.all(
    sites.flatMap((site) => {
      const params = { siteId: site.siteId };
      return [
        platform.operator("operatorSetChatLink", { params, body: { link: site.chatLink } }),
        ...site.press.map((body) => platform.operator("operatorPublishPress", { params, body })),
        ...site.campaigns.map((body) => platform.operator("operatorPublishCampaign", { params, body })),
        ...site.instructions.map((body) => platform.operator("operatorPublishInstruction", { params, body })),
        ...Object.entries(site.depositAddresses ?? {}).map(([optionId, addresses]) =>
          platform.operator("operatorAddDepositAddresses", { params: { ...params, optionId }, body: { addresses } }),
        ),
        ...Object.entries(site.depositXpubs ?? {}).map(([optionId, xpub]) =>
          platform.operator("operatorSetDepositXpub", { params: { ...params, optionId }, body: { xpub } }),
        ),
      ];
    }),
  );
  const refused = results
    .filter(({ envelope }) => envelope.statusCode !== 200)
    .map(({ envelope }) => `${envelope.statusCode} ${envelope.message}`);
  if (refused.length > 0) throw new Error(`publishing the seed content was refused: ${refused.join(", ")}`);
}

/**
 * The site worker and the reference platform in one workerd, both demo sites seeded.
 * With `platformUrl`, the site reaches the platform over HTTP at that address instead of the
 * service binding (used to put a fault proxy in between). With `siteEntry`, the site's entry is
 * that module's source, which imports the bundle's worker from "./index.js" (a test harness);
 * `platformEntry` wraps the platform bundle as createPlatform's `wrapEntry` does.
 */
export async function createStack(
  opts: {
    platformUrl?: string;
    vars?: Record<string, string>;
    siteEntry?: string;
    platformEntry?: string;
    observe?: PlatformOptions["observe"];
  } = {},
): Promise<Stack> {
  const site: WorkerOptions = {
    name: "member-site",
    // the bundle holds dynamic imports Miniflare cannot follow, so its one module is named here
    modules: opts.siteEntry
      ? [
          { type: "ESModule", path: "entry.js", contents: opts.siteEntry },
          { type: "ESModule", path: "index.js", contents: readFileSync(SITE_BUNDLE, "utf8") },
        ]
      : [{ type: "ESModule", path: SITE_BUNDLE }],
    compatibilityDate: "2025-09-01",
    compatibilityFlags: ["nodejs_compat"],
    kvNamespaces: ["TENANTS"],
    bindings: {
      ENVIRONMENT: "development",
      TENANT_HOSTS: JSON.stringify(TENANT_HOSTS),
      SESSION_SECRETS: TEST_SECRET,
      SITE_INFO_TTL_SECONDS: "0",
      ...(opts.platformUrl ? { PLATFORM_URL: opts.platformUrl } : {}),
      ...opts.vars,
    },
    serviceBindings: opts.platformUrl ? {} : { PLATFORM: PLATFORM_WORKER_NAME },
  };
  const platform = await createPlatform({ extraWorkers: [site], wrapEntry: opts.platformEntry, observe: opts.observe });
  await platform.seedSite(DEMO_SITE.siteId, DEMO_SITE.config);
  await platform.seedSite(DEMO2_SITE.siteId, DEMO2_SITE.config);
  return {
    platform,
    fetch: async (url, init) => {
      // Miniflare replaces the Host header with its own; a proxy's X-Forwarded-Host carries the
      // site's host instead, which Remix compares with Origin on actions
      const headers = new Headers(init?.headers);
      if (!headers.has("x-forwarded-host")) headers.set("x-forwarded-host", new URL(url).host);
      const response = await platform.mf.dispatchFetch(url, {
        redirect: "manual",
        ...(init as object),
        headers,
      } as never);
      return response as unknown as Response;
    },
    dispose: () => platform.dispose(),
  };
}

/** A cookie-keeping visitor of the site, posting forms as a browser does (Origin + CSRF token). */
export class Visitor {
  private readonly jar = new CookieJar();
  readonly cookies = this.jar.cookies;
  constructor(
    private readonly stack: Stack,
    readonly origin = "http://localhost",
    /** sent with every request, e.g. CF-Connecting-IP to be another client address */
    private readonly headers: Record<string, string> = {},
  ) {}

  get cookieHeader(): string {
    return this.jar.header;
  }

  /** Keeps the cookies an answer sets, as a browser would (for answers fetched without get/post). */
  keep(response: Response) {
    this.jar.keep(response);
  }

  async get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    const response = await this.stack.fetch(this.origin + path, {
      headers: { ...this.headers, cookie: this.cookieHeader, ...headers },
    });
    this.keep(response);
    return response;
  }

  /** GET, following redirects on this origin; returns the last response and its path. */
  async follow(path: string): Promise<{ response: Response; path: string; html: string }> {
    let current = path;
    for (let hop = 0; hop < 5; hop++) {
      const response = await this.get(current);
      const location = response.headers.get("location");
      if (!location) return { response, path: current, html: await response.text() };
      current = new URL(location, this.origin + current).pathname + new URL(location, this.origin + current).search;
    }
    throw new Error(`too many redirects from ${path}`);
  }

  /** The CSRF token rendered into the page at `path`. */
  async csrf(path = "/login"): Promise<string> {
    const html = await (await this.get(path)).text();
    const token = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
    if (!token) throw new Error(`no CSRF token on ${path}`);
    return token;
  }

  async post(
    path: string,
    fields: Record<string, string>,
    opts: { csrf?: string | null; origin?: string | null } = {},
  ) {
    const token =
      opts.csrf === undefined ? await this.csrf(path === "/logout" || path === "/language" ? "/" : path) : opts.csrf;
    const body = new URLSearchParams(fields);
    if (token !== null) body.set("csrf", token);
    const headers: Record<string, string> = {
      ...this.headers,
      cookie: this.cookieHeader,
      "content-type": "application/x-www-form-urlencoded",
    };
    const origin = opts.origin === undefined ? this.origin : opts.origin;
    if (origin !== null) headers.origin = origin;
    const response = await this.stack.fetch(this.origin + path, { method: "POST", headers, body: body.toString() });
    this.keep(response);
    if (path === "/register" && fields.transactionPassword && response.status === 302)
      await this.giveFormerSignUpDetails(fields);
    return response;
  }

  /**
   * Sign-up asks only account and password now (app/README.md, "Sign-in and sign-up"). The tests
   * written for the longer form (`registerFields`) post the details too, which the site ignores;
   * this gives them to the platform for the new member directly (no page, no toast), so those
   * tests keep a member with a real name, a mobile and a transaction password, as before.
   * tests/site/sign-up.test.ts proves the short form itself.
   */
  private async giveFormerSignUpDetails(fields: Record<string, string>) {
    const siteId = new URL(this.origin).hostname.startsWith("brand2.") ? "demo2" : "demo";
    const token = (await this.session(siteId))?.token;
    if (typeof token !== "string") return;
    await this.stack.platform.call("updatePlayerInfo", {
      token,
      siteId,
      body: { realName: fields.realName, areaCode: fields.areaCode, mobile: fields.mobile },
    });
    await this.stack.platform.call("changeTransactionPassword", {
      token,
      siteId,
      body: { newTransactionPassword: fields.transactionPassword! },
      headers: { "Idempotency-Key": crypto.randomUUID() },
    });
  }

  async signIn(account: string, password: string) {
    return this.post("/login", { account, password });
  }

  /**
   * Opens a sign-in link (`path` carries ?accessToken=) and says yes on the page that asks
   * (server/site/README.md, "accessToken flow"); returns the confirmation's answer.
   */
  async signInByLink(path: string) {
    const link = await this.get(path);
    expect(link.headers.get("location"), `${path} asks first`).toBe(CONFIRM_SIGN_IN);
    return this.post(CONFIRM_SIGN_IN, { intent: "confirm" });
  }

  /** What this visitor's session cookie holds, opened as the site opens it (undefined: nothing it would read). */
  async session(siteId = "demo"): Promise<Record<string, unknown> | undefined> {
    const value = this.cookies.get("session") ?? this.cookies.get("__Host-session");
    return value === undefined ? undefined : openSessionCookie(value, siteId);
  }
}

/** The page that asks before a sign-in link signs anyone in. */
export const CONFIRM_SIGN_IN = "/confirm-sign-in";

/** A session cookie's value as the site would seal `data` for `siteId` (default: the tests' secret). */
export async function sealSessionCookie(
  data: Record<string, unknown>,
  siteId: string,
  secrets = [TEST_SECRET],
): Promise<string> {
  return seal(JSON.stringify(data), await sessionKeys(secrets), siteId);
}

/** The data of a session cookie's value for `siteId`, or undefined when it does not open. */
export async function openSessionCookie(
  value: string,
  siteId: string,
  secrets = [TEST_SECRET],
): Promise<Record<string, unknown> | undefined> {
  const plain = await open(decodeURIComponent(value), await sessionKeys(secrets), siteId);
  return plain === undefined ? undefined : (JSON.parse(plain) as Record<string, unknown>);
}

let counter = 0;
export function freshMember() {
  counter += 1;
  const n = (process.pid * 7919 + counter * 104729) % 100_000_000;
  return {
    account: `m${process.pid}s${counter}`,
    password: "login-pass-1",
    transactionPassword: "trade-pass-2",
    realName: "Site Tester",
    areaCode: "+886",
    mobile: `09${String(n).padStart(8, "0")}`,
  };
}

export function registerFields(m: ReturnType<typeof freshMember>): Record<string, string> {
  return {
    account: m.account,
    password: m.password,
    confirmPassword: m.password,
    transactionPassword: m.transactionPassword,
    confirmTransactionPassword: m.transactionPassword,
    realName: m.realName,
    areaCode: m.areaCode,
    mobile: m.mobile,
    agreeTerms: "on",
    legalAge: "on",
  };
}

/**
 * `reset` drops the connection before the platform sees the request; `drop-response` forwards it
 * and drops the connection instead of answering (the platform acted, the site cannot know). A
 * fault with a `method` hits only requests of that method to the path.
 */
export type Fault = { path: string; method?: string } & (
  { kind: "reset" | "drop-response" } | { kind: "status"; status: number; message: string }
);

/**
 * An HTTP proxy between the site and the platform that can break: drop the connection (a
 * network-level failure) before or after the platform acted, or answer a given envelope status,
 * for the next `times` requests to a path; or stop listening altogether (`down`, connections
 * refused) until `up`.
 */
export async function startFaultProxy(forward: (request: Request) => Promise<Response>) {
  const faults: (Fault & { times: number })[] = [];
  const hits = new Map<string, number>();
  // a forward that fails (the platform stopped) drops the connection, as a dead upstream would
  const server: Server = createServer((req, res) => void handle(req, res).catch(() => req.socket.destroy()));
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? "/").split("?")[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    hits.set(`${req.method} ${path}`, (hits.get(`${req.method} ${path}`) ?? 0) + 1);
    const fault = faults.find((f) => f.path === path && (!f.method || f.method === req.method) && f.times > 0);
    if (fault) {
      fault.times -= 1;
      if (fault.kind === "reset") return void req.socket.destroy();
      if (fault.kind === "status") {
        res.writeHead(fault.status, { "content-type": "application/json" });
        return void res.end(JSON.stringify({ statusCode: fault.status, message: fault.message }));
      }
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const upstream = await forward(
      new Request(`http://platform.test${req.url}`, {
        method: req.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      }),
    );
    if (fault?.kind === "drop-response") {
      await upstream.arrayBuffer();
      return void req.socket.destroy();
    }
    res.writeHead(upstream.status, { "content-type": "application/json" });
    res.end(Buffer.from(await upstream.arrayBuffer()));
  }
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    inject(fault: Fault, times = 1) {
      faults.push({ ...fault, times });
    },
    /** requests to a path (of one method only, when given) since the last reset */
    hits(path: string, method?: string) {
      return hits.get(method ? `${method} ${path}` : path) ?? 0;
    },
    reset() {
      faults.length = 0;
      hits.clear();
    },
    /** stops listening: every connection to the platform is refused until `up` */
    down: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    up: () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve)),
    close: () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve())),
  };
}

/** The account mode a rendered play form carries (the page's mode: app/components/mode-input.tsx). */
export const modeOf = (html: string) =>
  /<input type="hidden" name="mode" value="(real|practice)"/.exec(html)?.[1] ?? "";

/** The idempotency key a rendered form carries. */
export const idempotencyKeyOf = (html: string) => /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1];

/**
 * A new member, signed up through the site, with `amount` (as typed) deposited by the demo site's
 * instant option and moved into the game wallet: the start of every test that bets through pages.
 */
export async function memberWithGameFunds(stack: Stack, amount = "10"): Promise<Visitor> {
  const visitor = new Visitor(stack);
  expect((await visitor.post("/register", registerFields(freshMember()))).status).toBe(302);
  const deposit = idempotencyKeyOf(await (await visitor.get("/user/deposit")).text())!;
  expect(
    (await visitor.post("/user/deposit", { optionId: "demo-instant", amount, idempotencyKey: deposit })).status,
  ).toBe(302);
  const transfer = idempotencyKeyOf(await (await visitor.get("/user/transfer")).text())!;
  expect(
    (await visitor.post("/user/transfer", { direction: "in", gameCode: "binary", amount, idempotencyKey: transfer }))
      .status,
  ).toBe(302);
  return visitor;
}
