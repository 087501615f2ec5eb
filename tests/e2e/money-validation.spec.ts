import { expect, test, type Page } from "@playwright/test";
import {
  PNG_1X1,
  SITES,
  decimalText,
  fieldError,
  formAlert,
  formError,
  formWith,
  newMember,
  operatorApproveBank,
  signUp,
  siteInfo,
  tempFile,
  texts,
  waitForHydration,
  watchPosts,
  type Member,
} from "./support";

/**
 * Every money form's messages in two languages: without JavaScript (plain HTML posts, status 400)
 * and with it (the same server answer, fetched by the hydrated form and shown in place). Expected texts come from
 * locales/<lng>/{money,bank,messages}.json; amounts at the limits come from the site's
 * configuration on the platform.
 */

const LOCALES = [
  { siteId: "demo", site: SITES.demo, lng: "en-US" },
  { siteId: "demo2", site: SITES.demo2, lng: "zh-TW" },
] as const;

/** The bank form's fields, by the `validation.*_required` key of bank.json that names them. */
const BANK_REQUIRED: Record<string, string> = {
  bank_required: "bank",
  branch_required: "branch",
  account_name_required: "accountName",
  account_number_required: "accountNumber",
  address_required: "address",
  id_front_required: "idFrontFile",
  id_back_required: "idBackFile",
  passbook_required: "passbookFile",
};
/** `*_required` keys of bank.json that belong to the upload form, or to no input one can leave empty. */
const NOT_ON_BANK_FORM = ["kind_required", "file_required", "document_required"];

const BANK_TEXT_FIELDS = ["bank", "branch", "accountName", "accountNumber", "currency", "address"] as const;

function validBank(member: Member, currency: string): Record<(typeof BANK_TEXT_FIELDS)[number], string> {
  return {
    bank: "Example Bank",
    branch: "Main Branch",
    accountName: member.realName,
    accountNumber: "12345678",
    currency,
    address: "1 Example Road",
  };
}

async function fillBank(page: Page, values: Partial<Record<(typeof BANK_TEXT_FIELDS)[number], string>>) {
  const form = formWith(page, "accountNumber");
  for (const name of BANK_TEXT_FIELDS) await form.locator(`[name="${name}"]`).fill(values[name] ?? "");
}

/** With JavaScript: presses the submit button of the form holding `fieldName`; the server's answer comes back in place. */
async function submitInBrowser(page: Page, fieldName: string) {
  await formWith(page, fieldName).locator('button[type="submit"]').click();
}

/** Submits a form with a plain HTML post and expects the server's 400 answer on the same page. */
async function submitRefused(page: Page, origin: string, path: string, fieldName: string) {
  const response = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === path);
  await formWith(page, fieldName).locator('button[type="submit"]').click();
  expect((await response).status(), `POST ${path} should be refused with 400`).toBe(400);
  await expect(page).toHaveURL(`${origin}${path}`);
}

