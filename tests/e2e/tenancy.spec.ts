import { expect, test, type Page } from "@playwright/test";
import { DEMO2_SITE, DEMO_SITE, type SeedSite } from "../../server/cli/seed/sites";
import {
  BRAND2,
  DEMO,
  PLATFORM,
  SITES,
  formError,
  moneyText,
  registerMember,
  signIn,
  texts,
  tr,
  type Lng,
} from "./support";

for (const [siteId, site] of Object.entries(SITES)) {
  test(`${new URL(site.origin).hostname} serves the ${siteId} site: its title, logo and ${site.lang} language`, async ({
    page,
  }) => {
    const { t } = texts(site.lang);
    await page.goto(`${site.origin}/`);
    await expect(page.locator("html")).toHaveAttribute("lang", site.lang);
    // the home page leads with the site's tagline: the header is where the brand is (app/README.md, "Brand")
    const seed = siteId === "demo" ? DEMO_SITE : DEMO2_SITE;
    await expect(page.locator("main h1")).toHaveText(seed.config.description!);
    await expect(page).toHaveTitle(`${t("home.title")} · ${site.title}`);
    if (seed.config.theme!.logo === "wordmark") {
      // the wordmark alone, named by its alt text
      await expect(page.locator("header .brand img").first()).toHaveAttribute("src", `/brand/${siteId}/logo.svg`);
      await expect(page.locator("header .brand img").first()).toHaveAttribute("alt", site.title);
      await expect(page.locator("header .brand-name")).toHaveCount(0);
    } else {
      // the square mark beside the name as text
      await expect(page.locator("header .brand img")).toHaveAttribute("src", `/brand/${siteId}/favicon.svg`);
      await expect(page.locator("header .brand-name")).toHaveText(site.title);
    }
    await expect(page.getByRole("banner").getByRole("link", { name: site.title, exact: true })).toHaveAttribute(
      "href",
      "/",
    );
    await expect(page.locator('header a[href="/login"]')).toHaveText(t("nav.login"));
  });
}

