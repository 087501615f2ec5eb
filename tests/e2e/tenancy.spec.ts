import { expect, test } from "@playwright/test";
import { BRAND2, DEMO, SITES, registerMember, signIn, texts } from "./support";

for (const [siteId, site] of Object.entries(SITES)) {
  test(`${new URL(site.origin).hostname} serves the ${siteId} site: its title, logo and ${site.lang} language`, async ({ page }) => {
    const { t } = texts(site.lang);
    await page.goto(`${site.origin}/`);
    await expect(page.locator("html")).toHaveAttribute("lang", site.lang);
    await expect(page.locator("main h1")).toHaveText(site.title);
    await expect(page).toHaveTitle(`${t("home.title")} · ${site.title}`);
    await expect(page.locator("header .brand-name")).toHaveText(site.title);
    await expect(page.locator("header .brand img")).toHaveAttribute("src", `/brand/${siteId}/logo.svg`);
    await expect(page.locator('header a[href="/login"]')).toHaveText(t("nav.login"));
  });
}

test("a session from localhost is not honoured on brand2.localhost, even when its cookie is sent there", async ({ page, context, browser }) => {
  const member = await registerMember(browser, DEMO);
  await signIn(page, DEMO, member.account, member.password);
  await expect(page).toHaveURL(`${DEMO}/user`);
  await expect(page.getByTestId("account")).toHaveText(member.account);

  // the browser keeps the cookie to its host: brand2 sees a visitor
  await page.goto(`${BRAND2}/user`);
  await expect(page).toHaveURL(`${BRAND2}/login`);

  // the same signed cookie carried to brand2 by hand is refused too (it belongs to the demo site)
  const cookies = await context.cookies(DEMO);
  expect(cookies.map((c) => c.name)).toContain("session");
  await context.addCookies(
    cookies.map(({ name, value, path, httpOnly, secure, sameSite, expires }) => ({
      name,
      value,
      domain: "brand2.localhost",
      path,
      httpOnly,
      secure,
      sameSite,
      expires,
    })),
  );
  await page.goto(`${BRAND2}/user`);
  await expect(page).toHaveURL(`${BRAND2}/login`);

  // while on localhost the member is still signed in
  await page.goto(`${DEMO}/user`);
  await expect(page.getByTestId("account")).toHaveText(member.account);
});
