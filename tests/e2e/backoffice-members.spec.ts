import { mkdirSync, readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { fileURLToPath } from "node:url";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { callRequest, type CallInput, type CallName } from "../../server/contract";
import {
  PLATFORM,
  PNG_1X1,
  moneyText,
  newMember,
  operatorApi,
  queuedItem,
  tr,
  type Envelope,
  type Lng,
} from "./support";
import { SITE_PORT } from "./ports";

/**
 * The back office's members and oversight sections (app/backoffice/README.md, decision 036), as
 * staff use them: support looks a member up by account and by mobile number and reads their open
 * bet and pending withdrawal (without JavaScript too); finance pays the withdrawal, finds that
 * decision in the audit log under their own name and downloads the day's ledger file; support is
 * refused oversight, in their language. Screenshots at 360×640 and 1280×800, in English and a
 * CJK language, in tests/.tmp/shots/backoffice/.
 */
test.describe.configure({ mode: "serial" });

const OPS = `http://ops.localhost:${SITE_PORT}`;
const SITE = "bo-members-e2e";
const PAIR = "BTC-USDT";
const SHOTS = fileURLToPath(new URL("../.tmp/shots/backoffice/", import.meta.url));

type Operator = { id: string; name: string; key: string };
type ApiMember = { account: string; mobile: string; token: string };

async function call<T>(name: CallName, input: CallInput<CallName>): Promise<Envelope<T>> {
  const response = await fetch(callRequest(name, input as never, PLATFORM));
  return (await response.json()) as Envelope<T>;
}

const as = <T>(member: ApiMember, name: CallName, input: Partial<CallInput<CallName>> = {}) =>
  call<T>(name, { ...input, token: member.token, siteId: SITE, idempotencyKey: crypto.randomUUID() } as never);

async function createOperator(name: string, roles: string[]): Promise<Operator> {
  const made = await operatorApi<{ operator: { id: string }; key: string }>("POST", "/operator/operators", {
    name,
    sites: [SITE],
    roles,
  });
  expect(made.statusCode, made.message).toBe(200);
  return { id: made.data!.operator.id, name, key: made.data!.key };
}

/** A back-office text, as the catalog words it. */
const bo = (lng: Lng, key: string, values: Record<string, string | number> = {}) =>
  tr(lng, `backoffice:${key}`, values);

const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

async function expectAxeClean(page: Page, what: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).setLegacyMode(true).analyze();
  const found = violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(" ")}: ${v.help}`));
  expect.soft(found, `${what}: axe violations`).toEqual([]);
}

/** The page at a desk and on a phone: screenshots, axe clean at both, no sideways scroll on the phone. */
async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}${name}-1280x800.png`, fullPage: true });
  await expectAxeClean(page, `${name} at 1280 px`);
  await page.setViewportSize({ width: 360, height: 640 });
  await page.screenshot({ path: `${SHOTS}${name}-360x640.png`, fullPage: true });
  await expectAxeClean(page, `${name} at 360 px`);
  const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(width, `${name} at 360 px`).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function operatorPage(browser: Browser, operator: Operator, js: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: js, locale: "en-US", timezoneId: "UTC" });
  const page = await context.newPage();
  await page.goto(`${OPS}/bo/login`);
  await page.getByLabel("Operator key").fill(operator.key);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(`Signed in as ${operator.name}`)).toBeVisible();
  return page;
}

/** The back office in another language, through the top bar's form. */
async function useLanguage(page: Page, locale: "zh_TW" | "ja_JP"): Promise<void> {
  await page.locator(".bo-language select").selectOption(locale);
  await page.locator(".bo-language button").click();
  await expect(page.locator("html")).toHaveAttribute("lang", locale.replace("_", "-"));
}

let support: Operator;
let finance: Operator;
let member: ApiMember;
const STAKE = 1_000;
const WITHDRAWAL = 5_000;

