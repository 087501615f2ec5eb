import { expect, test } from "@playwright/test";
import { DEMO, texts, waitForHydration } from "./support";

const ja = texts("ja-JP");

test("choosing 日本語 in the footer switches the page to Japanese and keeps the choice in a 365-day locale cookie", async ({
  page,
  context,
}) => {
  await page.goto("/terms");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");

  // choosing submits at once (the form's change handler), so wait until it is attached
  await waitForHydration(page, "footer form.language-form");
  const select = page.locator("footer form.language-form select[name=locale]");
  await select.selectOption({ label: "日本語" });

  // back on the same page, now in Japanese
  await expect(page.locator("html")).toHaveAttribute("lang", "ja-JP");
  await expect(page).toHaveURL(`${DEMO}/terms`);
  await expect(page.locator("main h1")).toHaveText(ja.terms("title"));
  await expect(page.locator('header a[href="/login"]')).toHaveText(ja.t("nav.login"));
  await expect(page.locator("footer select[name=locale]")).toHaveValue("ja_JP");

  const cookie = (await context.cookies(DEMO)).find((c) => c.name === "locale");
  expect(cookie, "a cookie named locale").toBeDefined();
  expect(cookie!.value).toBe("ja_JP");
  const days = (cookie!.expires - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThan(366);

  // the choice holds on the next page
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "ja-JP");
});
