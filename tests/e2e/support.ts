import { randomInt, randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Browser, type Locator, type Page, type TestInfo } from "@playwright/test";
import { formatMoney } from "../../app/utils/money";
import { ensureDevVars } from "../../server/cli/local/dev-vars";
import { DEMO2_SITE, DEMO_SITE } from "../../server/cli/seed/sites";
import type { SiteInfo } from "../../server/contract";
import type { LocaleId } from "#rules/locales";
import { localizeSite } from "../../server/contract/localize";
import { defaultSiteConfig } from "../../server/platform/site/defaults";
import { PLATFORM_PORT, SITE_PORT } from "./ports";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The demo site (English) and the second tenant (Traditional Chinese by default). */
export const DEMO = `http://localhost:${SITE_PORT}`;
export const BRAND2 = `http://brand2.localhost:${SITE_PORT}`;

export const SITES = {
  demo: { origin: DEMO, title: "Demo Trade", lang: "en-US", areaCode: "+886" },
  demo2: { origin: BRAND2, title: "Brand Two Markets", lang: "zh-TW", areaCode: "+886" },
} as const;

type Json = { [key: string]: string | Json };

/** A locale's translations, read from the files the app bundles, so tests follow the texts. */
export function texts(lng: "en-US" | "zh-TW" | "zh-CN" | "ja-JP") {
  const read = (ns: string) => JSON.parse(readFileSync(`${root}/locales/${lng}/${ns}.json`, "utf8")) as Json;
  const common = read("common");
  const messages = read("messages");
  const terms = read("terms");
  const money = read("money");
  const bank = read("bank");
  const records = read("records");
  const pick = (tree: Json, key: string): string => {
    let node: string | Json = tree;
    for (const part of key.split(".")) {
      if (typeof node !== "object" || !(part in node)) throw new Error(`${lng}: no translation for ${key}`);
      node = node[part]!;
    }
    if (typeof node !== "string") throw new Error(`${lng}: ${key} is not a string`);
    return node;
  };
  return {
    t: (key: string) => pick(common, key),
    msg: (key: string) => pick(messages, key),
    terms: (key: string) => pick(terms, key),
    money: (key: string, values?: Record<string, string>) => interpolate(pick(money, key), values),
    bank: (key: string, values?: Record<string, string>) => interpolate(pick(bank, key), values),
    records: (key: string, values?: Record<string, string>) => interpolate(pick(records, key), values),
    /** every key under `validation` of a namespace, e.g. the bank form's required-field messages */
    validationKeys: (ns: "money" | "bank") => Object.keys((ns === "money" ? money : bank).validation as Json),
  };
}

/**
 * The game's name as a site shows it in `lng` (site info gameName, localized as the worker does):
 * the game's heading and title, the header's link and the member menu's item.
 */
export function gameNameOf(siteId: "demo" | "demo2", lng: Lng): string {
  const seed = siteId === "demo" ? DEMO_SITE : DEMO2_SITE;
  const site = { ...defaultSiteConfig(siteId), ...seed.config, siteId } as SiteInfo;
  return localizeSite(site, lng.replace("-", "_") as LocaleId).gameName || tr(lng, "nav.game");
}