test.beforeAll(async () => {
  const site = await operatorApi("PUT", `/operator/sites/${SITE}`, {
    title: "Members E2E",
    currency: "USD",
    langOptions: ["en_US"],
    localsOptions: ["+886"],
    games: [{ code: "binary", name: "Binary" }],
    pairs: [PAIR],
    depositOptions: [{ id: "demo-instant", kind: "demo", name: "Instant demo credit", instructions: "Play money." }],
    bankVerify: false,
    bankAutoReview: false,
    transactionPasswordRequired: false,
    minDepositAmount: 1000,
    maxDepositAmount: 10_000_000,
    minWithdrawAmount: 1000,
    maxWithdrawAmount: 5_000_000,
    withdrawFeeRatio: 0.01,
    withdrawFeeFixed: 100,
    minBetAmount: 100,
    maxBetAmount: 100_000,
  });
  expect(site.statusCode, site.message).toBe(200);
  support = await createOperator("Helpdesk Lee", ["support"]);
  finance = await createOperator("Cashier Ono", ["finance"]);

  // a member with money in the game wallet, a withdrawal waiting and a bet open on the next round
  const m = newMember();
  const signup = await call("signup", {
    body: {
      siteId: SITE,
      account: m.account,
      password: m.password,
      realName: "Lee Hua",
      areaCode: "+886",
      mobile: m.mobile,
    },
  } as never);
  expect(signup.statusCode, signup.message).toBe(200);
  const signin = await call<{ token: string }>("signin", {
    body: { siteId: SITE, account: m.account, password: m.password },
  } as never);
  member = { account: m.account, mobile: m.mobile, token: signin.data!.token };
  expect(
    (await as(member, "deposit", { body: { optionId: "demo-instant", amount: 200_000 } } as never)).statusCode,
  ).toBe(200);
  const moved = await as(member, "transfer", {
    body: { direction: "in", gameCode: "binary", amount: 50_000 },
  } as never);
  expect(moved.statusCode, moved.message).toBe(200);
  await uploadAndApply(member);
  const withdrawn = await as(member, "withdraw", { body: { amount: WITHDRAWAL } } as never);
  expect(withdrawn.statusCode, withdrawn.message).toBe(200);
  await queuedItem(SITE, "withdrawals", member.account);
  // last: the bet stays open for its round and the next (a minute at least), while the tests read it
  await expect(async () => {
    const market = await call<{ next: { periodNo: string; cutoffAt: string }; serverTime: string }>("market", {
      params: { pair: PAIR },
    } as never);
    const left = Date.parse(market.data!.next.cutoffAt) - Date.parse(market.data!.serverTime);
    expect(left, "time to bet on the next round").toBeGreaterThan(3_000);
    const placed = await as(member, "placeOrder", {
      body: { pair: PAIR, periodNo: market.data!.next.periodNo, option: "high", amount: STAKE, mode: "real" },
    } as never);
    expect(placed.statusCode, placed.message).toBe(200);
  }).toPass({ timeout: 30_000 });
});

async function uploadAndApply(m: ApiMember): Promise<void> {
  const ids: Record<string, string> = {};
  for (const [kind, field] of [
    ["id_front", "idFrontFileId"],
    ["id_back", "idBackFileId"],
    ["passbook", "passbookFileId"],
  ] as const) {
    const form = new FormData();
    form.set("kind", kind);
    form.set("file", new Blob([new Uint8Array(PNG_1X1)], { type: "image/png" }), `${kind}.png`);
    const response = await fetch(`${PLATFORM}/player/upload`, {
      method: "POST",
      headers: { Authorization: `Bearer ${m.token}`, "X-Site-Id": SITE },
      body: form,
    });
    const uploaded = (await response.json()) as Envelope<{ fileId: string }>;
    expect(uploaded.statusCode, uploaded.message).toBe(200);
    ids[field] = uploaded.data!.fileId;
  }
  const applied = await as(m, "bankApply", {
    body: {
      bank: "Demo Commercial Bank",
      branch: "Taipei Main",
      accountName: "Lee Hua",
      accountNumber: "0015-123-456789",
      currency: "USD",
      address: "1 Test Road, Taipei",
      ...ids,
    },
  } as never);
  expect(applied.statusCode, applied.message).toBe(200);
}

/** The member page's parts support is asked about: the open bet and the withdrawal waiting. */
async function expectMemberPage(page: Page, lng: Lng): Promise<void> {
  await expect(page.getByRole("heading", { level: 2, name: member.account })).toBeVisible();
  const bets = page.getByRole("region", { name: bo(lng, "members.open_bets") });
  await expect(bets.getByRole("row")).toHaveCount(2);
  await expect(bets).toContainText(PAIR);
  await expect(bets).toContainText(moneyText(STAKE, "USD", lng));
  const withdrawals = page.getByRole("region", { name: bo(lng, "members.withdrawals") });
  await expect(withdrawals).toContainText(moneyText(WITHDRAWAL, "USD", lng));
  await expect(withdrawals).toContainText(tr(lng, "money:status.pending"));
}

