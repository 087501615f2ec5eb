import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { fileURLToPath } from "node:url";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { callRequest, type AuditEntry, type CallInput, type CallName } from "../../server/contract";
import { DEMO, PLATFORM, PNG_1X1, newMember, operatorApi, queuedItem, signIn, type Envelope } from "./support";
import { SITE_PORT } from "./ports";

/**
 * The back office (app/backoffice/README.md), in the browser as staff use it: a finance operator
 * confirms a deposit and gives the first approval of a four-eyes withdrawal, which a second finance
 * operator pays; a support operator answers a message that the member then reads on the member
 * site; every action is in the audit log under its operator's name; the back office answers only
 * on the operator hostname and only with a key. Screenshots at 360×640 and 1280×800.
 */
test.describe.configure({ mode: "serial" });

const OPS = `http://ops.localhost:${SITE_PORT}`;
const SITE = "bo-e2e";
const THRESHOLD = 50_000;
const SHOTS = fileURLToPath(new URL("../.tmp/shots/backoffice/", import.meta.url));

type Operator = { id: string; name: string; key: string };

/** A member of a site, made and moved through the platform's API as the member site would. */
type ApiMember = { siteId: string; account: string; password: string; token: string };

async function call<T>(name: CallName, input: CallInput<CallName>): Promise<Envelope<T>> {
  const response = await fetch(callRequest(name, input as never, PLATFORM));
  return (await response.json()) as Envelope<T>;
}

async function apiMember(siteId: string): Promise<ApiMember> {
  const m = newMember();
  const signup = await call("signup", {
    body: {
      siteId,
      account: m.account,
      password: m.password,
      realName: "Chen Mei",
      areaCode: "+886",
      mobile: m.mobile,
    },
  } as never);
  expect(signup.statusCode, signup.message).toBe(200);
  const signin = await call<{ token: string }>("signin", {
    body: { siteId, account: m.account, password: m.password },
  } as never);
  return { siteId, account: m.account, password: m.password, token: signin.data!.token };
}

const as = <T>(member: ApiMember, name: CallName, input: Partial<CallInput<CallName>> = {}) =>
  call<T>(name, { ...input, token: member.token, siteId: member.siteId, idempotencyKey: crypto.randomUUID() } as never);

async function uploadAndApply(member: ApiMember): Promise<void> {
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
      headers: { Authorization: `Bearer ${member.token}`, "X-Site-Id": member.siteId },
      body: form,
    });
    const uploaded = (await response.json()) as Envelope<{ fileId: string }>;
    expect(uploaded.statusCode, uploaded.message).toBe(200);
    ids[field] = uploaded.data!.fileId;
  }
  const applied = await as(member, "bankApply", {
    body: {
      bank: "Demo Commercial Bank",
      branch: "Taipei Main",
      accountName: "Chen Mei",
      accountNumber: "0015-123-456789",
      currency: "USD",
      address: "1 Test Road, Taipei",
      ...ids,
    },
  } as never);
  expect(applied.statusCode, applied.message).toBe(200);
}

async function createOperator(name: string, sites: string[], roles: string[]): Promise<Operator> {
  const made = await operatorApi<{ operator: { id: string; name: string }; key: string }>(
    "POST",
    "/operator/operators",
    {
      name,
      sites,
      roles,
    },
  );
  expect(made.statusCode, made.message).toBe(200);
  return { id: made.data!.operator.id, name, key: made.data!.key };
}

async function signInToBackOffice(page: Page, operator: Operator): Promise<void> {
  await page.goto(`${OPS}/bo/login`);
  await page.getByLabel("Operator key").fill(operator.key);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(`Signed in as ${operator.name}`)).toBeVisible();
}

/** WCAG 2.2 A and AA, as tests/e2e/a11y.spec.ts checks the member site. */
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

async function expectAxeClean(page: Page, what: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).setLegacyMode(true).analyze();
  const found = violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(" ")}: ${v.help}`));
  expect.soft(found, `${what}: axe violations`).toEqual([]);
}

/**
 * The page at a desk and on a phone: a screenshot of each, no sideways scroll on the phone, and axe
 * clean where the page runs scripts (axe is a script: a context without JavaScript cannot run it).
 */
async function shoot(page: Page, name: string, axe = true): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}${name}-1280x800.png`, fullPage: true });
  if (axe) await expectAxeClean(page, `${name} at 1280 px`);
  await page.setViewportSize({ width: 360, height: 640 });
  await page.screenshot({ path: `${SHOTS}${name}-360x640.png`, fullPage: true });
  if (axe) await expectAxeClean(page, `${name} at 360 px`);
  const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(width, `${name} at 360 px`).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** An operator's browser of its own (a context: its own cookie); `js` false: plain forms, as without JavaScript. */
