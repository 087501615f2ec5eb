import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import type { CampaignRule } from "../../server/contract";
import { textLanguage } from "../../server/contract/localize";
import { solidPng } from "../../server/platform/site/png";
import { BRAND2, operatorApi, registerMember, signIn, siteInfo, tr, type Lng } from "./support";
import { OPS, createOperator, operatorPage, shootStaffPage, type Operator } from "./backoffice-support";

/**
 * The brand pages that replaced the CLI's last brand commands (app/backoffice/README.md), in the
 * browser without JavaScript as an admin uses them: a deposit option written in four languages that
 * a member then picks from in Japanese; a campaign ended now that the member site stops showing;
 * icons uploaded that the brand's hostname then serves. Screenshots of the option editor and the
 * icons page at 360×640 and 1280×800, in English and Japanese. Everything added is put back.
 */
test.describe.configure({ mode: "serial" });

const SITE = "demo2";
const SHOTS = fileURLToPath(new URL("../.tmp/shots/backoffice-brand2/", import.meta.url));
const LANGS: Lng[] = ["en-US", "zh-TW", "zh-CN", "ja-JP"];
const RUN = Date.now().toString(36);
const OPTION = `bank-${RUN}`;
const NAMES: Record<Lng, string> = {
  "en-US": `Brand bank ${RUN}`,
  "zh-TW": `品牌銀行 ${RUN}`,
  "zh-CN": `品牌银行 ${RUN}`,
  "ja-JP": `ブランド銀行${RUN}`,
};

let admin: Operator;

test.beforeAll(async () => {
  admin = await createOperator(`Admin Lo ${RUN}`, [SITE], ["admin"]);
});

test("an admin adds a deposit option in four languages and a member picks it in Japanese", async ({ browser }) => {
  const page = await operatorPage(browser, admin);
  await page.goto(`${OPS}/bo/sites/${SITE}/brand/deposits`);
  await page.getByRole("link", { name: "Add a bank transfer option" }).click();
  await page.getByLabel("Option id").fill(OPTION);
  // bad input: no account number, refused translated, nothing saved
  await page.locator('[name="name.en-US"]').fill(NAMES["en-US"]);
  await page.getByRole("button", { name: "Add the option" }).click();
  await expect(page.getByTestId("option-errors")).toContainText("Account number: 6 to 34 digits, spaces or dashes.");
  expect((await siteInfo(SITE)).depositOptions.map((o) => o.id)).not.toContain(OPTION);

  for (const lng of LANGS) {
    await page.locator(`[name="name.${lng}"]`).fill(NAMES[lng]);
    await page.locator(`[name="instructions.${lng}"]`).fill(`${NAMES[lng]} · ref`);
    await page.locator(`[name="bank.${lng}"]`).fill(`${NAMES[lng]} HQ`);
  }
  await page.getByLabel("Account name").fill("Brand Two Ltd");
  await page.getByLabel("Account number").fill("0123 4567 89");
  await shootStaffPage(browser, page, SHOTS, "option-editor");
  await page.getByRole("button", { name: "Add the option" }).click();
  await expect(page.getByRole("status")).toHaveText("Deposit option added: members can choose it now.");
  // the list names it in the site's text language (demo2's: its default), as the platform stores it
  const info = await siteInfo(SITE);
  const textLng = textLanguage(info).replace("_", "-") as Lng;
  await expect(page.getByTestId(`option-${OPTION}`)).toContainText(NAMES[textLng]);
  await shootStaffPage(browser, page, SHOTS, "options");

  const member = await registerMember(browser, BRAND2);
  const context = await browser.newContext({ javaScriptEnabled: false, locale: "ja-JP" });
  await context.addCookies([{ name: "locale", value: "ja-JP", url: BRAND2 }]);
  const memberPage = await context.newPage();
  await signIn(memberPage, BRAND2, member.account, member.password);
  await memberPage.goto(`${BRAND2}/user/deposit`);
  await expect(memberPage.getByText(NAMES["ja-JP"], { exact: true })).toBeVisible();
  await context.close();

  // in Japanese, the editor filled with the option; then removed, after the confirmation
  const ja = await operatorPage(browser, admin, "ja-JP");
  await ja.goto(`${OPS}/bo/sites/${SITE}/brand/deposits/option?id=${OPTION}`);
  await expect(ja.locator('[name="name.ja-JP"]')).toHaveValue(NAMES["ja-JP"]);
  await shootStaffPage(browser, ja, SHOTS, "option-editor-ja-JP");
  await ja.goto(`${OPS}/bo/sites/${SITE}/brand/deposits?remove=${OPTION}`);
  await shootStaffPage(browser, ja, SHOTS, "option-remove-ja-JP");
  await ja.getByRole("button", { name: tr("ja-JP", "backoffice:brand.options.remove_confirm") }).click();
  await expect(ja.getByRole("status")).toHaveText(tr("ja-JP", "backoffice:brand.options.removed"));
  expect((await siteInfo(SITE)).depositOptions.map((o) => o.id)).not.toContain(OPTION);
  await ja.context().close();
  await page.context().close();
});

