import { expect, test, type Page } from "@playwright/test";
import {
  SITES,
  fieldError,
  formHolding,
  newMember,
  signUp,
  tr,
  waitForHydration,
  watchPosts,
  type Lng,
  type Member,
} from "./support";

/**
 * Every member-center form's validation messages, under their fields, in the page's language:
 * English on the demo site, Traditional Chinese on brand2 (its default language). Without
 * JavaScript the server answers the post with status 400 and the messages; with JavaScript the
 * hydrated form posts too and shows the same answer in place. Expected texts are read from
 * locales/<lng>/*.json by the keys the app's schemas use.
 */
interface Check {
  name: string;
  path: string;
  /** a field that identifies the form on the page */
  form: string;
  /** field → value; select fields by `select[name]` are left as they are */
  values: Record<string, string>;
  /** field → translation key expected under it */
  errors: Record<string, string>;
}

/** Filled with wrong values: what the server must refuse. */
function serverChecks(m: Member): { signedOut: Check[]; member: Check[] } {
  return {
    signedOut: [
      {
        name: "forgot password, step 1: short account, mobile not starting with 09",
        path: "/forgot-password",
        form: "mobile",
        values: { account: "ab", mobile: "0812345678" },
        errors: { account: "validation.account_too_short", mobile: "validation.mobile_invalid" },
      },
      {
        name: "forgot password, step 2: code not 6 digits, new password equal to the account, confirmation mismatch",
        path: `/forgot-password?step=reset&account=${m.account}`,
        form: "code",
        values: { code: "12a45", newPassword: m.account, confirmPassword: `${m.account}x` },
        errors: {
          code: "account:validation.code_invalid",
          newPassword: "validation.password_equals_account",
          confirmPassword: "validation.confirm_mismatch",
        },
      },
    ],
    member: [
      {
        name: "member information: mobile format",
        path: "/user/info",
        form: "realName",
        values: { mobile: "091234567" },
        errors: { mobile: "validation.mobile_invalid" },
      },
      {
        name: "settings: new login password equal to the old one, confirmation mismatch",
        path: "/user/setting",
        form: "oldPassword",
        values: { oldPassword: m.password, newPassword: m.password, confirmPassword: `${m.password}x` },
        errors: { newPassword: "messages:new_password_same_as_old", confirmPassword: "validation.confirm_mismatch" },
      },
      {
        name: "settings: new transaction password equal to the old one, confirmation mismatch",
        path: "/user/setting",
        form: "oldTransactionPassword",
        values: {
          oldTransactionPassword: m.transactionPassword,
          newTransactionPassword: m.transactionPassword,
          confirmTransactionPassword: `${m.transactionPassword}x`,
        },
        errors: {
          newTransactionPassword: "messages:new_transaction_password_same_as_old",
          confirmTransactionPassword: "validation.tx_confirm_mismatch",
        },
      },
      {
        name: "SMS verification: the code has 6 digits",
        path: "/user/smsVerify",
        form: "code",
        values: { code: "12345" },
        errors: { code: "account:validation.code_invalid" },
      },
      {
        name: "messages: title and content required (blank counts as empty)",
        path: "/user/message",
        form: "title",
        values: { title: "   ", content: " \n " },
        errors: { title: "support:validation.title_required", content: "support:validation.content_required" },
      },
    ],
  };
}

/** The empty forms: the browser must refuse them itself. */
function emptyChecks(m: Member): { signedOut: Check[]; member: Check[] } {
  return {
    signedOut: [
      {
        name: "forgot password, step 1",
        path: "/forgot-password",
        form: "mobile",
        values: { account: "", mobile: "" },
        errors: { account: "validation.account_required", mobile: "validation.mobile_required" },
      },
      {
        name: "forgot password, step 2",
        path: `/forgot-password?step=reset&account=${m.account}`,
        form: "code",
        values: { code: "", newPassword: "", confirmPassword: "" },
        errors: {
          code: "account:validation.code_required",
          newPassword: "account:validation.new_password_required",
          confirmPassword: "validation.confirm_required",
        },
      },
    ],
    member: [
      {
        name: "member information, cleared",
        path: "/user/info",
        form: "realName",
        values: { realName: "", email: "", mobile: "" },
        errors: { realName: "validation.real_name_required", mobile: "validation.mobile_required" },
      },
      {
        name: "settings: login password",
        path: "/user/setting",
        form: "oldPassword",
        values: {},
        errors: {
          oldPassword: "account:validation.old_password_required",
          newPassword: "account:validation.new_password_required",
          confirmPassword: "validation.confirm_required",
        },
      },
      {
        name: "settings: transaction password",
        path: "/user/setting",
        form: "oldTransactionPassword",
        values: {},
        errors: {
          oldTransactionPassword: "account:validation.old_tx_password_required",
          newTransactionPassword: "validation.tx_password_required",
          confirmTransactionPassword: "validation.confirm_required",
        },
      },
      {
        name: "SMS verification code",
        path: "/user/smsVerify",
        form: "code",
        values: {},
        errors: { code: "account:validation.code_required" },
      },
      {
        name: "new message",
        path: "/user/message",
        form: "title",
        values: {},
        errors: { title: "support:validation.title_required", content: "support:validation.content_required" },
      },
    ],
  };
}

