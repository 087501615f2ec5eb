/**
 * `npm run shots`: full-page screenshots of every page, public and member, at 360×640 and
 * 1280×800, in all four languages, light and dark, on both tenants, into
 * tests/.tmp/shots/<tenant>/<locale>/<viewport>-<scheme>/<page>.png (tests/README.md, "Screenshots").
 *
 * It builds nothing (run `npm run build` first). It starts the production build
 * (server/cli/local/serve.ts) on its own ports (SHOTS_SITE_PORT, 8807, and the next one) with a fresh
 * state folder, makes one member per tenant through the site's own forms (sign-up, a deposit, a
 * transfer to the game wallet, a bet, a message; on the demo site also three documents and a bank
 * account, which it reviews by itself), then photographs each page in each language (the `locale`
 * cookie the /language form sets) and each scheme (the `scheme` cookie the /appearance form sets),
 * and stops the server.
 *
 * Narrow it down while working on one page: SHOTS_TENANTS=demo, SHOTS_LOCALES=ja-JP,
 * SHOTS_VIEWPORTS=phone, SHOTS_SCHEMES=dark, SHOTS_PAGES=register,user-info (page names as in the
 * file names).
 */
import { spawn, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { LOCALES, toLocaleId } from "../app/i18n";
import { ensureDevVars } from "../server/cli/local/dev-vars";
import { MEMBER_PAGES } from "./helpers/member-pages";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium";

const root = fileURLToPath(new URL("..", import.meta.url));
const SITE_PORT = Number(process.env.SHOTS_SITE_PORT ?? 8807);
const PLATFORM_PORT = SITE_PORT + 1;
const STATE_DIR = "tests/.tmp/shots-state";
const OUT = `${root}tests/.tmp/shots`;
const PLATFORM = `http://127.0.0.1:${PLATFORM_PORT}`;

const TENANTS = {
  demo: {
    origin: `http://localhost:${SITE_PORT}`,
    siteId: "demo",
    deposit: "demo-instant",
    bank: true,
    margin: "20",
    leverages: ["5", "10"],
  },
  brand2: {
    origin: `http://brand2.localhost:${SITE_PORT}`,
    siteId: "demo2",
    deposit: "usdt-trc20",
    bank: false,
    margin: "50",
    leverages: ["5", "10"],
  },
} as const;
type Tenant = keyof typeof TENANTS;
const VIEWPORTS = { phone: { width: 360, height: 640 }, desktop: { width: 1280, height: 800 } } as const;
type Viewport = keyof typeof VIEWPORTS;
/** light and dark, whatever the site's default (the `scheme` cookie; app/README.md, "Themes") */
const SCHEMES = ["light", "dark"] as const;
type Scheme = (typeof SCHEMES)[number];

const PUBLIC_PAGES: Record<string, string> = {
  home: "/",
  login: "/login",
  register: "/register",
  "forgot-password": "/forgot-password",
  terms: "/terms",
  contact: "/contact",
  fairness: "/fairness",
  "404": "/no-such-page",
};

/** A page's shot name: /user/record?tab=withdrawals → user-record-withdrawals. */
const shotName = (path: string) =>
  path
    .slice(1)
    .replace(/\?\w+=/, "-")
    .replaceAll("/", "-");

function memberPages(threadPath: string): Record<string, string> {
  return {
    // every section of the member center's menu and its views (tests/helpers/member-pages.ts)
    ...Object.fromEntries(MEMBER_PAGES.map((path) => [shotName(path), path])),
    "user-message-thread": threadPath,
    game: "/game",
    "game-history": "/game?tab=history",
    "game-quotes": "/game?tab=quotes",
    "game-chart": "/game?tab=chart",
    "game-rules": "/game?tab=rules",
    "game-contract-closed": "/game/contract?tab=closed",
    "home-signed-in": "/",
    "contact-signed-in": "/contact",
    "404-signed-in": "/no-such-page",
  };
}

const pick = <T extends string>(env: string | undefined, all: readonly T[]): T[] => {
  if (!env) return [...all];
  const wanted = env.split(",").map((s) => s.trim());
  return all.filter((x) => wanted.includes(x));
};
const tenants = pick(process.env.SHOTS_TENANTS, Object.keys(TENANTS) as Tenant[]);
const locales = pick(process.env.SHOTS_LOCALES, LOCALES);
const viewports = pick(process.env.SHOTS_VIEWPORTS, Object.keys(VIEWPORTS) as Viewport[]);
const schemes = pick<Scheme>(process.env.SHOTS_SCHEMES, SCHEMES);
const onlyPages = process.env.SHOTS_PAGES?.split(",").map((s) => s.trim());

// the server ----------------------------------------------------------------------------------

if (!existsSync(`${root}.build/site/index.js`) || !existsSync(`${root}.build/platform/worker.js`)) {
  console.error("No build found: run `npm run build` first (npm run shots builds nothing).");
  process.exit(1);
}
rmSync(`${root}${STATE_DIR}`, { recursive: true, force: true });
const server = spawn("npx", ["tsx", "server/cli/local/serve.ts"], {
  cwd: root,
  env: {
    ...process.env,
    SITE_PORT: String(SITE_PORT),
    PLATFORM_PORT: String(PLATFORM_PORT),
    STATE_DIR,
    WRANGLER_SEND_METRICS: "false",
  },
  stdio: ["ignore", "ignore", "inherit"],
  detached: true,
});
const stopServer = () => {
  try {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  } catch {
    // already gone
  }
};
process.on("exit", stopServer);
process.on("SIGINT", () => process.exit(130));

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${SITE_PORT}/build-id.json`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server did not answer on port ${SITE_PORT}`);
}

