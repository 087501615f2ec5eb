import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { DEMO, tr, waitForReact } from "./support";

/**
 * The browser's translations (app/utils/translator.tsx, no i18next): the page hydrates onto the
 * server's markup without a mismatch, and a client-side navigation to a page whose namespace is not
 * loaded yet never shows that namespace's raw keys: the root's clientLoader loads it first.
 */

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Every dotted key path of a namespace, e.g. `sections.liability.heading`. */
function keyPaths(ns: string): string[] {
  const out: string[] = [];
  const walk = (node: unknown, prefix: string) => {
    if (node && typeof node === "object" && !Array.isArray(node)) {
      for (const [k, v] of Object.entries(node)) walk(v, prefix ? `${prefix}.${k}` : k);
    } else if (prefix.includes(".")) out.push(prefix);
  };
  walk(JSON.parse(readFileSync(`${root}/locales/ja-JP/${ns}.json`, "utf8")), "");
  return out;
}

test("in Japanese: hydration without errors, and client-side navigations to /terms and /contact never show raw keys", async ({
  page,
  context,
}) => {
  await context.addCookies([{ name: "locale", value: "ja_JP", url: DEMO }]);
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));

  // records any raw key of the namespaces the two pages load, whenever the page's text changes
  const keys = [...keyPaths("terms"), ...keyPaths("support")];
  await page.addInitScript((rawKeys: string[]) => {
    const seen: string[] = [];
    (window as unknown as { rawKeysSeen: string[] }).rawKeysSeen = seen;
    const check = () => {
      const text = document.body?.innerText ?? "";
      for (const key of rawKeys) if (text.includes(key) && !seen.includes(key)) seen.push(key);
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  }, keys);

  await page.goto(`${DEMO}/`);
  await waitForReact(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "ja-JP");
  await expect(page.locator('header a[href="/login"]')).toHaveText(tr("ja-JP", "nav.login"));

  await page.locator('footer a[href="/terms"]').click();
  await expect(page).toHaveURL(`${DEMO}/terms`);
  await expect(page.locator("main h1")).toHaveText(tr("ja-JP", "terms:title"));
  await expect(page.locator("#terms-liability")).toHaveText(tr("ja-JP", "terms:sections.liability.heading"));

  await page.locator('footer a[href="/contact"]').click();
  await expect(page).toHaveURL(`${DEMO}/contact`);
  await expect(page.locator("main h1")).toHaveText(tr("ja-JP", "support:contact.title"));
  await expect(page.getByTestId("chat-link")).toContainText(tr("ja-JP", "support:contact.chat_open"));

  expect(
    await page.evaluate(() => (window as unknown as { rawKeysSeen: string[] }).rawKeysSeen),
    "raw keys shown",
  ).toEqual([]);
  expect(problems, "console errors and warnings (a hydration mismatch is a console error)").toEqual([]);
});
