import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { MEMBER_LINKS, type MemberPath } from "../../app/utils/member-links";
import { DEMO2_SITE, DEMO_SITE } from "../../server/cli/seed/sites";
import {
  gameNameOf,
  BRAND2,
  DEMO,
  expectToast,
  fillSignUp,
  formHolding,
  newMember,
  signOutButton,
  signUpForm,
  signUpValues,
  tr,
  waitForHydration,
  watchToasts,
  type Lng,
} from "./support";

/**
 * Every page of app/README.md, "Pages", once per language, with JavaScript: each page's heading,
 * the tab's title and the navigation say the language's own words (never the English ones, except
 * in English), on the server's render and after hydration, also when the page is reached by a
 * client-side navigation (which loads the page's translations on the way). Traditional Chinese on
 * brand2.localhost, where it is the site's default; Simplified Chinese and Japanese on localhost,
 * chosen with the footer's language selection. English, the demo site's default, is the language of
 * the newcomer's journey (journey.spec.ts), which visits every page.
 */

/** The home page's heading: the site's tagline in the page's language, else its default one (app/README.md, "Brand"). */
const tagline = (seed: typeof DEMO_SITE, lng: Lng) =>
  seed.config.translations?.[lng.replace("-", "_") as "zh_TW"]?.description || seed.config.description!;

// the site's title in the member's language (server/contract/README.md, "Operator texts")
const TOURS: { lng: Lng; origin: string; siteTitle: string; tagline: string; newsPath: string; choose?: string }[] = [
  {
    lng: "zh-TW",
    origin: BRAND2,
    siteTitle: DEMO2_SITE.config.title!,
    tagline: tagline(DEMO2_SITE, "zh-TW"),
    newsPath: "b2-welcome",
  },
  {
    lng: "zh-CN",
    origin: DEMO,
    siteTitle: DEMO_SITE.config.translations!.zh_CN!.title!,
    tagline: tagline(DEMO_SITE, "zh-CN"),
    newsPath: "demo-welcome",
    choose: "简体中文",
  },
  {
    lng: "ja-JP",
    origin: DEMO,
    siteTitle: DEMO_SITE.config.translations!.ja_JP!.title!,
    tagline: tagline(DEMO_SITE, "ja-JP"),
    newsPath: "demo-welcome",
    choose: "日本語",
  },
];

/** The heading each section of the member center's menu shows (a section without one fails the typecheck). */
const TITLES: Record<MemberPath, string> = {
  "/user": "user.title",
  "/user/gamePage": "game:title",
  "/game/contract": "contract:title",
  "/user/deposit": "money:deposit.title",
  "/user/transfer": "money:transfer.title",
  "/user/withdraw": "money:withdraw.title",
  "/user/bank": "bank:title",
  "/user/record": "records:title",
  "/user/info": "account:info.title",
  "/user/setting": "account:setting.title",
  "/user/limits": "account:limits.title",
  "/user/smsVerify": "account:sms.title",
  "/user/message": "support:message.title",
  "/user/news": "support:news.title",
  "/user/activity": "support:activity.title",
  "/user/help": "support:help.title",
  "/user/download": "support:download.title",
};
/**
 * The member center's links, in the order of its navigation (app/utils/member-links.ts), with the
 * heading each page shows; contract trading, a page of its own outside the member center, is
 * checked apart.
 */
const MEMBER_PAGES = MEMBER_LINKS.filter(([path]) => path !== "/game/contract").map(
  ([path, navKey]) => [path, navKey, TITLES[path]] as const,
);

const GAME_TABS = ["current", "history", "quotes", "rules", "chart"] as const;

