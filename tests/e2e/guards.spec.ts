import { expect, test, type Page } from "@playwright/test";
import { SITE_PORT } from "./ports";
import { BRAND2, DEMO, registerMember, signOutButton, signUp, texts, tr, waitForHydration } from "./support";

const en = texts("en-US");

test("a signed-out visit to /user is sent to /login, and signing in returns to the page asked for", async ({ page, browser }) => {
  const member = await registerMember(browser, DEMO);
  // /user has no deeper pages yet; a query string shows the exact path is remembered, not a default
  const wanted = "/user?from=e2e-guard";
  await page.goto(wanted);
  await expect(page).toHaveURL(`${DEMO}/login`);

  const form = page.locator("form").filter({ has: page.locator('[name="password"]') });
  await form.locator('[name="account"]').fill(member.account);
  await form.locator('[name="password"]').fill(member.password);
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(`${DEMO}${wanted}`);
  await expect(page.getByTestId("account")).toHaveText(member.account);

  // the remembered path is used once: after signing out, the next sign-in goes to /user
  await signOutButton(page).click();
  await expect(page).toHaveURL(`${DEMO}/`);
  await page.goto("/login");
  await form.locator('[name="account"]').fill(member.account);
  await form.locator('[name="password"]').fill(member.password);
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(`${DEMO}/user`);
});

test("an unknown path answers 404 with the Page Not Found page naming the path", async ({ page }) => {
  const path = `/no-such-page-${Date.now()}/deeper`;
  const response = await page.goto(path);
  expect(response?.status()).toBe(404);
  await expect(page.locator("h1")).toHaveText(en.t("errors.not_found_title"));
  await expect(page.locator("main code")).toHaveText(path);
  await expect(page).toHaveTitle(new RegExp(en.t("errors.not_found_title")));
});

test("an unknown hostname answers 404 Unknown site, with no tenant's content", async ({ page }) => {
  const response = await page.goto(`http://nope.localhost:${SITE_PORT}/`);
  expect(response?.status()).toBe(404);
  await expect(page.locator("h1")).toHaveText("Unknown site");
  const body = await page.locator("body").innerText();
  expect(body).not.toContain("Demo Trade");
  expect(body).not.toContain("Brand Two Markets");
});

/** What a <Link> does: a navigation by the app's router (its data request first, then the page). */
const followLink = (page: Page, to: string) =>
  page.evaluate((path) => (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter.navigate(path), to);

test("a site's redirect rule holds for a link the router follows: an internal target inside the app, an external one by a full page load", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });

  // the demo site's rule /promo → /user/activity (server/cli/seed-data.ts)
  await signUp(page, DEMO);
  await waitForHydration(page, "footer form.language-form");
  await followLink(page, "/promo");
  await expect(page).toHaveURL(`${DEMO}/user/activity`);
  await expect(page.locator("main h1")).toHaveText(tr("en-US", "support:activity.title"));
  expect(errors, "no route mismatch, no error page").toEqual([]);

  // the second site's rule /help → https://help.example.com/brand-two: the router leaves the app
  await page.route("https://help.example.com/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Brand Two help</title><h1>Brand Two help</h1>" })
  );
  await page.goto(`${BRAND2}/`);
  await waitForHydration(page, "footer form.language-form");
  await followLink(page, "/help");
  await expect(page).toHaveURL("https://help.example.com/brand-two");
  await expect(page.locator("h1")).toHaveText("Brand Two help");
});
