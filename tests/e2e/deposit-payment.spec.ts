import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import {
  BRAND2,
  DEMO,
  expectToast,
  formHolding,
  moneyText,
  operatorApi,
  queuedItem,
  signUp,
  tr,
  waitForHydration,
} from "./support";

/**
 * Deposits that can be completed (server/contract/README.md, "Deposits"): the member sees what to
 * pay on the pending deposit, the operator confirms against its reference, the balance shows it.
 * Brand Two's USDT option gives each member one address derived from the seed's demo xpub; the demo
 * site's bank transfer shows the account and a reference. The second test runs without JavaScript.
 */

type Queued = {
  id: string;
  memberId: string;
  account: string;
  status: string;
  payment: { kind: string; reference: string; address?: string; assetAmount?: string } | null;
};

/** The payment card passes axe (WCAG 2.2 A/AA, as tests/e2e/a11y.spec.ts audits) on a desktop and a 360×640 phone. */
async function axeClean(page: Page, what: string) {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 360, height: 640 },
  ]) {
    await page.setViewportSize(viewport);
    const { violations } = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .setLegacyMode(true)
      .analyze();
    const found = violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(" ")}: ${v.help}`));
    expect.soft(found, `${what} at ${viewport.width}px: axe violations`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function askDeposit(page: Page, optionId: string, amount: string) {
  const form = formHolding(page, "optionId");
  await form.locator(`input[name="optionId"][value="${optionId}"]`).check();
  await form.locator('[name="amount"]').fill(amount);
  await form.locator('button[type="submit"]').click();
}

test("brand2: a USDT deposit shows the member's address, the exact amount and a QR; the operator confirms it by its reference", async ({
  page,
}) => {
  const lng = "zh-TW";
  const member = await signUp(page, BRAND2);
  await page.goto(`${BRAND2}/user/deposit`);
  await waitForHydration(page, "main form:has([name=optionId])");
  await askDeposit(page, "usdt-trc20", "500");
  await expectToast(page, tr(lng, "messages:deposit_pending"));

  const card = page.getByTestId("payment-card");
  // NT$500.00 at NT$32.00 per USDT, to the asset's 6 decimals
  await expect(card.getByTestId("payment-asset-amount")).toContainText("15.625000 USDT");
  await expect(card).toContainText(tr(lng, "money:payment.only_asset", { asset: "USDT", network: "TRON (TRC20)" }));
  const address = (await card.getByTestId("payment-address").textContent())!;
  expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  await expect(card.locator("svg.payment-qr path")).toHaveAttribute("d", /^M\d/);
  // with JavaScript, a copy button for the address
  await expect(
    card.getByRole("button", { name: tr(lng, "money:payment.copy_what", { what: tr(lng, "money:payment.address") }) }),
  ).toBeVisible();
  const reference = (await page.getByTestId("receipt").locator(".receipt-reference").textContent())!;
  expect(reference).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
  await axeClean(page, "brand2 (dark) USDT payment card");

  // a second deposit: the same address (one per member), its own reference and exact amount
  await page.goto(`${BRAND2}/user/deposit`);
  await waitForHydration(page, "main form:has([name=optionId])");
  await askDeposit(page, "usdt-trc20", "320");
  await expect(card.getByTestId("payment-asset-amount")).toContainText("10.000000 USDT");
  await expect(card.getByTestId("payment-address")).toHaveText(address);

  // the operator finds the first deposit by the reference and confirms it
  let first: Queued | undefined;
  await expect
    .poll(async () => {
      const listed = await operatorApi<Queued[]>("GET", "/operator/sites/demo2/deposits?status=pending");
      first = listed.data?.find((d) => d.payment?.reference === reference);
      return first !== undefined;
    })
    .toBe(true);
  expect(first).toMatchObject({ account: member.account, payment: { address, assetAmount: "15.625000" } });
  const confirmed = await operatorApi<Queued>("POST", `/operator/sites/demo2/deposits/${first!.id}/confirm`, {
    reason: "",
  });
  expect(confirmed).toMatchObject({ statusCode: 200, data: { status: "credited" } });

  await page.goto(`${BRAND2}/user`);
  await expect(page.getByTestId("main-balance")).toHaveText(moneyText(50_000, "TWD", lng));
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("demo: a bank transfer shows the account and the reference, and the records link back to it", async ({
    page,
    browser,
    context,
  }) => {
    const lng = "en-US";
    const member = await signUp(page, DEMO);
    await page.goto(`${DEMO}/user/deposit`);
    await askDeposit(page, "bank-transfer", "250");
    await expect(page).toHaveURL(`${DEMO}/user/deposit`);
    const card = page.getByTestId("payment-card");
    await expect(card).toContainText("Demo Commercial Bank");
    await expect(card).toContainText("0015-123-456789");
    await expect(card).toContainText(moneyText(25_000, "USD", lng));
    const reference = (await card.getByTestId("payment-reference").textContent())!;
    expect(reference).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    // no script, no copy buttons: the values are text to select
    await expect(card.getByRole("button")).toHaveCount(0);

    // the operator's queue carries the same reference
    const queued = await queuedItem<Queued>("demo", "deposits", member.account);
    expect(queued.payment).toMatchObject({ kind: "bank", reference });

    // the transaction records show the reference and lead back to the payment details
    await page.goto(`${DEMO}/user/record?tab=transactions`);
    const row = page.locator(".records-table tbody tr").first();
    await expect(row).toContainText(tr(lng, "records:deposit.reference", { reference }));
    await row.getByRole("link", { name: tr(lng, "records:deposit.payment") }).click();
    await expect(page).toHaveURL(`${DEMO}/user/deposit?view=${queued.id}`);
    await expect(page.getByTestId("payment-reference")).toHaveText(reference);

    // the same page with JavaScript (axe runs in the page), copy buttons and all, passes axe
    const scripted = await browser.newContext({ javaScriptEnabled: true, viewport: { width: 1280, height: 800 } });
    try {
      await scripted.addCookies(await context.cookies());
      const withJs = await scripted.newPage();
      await withJs.goto(`${DEMO}/user/deposit?view=${queued.id}`);
      await expect(withJs.getByTestId("payment-card").getByRole("button").first()).toBeVisible();
      await axeClean(withJs, "demo (light) bank payment card");
    } finally {
      await scripted.close();
    }
  });
});
