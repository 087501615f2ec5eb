import { expect, test, type Page } from "@playwright/test";
import {
  SITES,
  fieldError,
  fillSignUp,
  formError,
  newMember,
  registerMember,
  signUpForm,
  signUpValues,
  texts,
  waitForHydration,
  watchPosts,
  type SignUpValues,
} from "./support";

/**
 * Every sign-up validation rule (app/README.md, "Validation rules"), each shown under its field in
 * the page's language. Expected texts come from locales/<lng>/common.json `validation.*`, so a page
 * showing anything else (an untranslated key, another language) fails.
 */
interface Case {
  name: string;
  values: (m: ReturnType<typeof newMember>) => SignUpValues;
  /** field name → validation key expected under it */
  errors: Record<string, string>;
  /** true when no other field may show a message */
  only?: boolean;
}

const CASES: Case[] = [
  {
    name: "required fields, short password, mobile not starting with 09, terms and legal age",
    values: (m) => ({
      ...signUpValues(m),
      account: "",
      password: "ab",
      confirmPassword: "ab",
      realName: "",
      mobile: "0812345678",
      agreeTerms: false,
      legalAge: false,
    }),
    errors: {
      account: "account_required",
      password: "password_too_short",
      agreeTerms: "terms_and_age_required",
    },
  },
  {
    name: "short account",
    values: (m) => ({ ...signUpValues(m), account: "abc" }),
    errors: { account: "account_too_short" },
    only: true,
  },
  {
    name: "login password equal to the account",
    values: (m) => ({ ...signUpValues(m), password: m.account }),
    errors: { password: "password_equals_account" },
    only: true,
  },
];

const LOCALES = [
  { site: SITES.demo, lng: "en-US" },
  { site: SITES.demo2, lng: "zh-TW" },
] as const;

const english = texts("en-US");

async function expectErrors(page: Page, c: Case, t: (key: string) => string) {
  for (const [field, key] of Object.entries(c.errors)) {
    await expect(fieldError(page, field), `${field} should show validation.${key}`).toHaveText(t(`validation.${key}`));
  }
  if (c.only) await expect(signUpForm(page).locator(".error-list")).toHaveCount(Object.keys(c.errors).length);
}

/** A refused sign-up signs nobody in: the member center still sends the visitor to sign in. */
async function expectSignedOut(page: Page, origin: string) {
  await page.goto(`${origin}/user`);
  await expect(page).toHaveURL(`${origin}/login`);
}

for (const { site, lng } of LOCALES) {
  const { t, msg } = texts(lng);

  test.describe(`${lng} on ${new URL(site.origin).hostname}`, () => {
    test.describe("without JavaScript (server-side validation)", () => {
      test.use({ javaScriptEnabled: false });

      test(`the server shows every sign-up validation message in ${lng}`, async ({ page }) => {
        if (lng !== "en-US") {
          // the second locale must really be another language, or this test proves nothing
          for (const key of Object.values(CASES).flatMap((c) => Object.values(c.errors))) {
            expect
              .soft(t(`validation.${key}`), `locales/${lng}/common.json validation.${key} is still English`)
              .not.toBe(english.t(`validation.${key}`));
          }
        }
        for (const c of CASES) {
          await test.step(c.name, async () => {
            await page.goto(`${site.origin}/register`);
            await expect(page.locator("html")).toHaveAttribute("lang", lng);
            await fillSignUp(page, c.values(newMember(site.areaCode)));
            const response = page.waitForResponse(
              (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/register",
            );
            await signUpForm(page).locator('button[type="submit"]').click();
            expect((await response).status()).toBe(400);
            await expect(page).toHaveURL(`${site.origin}/register`);
            await expectErrors(page, c, t);
          });
        }
      });

      test(`an existing account is refused with the ${lng} messages.account_exists text`, async ({ page, browser }) => {
        const first = await registerMember(browser, site.origin, newMember(site.areaCode));
        const again = { ...newMember(site.areaCode), account: first.account };
        await page.goto(`${site.origin}/register`);
        await fillSignUp(page, signUpValues(again));
        await signUpForm(page).locator('button[type="submit"]').click();
        await expect(page).toHaveURL(`${site.origin}/register`);
        await expect(formError(page)).toHaveText(msg("account_exists"));
        await expectSignedOut(page, site.origin);
      });
    });

    test.describe("with JavaScript (the server's answer, shown in place)", () => {
      test(`every sign-up validation message comes back in ${lng} under its field, each post refused with 400`, async ({
        page,
      }) => {
        const posts = watchPosts(page);
        for (const c of CASES) {
          await test.step(c.name, async () => {
            // a fresh form each time, so no message of the case before can pass for this one's
            await page.goto(`${site.origin}/register`);
            await expect(page.locator("html")).toHaveAttribute("lang", lng);
            await waitForHydration(page);
            await fillSignUp(page, c.values(newMember(site.areaCode)));
            await signUpForm(page).locator('button[type="submit"]').click();
            await expectErrors(page, c, t);
          });
        }
        expect(posts, "one refused post per case").toEqual(CASES.map(() => ({ path: "/register", status: 400 })));
      });

      test(`an existing account is refused with the ${lng} messages.account_exists text (script-driven post)`, async ({
        page,
        browser,
      }) => {
        const first = await registerMember(browser, site.origin, newMember(site.areaCode));
        const again = { ...newMember(site.areaCode), account: first.account };
        await page.goto(`${site.origin}/register`);
        await waitForHydration(page);
        await fillSignUp(page, signUpValues(again));
        await signUpForm(page).locator('button[type="submit"]').click();
        await expect(formError(page)).toHaveText(msg("account_exists"));
        await expect(page).toHaveURL(`${site.origin}/register`);
        await expectSignedOut(page, site.origin);
      });
    });
  });
}
