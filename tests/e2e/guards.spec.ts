import { expect, test } from "@playwright/test";
import { SITE_PORT } from "./ports";
import { DEMO, registerMember, signOutButton, texts } from "./support";

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