test("an admin ends a campaign now and the member site stops showing it", async ({ browser }) => {
  const key = `bo-end-${RUN}`;
  const rule: CampaignRule = {
    kind: "rebate",
    key,
    optIn: false,
    startsAt: "2025-01-01T00:00:00.000Z",
    endsAt: null,
    endedAt: null,
    cap: 10_000,
    percentBp: 100,
    period: "day",
    rounds: 0,
  };
  const info = await siteInfo(SITE);
  const rules = info.campaignRules;
  const put = await operatorApi("PUT", `/operator/sites/${SITE}`, { campaignRules: [...rules, rule] });
  expect(put.statusCode, put.message).toBe(200);
  const text = { title: `Rebate ${RUN}`, summary: "1 %", content: "Every day.", startsAt: rule.startsAt, endsAt: null };
  // in the site's text language, which members of every language fall back to
  const published = await operatorApi("POST", `/operator/sites/${SITE}/campaign`, {
    lang: textLanguage(info),
    key,
    ...text,
  });
  expect(published.statusCode, published.message).toBe(200);

  const member = await registerMember(browser, BRAND2);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const memberPage = await context.newPage();
  await signIn(memberPage, BRAND2, member.account, member.password);
  await memberPage.goto(`${BRAND2}/user/activity`);
  await expect(memberPage.locator(`[data-campaign="${key}"]`)).toContainText(text.title);

  const page = await operatorPage(browser, admin);
  await page.goto(`${OPS}/bo/sites/${SITE}/brand/content?kind=campaign`);
  await page.getByRole("link", { name: `End campaign ${key} now` }).click();
  await expect(page.getByTestId("end-confirm")).toBeVisible();
  await page.getByRole("button", { name: "End it now" }).click();
  await expect(page.getByRole("status")).toHaveText("Campaign ended.");
  await expect(page.getByTestId(`rule-${key}`)).toContainText("Ended");

  await memberPage.goto(`${BRAND2}/user/activity`);
  await expect(memberPage.getByText(text.title)).toHaveCount(0);
  await context.close();
  // the site's rules as they were, for the specs that read demo2's campaigns
  const restored = await operatorApi("PUT", `/operator/sites/${SITE}`, { campaignRules: rules });
  expect(restored.statusCode, restored.message).toBe(200);
  await page.context().close();
});

test("an admin uploads icons and the brand's hostname serves them", async ({ browser }) => {
  // as a phone's browser fetches it (a fresh context: the site lets browsers cache an icon for an hour)
  const served = async (size: number) => {
    const context = await browser.newContext();
    const response = await (await context.newPage()).goto(`${BRAND2}/icons/${size}.png`);
    const bytes = new Uint8Array(await response!.body());
    await context.close();
    return bytes;
  };
  const before = { 192: await served(192) };
  const page = await operatorPage(browser, admin);
  await page.goto(`${OPS}/bo/sites/${SITE}/brand/icons`);
  await shootStaffPage(browser, page, SHOTS, "icons");
  // a PNG of the wrong size: refused at its field, nothing uploaded
  await page.getByLabel("PNG of 192 × 192 px").setInputFiles({
    name: "small.png",
    mimeType: "image/png",
    buffer: Buffer.from(await solidPng(64, "#224466")),
  });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByText("This PNG is not 192 × 192 pixels.")).toBeVisible();
  expect(await served(192)).toEqual(before[192]);

  const icon = await solidPng(192, "#224466");
  await page.getByLabel("PNG of 192 × 192 px").setInputFiles({
    name: "192.png",
    mimeType: "image/png",
    buffer: Buffer.from(icon),
  });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Icons uploaded.");
  expect(await served(192)).toEqual(icon);

  // in Japanese, then the brand's own icons back as they were
  const ja = await operatorPage(browser, admin, "ja-JP");
  await ja.goto(`${OPS}/bo/sites/${SITE}/brand/icons`);
  await shootStaffPage(browser, ja, SHOTS, "icons-ja-JP");
  await ja.locator('[name="icon192"]').setInputFiles({
    name: "192.png",
    mimeType: "image/png",
    buffer: Buffer.from(before[192]),
  });
  await ja.getByRole("button", { name: tr("ja-JP", "backoffice:brand.icons.send"), exact: true }).click();
  await expect(ja.getByRole("status")).toHaveText(tr("ja-JP", "backoffice:brand.icons.saved"));
  expect(await served(192)).toEqual(before[192]);
  await ja.context().close();
  await page.context().close();
});
