import { expect, test, type Page } from "@playwright/test";
import { SITE_PORT } from "./ports";
import {
  BRAND2,
  DEMO,
  PLATFORM,
  registerMember,
  signOutButton,
  signUp,
  texts,
  tr,
  waitForHydration,
  type Member,
} from "./support";

const en = texts("en-US");

test("a signed-out visit to /user is sent to /login, and signing in returns to the page asked for", async ({
  page,
  browser,
}) => {
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
  page.evaluate(
    (path) =>
      (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter.navigate(path),
    to,
  );

test("a site's redirect rule holds for a link the router follows: an internal target inside the app, an external one by a full page load", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });

  // the demo site's rule /promo → /user/activity (server/cli/seed/demo/site.ts)
  await signUp(page, DEMO);
  await waitForHydration(page, "footer form.language-form");
  await followLink(page, "/promo");
  await expect(page).toHaveURL(`${DEMO}/user/activity`);
  await expect(page.locator("main h1")).toHaveText(tr("en-US", "support:activity.title"));
  expect(errors, "no route mismatch, no error page").toEqual([]);

  // the second site's rule /help → https://help.example.com/brand-two: the router leaves the app
  await page.route("https://help.example.com/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: "<!doctype html><title>Brand Two help</title><h1>Brand Two help</h1>",
    }),
  );
  await page.goto(`${BRAND2}/`);
  await waitForHydration(page, "footer form.language-form");
  await followLink(page, "/help");
  await expect(page).toHaveURL("https://help.example.com/brand-two");
  await expect(page.locator("h1")).toHaveText("Brand Two help");
});

/** A platform token of `member` on the demo site, as an app's link to the site would carry it. */
async function platformToken(member: Member): Promise<string> {
  const response = await fetch(`${PLATFORM}/player/authorize/signin`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Site-Id": "demo" },
    body: JSON.stringify({ siteId: "demo", account: member.account, password: member.password }),
  });
  const envelope = (await response.json()) as { statusCode: number; data?: { token: string } };
  expect(envelope.statusCode).toBe(200);
  return envelope.data!.token;
}

for (const mode of [
  {
    name: "without JavaScript on a phone",
    options: { javaScriptEnabled: false, viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true },
  },
  { name: "with JavaScript", options: {} },
]) {
  test(`a sign-in link signs a signed-out visitor in only after they confirm the account it names (${mode.name})`, async ({
    browser,
  }) => {
    const member = await registerMember(browser, DEMO);
    const token = await platformToken(member);
    const context = await browser.newContext(mode.options);
    try {
      const page = await context.newPage();
      const link = `${DEMO}/uploaderfile?accessToken=${encodeURIComponent(token)}`;
      await page.goto(link);
      // the token left the address with the first answer, and the page does not show it
      await expect(page).toHaveURL(`${DEMO}/confirm-sign-in`);
      await expect(page.locator("h1")).toHaveText(tr("en-US", "account:link_sign_in.title"));
      await expect(page.getByTestId("link-account")).toHaveText(member.account);
      expect(await page.content()).not.toContain(token);

      // No: still signed out, so the upload page sends the visitor to sign in
      await page.getByRole("button", { name: tr("en-US", "account:link_sign_in.stay_out") }).click();
      await expect(page).toHaveURL(`${DEMO}/login`);

      // Yes: signed in as that account, on the page the link named
      await page.goto(link);
      await page
        .getByRole("button", { name: tr("en-US", "account:link_sign_in.confirm", { account: member.account }) })
        .click();
      await expect(page).toHaveURL(`${DEMO}/uploaderfile`);
      await page.goto(`${DEMO}/user`);
      await expect(page.getByTestId("account")).toHaveText(member.account);
    } finally {
      await context.close();
    }
  });
}

test("a signed-in member opening another account's sign-in link is asked, naming both accounts, and stays themselves on No", async ({
  page,
  browser,
}) => {
  const other = await registerMember(browser, DEMO);
  const token = await platformToken(other);
  const me = await signUp(page, DEMO);
  await page.goto(`/user/bank?accessToken=${encodeURIComponent(token)}`);
  await expect(page).toHaveURL(`${DEMO}/confirm-sign-in`);
  await expect(page.getByTestId("link-current-account")).toHaveText(me.account);
  await expect(page.getByTestId("link-account")).toHaveText(other.account);
  await page
    .getByRole("button", { name: tr("en-US", "account:link_sign_in.stay_in", { account: me.account }) })
    .click();
  await expect(page).toHaveURL(`${DEMO}/user/bank`);
  await page.goto("/user");
  await expect(page.getByTestId("account")).toHaveText(me.account);
});