const LOCALES: { site: (typeof SITES)[keyof typeof SITES]; lng: Lng }[] = [
  { site: SITES.demo, lng: "en-US" },
  { site: SITES.demo2, lng: "zh-TW" },
];

/** Fills the check's form on the current page and submits it. */
async function submit(page: Page, c: Check) {
  const form = formHolding(page, c.form);
  for (const [name, value] of Object.entries(c.values)) await form.locator(`[name="${name}"]`).fill(value);
  await form.locator('button[type="submit"]').click();
}

async function expectErrors(page: Page, c: Check, lng: Lng) {
  const form = formHolding(page, c.form);
  for (const [field, key] of Object.entries(c.errors)) {
    await expect(fieldError(page, field), `${c.name}: ${field} should show ${key}`).toHaveText(tr(lng, key));
  }
  // nothing but these: no other field's message, no form-level message
  await expect(form.locator(".error-list")).toHaveCount(Object.keys(c.errors).length);
  await expect(form.locator(".form-alert")).toHaveCount(0);
}

/** The second locale must really be another language, or its test proves nothing. */
function expectTranslated(lng: Lng, checks: Check[]) {
  if (lng === "en-US") return;
  for (const key of checks.flatMap((c) => Object.values(c.errors))) {
    expect.soft(tr(lng, key), `${lng}: ${key} is still English`).not.toBe(tr("en-US", key));
  }
}

for (const { site, lng } of LOCALES) {
  test.describe(`${lng} on ${new URL(site.origin).hostname}`, () => {
    test.describe("without JavaScript (server-side validation)", () => {
      test.use({ javaScriptEnabled: false });

      test(`the server answers 400 with every member-center validation message in ${lng}: forgot password, information, settings, SMS code, message and reply`, async ({
        page,
      }) => {
        const member = newMember(site.areaCode);
        const checks = serverChecks(member);
        expectTranslated(lng, [...checks.signedOut, ...checks.member]);
        const run = async (c: Check) =>
          test.step(c.name, async () => {
            await page.goto(`${site.origin}${c.path}`);
            await expect(page.locator("html")).toHaveAttribute("lang", lng);
            const response = page.waitForResponse((r) => r.request().method() === "POST");
            await submit(page, c);
            expect((await response).status(), `${c.name}: the refused post's status`).toBe(400);
            await expectErrors(page, c, lng);
          });

        for (const c of checks.signedOut) await run(c);
        await signUp(page, site.origin, member);
        for (const c of checks.member) await run(c);

        await test.step("reply: content required", async () => {
          await submit(page, {
            name: "a message",
            path: "",
            form: "title",
            values: { title: "Hello", content: "A question." },
            errors: {},
          });
          await expect(page).toHaveURL(`${site.origin}/user/message`);
          await page.locator(".message-link", { hasText: "Hello" }).click();
          const reply: Check = {
            name: "reply: content required",
            path: "",
            form: "content",
            values: { content: "  " },
            errors: { content: "support:validation.reply_required" },
          };
          expectTranslated(lng, [reply]);
          const response = page.waitForResponse((r) => r.request().method() === "POST");
          await submit(page, reply);
          expect((await response).status()).toBe(400);
          await expectErrors(page, reply, lng);
          await expect(page.locator(".thread-entry")).toHaveCount(1);
        });
      });
    });

    test.describe("with JavaScript (the server's answer, shown in place)", () => {
      test(`every empty member-center form shows its messages in ${lng} in place, its post refused with 400`, async ({
        page,
      }) => {
        const member = newMember(site.areaCode);
        const checks = emptyChecks(member);
        expectTranslated(lng, [...checks.signedOut, ...checks.member]);
        const posts = watchPosts(page);
        const run = async (c: Check) =>
          test.step(c.name, async () => {
            await page.goto(`${site.origin}${c.path}`);
            await expect(page.locator("html")).toHaveAttribute("lang", lng);
            await waitForHydration(page);
            posts.length = 0;
            await submit(page, c);
            await expectErrors(page, c, lng);
            expect(posts, `${c.name}: one post, refused`).toEqual([
              { path: new URL(c.path, site.origin).pathname, status: 400 },
            ]);
          });

        for (const c of checks.signedOut) await run(c);
        await signUp(page, site.origin, member);
        for (const c of checks.member) await run(c);
      });
    });
  });
}
