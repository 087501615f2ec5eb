import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import type { AuditEntry } from "../../server/contract";
import { BRAND2, operatorApi, registerMember, signIn, siteInfo, tr, type Lng } from "./support";
import { OPS, createOperator, operatorPage, shootStaffPage, type Operator } from "./backoffice-support";

/**
 * The back office's brand section (app/backoffice/README.md, "Brand and content"), in the browser
 * as an admin uses it, without JavaScript: a campaign written in the four languages is previewed,
 * published, and shown by the brand's member site in each language; the theme page refuses an
 * unreadable accent with its failing pair named and nothing stored; the audit log names the admin;
 * a finance operator is refused the section in their language. Screenshots at 360×640 and 1280×800.
 */
test.describe.configure({ mode: "serial" });

// the second brand: other specs count the demo site's campaigns, which this one must not change
const SITE = "demo2";
const SHOTS = fileURLToPath(new URL("../.tmp/shots/backoffice/", import.meta.url));
const LANGS: Lng[] = ["en-US", "zh-TW", "zh-CN", "ja-JP"];
const RUN = Date.now().toString(36);
const KEY = `bo-brand-${RUN}`;

/** The campaign as the admin writes it, in each language. */
const CAMPAIGN: Record<Lng, { title: string; summary: string; content: string }> = {
  "en-US": { title: `Autumn welcome ${RUN}`, summary: "A welcome for new members.", content: "- Sign up\n- Play" },
  "zh-TW": { title: `秋季迎新 ${RUN}`, summary: "新會員的迎新活動。", content: "- 註冊\n- 開始遊戲" },
  "zh-CN": { title: `秋季迎新活动 ${RUN}`, summary: "新会员的迎新活动。", content: "- 注册\n- 开始游戏" },
  "ja-JP": {
    title: `秋のウェルカム ${RUN}`,
    summary: "新規会員向けのキャンペーンです。",
    content: "- 新規登録\n- プレイ",
  },
};

async function auditOf(siteId: string): Promise<AuditEntry[]> {
  const page = await operatorApi<{ items: AuditEntry[] }>("GET", `/operator/sites/${siteId}/audit?pageSize=200`);
  return page.data!.items;
}

let admin: Operator;
let finance: Operator;

test.beforeAll(async () => {
  admin = await createOperator(`Admin Ko ${RUN}`, [SITE], ["admin"]);
  finance = await createOperator(`Cashier Pan ${RUN}`, [SITE], ["finance"]);
});

test("an admin publishes a campaign in four languages and the member site shows each", async ({ browser }) => {
  const page = await operatorPage(browser, admin);
  await page.goto(`${OPS}/bo/sites/${SITE}`);
  await page
    .getByRole("navigation", { name: "Back office sections" })
    .first()
    .getByRole("link", { name: "Brand and content" })
    .click();
  await page.getByRole("navigation", { name: "Brand pages" }).getByRole("link", { name: "Content" }).click();
  await expect(page.getByRole("link", { name: "Campaigns", exact: true })).toHaveAttribute("aria-current", "page");

  // bad input: a language without its text is refused, translated, and nothing is published
  await page.getByLabel("Key").fill(KEY);
  await page.getByLabel("Starts").fill("2026-01-01T00:00");
  await page.locator('[name="title.en-US"]').fill(CAMPAIGN["en-US"].title);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByTestId("content-errors")).toContainText("Each language written needs its title and its text.");

  for (const lng of LANGS) {
    await page.locator(`[name="title.${lng}"]`).fill(CAMPAIGN[lng].title);
    await page.locator(`[name="summary.${lng}"]`).fill(CAMPAIGN[lng].summary);
    await page.locator(`[name="content.${lng}"]`).fill(CAMPAIGN[lng].content);
  }
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  for (const lng of LANGS) await expect(page.getByTestId(`preview-${lng}`)).toContainText(CAMPAIGN[lng].title);
  await shootStaffPage(browser, page, SHOTS, "brand-content");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Published.");
  // listed as published, in each language
  const listed = page.getByTestId(`published-${KEY}`);
  for (const name of ["English", "繁體中文", "简体中文", "日本語"]) await expect(listed).toContainText(name);

  // the member site, in each language
  const member = await registerMember(browser, BRAND2);
  for (const lng of LANGS) {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: lng });
    await context.addCookies([{ name: "locale", value: lng, url: BRAND2 }]);
    const memberPage = await context.newPage();
    await signIn(memberPage, BRAND2, member.account, member.password);
    await memberPage.goto(`${BRAND2}/user/activity`);
    const card = memberPage.locator(`[data-campaign="${KEY}"]`);
    await expect(card, lng).toContainText(CAMPAIGN[lng].title);
    await expect(card, lng).toContainText(CAMPAIGN[lng].summary);
    await context.close();
  }

  // every language's publication is in the audit log under the admin's name
  const published = (await auditOf(SITE)).filter(
    (e) =>
      e.type === "operator_action" && e.details.call === "operatorPublishCampaign" && e.operator?.name === admin.name,
  );
  expect(published.map((e) => e.details.lang).sort()).toEqual(["en_US", "ja_JP", "zh_CN", "zh_TW"]);
  await page.context().close();
});