for (const { siteId, site, lng } of LOCALES) {
  const L = texts(lng);
  const english = texts("en-US");
  const host = new URL(site.origin).hostname;

  /** deposit amount cases: [label, typed amount, money.validation key] from the site's limits */
  async function amountCases(kind: "Deposit" | "Transfer" | "Withdraw") {
    const info = await siteInfo(siteId);
    const min = info[`min${kind}Amount`];
    const max = info[`max${kind}Amount`];
    return [
      ["empty", "", "amount_required"],
      ["three decimals", "12.345", "amount_invalid"],
      ["below the minimum", decimalText(min - 1, info.currency), "amount_below_min"],
      ["above the maximum", decimalText(max + 1, info.currency), "amount_above_max"],
    ] as const;
  }

  test.describe(`${lng} on ${host}`, () => {
    test.describe("without JavaScript (server messages)", () => {
      test.use({ javaScriptEnabled: false });

      test(`deposit amounts (empty, 12.345, below min, above max), transfers beyond either balance and a withdrawal without a bank show the ${lng} messages`, async ({
        page,
      }) => {
        if (lng !== "en-US") {
          // the second locale must really be another language, or this test proves nothing
          for (const key of ["amount_required", "amount_invalid", "amount_below_min", "amount_above_max"]) {
            expect.soft(L.money(`validation.${key}`)).not.toBe(english.money(`validation.${key}`));
          }
          expect.soft(L.msg("insufficient_balance")).not.toBe(english.msg("insufficient_balance"));
        }
        await signUp(page, site.origin, newMember(site.areaCode));

        await page.goto(`${site.origin}/user/deposit`);
        await expect(page.locator("html")).toHaveAttribute("lang", lng);
        for (const [name, amount, key] of await amountCases("Deposit")) {
          await test.step(`deposit: ${name} → money.validation.${key}`, async () => {
            await formWith(page, "amount").locator('[name="amount"]').fill(amount);
            await submitRefused(page, site.origin, "/user/deposit", "amount");
            await expect(fieldError(page, "amount")).toHaveText(L.money(`validation.${key}`));
          });
        }
        // nothing was deposited
        await page.goto(`${site.origin}/user/deposit`);
        await expect(page.locator('section[aria-labelledby="recent-deposits"]')).toContainText(L.money("none_yet"));

        await page.goto(`${site.origin}/user/transfer`);
        await test.step("transfer: three decimals → money.validation.amount_invalid", async () => {
          await formWith(page, "amount").locator('[name="amount"]').fill("12.345");
          await submitRefused(page, site.origin, "/user/transfer", "amount");
          await expect(fieldError(page, "amount")).toHaveText(L.money("validation.amount_invalid"));
        });
        for (const [direction, key] of [
          ["in", "insufficient_balance"],
          ["out", "insufficient_game_wallet_balance"],
        ] as const) {
          await test.step(`transfer ${direction} with an empty wallet → messages.${key}`, async () => {
            const form = formWith(page, "direction");
            await form.locator(`input[name="direction"][value="${direction}"]`).check();
            await form.locator('[name="amount"]').fill("1");
            await submitRefused(page, site.origin, "/user/transfer", "direction");
            await expect(formError(page)).toHaveText(L.msg(key));
            await expect(fieldError(page, "amount")).toHaveCount(0);
          });
        }

        await test.step("withdraw without a bank account → messages.bind_bank_card_first, no form", async () => {
          await page.goto(`${site.origin}/user/withdraw`);
          const notice = page.locator('main [role="status"]');
          await expect(notice.locator("p")).toHaveText(L.msg("bind_bank_card_first"));
          await expect(notice.locator('a[href="/user/bank"]')).toHaveText(L.money("withdraw.bind_bank"));
          await expect(page.locator('main [name="amount"]')).toHaveCount(0);
        });
      });

      test(`the bank form's required and invalid fields, a text file named .png, and a wrong transaction password show the ${lng} messages`, async ({
        page,
      }, testInfo) => {
        test.setTimeout(90_000);
        const info = await siteInfo(siteId);
        const member = await signUp(page, site.origin, newMember(site.areaCode));
        const fakePng = tempFile(testInfo, "not-an-image.png", "This is a text file, not a PNG image.\n");
        const png = tempFile(testInfo, "document.png", PNG_1X1);

        await test.step("bank form: every required field (keys from bank.json)", async () => {
          const requiredKeys = L.validationKeys("bank").filter(
            (k) => k.endsWith("_required") && !NOT_ON_BANK_FORM.includes(k),
          );
          expect(requiredKeys.sort(), "every required key of bank.json is checked here").toEqual(
            Object.keys(BANK_REQUIRED).sort(),
          );
          await page.goto(`${site.origin}/user/bank`);
          await expect(page.locator("html")).toHaveAttribute("lang", lng);
          // the site's currency is prefilled; cleared, it is refused as not a currency code
          await expect(formWith(page, "currency").locator('[name="currency"]')).toHaveValue(info.currency);
          await fillBank(page, {});
          await submitRefused(page, site.origin, "/user/bank", "accountNumber");
          for (const key of requiredKeys) {
            await expect(
              fieldError(page, BANK_REQUIRED[key]!),
              `${BANK_REQUIRED[key]} → bank.validation.${key}`,
            ).toHaveText(L.bank(`validation.${key}`));
          }
          await expect(fieldError(page, "currency")).toHaveText(L.bank("validation.currency_invalid"));
          await expect(formWith(page, "accountNumber").locator(".field .error-list")).toHaveCount(
            requiredKeys.length + 1,
          );
        });

        await test.step("bank form: too long, malformed account number and currency", async () => {
          await fillBank(page, { ...validBank(member, "US"), bank: "B".repeat(81), accountNumber: "12ab" });
          await submitRefused(page, site.origin, "/user/bank", "accountNumber");
          await expect(fieldError(page, "bank")).toHaveText(L.bank("validation.bank_too_long"));
          await expect(fieldError(page, "accountNumber")).toHaveText(L.bank("validation.account_number_invalid"));
          await expect(fieldError(page, "currency")).toHaveText(L.bank("validation.currency_invalid"));
          await expect(fieldError(page, "branch")).toHaveCount(0);
        });

        await test.step("bank form: a text file named .png → messages.file_invalid_type at its input", async () => {
          await fillBank(page, validBank(member, info.currency));
          const form = formWith(page, "accountNumber");
          await form.locator('[name="idFrontFile"]').setInputFiles(fakePng);
          await form.locator('[name="idBackFile"]').setInputFiles(png);
          await form.locator('[name="passbookFile"]').setInputFiles(png);
          await submitRefused(page, site.origin, "/user/bank", "accountNumber");
          await expect(fieldError(page, "idFrontFile")).toHaveText(L.msg("file_invalid_type"));
          await expect(formAlert(page)).toHaveText(L.bank("apply_failed"));
          await expect(page.getByTestId("bank-status")).toHaveText(L.bank("status.none"));
        });

        await test.step("upload: no file → bank.validation.file_required; a text file named .png → messages.file_invalid_type", async () => {
          await page.goto(`${site.origin}/uploaderfile`);
          await submitRefused(page, site.origin, "/uploaderfile", "kind");
          await expect(fieldError(page, "file")).toHaveText(L.bank("validation.file_required"));

          await formWith(page, "kind").locator('[name="file"]').setInputFiles(fakePng);
          await submitRefused(page, site.origin, "/uploaderfile", "kind");
          await expect(fieldError(page, "file")).toHaveText(L.msg("file_invalid_type"));
          await expect(formAlert(page)).toHaveText(L.bank("upload_failed"));
          await page.goto(`${site.origin}/uploaderfile`);
          await expect(page.locator('li[data-testid^="document-"]')).toHaveCount(0);
          await expect(page.getByText(L.bank("list.empty"))).toBeVisible();
        });

        await test.step("a valid application binds the bank account (automatic review on demo, an operator on demo2)", async () => {
          await page.goto(`${site.origin}/user/bank`);
          await fillBank(page, validBank(member, info.currency));
          const form = formWith(page, "accountNumber");
          for (const name of ["idFrontFile", "idBackFile", "passbookFile"])
            await form.locator(`[name="${name}"]`).setInputFiles(png);
          await form.locator('button[type="submit"]').click();
          await expect(page).toHaveURL(`${site.origin}/user/bank`);
          if (info.bankAutoReview) {
            await expect(page.getByTestId("toast")).toHaveText(L.msg("bank_approved"));
          } else {
            await expect(page.getByTestId("toast")).toHaveText(L.msg("bank_apply_success"));
            await expect(page.getByTestId("bank-status")).toHaveText(L.bank("status.under_review"));
            await page.goto(`${site.origin}/user/withdraw`);
            await expect(page.locator('main [role="status"] p')).toHaveText(L.money("withdraw.bank_under_review"));
            await operatorApproveBank(siteId, member.account);
            await page.goto(`${site.origin}/user/bank`);
          }
          await expect(page.getByTestId("bank-status")).toHaveText(L.bank("status.approved"));
        });

        await page.goto(`${site.origin}/user/withdraw`);
        const form = formWith(page, "transactionPassword");
        await test.step("withdraw: no amount and no transaction password → money.validation.*", async () => {
          await submitRefused(page, site.origin, "/user/withdraw", "transactionPassword");
          await expect(fieldError(page, "amount")).toHaveText(L.money("validation.amount_required"));
          await expect(fieldError(page, "transactionPassword")).toHaveText(L.money("validation.tx_password_required"));
        });
        await test.step("withdraw: a wrong transaction password → messages.wrong_transaction_password", async () => {
          await form.locator('[name="amount"]').fill(decimalText(info.minWithdrawAmount * 10, info.currency));
          await form.locator('[name="transactionPassword"]').fill(`${member.transactionPassword}-wrong`);
          await submitRefused(page, site.origin, "/user/withdraw", "transactionPassword");
          await expect(formError(page)).toHaveText(L.msg("wrong_transaction_password"));
          // the password is never sent back to the page
          await expect(form.locator('[name="transactionPassword"]')).toHaveValue("");
          await expect(page.locator('section[aria-labelledby="recent-withdrawals"]')).toContainText(
            L.money("none_yet"),
          );
        });
      });
    });

    test.describe("with JavaScript (the server's messages, in place)", () => {
      test(`the ${lng} messages of the deposit, transfer, bank and upload forms come back in place, every post refused with 400`, async ({
        page,
      }, testInfo) => {
        await signUp(page, site.origin, newMember(site.areaCode));
        const posts = watchPosts(page);

        await page.goto(`${site.origin}/user/deposit`);
        await expect(page.locator("html")).toHaveAttribute("lang", lng);
        await waitForHydration(page);
        for (const [name, amount, key] of await amountCases("Deposit")) {
          await test.step(`deposit: ${name} → money.validation.${key}`, async () => {
            await formWith(page, "amount").locator('[name="amount"]').fill(amount);
            await submitInBrowser(page, "amount");
            await expect(fieldError(page, "amount")).toHaveText(L.money(`validation.${key}`));
          });
        }

        await page.goto(`${site.origin}/user/transfer`);
        await waitForHydration(page);
        for (const [name, amount, key] of await amountCases("Transfer")) {
          await test.step(`transfer: ${name} → money.validation.${key}`, async () => {
            await formWith(page, "amount").locator('[name="amount"]').fill(amount);
            await submitInBrowser(page, "amount");
            await expect(fieldError(page, "amount")).toHaveText(L.money(`validation.${key}`));
          });
        }

        await test.step("bank form: every detail left empty and no documents, then a malformed account number, then fixed", async () => {
          await page.goto(`${site.origin}/user/bank`);
          await waitForHydration(page);
          await fillBank(page, {});
          await submitInBrowser(page, "address");
          for (const [key, field] of Object.entries(BANK_REQUIRED)) {
            await expect(fieldError(page, field), `${field} → bank.validation.${key}`).toHaveText(
              L.bank(`validation.${key}`),
            );
          }
          await expect(fieldError(page, "currency")).toHaveText(L.bank("validation.currency_invalid"));
          const accountNumber = formWith(page, "accountNumber").locator('[name="accountNumber"]');
          await accountNumber.fill("12ab");
          await submitInBrowser(page, "accountNumber");
          await expect(fieldError(page, "accountNumber")).toHaveText(L.bank("validation.account_number_invalid"));
          await accountNumber.fill("12345678");
          await submitInBrowser(page, "accountNumber");
          await expect(fieldError(page, "accountNumber")).toHaveCount(0);
          await expect(fieldError(page, "address")).toHaveText(L.bank("validation.address_required"));
        });

        await test.step("upload form: no file → bank.validation.file_required", async () => {
          await page.goto(`${site.origin}/uploaderfile`);
          await waitForHydration(page);
          await formWith(page, "kind").locator('select[name="kind"]').selectOption("passbook");
          await formWith(page, "kind").locator('button[type="submit"]').click();
          await expect(fieldError(page, "file")).toHaveText(L.bank("validation.file_required"));
        });

        await test.step("withdraw without a bank account → messages.bind_bank_card_first", async () => {
          await page.goto(`${site.origin}/user/withdraw`);
          await expect(page.locator('main [role="status"] p')).toHaveText(L.msg("bind_bank_card_first"));
        });

        expect(posts.length, "the forms were posted").toBeGreaterThan(0);
        expect(
          posts.filter((p) => p.status !== 400),
          "every wrong form is refused with 400",
        ).toEqual([]);

        await test.step("upload: a text file named .png passes the browser's checks; the platform's refusal is shown", async () => {
          await page.goto(`${site.origin}/uploaderfile`);
          await waitForHydration(page);
          const form = formWith(page, "kind");
          await form
            .locator('[name="file"]')
            .setInputFiles(tempFile(testInfo, "not-an-image.png", "plain text, not an image\n"));
          const response = page.waitForResponse(
            (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/uploaderfile",
          );
          await form.locator('button[type="submit"]').click();
          expect((await response).status()).toBe(400);
          await expect(fieldError(page, "file")).toHaveText(L.msg("file_invalid_type"));
          await expect(formAlert(page)).toHaveText(L.bank("upload_failed"));
          await expect(page.locator('li[data-testid^="document-"]')).toHaveCount(0);
        });
      });
    });
  });
}

/**
 * A member who presses submit without typing anything: every message must appear at once, as it
 * does without JavaScript, and focus moves to the first invalid field. (On commit b864650 this
 * failed: the errors were recorded and the focus moved, but the form did not re-render, so no
 * message showed.)
 */
test("with JavaScript, pressing submit on an untouched deposit, transfer, bank or upload form shows every message, each post refused with 400", async ({
  page,
}) => {
  const en = texts("en-US");
  const { origin } = SITES.demo;
  await signUp(page, origin, newMember());
  const posts = watchPosts(page);
  const submitUntouched = async (path: string) => {
    await page.goto(`${origin}${path}`);
    await waitForHydration(page);
    // the page's own form, not the member menu's practice/real switch
    await page
      .locator('main form:not(.mode-switch):not([action="/user/limits/offer"])')
      .first()
      .locator('button[type="submit"]')
      .click();
  };

  await submitUntouched("/user/deposit");
  await expect(fieldError(page, "amount")).toHaveText(en.money("validation.amount_required"));
  await expect(formWith(page, "amount").locator('[name="amount"]')).toBeFocused();

  await submitUntouched("/user/transfer");
  await expect(fieldError(page, "amount")).toHaveText(en.money("validation.amount_required"));

  await submitUntouched("/user/bank");
  for (const [key, field] of Object.entries(BANK_REQUIRED)) {
    await expect(fieldError(page, field), `${field} → bank.validation.${key}`).toHaveText(en.bank(`validation.${key}`));
  }
  // the site's currency is prefilled, so it is the one detail without a message
  await expect(fieldError(page, "currency")).toHaveCount(0);

  await submitUntouched("/uploaderfile");
  await expect(fieldError(page, "file")).toHaveText(en.bank("validation.file_required"));

  expect(posts, "each form was posted once and refused").toEqual(
    ["/user/deposit", "/user/transfer", "/user/bank", "/uploaderfile"].map((path) => ({ path, status: 400 })),
  );
});
