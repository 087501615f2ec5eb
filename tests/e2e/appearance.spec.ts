import { expect, test, type Page } from "@playwright/test";
import { BRAND2, DEMO, signOutButton, signUp, siteInfo, tr, type Lng } from "./support";

/**
 * Light/dark and up/down (app/README.md, "Themes") without JavaScript: chosen in the member's
 * settings or the footer, kept in cookies across sign-out, applied by the server to the <html>
 * element, so the computed colours are the theme's from the first paint; up/down defaults by
 * language.
 */
test.use({ javaScriptEnabled: false });

/** `#0b1413` as the computed style writes it: `rgb(11, 20, 19)`. */
const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
/** the computed colour of a custom property, e.g. --up: the colour a rising price is drawn in */
const colorOf = (page: Page, property: string) =>
  page.evaluate((p) => {
    const probe = document.createElement("span");
    probe.style.color = `var(${p})`;
    document.body.appendChild(probe);
    return getComputedStyle(probe).color;
  }, property);
const texts = (lng: Lng) => ({ t: (key: string) => tr(lng, key), account: (key: string) => tr(lng, `account:${key}`) });

test("a member picks dark and red-up in Display settings; after signing out both still apply", async ({ page }) => {
  const { theme } = await siteInfo("demo");
  const en = texts("en-US");
  await signUp(page, DEMO);
  await page.goto(`${DEMO}/user/setting`);
  const display = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: en.account("setting.display_title") }) });
  await display.getByLabel(en.t("appearance.dark")).check();
  await display.getByLabel(en.account("setting.red_up")).check();
  await display.getByRole("button", { name: en.account("setting.display_save") }).click();
  await expect(page).toHaveURL(`${DEMO}/user/setting`);
  await expect(page.locator("html")).toHaveAttribute("data-scheme", "dark");
  await expect(page.locator("html")).toHaveAttribute("data-updown", "red-up");
  expect(await bodyBackground(page)).toBe(rgb(theme.dark.background));

  await signOutButton(page).click();
  await expect(page).toHaveURL(`${DEMO}/`);
  await expect(page.locator("html")).toHaveAttribute("data-scheme", "dark");
  await expect(page.locator("html")).toHaveAttribute("data-updown", "red-up");
  expect(await bodyBackground(page)).toBe(rgb(theme.dark.background));
  // red-up on a dark page: a rise is the dark scheme's red
  expect(await colorOf(page, "--up")).toBe(rgb("#ff6a69"));
  await expect(page.locator('footer .appearance-form button[aria-pressed="true"]')).toHaveText(en.t("appearance.dark"));
});

test("signed out, the footer's Light / Dark / Device buttons switch the page, and Device follows the device", async ({
  page,
}) => {
  const { theme } = await siteInfo("demo2");
  const zh = texts("zh-TW");
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto(`${BRAND2}/terms`);
  // brand2 is dark unless the visitor chooses
  await expect(page.locator("html")).toHaveAttribute("data-scheme", "dark");
  expect(await bodyBackground(page)).toBe(rgb(theme.dark.background));
  const footer = page.locator("footer .appearance-form");
  await footer.getByRole("button", { name: zh.t("appearance.light") }).click();
  await expect(page).toHaveURL(`${BRAND2}/terms`);
  await expect(page.locator("html")).toHaveAttribute("data-scheme", "light");
  expect(await bodyBackground(page)).toBe(rgb(theme.light.background));
  await expect(footer.getByRole("button", { name: zh.t("appearance.light") })).toHaveAttribute("aria-pressed", "true");

  await footer.getByRole("button", { name: zh.t("appearance.system") }).click();
  await expect(page.locator("html")).toHaveAttribute("data-scheme", "system");
  expect(await bodyBackground(page)).toBe(rgb(theme.light.background));
  await page.emulateMedia({ colorScheme: "dark" });
  expect(await bodyBackground(page)).toBe(rgb(theme.dark.background));
});

test("with no choice, up/down follows the language: red-up in Japanese, green-up in English", async ({ browser }) => {
  for (const [locale, expected] of [
    ["ja_JP", "red-up"],
    ["en_US", "green-up"],
  ] as const) {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await context.addCookies([{ name: "locale", value: locale, url: DEMO }]);
    const page = await context.newPage();
    await page.goto(`${DEMO}/`);
    await expect(page.locator("html"), locale).toHaveAttribute("data-updown", expected);
    expect(await colorOf(page, "--up"), `${locale}: the rising colour`).toBe(
      await colorOf(page, expected === "green-up" ? "--green" : "--red"),
    );
    await context.close();
  }
});

test("a Traditional Chinese member (red-up by default) changes to green-up, and it stays after signing out", async ({
  page,
}) => {
  const zh = texts("zh-TW");
  await signUp(page, BRAND2);
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-TW");
  await expect(page.locator("html")).toHaveAttribute("data-updown", "red-up");
  await page.goto(`${BRAND2}/user/setting`);
  await page.getByLabel(zh.account("setting.green_up")).check();
  await page.getByRole("button", { name: zh.account("setting.display_save") }).click();
  await expect(page.locator("html")).toHaveAttribute("data-updown", "green-up");
  await page.goto(`${BRAND2}/user`);
  await expect(page.locator("html")).toHaveAttribute("data-updown", "green-up");
  await signOutButton(page).click();
  await expect(page.locator("html")).toHaveAttribute("data-updown", "green-up");
  // the scheme was not touched: still the site's default
  await expect(page.locator("html")).toHaveAttribute("data-scheme", "dark");
});
