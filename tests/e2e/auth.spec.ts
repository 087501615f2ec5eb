import { expect, test, type Page } from "@playwright/test";
import {
  DEMO,
  fillSignUp,
  moneyText,
  newMember,
  signIn,
  signOutButton,
  signUpForm,
  signUpValues,
  texts,
} from "./support";

const en = texts("en-US");
/** a new member's balances: nothing yet, in the demo site's currency */
const ZERO = moneyText(0, "USD", "en-US");

/** Sign up → member center → sign out → sign in again, on the demo site in English. */
async function signUpSignOutSignIn(page: Page) {
  const member = newMember();

  await page.goto("/register");
  await fillSignUp(page, { ...signUpValues(member), referralCode: "" });
  await signUpForm(page).locator('button[type="submit"]').click();

  // signed in at once, on the member center, with the registration toast and no sign-in toast
  await expect(page).toHaveURL(`${DEMO}/user`);
  const toast = page.getByTestId("toast");
  await expect(toast).toHaveCount(1);
  await expect(toast).toHaveText(en.msg("register_success"));
  await expect(page.getByText(en.msg("login_success"), { exact: true })).toHaveCount(0);
  await expect(page.getByTestId("account")).toHaveText(member.account);
  // the short sign-up asked no real name (the first withdrawal does); practice is one tap away
  // no name given yet (the first withdrawal asks it): the profile shows no empty row for it
  await expect(page.getByTestId("real-name")).toHaveCount(0);
  await expect(page.getByTestId("first-time")).toBeVisible();
  await expect(page.getByTestId("main-balance")).toHaveText(ZERO);
  await expect(page.getByTestId("on-hold")).toHaveText(ZERO);
  const gameWallets = page.locator('[data-testid^="game-balance-"]');
  await expect(gameWallets).not.toHaveCount(0);
  for (const wallet of await gameWallets.all()) await expect(wallet).toHaveText(ZERO);

  // sign out from the header: home page, signed out
  await signOutButton(page).click();
  await expect(page).toHaveURL(`${DEMO}/`);
  await expect(page.getByTestId("toast")).toHaveText(en.msg("logout_success"));
  await expect(signOutButton(page)).toHaveCount(0);
  await expect(page.locator('header a[href="/login"]')).toHaveText(en.t("nav.login"));
  await expect(page.locator('header a[href="/register"]')).toHaveText(en.t("nav.register"));

  // the member center is closed again
  await page.goto("/user");
  await expect(page).toHaveURL(`${DEMO}/login`);

  // sign in with account and password: back on the member center
  await signIn(page, DEMO, member.account, member.password);
  await expect(page).toHaveURL(`${DEMO}/user`);
  await expect(page.getByTestId("toast")).toHaveText(en.msg("login_success"));
  await expect(page.getByTestId("account")).toHaveText(member.account);
  await expect(signOutButton(page)).toBeVisible();
}

test.describe("with JavaScript", () => {
  test("a visitor signs up, lands signed in on /user with zero balances and one toast, signs out, and signs in again", async ({
    page,
  }) => {
    await signUpSignOutSignIn(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same sign-up, sign-out and sign-in journey works with plain HTML form posts", async ({ page }) => {
    // proof that no script runs: with JavaScript, Remix would post the forms and load the next
    // page's data with fetch (?_data=…) instead of the browser navigating
    const scripted: string[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      // the head's <link rel="preload"> of the page's translations is fetched with or without scripts
      const preload = url.pathname.startsWith("/locales/");
      if (url.searchParams.has("_data") || (["fetch", "xhr"].includes(r.resourceType()) && !preload))
        scripted.push(r.url());
    });
    await signUpSignOutSignIn(page);
    expect(scripted).toEqual([]);
  });
});
