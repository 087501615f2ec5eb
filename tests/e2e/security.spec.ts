import { expect, test, type Page } from "@playwright/test";
import { BRAND2, DEMO, operatorApi, signUp, tr, waitForHydration } from "./support";

/**
 * The Content-Security-Policy in a real browser (server/site/README.md,
 * "Security headers and CSP"): the site's own scripts, the game's live socket and its chart all
 * work under it with no violation, the operator's script runs through the nonce, and markup
 * injected into a page cannot run script.
 */

type Violation = { directive: string; blocked: string };

/**
 * Records every CSP violation the page reports (read with violationsOf), from before its first
 * script runs; returns the browser's console lines about the policy.
 */
async function watchViolations(page: Page): Promise<string[]> {
  const consoleLines: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleLines.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: { directive: string; blocked: string }[] = [];
    (window as unknown as { cspViolations: typeof seen }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push({ directive: e.violatedDirective, blocked: e.blockedURI }),
    );
  });
  return consoleLines;
}

async function violationsOf(page: Page): Promise<Violation[]> {
  return page.evaluate(() => (window as unknown as { cspViolations: Violation[] }).cspViolations);
}

test("the game page hydrates, goes live and draws its chart under the CSP, with no violation", async ({ page }) => {
  const cspConsole = await watchViolations(page);
  await signUp(page, DEMO);
  const response = await page.goto(`${DEMO}/game?pair=BTC-USDT&tab=chart`);
  const csp = (await response!.allHeaders())["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);

  await waitForHydration(page, "form.bet-form");
  // the live socket goes through the site's own /ws/ (connect-src) and moves the price
  await expect(page.locator(".game-market")).toContainText(tr("en-US", "game:market.live"));
  const price = page.getByTestId("game-price");
  const first = await price.textContent();
  await expect
    .poll(() => price.textContent(), { message: "a live tick moves the price", timeout: 15_000 })
    .not.toBe(first);
  // lightweight-charts is a chunk imported at run time: it loads and draws
  await expect(page.locator(".kline-canvas canvas").first()).toBeVisible();
  await expect(page.getByText(tr("en-US", "game:chart.loading"))).toHaveCount(0);

  // a client-side navigation after hydration loads route modules under the same policy
  await page
    .getByRole("link", { name: tr("en-US", "nav.member_center") })
    .first()
    .click();
  await expect(page).toHaveURL(`${DEMO}/user`);

  expect(await violationsOf(page)).toEqual([]);
  expect(cspConsole).toEqual([]);
});

test("the operator's script runs through the nonce; injected markup cannot run script", async ({ page }) => {
  await watchViolations(page);
  const script = "window.operatorScriptRuns = (window.operatorScriptRuns || 0) + 1;";
  const set = await operatorApi("PUT", "/operator/sites/demo2", { script });
  expect(set.statusCode).toBe(200);
  try {
    // the site reads site info again within its cache time (30 s)
    await expect
      .poll(
        async () => {
          await page.goto(`${BRAND2}/`);
          return page.evaluate(() => (window as unknown as { operatorScriptRuns?: number }).operatorScriptRuns ?? 0);
        },
        { message: "the operator's script ran once on the page", timeout: 60_000, intervals: [2_000] },
      )
      .toBe(1);
    expect(await violationsOf(page)).toEqual([]);

    // markup that found its way into the page: its inline handler is refused, and reported
    await page.evaluate(() => {
      document.body.insertAdjacentHTML(
        "beforeend",
        '<img alt="" src="/no-such-image" onerror="window.injectedRan = true">',
      );
    });
    await expect
      .poll(() => violationsOf(page), { message: "a reported violation" })
      .toContainEqual(expect.objectContaining({ directive: expect.stringMatching(/^script-src/) }));
    expect(await page.evaluate(() => (window as unknown as { injectedRan?: boolean }).injectedRan)).toBeUndefined();
  } finally {
    await operatorApi("PUT", "/operator/sites/demo2", { script: "" });
  }
});

test("static files served before the worker carry the security headers, and fingerprinted builds are immutable", async ({
  request,
}) => {
  // the page names its own fingerprinted entry script; the assets layer serves it, not the worker
  // (read from the served HTML: once hydrated, Remix drops its modulepreload links from the DOM)
  const html = await (await request.get(`${DEMO}/login`)).text();
  const src = /<link rel="modulepreload" href="(\/build\/[^"]+)"/.exec(html)?.[1];
  expect(src).toMatch(/^\/build\/.+\.js$/);
  const response = await request.get(`${DEMO}${src}`);
  expect(response.status()).toBe(200);
  const headers = response.headers();
  expect(headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
  expect(headers["content-security-policy"]).toContain("default-src 'none'");
  expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
});