test("a session from localhost is not honoured on brand2.localhost, even when its cookie is sent there", async ({
  page,
  context,
  browser,
}) => {
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

/** What a visitor and a member see of one tenant, read from the page. */
async function tenantView(page: Page, origin: string) {
  await page.goto(`${origin}/contact`);
  return {
    lang: await page.locator("html").getAttribute("lang"),
    favicon: await page.locator('link[rel="icon"]').getAttribute("href"),
    logo: await page.locator("header .brand img").first().getAttribute("src"),
    footerBrand: await page.locator("footer .footer-brand img").first().getAttribute("src"),
    copyright: await page.locator("footer .copyright").textContent(),
    social: await page.locator("footer nav a[rel~=noopener]").allTextContents(),
    chatLink: await page.getByTestId("chat-link").getAttribute("href"),
    heading: await page.locator("h1").textContent(),
  };
}

test("side by side, localhost and brand2.localhost differ in branding, content and language, each as its operator configured it", async ({
  browser,
}) => {
  const context = await browser.newContext();
  try {
    const [demoPage, brandPage] = [await context.newPage(), await context.newPage()];
    const expected = (seed: SeedSite, lng: Lng) => ({
      lang: lng,
      favicon: seed.config.favicon,
      // the wordmark (demo) or the mark beside the name (demo2), the same in the footer
      logo: seed.config.theme!.logo === "wordmark" ? seed.config.logo : seed.config.favicon,
      footerBrand: seed.config.theme!.logo === "wordmark" ? seed.config.logo : seed.config.favicon,
      copyright: seed.config.copyRight,
      social: seed.config.socialOptions!.map((s) => s.name),
      chatLink: seed.chatLink,
      heading: tr(lng, "support:contact.title"),
    });
    const demo = await tenantView(demoPage, DEMO);
    const brand = await tenantView(brandPage, BRAND2);
    expect(demo).toEqual(expected(DEMO_SITE, "en-US"));
    expect(brand).toEqual(expected(DEMO2_SITE, "zh-TW"));
    for (const key of Object.keys(demo) as (keyof typeof demo)[]) {
      expect(brand[key], `${key} must differ between the tenants`).not.toEqual(demo[key]);
    }

    // the terms name the site they belong to
    for (const [page, origin, seed, lng] of [
      [demoPage, DEMO, DEMO_SITE, "en-US"],
      [brandPage, BRAND2, DEMO2_SITE, "zh-TW"],
    ] as const) {
      await page.goto(`${origin}/terms`);
      await expect(page.locator("main h1")).toHaveText(tr(lng, "terms:title"));
      await expect(page.locator("main p").nth(1)).toContainText(seed.config.title!);
    }

    // members: each site's own news, deposit options and currency
    for (const [page, origin, seed, lng, prefix, currency] of [
      [demoPage, DEMO, DEMO_SITE, "en-US", "demo", "USD"],
      [brandPage, BRAND2, DEMO2_SITE, "zh-TW", "b2", "TWD"],
    ] as const) {
      const member = await registerMember(browser, origin);
      await signIn(page, origin, member.account, member.password);
      await expect(page).toHaveURL(`${origin}/user`);
      await expect(page.getByTestId("main-balance")).toHaveText(moneyText(0, currency, lng));
      await page.goto(`${origin}/user/news`);
      const welcome = seed.press.find((p) => p.path === `${prefix}-welcome` && p.lang === lng.replace("-", "_"))!;
      await expect(page.locator(".press-link", { hasText: welcome.title })).toHaveAttribute(
        "href",
        `/user/news/${welcome.path}`,
      );
      // the other tenant's item is not there, even asked for by its path
      const other = prefix === "demo" ? "b2-welcome" : "demo-welcome";
      await expect(page.locator(`a[href="/user/news/${other}"]`)).toHaveCount(0);
      expect((await page.goto(`${origin}/user/news/${other}`))?.status()).toBe(404);
      await page.goto(`${origin}/user/deposit`);
      await expect(page.locator('input[name="optionId"]')).toHaveCount(seed.config.depositOptions!.length);
      for (const option of seed.config.depositOptions!)
        await expect(page.locator(`input[name="optionId"][value="${option.id}"]`)).toHaveCount(1);
    }
  } finally {
    await context.close();
  }
});

test("a member of localhost cannot sign in to brand2.localhost with the same account and password", async ({
  page,
  browser,
}) => {
  const member = await registerMember(browser, DEMO);
  await signIn(page, BRAND2, member.account, member.password);
  await expect(page).toHaveURL(`${BRAND2}/login`);
  // the other site answers as it answers a wrong password: whether the account exists there is nobody's business
  await expect(formError(page)).toHaveText(tr("zh-TW", "messages:wrong_account_or_password"));
  await page.goto(`${BRAND2}/user`);
  await expect(page).toHaveURL(`${BRAND2}/login`);
});

test("a localhost member's platform token in ?accessToken= signs in on localhost (after the visitor's yes), and is refused on brand2.localhost", async ({
  browser,
}) => {
  const member = await registerMember(browser, DEMO);
  // the token a platform hands out for the demo site (e.g. in an app's link to the site)
  const response = await fetch(`${PLATFORM}/player/authorize/signin`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Site-Id": "demo" },
    body: JSON.stringify({ siteId: "demo", account: member.account, password: member.password }),
  });
  const envelope = (await response.json()) as { statusCode: number; data?: { token: string } };
  expect(envelope.statusCode).toBe(200);
  const token = envelope.data!.token;

  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    // brand2: not accepted; still a visitor, the page wanted is remembered for after sign-in
    await page.goto(`${BRAND2}/user?accessToken=${encodeURIComponent(token)}`);
    await expect(page).toHaveURL(`${BRAND2}/login`);
    const brandCookies = await context.cookies(BRAND2);
    expect(brandCookies.find((c) => c.name === "redirectUrl")?.value).toBe(encodeURIComponent("/user"));
    await page.goto(`${BRAND2}/user/deposit`);
    await expect(page).toHaveURL(`${BRAND2}/login`);

    // localhost: the same token signs in there once the visitor says yes, and the parameter leaves the address
    await page.goto(`${DEMO}/user?accessToken=${encodeURIComponent(token)}`);
    await expect(page).toHaveURL(`${DEMO}/confirm-sign-in`);
    await expect(page.getByTestId("link-account")).toHaveText(member.account);
    await page
      .getByRole("button", { name: tr("en-US", "account:link_sign_in.confirm", { account: member.account }) })
      .click();
    await expect(page).toHaveURL(`${DEMO}/user`);
    await expect(page.getByTestId("account")).toHaveText(member.account);
    // which still does not open brand2
    await page.goto(`${BRAND2}/user`);
    await expect(page).toHaveURL(`${BRAND2}/login`);
  } finally {
    await context.close();
  }
});
