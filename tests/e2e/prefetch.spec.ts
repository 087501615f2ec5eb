import { expect, test } from "@playwright/test";
import { DEMO, flushPageTasks, tr, waitForHydration } from "./support";

/**
 * Prefetch after 1 s (app/README.md, "Prefetch after 1 s"): a navigation link fetches its page's
 * data once the mouse has rested on it for a second, not sooner, and a pointer that leaves earlier
 * fetches nothing.
 */

test.use({ viewport: { width: 1280, height: 800 } });

test("a header link prefetches its page's data after the pointer rests on it for 1 s, and not after 0.5 s", async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.searchParams.has("_data")) fetched.push(`${url.pathname}?_data=${url.searchParams.get("_data")}`);
  });
  // the page's timers run on a clock the test moves: a rest of 0.5 s or 1 s takes no real time
  await page.clock.install();
  await page.goto(`${DEMO}/terms`);
  await waitForHydration(page, "footer form");
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
  const signIn = page
    .getByRole("navigation", { name: tr("en-US", "nav.label") })
    .getByRole("link", { name: tr("en-US", "nav.login"), exact: true });
  // the sign-in page's data, as the link's prefetch puts it in the page
  const prefetchLink = page.locator('link[rel="prefetch"][href^="/login?_data="]');
  // half a second, then away: nothing, even a second later
  await signIn.hover();
  await page.clock.runFor(500);
  await page.mouse.move(0, 700);
  await page.clock.runFor(1_000);
  await flushPageTasks(page);
  await expect(prefetchLink, "no prefetch after a 0.5 s rest").toHaveCount(0);
  expect(fetched).toEqual([]);

  // resting for a second: the sign-in page's data is fetched, without navigating
  await signIn.hover();
  await page.clock.runFor(1_000);
  await expect(prefetchLink).toHaveCount(1);
  await expect.poll(() => fetched, { timeout: 5_000 }).toContain("/login?_data=routes/login");
  await expect(page).toHaveURL(`${DEMO}/terms`);
});
