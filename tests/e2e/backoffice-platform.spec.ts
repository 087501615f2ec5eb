import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { operatorApi, tr } from "./support";
import { OPS, createOperator, operatorPage, shootStaffPage, type Operator } from "./backoffice-support";

/**
 * The back office's platform section (app/backoffice/README.md, "Platform"), as an admin of every
 * site uses it without JavaScript (plain forms): a new pair, refused first for a round length that
 * does not divide a day; its pause, refused until the operator ticks what it voids; an exchange
 * source on the paused pair; the pair's audit log naming the admin for each. Then a new operator
 * whose key shows once, on the answer to the POST only; and an admin of one site, to whom the
 * section is neither offered nor opened. Screenshots at 360×640 and 1280×800, in English and
 * Japanese, of the pairs list and the pair page.
 */
test.describe.configure({ mode: "serial" });

const SHOTS = fileURLToPath(new URL("../.tmp/shots/backoffice-platform/", import.meta.url));
/** a symbol of this run's own: the e2e platform keeps no state between runs, but a rerun must not meet it */
const RUN = Date.now().toString(36).slice(-4).toUpperCase();
const PAIR = `E2E${RUN}-USDT`;
const SITE = `bo-platform-${RUN.toLowerCase()}`;

let admin: Operator;
let siteAdmin: Operator;

test.beforeAll(async () => {
  const site = await operatorApi("PUT", `/operator/sites/${SITE}`, { title: "Platform E2E", langOptions: ["en_US"] });
  expect(site.statusCode, site.message).toBe(200);
  admin = await createOperator("Admin Ho", ["*"], ["admin"]);
  siteAdmin = await createOperator("Admin Wen", [SITE], ["admin"]);
});

