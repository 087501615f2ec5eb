import { expect, test, type Page } from "@playwright/test";
import { SMS_RULES } from "../../server/contract";
import {
  changeLoginPassword,
  DEMO,
  expectToast,
  formError,
  formHolding,
  newMember,
  registerMember,
  signIn,
  signOutButton,
  signUp,
  smsCodeFor,
  tr,
  waitForHydration,
  watchToasts,
} from "./support";

/**
 * The member center's account pages on the demo site (English): the two passwords on
 * /user/setting, mobile verification on /user/smsVerify, and a forgotten password reset on
 * /forgot-password, with SMS codes read from the platform's operator API. Each journey runs with
 * JavaScript (client-side navigation, hydrated forms) and without (plain HTML form posts).
 */
const t = (key: string, values?: Record<string, string | number>) => tr("en-US", key, values);

/** With JavaScript the forms must be React's before a submit, or a click would be a plain post. */
async function ready(page: Page, js: boolean, selector?: string) {
  if (js) await waitForHydration(page, selector);
}

async function signInFails(page: Page, account: string, password: string) {
  await signIn(page, DEMO, account, password);
  await expect(formError(page)).toHaveText(t("messages:wrong_account_or_password"));
  await expect(page).toHaveURL(`${DEMO}/login`);
}