/** i18next-style `{{name}}` placeholders filled in, as the app shows them. */
function interpolate(text: string, values: Record<string, string> = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

export interface Member {
  account: string;
  password: string;
  transactionPassword: string;
  realName: string;
  areaCode: string;
  mobile: string;
}

/** A member nobody has used yet: unique account and (per site) unique mobile number. */
export function newMember(areaCode = "+886"): Member {
  const suffix = randomUUID().replace(/-/g, "").slice(0, 10);
  return {
    account: `e2e_${suffix}`,
    password: `Pw-${randomUUID().slice(0, 8)}`,
    transactionPassword: `Tx-${randomUUID().slice(0, 8)}`,
    realName: `Tess Tester ${suffix.slice(0, 4)}`,
    areaCode,
    mobile: `09${String(randomInt(0, 100_000_000)).padStart(8, "0")}`,
  };
}

export interface SignUpValues {
  account?: string;
  password?: string;
  confirmPassword?: string;
  transactionPassword?: string;
  confirmTransactionPassword?: string;
  realName?: string;
  areaCode?: string;
  mobile?: string;
  referralCode?: string;
  agreeTerms?: boolean;
  legalAge?: boolean;
}

export function signUpValues(m: Member): SignUpValues {
  return {
    account: m.account,
    password: m.password,
    confirmPassword: m.password,
    transactionPassword: m.transactionPassword,
    confirmTransactionPassword: m.transactionPassword,
    realName: m.realName,
    areaCode: m.areaCode,
    mobile: m.mobile,
    referralCode: "",
    agreeTerms: true,
    legalAge: true,
  };
}

const TEXT_FIELDS = ["account", "password", "referralCode"] as const;

/**
 * Fills the sign-up form on the current page: account, password, referral code and its one box
 * (terms and legal age). The details a withdrawal needs are not on it any more (giveDetails).
 */
export async function fillSignUp(page: Page, v: SignUpValues): Promise<void> {
  const form = signUpForm(page);
  for (const name of TEXT_FIELDS) await form.locator(`[name="${name}"]`).fill(v[name] ?? "");
  await form.locator('[name="agreeTerms"]').setChecked(Boolean(v.agreeTerms && v.legalAge !== false));
}

export function signUpForm(page: Page): Locator {
  return page.locator("main form").filter({ has: page.locator('[name="agreeTerms"]') });
}

/**
 * What sign-up no longer asks, given where the member is first asked: the withdrawal page's
 * "Before your first withdrawal" form (real name, mobile, transaction password), so tests about
 * something else have a member with every detail, as the long sign-up gave them.
 */
export async function giveDetails(page: Page, origin: string, member: Member): Promise<void> {
  await page.goto(`${origin}/user/withdraw`);
  const form = page.locator("main form").filter({ has: page.locator('input[name="intent"][value="details"]') });
  await form.locator('[name="realName"]').fill(member.realName);
  await form.locator('select[name="areaCode"]').selectOption(member.areaCode);
  await form.locator('[name="mobile"]').fill(member.mobile);
  if ((await form.locator('[name="transactionPassword"]').count()) > 0) {
    await form.locator('[name="transactionPassword"]').fill(member.transactionPassword);
    await form.locator('[name="confirmTransactionPassword"]').fill(member.transactionPassword);
  }
  await form.locator('button[type="submit"]').click();
  await expect(form, `details of ${member.account} saved`).toHaveCount(0);
}

/** The message shown under one field of a form. */
export function fieldError(page: Page, name: string): Locator {
  return page
    .locator(".field")
    .filter({ has: page.locator(`[name="${name}"]`) })
    .locator(".error-list");
}

/** The form-level message (platform errors such as an existing account). */
export function formError(page: Page): Locator {
  return page.locator("form > .error-list");
}

export async function signIn(page: Page, origin: string, account: string, password: string): Promise<void> {
  await page.goto(`${origin}/login`);
  const form = page.locator("form").filter({ has: page.locator('[name="password"]') });
  await form.locator('[name="account"]').fill(account);
  await form.locator('[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
}

/**
 * Creates a member on a site through its sign-up form, in a throwaway browser context without
 * JavaScript (Node itself cannot resolve *.localhost): for tests about something else.
 */
export async function registerMember(browser: Browser, origin: string, member: Member = newMember()): Promise<Member> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/register`);
    await fillSignUp(page, signUpValues(member));
    await signUpForm(page).locator('button[type="submit"]').click();
    await expect(page, `sign-up of ${member.account} should end on /user`).toHaveURL(`${origin}/user`);
    await giveDetails(page, origin, member);
    return member;
  } finally {
    await context.close();
  }
}

/** The header's sign-out button (only there when signed in). */
export function signOutButton(page: Page): Locator {
  return page.locator('header form[action="/logout"] button[type="submit"]');
}

/** Waits until React has hydrated the page's forms (their event handlers are attached). */
export async function waitForHydration(page: Page, selector = "main form"): Promise<void> {
  await page.waitForFunction((sel) => {
    const form = document.querySelector(sel);
    return form !== null && Object.keys(form).some((k) => k.startsWith("__reactProps"));
  }, selector);
}

/**
 * The form posts the page makes from now on, with the server's answers. Forms are checked by the
 * server only, so with JavaScript too a wrong form is posted: it must be answered 400 (and change
 * nothing).
 */
export function watchPosts(page: Page): { path: string; status: number }[] {
  const posts: { path: string; status: number }[] = [];
  page.on("response", (r) => {
    if (r.request().method() === "POST") posts.push({ path: new URL(r.url()).pathname, status: r.status() });
  });
  return posts;
}

/** Waits until React has hydrated the document, whatever it shows (also an error page without forms). */
export async function waitForReact(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document.body ?? {}).some((k) => k.startsWith("__reactFiber")));
}

// money pages ------------------------------------------------------------------------------------

/**
 * Signs a new member up on /register (with or without JavaScript) and waits for /user. With
 * `details` (the default), the withdrawal's details are given too and the page is /user again.
 */
export async function signUp(
  page: Page,
  origin: string,
  member: Member = newMember(),
  { details = true }: { details?: boolean } = {},
): Promise<Member> {
  await page.goto(`${origin}/register`);
  await fillSignUp(page, signUpValues(member));
  await signUpForm(page).locator('button[type="submit"]').click();
  await expect(page, `sign-up of ${member.account} should end on /user`).toHaveURL(`${origin}/user`);
  if (details) {
    await giveDetails(page, origin, member);
    await page.goto(`${origin}/user`);
  }
  return member;
}

/** The form of the current page that holds a field of this name (not the header's sign-out form). */
export function formWith(page: Page, fieldName: string): Locator {
  return page.locator("main form").filter({ has: page.locator(`[name="${fieldName}"]`) });
}

/** A bank/upload form's own alert (what failed, then why). */
export function formAlert(page: Page): Locator {
  return page.locator("form .form-alert");
}

/** A real 1×1 PNG (the bytes of PNG_1X1 in tests/platform/money-helpers.ts, which needs vitest). */
export const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** Writes a file into the test's own output folder and returns its path (for file inputs). */
export function tempFile(testInfo: TestInfo, name: string, content: Buffer | string): string {
  const path = testInfo.outputPath(name);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  return path;
}

/**
 * An amount as the app shows it: the currency's ISO digits, in the page's language, with the one
 * currency sign of every language (app/utils/money.ts; its own rule is tested in tests/unit/money-format.test.ts).
 */
export function moneyText(minor: number, currency: string, lng: string): string {
  return formatMoney(minor, currency, lng);
}

/** An amount as a member types it: 123450 → "1234.50". */
export function decimalText(minor: number, currency: string): string {
  const digits =
    new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return digits === 0 ? String(minor) : (minor / 10 ** digits).toFixed(digits);
}

/** The e2e platform (the operator API and the public site info), on 127.0.0.1 only. */
export const PLATFORM = `http://127.0.0.1:${PLATFORM_PORT}`;

/** A site's configuration as the platform serves it: limits, fee, currency, games. */
export async function siteInfo(siteId: "demo" | "demo2"): Promise<SiteInfo> {
  const response = await fetch(`${PLATFORM}/site/info/${siteId}`);
  const envelope = (await response.json()) as { statusCode: number; data?: SiteInfo };
  if (envelope.statusCode !== 200 || !envelope.data)
    throw new Error(`site info of ${siteId}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** The development operator key the e2e platform runs with (server/platform/.dev.vars). */
const operatorKey = () => ensureDevVars().operatorKey;

export interface Envelope<T> {
  statusCode: number;
  message: string;
  data?: T;
}

/** One call of the platform's operator API, as an operator's own tools make it. */
export async function operatorApi<T>(
  method: "GET" | "POST" | "PUT",
  path: string,
  body?: unknown,
): Promise<Envelope<T>> {
  const response = await fetch(`${PLATFORM}${path}`, {
    method,
    headers: { Authorization: `Bearer ${operatorKey()}`, "Content-Type": "application/json" },
    body: method === "GET" ? undefined : JSON.stringify(body ?? {}),
  });
  return (await response.json()) as Envelope<T>;
}

type Queued = { id?: string; memberId: string; account: string; status: string };

/**
 * The member's item in a site's operator queue (filled through the member's outbox, so it may
 * take a moment to appear).
 */
export async function queuedItem<T extends Queued>(
  siteId: string,
  queue: "withdrawals" | "bank-applications" | "deposits",
  account: string,
  status: "pending" | "all" = "pending",
): Promise<T> {
  let found: T | undefined;
  await expect
    .poll(
      async () => {
        const listed = await operatorApi<T[]>("GET", `/operator/sites/${siteId}/${queue}?status=${status}`);
        found = listed.data?.find((item) => item.account === account);
        return found !== undefined;
      },
      { message: `${account} should appear in the ${siteId} ${queue} queue`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The operator pays a member's pending withdrawal (POST …/withdrawals/<id>/approve). */
export async function operatorApproveWithdrawal(siteId: string, account: string) {
  const pending = await queuedItem<Queued & { id: string; amount: number; fee: number }>(
    siteId,
    "withdrawals",
    account,
  );
  const decided = await operatorApi<Queued>("POST", `/operator/sites/${siteId}/withdrawals/${pending.id}/approve`, {
    reason: "",
  });
  expect(decided, "the operator's approval should succeed").toMatchObject({
    statusCode: 200,
    data: { status: "paid" },
  });
  return pending;
}

/** The operator approves a member's bank application (sites without automatic review). */
export async function operatorApproveBank(siteId: string, account: string) {
  const pending = await queuedItem<Queued>(siteId, "bank-applications", account);
  const decided = await operatorApi<Queued>(
    "POST",
    `/operator/sites/${siteId}/bank-applications/${pending.memberId}/approve`,
    {
      reason: "",
    },
  );
  expect(decided, "the operator's bank approval should succeed").toMatchObject({
    statusCode: 200,
    data: { status: "approved" },
  });
}

// member center (tests/e2e/center*.spec.ts) -----------------------------------------------------

export type Lng = "en-US" | "zh-TW" | "zh-CN" | "ja-JP";

const localeFiles = new Map<string, Json>();

/**
 * A text by the key the app itself uses: `ns:path` (`common` when there is no namespace, as in
 * `validation.mobile_invalid` or `account:validation.code_invalid`), with `{{placeholders}}`
 * filled and a `count` choosing the i18next plural form (`_one`, `_other`).
 */
export function tr(lng: Lng, key: string, values: Record<string, string | number> = {}): string {
  const [ns, path] = key.includes(":") ? (key.split(":", 2) as [string, string]) : ["common", key];
  const file = `${root}/locales/${lng}/${ns}.json`;
  if (!localeFiles.has(file)) localeFiles.set(file, JSON.parse(readFileSync(file, "utf8")) as Json);
  const lookup = (p: string): string | undefined => {
    let node: string | Json | undefined = localeFiles.get(file);
    for (const part of p.split(".")) node = typeof node === "object" ? node[part] : undefined;
    return typeof node === "string" ? node : undefined;
  };
  const count = values.count;
  const text =
    (typeof count === "number"
      ? (lookup(`${path}_${new Intl.PluralRules(lng).select(count)}`) ?? lookup(`${path}_other`))
      : undefined) ?? lookup(path);
  if (text === undefined) throw new Error(`${lng}: no translation for ${key}`);
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

const watchedPages = new WeakSet<Page>();

/**
 * Records every toast the page shows (a page with JavaScript hides a toast after its duration,
 * 1 s for the password ones, which a polling assertion could miss). Call before the first goto.
 */
export async function watchToasts(page: Page): Promise<void> {
  watchedPages.add(page);
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __e2eToasts: string[] }).__e2eToasts = seen;
    // a toast counts once per element and text: one still on screen is not shown again
    const shown = new WeakMap<Element, string>();
    const record = () => {
      for (const el of document.querySelectorAll('[data-testid="toast"]')) {
        const text = el.textContent ?? "";
        if (text && shown.get(el) !== text) {
          shown.set(el, text);
          seen.push(text);
        }
      }
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/**
 * The page showed this toast: on a watched page (JavaScript on) any toast since the last one
 * matched, otherwise the toast in the document (without JavaScript it stays there).
 */
export async function expectToast(page: Page, text: string): Promise<void> {
  if (!watchedPages.has(page)) {
    await expect(page.getByTestId("toast")).toHaveText(text);
    return;
  }
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __e2eToasts?: string[] }).__e2eToasts ?? []), {
      message: `the toast "${text}" should show`,
    })
    .toContain(text);
  // consumed: a later toast of the same text must be a new one
  await page.evaluate((t) => {
    const seen = (window as unknown as { __e2eToasts?: string[] }).__e2eToasts ?? [];
    seen.splice(0, seen.lastIndexOf(t) + 1);
  }, text);
}

type SmsLogEntry = {
  to: string;
  purpose: "verify_mobile" | "reset_password";
  code: string;
  sentAt: string;
  account: string;
};

/** The newest code the platform's log SMS provider "sent" to a mobile for a purpose (operator API). */
export async function smsCodeFor(
  siteId: "demo" | "demo2",
  member: Pick<Member, "account" | "mobile">,
  purpose: SmsLogEntry["purpose"],
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const log = await operatorApi<SmsLogEntry[]>(
          "GET",
          `/operator/sites/${siteId}/sms?mobile=${encodeURIComponent(member.mobile)}`,
        );
        code = log.data?.find((e) => e.purpose === purpose && e.account === member.account)?.code;
        return code !== undefined;
      },
      { message: `a ${purpose} code for ${member.account} should be in the ${siteId} SMS log`, timeout: 15_000 },
    )
    .toBe(true);
  return code!;
}

export type OperatorMessage = {
  id: string;
  memberId: string;
  account: string;
  title: string;
  unread: boolean;
  replyCount: number;
  awaitingReply: boolean;
};

/** A member's thread in the site's operator message queue (delivered through the member's outbox). */
export async function operatorThread(
  siteId: "demo" | "demo2",
  account: string,
  match: (m: OperatorMessage) => boolean = (m) => m.awaitingReply,
): Promise<OperatorMessage> {
  let found: OperatorMessage | undefined;
  await expect
    .poll(
      async () => {
        const listed = await operatorApi<OperatorMessage[]>("GET", `/operator/sites/${siteId}/messages?status=all`);
        found = listed.data?.find((m) => m.account === account && match(m));
        return found !== undefined;
      },
      { message: `a message of ${account} should be in the ${siteId} operator queue`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The form of the current page, in any layout (main or the empty auth layout), that holds a field of this name. */
export function formHolding(page: Page, fieldName: string): Locator {
  return page.locator("form").filter({ has: page.locator(`[name="${fieldName}"]`) });
}

/**
 * Changes the login password on the open /user/setting page and checks what follows (app/README.md,
 * "Passwords"): the session ends, the member is on the demo site's /login with the toast (`toast`,
 * in the page's language) and signed out.
 */
export async function changeLoginPassword(
  page: Page,
  oldPassword: string,
  newPassword: string,
  toast: string,
): Promise<void> {
  const form = formHolding(page, "oldPassword");
  await form.locator('[name="oldPassword"]').fill(oldPassword);
  await form.locator('[name="newPassword"]').fill(newPassword);
  await form.locator('[name="confirmPassword"]').fill(newPassword);
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(`${DEMO}/login`);
  await expectToast(page, toast);
  await expect(signOutButton(page)).toHaveCount(0);
}

// the game (tests/e2e/game*.spec.ts) --------------------------------------------------------------

export interface PairConfig {
  name: string;
  precision: number;
  periodSeconds: number;
  cutoffSeconds: number;
  startPrice: number;
  volatilityBp: number;
  paused?: boolean;
}

/** The operator sets how a pair's market runs (operatorPutPair: PUT /operator/pairs/<PAIR>). */
export async function operatorPutPair(pair: string, config: PairConfig): Promise<void> {
  const put = await operatorApi<{ symbol: string }>("PUT", `/operator/pairs/${pair}`, config);
  expect(put, `the operator's configuration of ${pair} should succeed`).toMatchObject({
    statusCode: 200,
    data: { symbol: pair, periodSeconds: config.periodSeconds, cutoffSeconds: config.cutoffSeconds },
  });
}

/**
 * The pair every game journey bets on, shortened by the operator to 10-second periods, betting on
 * each closing 3 seconds before it starts (while the period before it runs). Pairs are the platform's, not a site's, so every spec
 * sets exactly this schedule (a no-op after the first) and none disturbs another's rounds. The
 * first put must reach a fresh state before anything else touches ETH-USDT: it then creates the
 * pair, which applies at once; a change to an existing pair's schedule waits for the next
 * committed day (server/platform/README.md, "Verifiable rounds"), and operatorPutPair's check of
 * the answered schedule would say so.
 */
export const E2E_PAIR = {
  symbol: "ETH-USDT",
  config: {
    name: "Walk 2 Index",
    precision: 2,
    periodSeconds: 10,
    cutoffSeconds: 3,
    startPrice: 345_678,
    volatilityBp: 10,
    paused: false,
  } satisfies PairConfig,
};

/**
 * A round's countdown on the game page: the Next round's ("Betting closes in", then "Closed,
 * starts in" after its cut-off) or the Live round's ("Ends in"), by test id.
 */
export function roundCountdown(page: Page, round: "next" | "live"): Locator {
  return page.getByTestId(round === "next" ? "cutoff-timer" : "end-timer").locator("time");
}

/** Seconds a countdown shows (its `datetime`, PT<n>S). */
export async function secondsLeft(time: Locator): Promise<number> {
  const value = await time.getAttribute("datetime");
  const match = /^PT(\d+)S$/.exec(value ?? "");
  if (!match) throw new Error(`countdown datetime ${value}`);
  return Number(match[1]);
}

/** Seconds of betting left on the Next round, 0 once its betting has closed. */
export async function bettingLeft(page: Page): Promise<number> {
  if ((await page.getByTestId("cutoff-timer").getAttribute("data-phase")) !== "open") return 0;
  return secondsLeft(roundCountdown(page, "next"));
}

/**
 * Until the Next round of the game page at `url` still takes bets for at least `seconds` (5 by
 * default, of the E2E pair's 7: a bet's round trip on a loaded machine takes a few seconds): with
 * JavaScript the live countdown is watched; without, the page is loaded again (the server renders
 * what is left). It waits at most one of the E2E pair's rounds and 5 s, or
 * `timeoutMs` for a pair with longer rounds.
 */
export async function awaitBetting(
  page: Page,
  opts: { js: boolean; url: string; seconds?: number; timeoutMs?: number },
): Promise<void> {
  const seconds = opts.seconds ?? 5;
  await expect
    .poll(
      async () => {
        if (!opts.js) await page.goto(opts.url);
        return bettingLeft(page);
      },
      {
        message: `a Next round with ${seconds} s of betting left`,
        timeout: opts.timeoutMs ?? (E2E_PAIR.config.periodSeconds + 5) * 1000,
        intervals: [250],
      },
    )
    .toBeGreaterThanOrEqual(seconds);
}

/** The toast of a bet taken on `periodNo` (the Next round's). */
export function betPlacedText(lng: Lng, periodNo: string): string {
  return tr(lng, "messages:bet_placed_round", { periodNo });
}

/** Deposits with the instant demo credit, then moves part of it into the game wallet (JS on or off). */
export async function fundGameWallet(page: Page, js: boolean, deposit: string, toGame: string): Promise<void> {
  await page.goto(`${DEMO}/user/deposit`);
  if (js) await waitForHydration(page);
  const depositForm = formWith(page, "optionId");
  await depositForm.locator('input[name="optionId"][value="demo-instant"]').check();
  await depositForm.locator('[name="amount"]').fill(deposit);
  await depositForm.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(`${DEMO}/user/deposit`);
  await expectToast(page, tr("en-US", "messages:deposit_credited"));

  await page.goto(`${DEMO}/user/transfer`);
  if (js) await waitForHydration(page);
  const transferForm = formWith(page, "direction");
  await transferForm.locator('input[name="direction"][value="in"]').check();
  await transferForm.locator('[name="amount"]').fill(toGame);
  await transferForm.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(`${DEMO}/user/transfer`);
  await expectToast(page, tr("en-US", "messages:transfer_in_success"));
}

/**
 * Lets the page run what it has queued (React renders after a message, and a fake clock does not
 * hold messages): a few message round trips, so a check that something did not happen is made
 * after it would have.
 */
export async function flushPageTasks(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let i = 0; i < 3; i++) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
    }
  });
}