test("an admin of every site creates a pair, pauses it and feeds it from an exchange, each in its audit log", async ({
  browser,
}) => {
  const t = (key: string, values: Record<string, string | number> = {}) => tr("en-US", `backoffice:${key}`, values);
  const page = await operatorPage(browser, admin);
  await page.getByRole("link", { name: t("platform.title"), exact: true }).click();
  await expect(page.getByRole("heading", { name: t("platform.pairs.title") })).toBeVisible();
  await page.getByRole("link", { name: t("platform.pairs.new") }).click();

  // a round length that does not divide a day: the contract's rule at its field, nothing created
  await page.getByLabel(t("platform.pair.field.symbol")).fill(PAIR);
  await page.getByLabel(t("platform.pair.field.name")).fill("Walk E2E");
  await page.getByLabel(t("platform.pair.field.precision")).fill("2");
  await page.getByLabel(t("platform.pair.field.periodSeconds")).fill("7");
  await page.getByLabel(t("platform.pair.field.cutoffSeconds")).fill("5");
  await page.getByLabel(t("platform.pair.field.startPrice")).fill("100.00");
  await page.getByLabel(t("platform.pair.field.volatilityBp")).fill("2");
  await page.getByRole("button", { name: t("platform.new_pair.submit") }).click();
  await expect(page.getByText(t("platform.error.period_not_dividing_day"))).toBeVisible();
  const before = await operatorApi<{ symbol: string }[]>("GET", "/operator/pairs");
  expect(before.data!.map((p) => p.symbol)).not.toContain(PAIR);

  await page.getByLabel(t("platform.pair.field.periodSeconds")).fill("60");
  await page.getByRole("button", { name: t("platform.new_pair.submit") }).click();
  await expect(page.getByText(t("platform.new_pair.created"))).toBeVisible();
  await expect(
    page.getByRole("heading", { name: t("platform.pairs.named", { symbol: PAIR, name: "Walk E2E" }) }),
  ).toBeVisible();

  // the pause says what it voids and needs the tick
  await page.getByRole("button", { name: t("platform.pair.pause") }).click();
  await expect(page.getByText(t("platform.pair.confirm_missing"))).toBeVisible();
  await page.getByLabel(t("platform.pair.void_confirm")).check();
  await page.getByRole("button", { name: t("platform.pair.pause") }).click();
  await expect(page.getByText(t("platform.pair.paused_done"))).toBeVisible();
  await expect(page.getByRole("heading", { name: t("platform.pair.resume_title") })).toBeVisible();

  // an exchange source on the paused pair
  await page.getByLabel(t("platform.pair.kind_exchange")).check();
  await page.getByLabel(t("platform.pair.field.exchangeSymbol")).fill("BTCUSDT");
  await page.getByLabel(t("platform.pair.field.maxStaleSeconds")).fill("3");
  await page.getByRole("button", { name: t("platform.pair.source_save") }).click();
  await expect(page.getByText(t("platform.pair.source_saved"))).toBeVisible();
  await expect(page.getByText(t("platform.pair.source_exchange", { symbol: "BTCUSDT" }))).toBeVisible();

  // the pair's audit log: each action under the admin's name
  const audit = page.getByRole("region", { name: t("platform.pair.audit_title") });
  for (const action of ["pair_source_set", "pair_paused", "pair_created"]) {
    const row = audit
      .getByRole("row")
      .filter({ has: page.getByRole("cell", { name: t(`platform.audit.${action}`), exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(admin.name);
  }
  await shootStaffPage(browser, page, SHOTS, "pair-en-US");
  await page.getByRole("link", { name: t("platform.tab.pairs") }).click();
  const listed = page.getByRole("row").filter({ hasText: PAIR });
  await expect(listed).toContainText(t("platform.pair.state_paused"));
  await expect(listed).toContainText(t("platform.pair.source_exchange", { symbol: "BTCUSDT" }));
  await shootStaffPage(browser, page, SHOTS, "pairs-en-US");
  await page.context().close();
});

test("the pairs list and a pair page read in Japanese", async ({ browser }) => {
  const page = await operatorPage(browser, admin, "ja-JP");
  await page.goto(`${OPS}/bo/platform/pairs`);
  await expect(page.getByRole("heading", { name: tr("ja-JP", "backoffice:platform.pairs.title") })).toBeVisible();
  await shootStaffPage(browser, page, SHOTS, "pairs-ja-JP");
  await page.goto(`${OPS}/bo/platform/pairs/${PAIR}`);
  await expect(page.getByText(tr("ja-JP", "backoffice:platform.pair.source_needs_pause"))).toHaveCount(0);
  await expect(page.getByRole("heading", { name: tr("ja-JP", "backoffice:platform.pair.resume_title") })).toBeVisible();
  await shootStaffPage(browser, page, SHOTS, "pair-ja-JP");
  await page.context().close();
});

test("a new operator's key is shown once, on the answer to the form, and works", async ({ browser }) => {
  const t = (key: string, values: Record<string, string | number> = {}) => tr("en-US", `backoffice:${key}`, values);
  const page = await operatorPage(browser, admin);
  await page.goto(`${OPS}/bo/platform/operators`);
  const name = `Wu Mei ${RUN}`;
  await page.getByLabel(t("platform.operators.field.name")).fill(name);
  await page.getByLabel(t("platform.operators.field.sites")).fill(SITE);
  await page.getByLabel(t("role.support")).check();
  const answered = page.waitForResponse(
    (r) => r.request().method() === "POST" && r.url().includes("/bo/platform/operators"),
  );
  await page.getByRole("button", { name: t("platform.operators.create") }).click();
  const response = await answered;
  expect(response.headers()["cache-control"]).toContain("no-store");
  expect(response.url()).not.toMatch(/opk_/);
  await expect(page.getByRole("heading", { name: t("platform.operators.created_title", { name }) })).toBeVisible();
  await expect(page.getByText(t("platform.operators.key_once"))).toBeVisible();
  const key = (await page.locator(".bo-key").textContent())!.trim();
  expect(key.length).toBeGreaterThan(20);
  expect((await page.context().cookies()).some((c) => c.value.includes(key))).toBe(false);

  // the list, read again, has the operator and not the key
  await page.goto(`${OPS}/bo/platform/operators`);
  const registry = page.getByRole("region", { name: t("platform.operators.title"), exact: true });
  await expect(registry.getByRole("row").filter({ hasText: name })).toHaveCount(1);
  expect(await page.content()).not.toContain(key);
  // and the registry's own log has the addition, naming who made it
  const added = page
    .getByRole("region", { name: t("platform.operators.log.title"), exact: true })
    .getByRole("row")
    .filter({ hasText: name })
    .filter({ hasText: t("platform.operators.log.action.operator_added") });
  await expect(added).toHaveCount(1);
  await expect(added).toContainText(admin.name);

  // the key is theirs: it signs them in to their site
  const theirs = await operatorPage(browser, { name, key });
  await expect(theirs).toHaveURL(`${OPS}/bo/sites/${SITE}`);
  await theirs.context().close();
  await page.context().close();
});

test("an admin of one site is neither offered nor let into the platform section", async ({ browser }) => {
  const page = await operatorPage(browser, siteAdmin);
  await expect(page.getByRole("link", { name: tr("en-US", "backoffice:platform.title"), exact: true })).toHaveCount(0);
  for (const path of [
    "/bo/platform/pairs",
    `/bo/platform/pairs/${PAIR}`,
    "/bo/platform/operators",
    "/bo/platform/links",
  ]) {
    const answer = await page.goto(`${OPS}${path}`);
    expect(answer?.status(), path).toBe(403);
    await expect(page.getByText(tr("en-US", "backoffice:refused.platform"))).toBeVisible();
  }
  await page.context().close();
});