for (const js of [true, false]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });
    test.beforeEach(async ({ page }) => {
      if (js) await watchToasts(page);
    });

    test("the transaction password changes with old + new + confirmation (the old one stops working); a new login password signs the member out with a toast, then signs in while the old one is refused", async ({
      page,
    }) => {
      const member = await signUp(page, DEMO, newMember());
      const secondTx = `Tx2-${member.transactionPassword}`;
      const thirdTx = `Tx3-${member.transactionPassword}`;
      const newPassword = `New-${member.password}`;

      await test.step("transaction password: old + new + confirmation", async () => {
        await page.goto(`${DEMO}/user/setting`);
        await expect(page.locator("#tx-password-title")).toHaveText(t("account:setting.tx_change_title"));
        await ready(page, js);
        const tx = formHolding(page, "oldTransactionPassword");
        await tx.locator('[name="oldTransactionPassword"]').fill(member.transactionPassword);
        await tx.locator('[name="newTransactionPassword"]').fill(secondTx);
        await tx.locator('[name="confirmTransactionPassword"]').fill(secondTx);
        await tx.locator('button[type="submit"]').click();
        await expectToast(page, t("messages:tx_password_update_success"));
        await expect(page).toHaveURL(`${DEMO}/user/setting`);
        // still signed in: only the login password ends the session
        await expect(signOutButton(page)).toBeVisible();
      });

      await test.step("the old transaction password is now wrong, the new one is the current one", async () => {
        await ready(page, js);
        const tx = formHolding(page, "oldTransactionPassword");
        await tx.locator('[name="oldTransactionPassword"]').fill(member.transactionPassword);
        await tx.locator('[name="newTransactionPassword"]').fill(thirdTx);
        await tx.locator('[name="confirmTransactionPassword"]').fill(thirdTx);
        await tx.locator('button[type="submit"]').click();
        await expect(tx.locator(".form-alert p")).toHaveText([
          t("account:setting.tx_failed"),
          t("messages:wrong_transaction_password"),
        ]);
        await tx.locator('[name="oldTransactionPassword"]').fill(secondTx);
        await tx.locator('[name="newTransactionPassword"]').fill(thirdTx);
        await tx.locator('[name="confirmTransactionPassword"]').fill(thirdTx);
        await tx.locator('button[type="submit"]').click();
        await expectToast(page, t("messages:tx_password_update_success"));
        await expect(formHolding(page, "oldTransactionPassword").locator(".form-alert")).toHaveCount(0);
      });

      await test.step("login password: signed out, on /login, with the toast", async () => {
        await ready(page, js);
        await changeLoginPassword(page, member.password, newPassword, t("messages:password_update_success"));
        await page.goto(`${DEMO}/user/setting`);
        await expect(page).toHaveURL(`${DEMO}/login`);
      });

      await test.step("the old login password is refused, the new one signs in", async () => {
        await signInFails(page, member.account, member.password);
        await signIn(page, DEMO, member.account, newPassword);
        // back on the page asked for while signed out
        await expect(page).toHaveURL(`${DEMO}/user/setting`);
        await expect(signOutButton(page)).toBeVisible();
      });
    });

    test("the mobile is verified with the code read through the operator API; asking again at once is refused as too frequent; a changed number is unverified again", async ({
      page,
    }) => {
      const member = await signUp(page, DEMO, newMember());
      await page.goto(`${DEMO}/user/info`);
      await expect(page.getByTestId("mobile-verified")).toHaveText(t("account:sms.not_verified"));

      await page
        .locator(`main a[href="/user/smsVerify"]`)
        .filter({ hasText: t("account:info.sms_link") })
        .click();
      await expect(page).toHaveURL(`${DEMO}/user/smsVerify`);
      await expect(page.locator("h1")).toHaveText(t("account:sms.title"));
      // only the masked number reaches the page
      const masked = page.getByTestId("masked-mobile");
      await expect(masked).toContainText(member.areaCode);
      await expect(masked).toContainText(member.mobile.slice(-3));
      await expect(masked).not.toContainText(member.mobile);
      await expect(page.getByTestId("mobile-verified")).toHaveText(t("account:sms.not_verified"));

      await test.step("send a code", async () => {
        await ready(page, js);
        await page.locator("form.sms-send button[type=submit]").click();
        await expectToast(page, t("messages:sms_code_sent"));
        await expect(page.getByTestId("sms-sent")).toContainText(
          t("account:sms.remaining_today", { count: SMS_RULES.perDay - 1 }),
        );
        // the wait in seconds: with JavaScript on the button, counting down, disabled until then
        await expect(page.getByTestId("sms-sent")).toContainText(/You can ask for a new code in \d+ s\./);
        const button = page.locator("form.sms-send button[type=submit]");
        if (js) {
          await expect(button).toHaveText(/^Send a new code \((60|5\d) s\)$/);
          await expect(button).toBeDisabled();
        } else await expect(button).toHaveText(t("account:sms.resend"));
      });

      await test.step("a resend right away is too frequent", async () => {
        // with JavaScript the button is disabled until the wait is over; without, the platform refuses
        if (!js) {
          await page.locator("form.sms-send button[type=submit]").click();
          await expect(page.locator("#sms-send-error")).toHaveText(t("messages:sms_too_frequent"));
        } else await expect(page.locator("form.sms-send button[type=submit]")).toBeDisabled();
        await expect(page.getByTestId("mobile-verified")).toHaveText(t("account:sms.not_verified"));
      });

      await test.step("the code from the operator's SMS log verifies the mobile", async () => {
        const code = await smsCodeFor("demo", member, "verify_mobile");
        expect(code).toMatch(/^\d{6}$/);
        const form = formHolding(page, "code");
        await form.locator('[name="code"]').fill(code);
        await form.locator('button[type="submit"]').click();
        await expectToast(page, t("messages:sms_verify_success"));
        await expect(page).toHaveURL(`${DEMO}/user/smsVerify`);
        await expect(page.getByTestId("mobile-verified")).toHaveText(t("account:sms.verified"));
        await expect(page.getByText(t("account:sms.verified_hint"))).toBeVisible();
        await expect(formHolding(page, "code")).toHaveCount(0);
      });

      await test.step("/user/info shows it verified; a new number must be verified again", async () => {
        await page.goto(`${DEMO}/user/info`);
        await expect(page.getByTestId("mobile-verified")).toHaveText(t("account:sms.verified"));
        await ready(page, js);
        const form = formHolding(page, "mobile");
        await form.locator('[name="mobile"]').fill(newMember().mobile);
        await form.locator('button[type="submit"]').click();
        await expectToast(page, t("messages:info_update_success"));
        await expect(page.getByTestId("mobile-verified")).toHaveText(t("account:sms.not_verified"));
      });
    });

    test("a forgotten password is reset with the SMS code read through the operator API, then signs in (the old one no longer does)", async ({
      page,
      browser,
    }) => {
      const member = await registerMember(browser, DEMO, newMember());
      const newPassword = `Reset-${member.password}`;

      await page.goto(`${DEMO}/login`);
      await page.locator('a[href="/forgot-password"]').click();
      await expect(page).toHaveURL(`${DEMO}/forgot-password`);
      await expect(page.locator("h1")).toHaveText(t("account:forgot.title"));

      await test.step("account and mobile: a code is sent", async () => {
        await ready(page, js, "main form");
        const form = formHolding(page, "mobile");
        await form.locator('[name="account"]').fill(member.account);
        await form.locator('select[name="areaCode"]').selectOption(member.areaCode);
        await form.locator('[name="mobile"]').fill(member.mobile);
        await form.locator('button[type="submit"]').click();
        await expect(page).toHaveURL(`${DEMO}/forgot-password?step=reset&account=${member.account}`);
        await expect(page.getByTestId("forgot-sent")).toHaveText(t("account:forgot.sent"));
      });

      await test.step("code + new password: back on /login with the toast", async () => {
        const code = await smsCodeFor("demo", member, "reset_password");
        await ready(page, js, "main form");
        const form = formHolding(page, "code");
        await expect(form.locator("strong")).toHaveText(member.account);
        await form.locator('[name="code"]').fill(code);
        await form.locator('[name="newPassword"]').fill(newPassword);
        await form.locator('[name="confirmPassword"]').fill(newPassword);
        await form.locator('button[type="submit"]').click();
        await expect(page).toHaveURL(`${DEMO}/login`);
        await expectToast(page, t("messages:password_update_success"));
      });

      await test.step("the old password is refused, the new one signs in", async () => {
        await signInFails(page, member.account, member.password);
        await signIn(page, DEMO, member.account, newPassword);
        await expect(page).toHaveURL(`${DEMO}/user`);
        await expect(page.getByTestId("account")).toHaveText(member.account);
      });
    });
  });
}
