import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type Page } from "@playwright/test";
import { operatorApi, tr, type Lng } from "./support";
import { SITE_PORT } from "./ports";

/**
 * What the back office's specs share: the operator hostname, an operator made through the
 * platform's operator API, their own signed-in browser, and a page's screenshots at a desk and
 * on a phone with axe run on them.
 */
export const OPS = `http://ops.localhost:${SITE_PORT}`;

export type Operator = { name: string; key: string };

/** A registry operator of `sites` with `roles`, and the key issued to them. */
export async function createOperator(name: string, sites: string[], roles: string[]): Promise<Operator> {
  const made = await operatorApi<{ key: string }>("POST", "/operator/operators", { name, sites, roles });
  expect(made.statusCode, made.message).toBe(200);
  return { name, key: made.data!.key };
}

/** Signs `operator` in at /bo/login with their key, reading `lng`. */
export async function signInOperator(page: Page, operator: Operator, lng: Lng): Promise<void> {
  await page.goto(`${OPS}/bo/login`);
  await page.getByLabel(tr(lng, "backoffice:login.key")).fill(operator.key);
  await page.getByRole("button", { name: tr(lng, "backoffice:login.submit") }).click();
  await expect(page.getByText(tr(lng, "backoffice:account.signed_in_as", { name: operator.name }))).toBeAttached();
}

/** An operator's own browser (without JavaScript unless `js`: plain forms), signed in, reading `lng`. */
export async function operatorPage(
  browser: Browser,
  operator: Operator,
  lng: Lng = "en-US",
  js = false,
): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: js, locale: lng, timezoneId: "UTC" });
  await context.addCookies([{ name: "locale", value: lng, url: OPS }]);
  const page = await context.newPage();
  await signInOperator(page, operator, lng);
  return page;
}

const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * A screenshot at a desk and on a phone into `dir`, no sideways scroll on the phone, and axe clean
 * (axe runs in a second, scripted context on a copy of the page's HTML: the operator's context
 * may have no JavaScript).
 */
export async function shootStaffPage(browser: Browser, page: Page, dir: string, name: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  for (const [width, height] of [
    [1280, 800],
    [360, 640],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${dir}${name}-${width}x${height}.png`, fullPage: true });
    const scroll = await page.evaluate(() => document.scrollingElement!.scrollWidth).catch(() => null);
    if (scroll !== null) expect(scroll, `${name} at ${width} px`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  const scripted = await browser.newContext({ javaScriptEnabled: true });
  await scripted.addCookies(await page.context().cookies());
  const axePage = await scripted.newPage();
  // the same origin first, so the copied page's stylesheets load from where they would
  await axePage.goto(page.url());
  await axePage.setContent(await page.content(), { waitUntil: "load" });
  const { violations } = await new AxeBuilder({ page: axePage }).withTags(WCAG).setLegacyMode(true).analyze();
  const found = violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(" ")}: ${v.help}`));
  expect.soft(found, `${name}: axe violations`).toEqual([]);
  await scripted.close();
}