for (const tour of TOURS) {
  const { lng, origin, siteTitle } = tour;
  const t = (key: string, values?: Record<string, string | number>) => {
    const text = tr(lng, key, values);
    expect(text, `${lng} ${key} must not be the English text`).not.toBe(tr("en-US", key, values));
    return text;
  };
  // the game is named as the site names it in this language (site info gameName)
  const gameName = gameNameOf(origin === BRAND2 ? "demo2" : "demo", lng);
  const label = (navKey: string) => (navKey === "user.nav_game" ? gameName : t(navKey));

  /** The page's heading and the tab's title in this language, and the document says which language it is. */
  async function expectPage(
    page: Page,
    titleKey: string,
    heading = titleKey === "game:title" ? gameName : t(titleKey),
  ) {
    await expect(page.locator("html")).toHaveAttribute("lang", lng);
    await expect(page.locator("h1")).toHaveText(heading);
    await expect(page).toHaveTitle(`${titleKey === "game:title" ? gameName : t(titleKey)} · ${siteTitle}`);
  }

  async function open(page: Page, path: string) {
    await page.goto(`${origin}${path}`);
    await waitForHydration(page, "form");
  }

  test(`every page in ${lng} (${new URL(origin).hostname}): headings, titles, navigation, forms and toasts`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await watchToasts(page);

    await test.step(
      tour.choose ? `the visitor chooses ${tour.choose} in the footer` : `the site opens in ${lng}`,
      async () => {
        await open(page, "/");
        if (tour.choose) {
          const form = page.locator("footer form.language-form");
          await form.locator("select[name=locale]").selectOption({ label: tour.choose });
          await form.locator('button[type="submit"]').click();
        }
        await expectPage(page, "home.title", tour.tagline);
        const nav = page.getByRole("navigation", { name: t("nav.label") });
        await expect(nav.getByRole("link")).toHaveText([t("nav.home"), t("nav.login"), t("nav.register")]);
        await expect(
          page
            .getByRole("navigation", { name: t("nav.footer_label") })
            .getByRole("link")
            .first(),
        ).toHaveText(t("nav.terms"));
      },
    );

    await test.step("the public pages: terms, contact, sign in, forgot password, sign up, 404", async () => {
      // the footer's links (the home page's sign-up form links the terms too)
      const footer = page.getByRole("navigation", { name: t("nav.footer_label") });
      await footer.getByRole("link", { name: t("nav.terms") }).click();
      await expect(page).toHaveURL(`${origin}/terms`);
      await expectPage(page, "terms:title");
      await expect(page.locator("#terms-liability")).toHaveText(t("terms:sections.liability.heading"));
      await footer.getByRole("link", { name: t("nav.contact") }).click();
      await expect(page).toHaveURL(`${origin}/contact`);
      await expectPage(page, "support:contact.title");
      await expect(page.getByTestId("chat-link")).toContainText(t("support:contact.chat_open"));

      await page
        .getByRole("navigation", { name: t("nav.label") })
        .getByRole("link", { name: t("nav.login") })
        .click();
      await expect(page).toHaveURL(`${origin}/login`);
      await expectPage(page, "login.title");
      await expect(page.getByLabel(t("fields.password"))).toBeVisible();
      await page.getByRole("link", { name: t("nav.forgot_password") }).click();
      await expect(page).toHaveURL(`${origin}/forgot-password`);
      await expectPage(page, "account:forgot.title");

      const missing = `/no-such-page-${randomUUID().slice(0, 8)}`;
      expect((await page.goto(`${origin}${missing}`))?.status()).toBe(404);
      await expect(page.locator("h1")).toHaveText(t("errors.not_found_title"));
      await expect(page.locator("main p").first()).toContainText(t("errors.not_found_body"));
    });

    await test.step("signs up with the form's words in this language", async () => {
      await open(page, "/register");
      await expectPage(page, "register.title");
      // the short form: the password once, one box for the terms and the legal age
      await expect(signUpForm(page).getByLabel(t("fields.password"), { exact: true })).toBeVisible();
      await expect(
        page.getByRole("checkbox", {
          name: t("register.age_and_terms", { terms: t("register.terms_link") }),
        }),
      ).toBeVisible();
      await fillSignUp(page, signUpValues(newMember()));
      await signUpForm(page)
        .getByRole("button", { name: t("register.submit") })
        .click();
      await expect(page).toHaveURL(`${origin}/user`);
      await expectToast(page, t("messages:register_success"));
      await expectPage(page, "user.title");
      await expect(signOutButton(page)).toHaveText(t("nav.logout"));
    });

    await test.step("every member page, reached through the member center's navigation", async () => {
      const memberNav = page.getByRole("navigation", { name: t("user.nav_label") });
      // the menu also lists contract trading, a page of its own outside the member center (checked below)
      await expect(memberNav.getByRole("link")).toHaveText(MEMBER_LINKS.map(([, navKey]) => label(navKey)));
      for (const [path, navKey, titleKey] of MEMBER_PAGES) {
        await memberNav.getByRole("link", { name: label(navKey), exact: true }).click();
        await expect(page).toHaveURL(`${origin}${path}`);
        // the records' heading also says which money they list (app/README.md, "Practice mode")
        await expectPage(
          page,
          titleKey,
          path === "/user/record" ? `${t(titleKey)} ${t("practice.real_badge")}` : undefined,
        );
        await expect(memberNav.getByRole("link", { name: label(navKey), exact: true })).toHaveAttribute(
          "aria-current",
          "page",
        );
      }
      // contract trading, from the member menu (then back to the member center)
      await memberNav.getByRole("link", { name: t("user.nav_contract"), exact: true }).click();
      await expect(page).toHaveURL(`${origin}/game/contract`);
      await expectPage(page, TITLES["/game/contract"]);
      await expect(page.getByTestId("open-position")).toBeVisible();
      await page.goto(`${origin}/user`);
      // the document pages, from the bank account page
      await memberNav.getByRole("link", { name: t("user.nav_bank"), exact: true }).click();
      const documents = page.locator("main a[href='/uploaderfile']").first();
      await expect(documents).toHaveText(t("bank:manage_documents"));
      await documents.click();
      await expect(page).toHaveURL(`${origin}/uploaderfile`);
      await expectPage(page, "bank:documents_title");
      await expect(page.getByRole("combobox", { name: t("bank:upload.kind"), exact: true })).toBeVisible();
    });

    await test.step("the game and its sections: current and historical orders, quotes, rules, K-line chart", async () => {
      await page
        .getByRole("navigation", { name: t("nav.label") })
        .getByRole("link", { name: gameName })
        .click();
      await expect(page).toHaveURL(`${origin}/game`);
      await expectPage(page, "game:title");
      await expect(page.locator("form.bet-form h2")).toHaveText(t("game:bet.title"));
      await expect(page.locator("form.bet-form").getByRole("button", { name: t("game:bet.submit") })).toBeVisible();
      const tabs = page.getByRole("navigation", { name: t("game:tabs.label") });
      for (const tab of GAME_TABS) {
        await tabs.getByRole("link", { name: t(`game:tabs.${tab}`) }).click();
        await expect(tabs.locator("a[aria-current=page]")).toHaveText(t(`game:tabs.${tab}`));
      }
      await expect(page.getByRole("heading", { name: t("game:chart.title") })).toBeVisible();
    });

    await test.step("a news item and a message thread", async () => {
      await open(page, `/user/news/${tour.newsPath}`);
      await expect(page.locator("html")).toHaveAttribute("lang", lng);
      await expect(page.locator("article .badge")).toHaveText(t("support:news.kind_news"));
      await expect(page.getByRole("link", { name: t("support:news.back") })).toHaveAttribute("href", "/user/news");

      await open(page, "/user/message");
      const title = `${lng} ${randomUUID().slice(0, 8)}`;
      const form = formHolding(page, "title");
      await form.locator('[name="title"]').fill(title);
      await form.locator('[name="content"]').fill(title);
      await form.getByRole("button", { name: t("support:message.send") }).click();
      await expectToast(page, t("messages:message_sent"));
      await page.locator(".message-link", { hasText: title }).click();
      await expect(page.locator("h1")).toHaveText(title);
      await expect(page).toHaveTitle(`${t("support:thread.title")} · ${siteTitle}`);
      await expect(page.locator(".thread-entry .thread-meta strong")).toHaveText(t("support:thread.from_member"));
    });

    await test.step("signs out with the toast in this language", async () => {
      await signOutButton(page).click();
      await expect(page).toHaveURL(`${origin}/`);
      await expectToast(page, t("messages:logout_success"));
      await expect(page.locator("html")).toHaveAttribute("lang", lng);
    });
  });
}
