import { expect, test, type Page } from "@playwright/test";
import { DEMO, signOutButton, signUp, tr } from "./support";

/**
 * The header (app/README.md, "Header"): one row at 360×640 on every page, in every language,
 * signed out and in, with real and with play money; nothing in it clipped, cut or scrolled out of
 * sight; Sign out is one tap.
 */

const PHONE = { width: 360, height: 640 };
const LANGUAGES = ["en-US", "zh-TW", "zh-CN", "ja-JP"] as const;

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

/** Whatever the header shows, on screen and whole: every box inside the screen, no box narrower than its content. */
async function expectHeaderFits(page: Page, where: string) {
  const problems = await page.locator("header.site-header").evaluate((header) => {
    const found: string[] = [];
    const screen = document.documentElement.clientWidth;
    const name = (el: Element) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} "${el.textContent}"`;
    // one row: a 44 px target, 4 px above and below it, the 1 px border
    const height = header.getBoundingClientRect().height;
    if (height > 53) found.push(`more than one row: ${height}px`);
    for (const el of [header, ...header.querySelectorAll("*")]) {
      // the skip link (off screen until focused) and the pill's closed menu are not shown
      if (el.closest(".skip-link, .mode-pill-menu")) continue;
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      // names kept for screen readers only (1 px, clipped) are not shown either
      if (style.display === "none" || style.visibility === "hidden" || box.width <= 1) continue;
      if (box.left < -0.5 || box.right > screen + 0.5) found.push(`off screen: ${name(el)}`);
      const inline = style.display === "inline";
      if (!inline && el.scrollWidth > el.clientWidth + 1 && !(el instanceof SVGElement)) {
        found.push(`cut: ${name(el)} (${el.scrollWidth} px in ${el.clientWidth})`);
      }
    }
    return found;
  });
  expect(problems, where).toEqual([]);
  const nav = await page
    .locator("header .site-nav")
    .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(nav.scroll, `${where}: the links fit their row`).toBeLessThanOrEqual(nav.client);
}

async function inEveryLanguage(page: Page, paths: string[], what: string) {
  for (const lng of LANGUAGES) {
    await page.context().addCookies([{ name: "locale", value: lng, url: DEMO }]);
    for (const path of paths) {
      await page.goto(`${DEMO}${path}`);
      await expectHeaderFits(page, `${what} ${path} in ${lng}`);
    }
  }
}

test("at 360×640 the header fits in four languages signed out, on a member page and the game, with real and play money; Sign out is one tap", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page, DEMO);
  await inEveryLanguage(page, ["/user", "/game"], "real money:");

  // practice: the pill reads "Practice" over the play money, the widest it gets
  await page.locator("header .mode-pill > summary").click();
  await page.locator('header [data-testid="mode-switch"] button[value="practice"]').click();
  await expect(page.locator("html")).toHaveAttribute("data-mode", "practice");
  await inEveryLanguage(page, ["/user", "/game"], "play money:");

  // Sign out: on screen, a 44 px target, and one tap
  const signOut = signOutButton(page);
  await expect(signOut).toBeInViewport({ ratio: 1 });
  await expect(signOut).toHaveAccessibleName(tr("ja-JP", "nav.logout"));
  const box = (await signOut.boundingBox())!;
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  await signOut.click();
  await expect(page.locator("header").getByRole("link", { name: tr("ja-JP", "nav.login") })).toBeVisible();
  await expect(signOutButton(page)).toHaveCount(0);

  await inEveryLanguage(page, ["/", "/terms"], "signed out:");
});