test("every brand page in Japanese, at a desk and on a phone, axe clean", async ({ browser }) => {
  const page = await operatorPage(browser, admin, "ja-JP");
  await page.goto(`${OPS}/bo/sites/${SITE}/brand/content?kind=news`);
  await expect(page.getByRole("heading", { name: tr("ja-JP", "backoffice:menu.brand") })).toBeVisible();
  await shootStaffPage(browser, page, SHOTS, "brand-content-ja-JP");
  await page.goto(`${OPS}/bo/sites/${SITE}/brand/theme`);
  await expect(page.getByTestId("theme-preview-light")).toBeVisible();
  await shootStaffPage(browser, page, SHOTS, "brand-theme-ja-JP");
  for (const tab of ["site", "deposits", "contract", "hosts"]) {
    await page.goto(`${OPS}/bo/sites/${SITE}/brand${tab === "site" ? "" : `/${tab}`}`);
    await expect(page.getByRole("link", { name: tr("ja-JP", `backoffice:brand.tab.${tab}`) })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await shootStaffPage(browser, page, SHOTS, `brand-${tab}-ja-JP`);
  }
  await page.context().close();
});

test("the theme page refuses an unreadable accent, names the pair, and stores nothing", async ({ browser }) => {
  const before = await siteInfo(SITE);
  const page = await operatorPage(browser, admin);
  await page.goto(`${OPS}/bo/sites/${SITE}/brand/theme`);
  await expect(page.getByText("Every pair is readable (WCAG AA).")).toBeVisible();
  // a readable draft: previewed, not stored
  await page.getByLabel("Accent").first().fill("#1d4ed8");
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "This is a preview." })).toBeVisible();
  await shootStaffPage(browser, page, SHOTS, "brand-theme");
  expect((await siteInfo(SITE)).theme).toEqual(before.theme);
  // an unreadable one: refused on Save, its pair named (the preview shows it as it would look)
  await page.getByLabel("Accent").first().fill("#ffff00");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "This theme is not readable enough. Nothing was saved; see the failing pairs below.",
  );
  await expect(page.getByTestId("contrast-light").locator(".bo-contrast-fail").first()).toContainText(
    "Accent on background",
  );
  expect((await siteInfo(SITE)).theme).toEqual(before.theme);
  await page.context().close();
});

test("with JavaScript the theme preview follows the fields before anything is submitted", async ({ browser }) => {
  const page = await operatorPage(browser, admin, "en-US", true);
  await page.goto(`${OPS}/bo/sites/${SITE}/brand/theme`);
  const button = page.getByTestId("theme-preview-light").locator(".button-primary").first();
  const before = await button.evaluate((el) => getComputedStyle(el).backgroundColor);
  await page.getByLabel("Accent").first().fill("#1d4ed8");
  await expect.poll(() => button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(29, 78, 216)");
  expect(before).not.toBe("rgb(29, 78, 216)");
  await expect(page.getByRole("status").filter({ hasText: "This is a preview." })).toHaveCount(0);
  await page.context().close();
});

test("a finance operator is refused the brand section, in their language", async ({ browser }) => {
  for (const lng of ["en-US", "zh-TW"] as const) {
    const page = await operatorPage(browser, finance, lng);
    const response = await page.goto(`${OPS}/bo/sites/${SITE}/brand/content`);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(lng, "backoffice:refused.title"));
    await expect(page.getByText(tr(lng, "backoffice:refused.role"))).toBeVisible();
    await expect(
      page.getByRole("link", { name: tr(lng, "backoffice:menu.brand") }),
      "the menu has no brand section for finance",
    ).toHaveCount(0);
    await page.context().close();
  }
});