async function operator<T>(
  method: "GET" | "POST",
  path: string,
  body?: unknown,
): Promise<{ statusCode: number; data?: T }> {
  const response = await fetch(`${PLATFORM}${path}`, {
    method,
    headers: { Authorization: `Bearer ${ensureDevVars().operatorKey}`, "Content-Type": "application/json" },
    body: method === "GET" ? undefined : JSON.stringify(body ?? {}),
  });
  return (await response.json()) as { statusCode: number; data?: T };
}

/** Until `find` returns something (the operator's queues fill from the member's outbox). */
async function eventually<T>(what: string, find: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 60; i++) {
    const found = await find();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not appear`);
}

// the members ---------------------------------------------------------------------------------

// one real PNG pixel, for the document uploads
const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

async function submit(page: Page, path: string, field: string, fill: (page: Page) => Promise<void>): Promise<boolean> {
  await page.goto(path);
  const form = page.locator("main form").filter({ has: page.locator(`[name="${field}"]`) });
  await fill(page);
  await form.locator('button[type="submit"]').click();
  await page.waitForLoadState("load");
  return (await page.locator(".toast-success").count()) > 0;
}

/** A member with a history, made through the site's forms as plain HTML; returns the signed-in context's state. */
async function makeMember(browser: Browser, tenant: Tenant) {
  const site = TENANTS[tenant];
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: site.origin });
  const page = await context.newPage();
  const suffix = Math.random().toString(36).slice(2, 8);
  const account = `shots_${suffix}`;
  const txPassword = "Tx-shots-1";
  await signUpShort(page, account);
  // what the short sign-up leaves for the first withdrawal (app/README.md, "Sign-in and sign-up")
  await submit(page, "/user/withdraw", "intent", async (p) => {
    await p.fill('[name="realName"]', "Sam Shots");
    await p.fill('[name="mobile"]', `09${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`);
    await p.fill('[name="transactionPassword"]', txPassword);
    await p.fill('[name="confirmTransactionPassword"]', txPassword);
  });

  await submit(page, "/user/deposit", "optionId", async (p) => {
    await p.check(`input[name="optionId"][value="${site.deposit}"]`);
    await p.fill('[name="amount"]', "500");
  });
  if (site.deposit !== "demo-instant") {
    // a deposit that waits for the operator: the operator confirms it
    const pending = await eventually("the pending deposit", async () => {
      const listed = await operator<{ id: string; account: string }[]>(
        "GET",
        `/operator/sites/${site.siteId}/deposits?status=pending`,
      );
      return listed.data?.find((d) => d.account === account);
    });
    await operator("POST", `/operator/sites/${site.siteId}/deposits/${pending.id}/confirm`, {});
  }
  await submit(page, "/user/transfer", "direction", async (p) => {
    await p.check('input[name="direction"][value="in"]');
    await p.fill('[name="amount"]', "200");
  });
  if (site.bank) {
    for (const kind of ["id_front", "id_back", "passbook"]) {
      await submit(page, "/uploaderfile", "kind", async (p) => {
        await p.selectOption('select[name="kind"]', kind);
        await p.setInputFiles('input[name="file"]', { name: `${kind}.png`, mimeType: "image/png", buffer: PNG_1X1 });
      });
    }
    await submit(page, "/user/bank", "accountNumber", async (p) => {
      await p.fill('[name="bank"]', "Demo Commercial Bank");
      await p.fill('[name="branch"]', "Taipei Main Branch");
      await p.fill('[name="accountName"]', "Sam Shots");
      await p.fill('[name="accountNumber"]', "0015-123-456789");
      await p.fill('[name="currency"]', "USD");
      await p.fill('[name="address"]', "1 Example Road, Taipei");
    });
    await submit(page, "/user/withdraw", "transactionPassword", async (p) => {
      await p.fill('[name="amount"]', "50");
      await p.fill('[name="transactionPassword"]', txPassword);
    });
  }
  // a bet; a period past its cut-off refuses it, so it is tried again a little later
  for (let attempt = 0; attempt < 8; attempt++) {
    const placed = await submit(page, "/game", "option", async (p) => {
      await p.check('input[name="option"][value="high"]');
      await p.fill('form.bet-form [name="amount"]', "10");
    });
    if (placed) break;
    await new Promise((r) => setTimeout(r, 3000));
  }
  // contract positions: two opened (one with a take-profit and a stop-loss far from the price),
  // one of them closed at market, so the page has an open card, the chart's lines and a closed row
  for (const leverage of site.leverages) {
    await page.goto("/game/contract");
    await page.fill('form.contract-ticket [name="margin"]', site.margin);
    await page.check(`form.contract-ticket input[name="leverage"][value="${leverage}"]`, { force: true });
    await page.getByTestId("open-position").click();
    await page.waitForLoadState("load");
  }
  await page.goto("/game/contract");
  const cards = page.locator("li[data-testid=open-card]");
  if ((await cards.count()) === 2) {
    await cards.nth(1).getByTestId("close-position").click();
    await page.waitForLoadState("load");
    const price = Number(((await page.getByTestId("contract-price").textContent()) ?? "").replace(/[^0-9.]/g, ""));
    const card = page.locator("li[data-testid=open-card]").first();
    await card.locator('[name="takeProfit"]').fill((price * 1.04).toFixed(2));
    await card.locator('[name="stopLoss"]').fill((price * 0.97).toFixed(2));
    await card.getByTestId("save-triggers").click();
    await page.waitForLoadState("load");
  }
  await submit(page, "/user/message", "title", async (p) => {
    await p.fill('[name="title"]', "Where is my withdrawal?");
    await p.fill('[name="content"]', "I asked for it this morning. When will it arrive?");
  });
  await page.goto("/user/message");
  const threadPath = (await page.locator('a[href^="/user/message/"]').first().getAttribute("href")) ?? "/user/message";
  const state = await context.storageState();
  await context.close();
  return { state, threadPath };
}

/** The short sign-up on /register (account, password, one box), landing on /user. */
async function signUpShort(page: Page, account: string) {
  await page.goto("/register");
  const form = page.locator("main form").filter({ has: page.locator('[name="agreeTerms"]') });
  await form.locator('[name="account"]').fill(account);
  await form.locator('[name="password"]').fill("Pw-shots-1");
  await form.locator('[name="agreeTerms"]').check();
  await form.locator('button[type="submit"]').click();
  await page.waitForURL(/\/user$/);
}

/**
 * A member just signed up, with nothing done yet: the member center's first-time card and the
 * withdrawal page's "before your first withdrawal" form are theirs.
 */
async function makeNewcomer(browser: Browser, tenant: Tenant) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: TENANTS[tenant].origin });
  const page = await context.newPage();
  await signUpShort(page, `new_${Math.random().toString(36).slice(2, 8)}`);
  const state = await context.storageState();
  await context.close();
  return state;
}

/** The newcomer's pages. */
const NEWCOMER_PAGES: Record<string, string> = {
  "first-time-user": "/user",
  "withdraw-details": "/user/withdraw",
};

/**
 * A platform token of a second account of the tenant, made through the platform's public API: the
 * sign-in link (`?accessToken=`) whose question the link pages show, signed out and signed in as
 * the tenant's member (app/README.md, "Sign-in and sign-up").
 */
async function linkToken(tenant: Tenant): Promise<string> {
  const { siteId } = TENANTS[tenant];
  const account = `link_${Math.random().toString(36).slice(2, 8)}`;
  const mobile = `09${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${PLATFORM}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Site-Id": siteId },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { statusCode: number; data?: { token: string } };
  };
  const signup = await post("/player/authorize/signup", {
    siteId,
    account,
    password: "Pw-shots-1",
    transactionPassword: "Tx-shots-1",
    realName: "Lee Link",
    areaCode: "+886",
    mobile,
  });
  if (signup.statusCode !== 200) throw new Error(`sign-up of the link account: ${JSON.stringify(signup)}`);
  const signin = await post("/player/authorize/signin", { siteId, account, password: "Pw-shots-1" });
  if (!signin.data?.token) throw new Error(`sign-in of the link account: ${JSON.stringify(signin)}`);
  return signin.data.token;
}

// the screenshots -----------------------------------------------------------------------------

async function shoot(context: BrowserContext, origin: string, pages: Record<string, string>, dir: string) {
  const page = await context.newPage();
  for (const [name, path] of Object.entries(pages)) {
    if (onlyPages && !onlyPages.includes(name)) continue;
    await page.goto(`${origin}${path}`, { waitUntil: "load" });
    // hydrated (React owns the body), then the fonts and a moment for the chart to draw
    await page
      .waitForFunction(() => Object.keys(document.body ?? {}).some((k) => k.startsWith("__reactFiber")), undefined, {
        timeout: 15_000,
      })
      .catch(() => {});
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(path.includes("chart") || path.includes("game") ? 1200 : 250);
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
  }
  await page.close();
}

/**
 * /login with the sign-in challenge (server/contract/security.ts SIGNIN_LIMITS): three wrong
 * passwords on a name of its own, the wait, then one more. Turnstile's script is never fetched
 * (nothing here may reach the internet): its box stays empty, at the size the widget takes.
 */
async function shootChallenge(context: BrowserContext, origin: string, dir: string, account: string) {
  if (onlyPages && !onlyPages.includes("login-challenge")) return;
  const page = await context.newPage();
  await page.route("https://challenges.cloudflare.com/**", (route) => route.abort());
  await page.goto(`${origin}/login`, { waitUntil: "load" });
  await page
    .waitForFunction(() => Object.keys(document.body ?? {}).some((k) => k.startsWith("__reactFiber")), undefined, {
      timeout: 15_000,
    })
    .catch(() => {});
  for (let i = 0; i < 4; i++) {
    if (i === 3) await page.waitForTimeout(2500);
    await page.locator('input[name="account"]').fill(account);
    await page.locator('input[name="password"]').fill("not-the-password-1");
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.locator('.auth-card button[type="submit"]').click(),
    ]);
    await page.waitForTimeout(300);
  }
  await page.locator(".challenge").waitFor({ timeout: 10_000 });
  await page.evaluate(() => document.fonts.ready);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/login-challenge.png`, fullPage: true });
  await page.close();
}

/** The pages a member sees in practice mode (app/README.md, "Practice mode"), after the header's switch. */
const PRACTICE_PAGES: Record<string, string> = {
  "practice-user": "/user",
  "practice-game": "/game",
  "practice-contract": "/game/contract",
  "practice-deposit": "/user/deposit",
  "practice-records": "/user/record",
};

/**
 * A page of one mode sent after another tab switched (app/README.md, "Practice mode"): the bet form
 * and the ticket of a real-money page, posted once the other tab switched to practice, come back
 * to the page in practice with the toast saying so. Ends in practice mode.
 */
async function shootModeChanged(context: BrowserContext, origin: string, dir: string) {
  const forms: [string, string, (page: Page) => Promise<void>][] = [
    [
      "practice-game-mode-changed",
      "/game",
      async (p) => {
        await p.check('form.bet-form input[name="option"][value="high"]', { force: true });
        await p.fill('form.bet-form [name="amount"]', "10");
        await p.getByTestId("bet-submit").click();
      },
    ],
    [
      "practice-contract-mode-changed",
      "/game/contract",
      async (p) => {
        await p.fill('form.contract-ticket [name="margin"]', "20");
        await p.getByTestId("open-position").click();
      },
    ],
  ];
  const other = await context.newPage();
  for (const [name, path, send] of forms) {
    if (onlyPages && !onlyPages.includes(name)) continue;
    await other.goto(`${origin}/user`, { waitUntil: "load" });
    await switchMode(other, origin, "real");
    const page = await context.newPage();
    await page.goto(`${origin}${path}`, { waitUntil: "load" });
    await page
      .waitForFunction(() => Object.keys(document.body ?? {}).some((k) => k.startsWith("__reactFiber")), undefined, {
        timeout: 15_000,
      })
      .catch(() => {});
    await switchMode(other, origin, "practice");
    await send(page);
    await page.waitForSelector(".toast-error", { timeout: 15_000 });
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(1200);
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
    await page.close();
  }
  await other.close();
}

/** The header's switch on /user, as a member taps it: the money pill, then the mode (a plain form post back to the page). */
async function switchMode(page: Page, origin: string, mode: "practice" | "real") {
  await page.locator("header .mode-pill > summary").click();
  await Promise.all([page.waitForURL(`${origin}/user`), page.locator(`.header-mode button[value="${mode}"]`).click()]);
}

async function shootPractice(context: BrowserContext, origin: string, dir: string) {
  await shootModeChanged(context, origin, dir);
  const page = await context.newPage();
  await page.goto(`${origin}/user`, { waitUntil: "load" });
  await switchMode(page, origin, "practice");
  await page.close();
  await shoot(context, origin, PRACTICE_PAGES, dir);
}

function cjkFonts(): boolean {
  try {
    return /CJK|Noto Sans (JP|TC|SC)|WenQuanYi|Droid Sans Fallback|IPAGothic/i.test(
      execFileSync("fc-list", { encoding: "utf8" }),
    );
  } catch {
    return false;
  }
}

const started = Date.now();
await waitForServer();
if (!cjkFonts())
  console.warn("No CJK font found (fc-list): Chinese and Japanese pages will show boxes. Install fonts-noto-cjk.");
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
let count = 0;
try {
  for (const tenant of tenants) {
    const site = TENANTS[tenant];
    const member = await makeMember(browser, tenant);
    const newcomer = await makeNewcomer(browser, tenant);
    // the link opens /user and lands on /confirm-sign-in, which waits (10 minutes) for an answer
    const link = `/user?accessToken=${encodeURIComponent(await linkToken(tenant))}`;
    for (const locale of locales) {
      for (const viewport of viewports) {
        for (const scheme of schemes) {
          const dir = `${OUT}/${tenant}/${locale}/${viewport}-${scheme}`;
          const cookies = [
            { name: "locale", value: toLocaleId(locale), url: site.origin },
            { name: "scheme", value: scheme, url: site.origin },
          ];
          const size = VIEWPORTS[viewport];
          const base = {
            viewport: size,
            locale,
            timezoneId: "UTC",
            deviceScaleFactor: 1,
            isMobile: viewport === "phone",
            hasTouch: viewport === "phone",
          };
          const visitor = await browser.newContext(base);
          await visitor.addCookies(cookies);
          await shoot(visitor, site.origin, { ...PUBLIC_PAGES, "link-sign-in": link }, dir);
          await shootChallenge(visitor, site.origin, dir, `shot${Date.now().toString(36)}${count}`);
          await visitor.close();
          const signedIn = await browser.newContext({ ...base, storageState: member.state });
          await signedIn.addCookies(cookies);
          await shoot(signedIn, site.origin, { ...memberPages(member.threadPath), "link-switch": link }, dir);
          await shootPractice(signedIn, site.origin, dir);
          await signedIn.close();
          const fresh = await browser.newContext({ ...base, storageState: newcomer });
          await fresh.addCookies(cookies);
          await shoot(fresh, site.origin, NEWCOMER_PAGES, dir);
          await fresh.close();
          count += 1;
          console.log(`${tenant} ${locale} ${viewport} ${scheme}: done`);
        }
      }
    }
  }
} finally {
  await browser.close();
  stopServer();
}
console.log(
  `screenshots of ${count} tenant × language × size × scheme sets in ${OUT} (${Math.round((Date.now() - started) / 1000)} s)`,
);
process.exit(0);