test("support looks a member up by account and by mobile number and sees the open bet and the pending withdrawal", async ({
  browser,
}) => {
  // without JavaScript: the lookup is a plain GET form
  const plain = await operatorPage(browser, support, false);
  await plain.goto(`${OPS}/bo/sites/${SITE}/members`);
  await plain.getByLabel(bo("en-US", "members.by")).selectOption("account");
  await plain.getByLabel(bo("en-US", "members.query")).fill(member.account.toUpperCase());
  await plain.getByRole("button", { name: bo("en-US", "members.find") }).click();
  await expectMemberPage(plain, "en-US");
  await plain.context().close();

  const page = await operatorPage(browser, support, true);
  await page.goto(`${OPS}/bo/sites/${SITE}/members`);
  await page.getByLabel(bo("en-US", "members.by")).selectOption("mobile");
  await page.getByLabel(bo("en-US", "members.query")).fill(`+886 ${member.mobile.slice(1)}`);
  await page.getByRole("button", { name: bo("en-US", "members.find") }).click();
  await expect(page).toHaveURL(/by=mobile/);
  await expectMemberPage(page, "en-US");
  await shoot(page, "member");

  // a number nobody has: the platform's answer, worded
  await page.goto(`${OPS}/bo/sites/${SITE}/members?by=mobile&q=0999999999`);
  await expect(page.getByRole("alert")).toHaveText(tr("en-US", "messages:account_not_found"));

  await page.goto(`${OPS}/bo/sites/${SITE}/members?by=account&q=${member.account}`);
  await useLanguage(page, "zh_TW");
  await expectMemberPage(page, "zh-TW");
  await shoot(page, "member-zh-TW");
  await page.context().close();
});

test("finance pays the withdrawal, finds the decision under their own name and downloads the day's ledger", async ({
  browser,
}) => {
  const page = await operatorPage(browser, finance, true);
  await page.goto(`${OPS}/bo/sites/${SITE}/withdrawals`);
  await page
    .locator(".bo-item", { hasText: member.account })
    .getByRole("button", { name: bo("en-US", "decision.approve_withdrawal") })
    .click();
  await expect(page.getByRole("status")).toHaveText(bo("en-US", "decision.withdrawal_paid"));

  await page.goto(`${OPS}/bo/sites/${SITE}/oversight`);
  // the day's figures, from the ledgers of this site's one member
  await expect(page.locator(".bo-facts")).toContainText(`${moneyText(200_000, "USD", "en-US")} (1)`);
  await expect(page.locator(".bo-facts")).toContainText(`${moneyText(WITHDRAWAL, "USD", "en-US")} (1)`);
  await expect(page.locator(".bo-facts")).toContainText(`${moneyText(STAKE, "USD", "en-US")} (1)`);

  await page.getByRole("link", { name: bo("en-US", "oversight.mine") }).click();
  await expect(page).toHaveURL(new RegExp(`operator=${finance.id}`));
  const log = page.getByRole("region", { name: bo("en-US", "oversight.audit_title") });
  const decision = log.getByRole("row", { name: /operatorApproveWithdrawal/ });
  await expect(decision).toContainText(bo("en-US", "audit.operator_named", { name: finance.name, id: finance.id }));
  await expect(decision).toContainText(member.account);
  await shoot(page, "oversight");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: bo("en-US", "oversight.download") }).click(),
  ]);
  const today = new Date().toISOString().slice(0, 10);
  expect(download.suggestedFilename()).toBe(`${SITE}-${today}-ledger.csv`);
  const csv = readFileSync(await download.path(), "utf8");
  expect(csv.split("\r\n")[0]).toBe(
    "site,member_id,member_account,currency,entry_id,time,operation,type,ledger_account,amount,balance_after,reference",
  );
  expect(csv).toContain(`,${member.account},USD,`);
  expect(csv).toContain(",withdrawal_paid,");

  await useLanguage(page, "ja_JP");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(bo("ja-JP", "menu.oversight"));
  await shoot(page, "oversight-ja-JP");
  await page.context().close();
});

test("support is refused oversight, in their own language", async ({ browser }) => {
  const page = await operatorPage(browser, support, true);
  const menu = page.getByRole("navigation", { name: bo("en-US", "menu.label") }).first();
  await expect(menu.getByRole("link", { name: bo("en-US", "menu.oversight") })).toHaveCount(0);
  const refused = await page.goto(`${OPS}/bo/sites/${SITE}/oversight`);
  expect(refused?.status()).toBe(403);
  await expect(page.getByText(bo("en-US", "refused.role"))).toBeVisible();
  // nor a day's file by its address
  const file = await page.goto(`${OPS}/bo/sites/${SITE}/oversight/export?day=2026-01-01&kind=ledger`);
  expect(file?.status()).toBe(403);

  await page.goto(`${OPS}/bo/sites/${SITE}/members`);
  await useLanguage(page, "ja_JP");
  const again = await page.goto(`${OPS}/bo/sites/${SITE}/oversight`);
  expect(again?.status()).toBe(403);
  await expect(page.getByText(bo("ja-JP", "refused.role"))).toBeVisible();
  await page.context().close();
});