async function operatorPage(browser: Browser, operator: Operator, js: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: js, locale: "en-US", timezoneId: "UTC" });
  const page = await context.newPage();
  await signInToBackOffice(page, operator);
  return page;
}

async function auditOf(siteId: string): Promise<AuditEntry[]> {
  const page = await operatorApi<{ items: AuditEntry[] }>("GET", `/operator/sites/${siteId}/audit?pageSize=200`);
  return page.data!.items;
}

let lin: Operator;
let chen: Operator;
let wu: Operator;

test.beforeAll(async () => {
  const site = await operatorApi("PUT", `/operator/sites/${SITE}`, {
    title: "Back office E2E",
    currency: "USD",
    langOptions: ["en_US"],
    localsOptions: ["+886"],
    depositOptions: [
      { id: "demo-instant", kind: "demo", name: "Instant demo credit", instructions: "Play money." },
      {
        id: "bank-transfer",
        kind: "bank",
        name: "Bank transfer",
        instructions: "Write the reference in the transfer note.",
        bankAccount: { bank: "Demo Bank", branch: "Main", accountName: "Demo Ltd.", accountNumber: "0015-123-456789" },
      },
    ],
    bankVerify: false,
    bankAutoReview: false,
    transactionPasswordRequired: false,
    minDepositAmount: 1000,
    maxDepositAmount: 10_000_000,
    minWithdrawAmount: 1000,
    maxWithdrawAmount: 5_000_000,
    withdrawFeeRatio: 0.01,
    withdrawFeeFixed: 100,
    withdrawalSecondApprovalAbove: THRESHOLD,
  });
  expect(site.statusCode, site.message).toBe(200);
  lin = await createOperator("Cashier Lin", [SITE], ["finance"]);
  chen = await createOperator("Cashier Chen", [SITE], ["finance"]);
  wu = await createOperator("Helpdesk Wu", ["demo"], ["support"]);
});

test("the back office is refused on a brand's hostname and without a key", async ({ page }) => {
  for (const path of ["/bo", "/bo/login", `/bo/sites/${SITE}`]) {
    const response = await page.goto(`${DEMO}${path}`);
    expect(response?.status(), `${DEMO}${path}`).toBe(404);
  }
  await page.goto(`${OPS}/bo/sites/${SITE}/withdrawals`);
  await expect(page).toHaveURL(`${OPS}/bo/login`);
  await page.getByLabel("Operator key").fill("opk_0000000000000000.not-a-key");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "This key is not accepted. Check it, or ask an admin for a new one.",
  );
  await shoot(page, "login");
});

