import { expect, test } from "@playwright/test";
import { DEMO, tr, waitForHydration } from "./support";

/**
 * Prefetch after 1 s (app/README.md, "Prefetch after 1 s"): a navigation link fetches its page's
 * data once the mouse has rested on it for a second, not sooner, and a pointer that leaves earlier
 * fetches nothing.
 */

test.use({ viewport: { width: 1280, height: 800 } });

test("a header link prefetches its page's data after the pointer rests on it for 1 s, and not after 0.5 s", async ({ page }) => {
  const fetched: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.searchParams.has("_data")) fetched.push(`${url.pathname}?_data=${url.searchParams.get("_data")}`);
  });
  await page.goto(`${DEMO}/terms`);
  await waitForHydration(page, "footer form");
  const signIn = page.getByRole("navigation", { name: tr("en-US", "nav.label") }).getByRole("link", { name: tr("en-US", "nav.login"), exact: true });

  // half a second, then away: nothing, even a second later
  await signIn.hover();
  await page.waitForTimeout(500);
  await page.mouse.move(0, 700);
  await page.waitForTimeout(1_000);
  expect(fetched, "no prefetch after a 0.5 s rest").toEqual([]);

  // resting for a second: the sign-in page's data is fetched, without navigating
  await signIn.hover();
  await expect.poll(() => fetched, { timeout: 5_000 }).toContain("/login?_data=routes/login");
  await expect(page).toHaveURL(`${DEMO}/terms`);
});
