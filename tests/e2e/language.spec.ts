import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { DEMO, flushPageTasks, texts, waitForHydration } from "./support";

const en = texts("en-US");
const ja = texts("ja-JP");

/** The page is the same one, now in Japanese, and the choice is kept in the `locale` cookie for 365 days. */
async function expectJapanese(page: Page, context: BrowserContext) {
  await expect(page.locator("html")).toHaveAttribute("lang", "ja-JP");
  await expect(page).toHaveURL(`${DEMO}/terms`);
  expect(ja.terms("title"), "the Japanese terms title must differ from the English one").not.toBe(en.terms("title"));
  await expect(page.locator("main h1")).toHaveText(ja.terms("title"));
  await expect(page.locator('header a[href="/login"]')).toHaveText(ja.t("nav.login"));
  await expect(page.locator("footer select[name=locale]")).toHaveValue("ja_JP");

  const cookie = (await context.cookies(DEMO)).find((c) => c.name === "locale");
  expect(cookie, "a cookie named locale").toBeDefined();
  expect(cookie!.value).toBe("ja_JP");
  const days = (cookie!.expires - Date.now() / 1000) / 86_400;
  expect(days, "the locale cookie expires about 365 days from now").toBeGreaterThan(364);
  expect(days).toBeLessThan(366);

  // the choice holds on the next page
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "ja-JP");
  await expect(page.locator('header a[href="/login"]')).toHaveText(ja.t("nav.login"));
}

test("with the keyboard, arrowing through the footer's languages changes nothing until Change is pressed; then the page is Japanese with a 365-day locale cookie", async ({
  page,
  context,
}) => {
  await page.goto("/terms");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  await waitForHydration(page, "footer form.language-form");
  const select = page.locator("footer form.language-form select[name=locale]");
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" || request.isNavigationRequest()) sent.push(`${request.method()} ${request.url()}`);
  });
  // WCAG 3.2.2: a closed select fires change on every arrow key; choosing must not switch the page
  await select.focus();
  await page.keyboard.press("ArrowDown");
  await expect(select).not.toHaveValue("en_US");
  await flushPageTasks(page);
  expect(sent, "nothing sent on an arrow key").toEqual([]);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  await expect(page.locator("main h1")).toHaveText(en.terms("title"));
  // the language wanted, then Tab to the Change button and Enter
  await select.selectOption({ label: "日本語" });
  await page.keyboard.press("Tab");
  await expect(page.locator("footer form.language-form button[type=submit]")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect.poll(() => sent.length, "Change sends the choice, as the arrow key did not").toBeGreaterThan(0);
  await expectJapanese(page, context);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("choosing 日本語 and pressing the footer's Change button switches to Japanese with the same cookie", async ({
    page,
    context,
  }) => {
    await page.goto("/terms");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
    const form = page.locator("footer form.language-form");
    await form.locator("select[name=locale]").selectOption({ label: "日本語" });
    await form.locator('button[type="submit"]').click();
    await expectJapanese(page, context);
  });
});