test("finance confirms a deposit, and a four-eyes withdrawal is paid only on a second operator's approval", async ({
  browser,
}) => {
  const member = await apiMember(SITE);
  const pending = await as<{ id: string }>(member, "deposit", {
    body: { optionId: "bank-transfer", amount: 12_000 },
  } as never);
  const funded = await as(member, "deposit", { body: { optionId: "demo-instant", amount: 200_000 } } as never);
  expect(funded.statusCode).toBe(200);
  await uploadAndApply(member);
  const withdrawal = await as<{ id: string }>(member, "withdraw", { body: { amount: THRESHOLD + 10_000 } } as never);
  expect(withdrawal.statusCode, withdrawal.message).toBe(200);
  await queuedItem(SITE, "deposits", member.account);
  await queuedItem(SITE, "withdrawals", member.account);

  // Lin works without JavaScript, Chen with it: the same forms either way
  const first = await operatorPage(browser, lin, false);
  await expect(first).toHaveURL(`${OPS}/bo/sites/${SITE}`);
  await shoot(first, "overview", false);

  // the deposit
  await first
    .getByRole("navigation", { name: "Back office sections" })
    .first()
    .getByRole("link", { name: /Deposits/ })
    .click();
  await shoot(first, "deposits", false);
  const depositCard = first.locator(".bo-item", { hasText: member.account });
  await depositCard.getByRole("button", { name: "Confirm: the money arrived" }).click();
  await expect(first.getByRole("status")).toHaveText("Deposit confirmed: the amount is in the member's main account.");
  const deposits = await as<{ items: { id: string; status: string }[] }>(member, "deposits");
  expect(deposits.data!.items.find((d) => d.id === pending.data!.id)?.status).toBe("credited");

  // the withdrawal: Lin's first approval
  await first.goto(`${OPS}/bo/sites/${SITE}/withdrawals`);
  const mine = first.locator(".bo-item", { hasText: member.account });
  await mine.getByRole("button", { name: "Approve: paid out" }).click();
  await expect(first.getByRole("status")).toHaveText("First approval recorded: waiting for a second operator.");
  await expect(first.locator(".bo-item", { hasText: member.account })).toContainText("You gave the first approval");
  await expect(
    first.locator(".bo-item", { hasText: member.account }).getByRole("button", { name: /approv/i }),
  ).toHaveCount(0);

  // Chen's second
  const second = await operatorPage(browser, chen, true);
  await second.goto(`${OPS}/bo/sites/${SITE}/withdrawals`);
  const waiting = second.locator(".bo-item", { hasText: member.account });
  await expect(waiting).toContainText("Approved by Cashier Lin");
  await shoot(second, "withdrawals-four-eyes");
  await waiting.getByRole("button", { name: "Give the second approval" }).click();
  await expect(second.getByRole("status")).toHaveText("Withdrawal approved and marked paid.");
  const withdrawals = await as<{ items: { id: string; status: string }[] }>(member, "withdrawals");
  expect(withdrawals.data!.items.find((w) => w.id === withdrawal.data!.id)?.status).toBe("paid");

  // the bank application, a decision page with the documents inline
  await second.goto(`${OPS}/bo/sites/${SITE}/bank`);
  await second.locator(".bo-item", { hasText: member.account }).getByRole("link").click();
  await expect(second.getByRole("img", { name: "Passbook" })).toBeVisible();
  await shoot(second, "bank-decision");
  // the pages Lin saw without JavaScript, checked by axe in Chen's browser
  for (const path of ["", "/deposits"]) {
    await second.goto(`${OPS}/bo/sites/${SITE}${path}`);
    await expectAxeClean(second, `/bo/sites/${SITE}${path}`);
  }

  // the audit log names each operator on each action
  await expect
    .poll(async () => {
      const entries = (await auditOf(SITE)).filter((e) => e.type === "operator_action");
      const by = (call: string) =>
        entries.filter((e) => e.details.call === call && e.details.outcome === "ok").map((e) => e.operator?.name);
      return { confirm: by("operatorConfirmDeposit"), approve: by("operatorApproveWithdrawal").sort() };
    })
    .toEqual({ confirm: ["Cashier Lin"], approve: ["Cashier Chen", "Cashier Lin"] });
  await first.context().close();
  await second.context().close();
});

test("support answers a message, and the member reads the answer on the member site", async ({ browser, page }) => {
  const member = await apiMember("demo");
  const sent = await as<{ id: string }>(member, "sendMessage", {
    body: { title: "Where is my deposit?", content: "I paid this morning." },
  } as never);
  expect(sent.statusCode, sent.message).toBe(200);

  const support = await operatorPage(browser, wu, true);
  await expect(support).toHaveURL(`${OPS}/bo/sites/demo`);
  await support.goto(`${OPS}/bo/sites/demo/messages`);
  await expect(async () => {
    await support.reload();
    await expect(support.getByRole("link", { name: "Where is my deposit?" }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await shoot(support, "messages");
  await support.getByRole("link", { name: "Where is my deposit?" }).first().click();
  await support.getByLabel("Your reply").fill("It arrived: please look at your main account.");
  await shoot(support, "message-reply");
  await support.getByRole("button", { name: "Send reply" }).click();
  await expect(support.getByRole("status")).toHaveText("Reply sent. The member sees it under Messages on the site.");

  await signIn(page, DEMO, member.account, member.password);
  await page.waitForURL((url) => url.pathname !== "/login");
  await page.goto(`${DEMO}/user/message/${sent.data!.id}`);
  await expect(page.getByText("It arrived: please look at your main account.")).toBeVisible();

  await expect
    .poll(async () =>
      (await auditOf("demo"))
        .filter((e) => e.type === "operator_action" && e.details.call === "operatorReplyMessage")
        .map((e) => e.operator?.name),
    )
    .toContain("Helpdesk Wu");
  await support.context().close();
});
