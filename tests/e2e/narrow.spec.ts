import { expect, test, type Page } from "@playwright/test";
import { BRAND2, DEMO, registerMember, signIn, signUpForm } from "./support";

test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

async function expectNoHorizontalScroll(page: Page, url: string) {
  const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(width, `${url} is ${width}px wide at a 360px viewport`).toBeLessThanOrEqual(360);
}

test("at 360×640 no page scrolls sideways: /, /login, /register, /terms (both sites) and /user", async ({
  page,
  browser,
}) => {
  for (const origin of [DEMO, BRAND2]) {
    for (const path of ["/", "/login", "/register", "/terms"]) {
      await page.goto(`${origin}${path}`);
      await expect(page.locator("h1").first()).toBeVisible();
      await expectNoHorizontalScroll(page, `${origin}${path}`);
    }
  }
  const member = await registerMember(browser, DEMO);
  await signIn(page, DEMO, member.account, member.password);
  await expect(page).toHaveURL(`${DEMO}/user`);
  await expect(page.getByTestId("main-balance")).toBeVisible();
  await expectNoHorizontalScroll(page, `${DEMO}/user`);
});

test("at 360×640 the sign-up form's submit button is reachable by scrolling and fits the screen", async ({ page }) => {
  await page.goto("/register");
  const submit = signUpForm(page).locator('button[type="submit"]');
  await submit.scrollIntoViewIfNeeded();
  await expect(submit).toBeInViewport();
  await expect(submit).toBeVisible();
  const box = await submit.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
});
