import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { MEMBER_LINKS } from "../../app/utils/member-links";
import { MEMBER_CENTER_SECTIONS } from "../helpers/member-pages";
import {
  DEMO,
  PNG_1X1,
  fieldError,
  formWith,
  signUp,
  tempFile,
  texts,
  waitForHydration,
  watchPosts,
  type Member,
} from "./support";

/**
 * The member center on a phone and the money forms after a success (app/README.md, "Member
 * center" and "Money forms and idempotency keys").
 */

const en = texts("en-US");

/** The menu's sections: the member center's pages, and contract trading (/game/contract, a page of its own in the game's layout). */
const MENU_LINKS = MEMBER_LINKS.length;

const menuButton = (page: Page) => page.locator(".member-menu > summary");

test.describe("on a 360×640 phone", () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test("the member menu is one slim row that leaves every member page's heading on the first screen, and opens a grid of all sections", async ({
    page,
  }) => {
    await signUp(page, DEMO);
    for (const path of MEMBER_CENTER_SECTIONS) {
      await page.goto(`${DEMO}${path}`);
      const menu = await menuButton(page).boundingBox();
      expect(menu, `${path}: the menu button shows`).not.toBeNull();
      expect(menu!.height, `${path}: the menu is one slim row`).toBeLessThanOrEqual(48);
      const heading = await page.locator("main h1").first().boundingBox();
      expect(heading, `${path}: a heading`).not.toBeNull();
      expect(heading!.y + heading!.height, `${path}: the heading ends within the first 640 px`).toBeLessThanOrEqual(
        640,
      );
      // no sidebar and no link list on a phone: the sections are behind the button
      await expect(page.locator(".member-sidebar"), path).toBeHidden();
      await expect(page.locator(".member-menu-grid"), path).toBeHidden();
    }

    await page.goto(`${DEMO}/user/deposit`);
    await waitForHydration(page);
    await expect(menuButton(page)).toContainText(en.t("user.nav_deposit"));
    await menuButton(page).click();
    const grid = page.getByRole("navigation", { name: en.t("user.nav_label") });
    await expect(grid.getByRole("link")).toHaveCount(MENU_LINKS);
    await expect(grid.getByRole("link", { name: en.t("user.nav_deposit") })).toHaveAttribute("aria-current", "page");
    await grid.getByRole("link", { name: en.t("user.nav_record") }).click();
    await expect(page).toHaveURL(`${DEMO}/user/record`);
    // the menu closes on arrival
    await expect(page.locator(".member-menu-grid")).toBeHidden();
    await expect(menuButton(page)).toContainText(en.t("user.nav_record"));
  });
});

test("without JavaScript the menu opens as well (a <details>), and on a desktop the sections are a sidebar", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 640 } });
  const page = await context.newPage();
  await signUp(page, DEMO);
  await menuButton(page).click();
  await expect(page.locator(".member-menu-grid").getByRole("link")).toHaveCount(MENU_LINKS);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${DEMO}/user/record`);
  await expect(menuButton(page)).toBeHidden();
  await expect(page.locator(".member-sidebar").getByRole("link", { name: en.t("user.nav_record") })).toHaveAttribute(
    "aria-current",
    "page",
  );
  // the game needs the width: its sections are one slim row above it, not a sidebar
  await page.goto(`${DEMO}/user/gamePage`);
  const strip = await page.locator(".member-sidebar").boundingBox();
  expect(strip!.height, "one slim row").toBeLessThanOrEqual(48);
  const game = await page.locator(".member-content").boundingBox();
  expect(game!.width, "the game has the page's whole width").toBeGreaterThan(1100);
  await context.close();
});

/** Deposits with the demo's instant method. */
async function deposit(page: Page, js: boolean, amount: string) {
  await page.goto(`${DEMO}/user/deposit`);
  if (js) await waitForHydration(page);
  const form = formWith(page, "optionId");
  await form.locator('input[name="optionId"][value="demo-instant"]').check();
  await form.locator('[name="amount"]').fill(amount);
  await form.locator('button[type="submit"]').click();
  await expect(page.getByTestId("receipt")).toContainText(amount);
}

/** Binds a bank account with its three documents on the form (the demo approves it at once). */
async function bindBank(page: Page, testInfo: TestInfo, member: Member) {
  await page.goto(`${DEMO}/user/bank`);
  const form = formWith(page, "accountNumber");
  await form.locator('[name="bank"]').fill("Demo Commercial Bank");
  await form.locator('[name="branch"]').fill("Main Branch");
  await form.locator('[name="accountName"]').fill(member.realName);
  await form.locator('[name="accountNumber"]').fill("0015-123-456789");
  await form.locator('[name="currency"]').fill("USD");
  await form.locator('[name="address"]').fill("1 Example Road");
  for (const name of ["idFrontFile", "idBackFile", "passbookFile"]) {
    await form.locator(`input[name="${name}"]`).setInputFiles(tempFile(testInfo, `${name}.png`, PNG_1X1));
  }
  await form.locator('button[type="submit"]').click();
  await expect(page.getByTestId("bank-status")).toHaveText(en.bank("status.approved"));
}

for (const js of [true, false]) {
  test(`withdrawal tapped twice (JavaScript ${js ? "on" : "off"}): the receipt shows, the form is empty, the second tap is refused by the site and one withdrawal exists${js ? "; records show one row per operation" : ""}`, async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext({ javaScriptEnabled: js });
    const page = await context.newPage();
    const member = await signUp(page, DEMO);
    await deposit(page, js, "500");
    await bindBank(page, testInfo, member);

    await page.goto(`${DEMO}/user/withdraw`);
    if (js) await waitForHydration(page);
    const posts = watchPosts(page);
    const form = formWith(page, "amount");
    await form.locator('[name="amount"]').fill("100");
    await form.locator('[name="transactionPassword"]').fill(member.transactionPassword);
    const submit = form.locator('button[type="submit"]');
    await submit.click();
    const receipt = page.getByTestId("receipt");
    await expect(receipt).toContainText(en.money("receipt.withdraw"));
    await expect(receipt).toContainText("US$100.00");
    await expect(receipt).toContainText(en.money("status.pending"));
    // the same page, with a fresh empty form: nothing of the last request is left to send again
    await expect(page).toHaveURL(`${DEMO}/user/withdraw`);
    await expect(formWith(page, "amount").locator('[name="amount"]')).toHaveValue("");
    await expect(formWith(page, "amount").locator('[name="transactionPassword"]')).toHaveValue("");
    expect(posts.filter((p) => p.path === "/user/withdraw").map((p) => p.status)).toEqual([js ? 204 : 302]);

    // the second tap: the site refuses the empty form (400) and the platform is never asked
    await formWith(page, "amount").locator('button[type="submit"]').click();
    await expect(fieldError(page, "amount")).toHaveText(en.money("validation.amount_required"));
    expect(posts.filter((p) => p.path === "/user/withdraw").map((p) => p.status)).toEqual([js ? 204 : 302, 400]);

    await page.goto(`${DEMO}/user/record?tab=withdrawals`);
    await expect(page.locator("table.records-table tbody tr")).toHaveCount(1);
    // the site's limit is said on the form, not on every row
    await expect(page.locator("table.records-table")).not.toContainText("Limit amount");
    await expect(page.locator("table.records-table thead th")).toHaveCount(5);

    if (js) {
      // account records: the deposit and the withdrawal request are one row each, the
      // withdrawal's two postings (main → on hold) one tap away
      await page.goto(`${DEMO}/user/record`);
      const rows = page.getByTestId("account-record");
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0).locator(".slot-what")).toContainText(en.records("ledger_types.withdrawal_hold"));
      await expect(rows.nth(0).locator(".slot-amount")).toHaveText("−US$102.00");
      // main account → on hold: both the member's, so neither a gain nor a loss (no colour)
      await expect(rows.nth(0).locator(".slot-amount .amount-neutral")).toHaveCount(1);
      await expect(rows.nth(0).locator(".slot-side")).toContainText("US$398.00");
      await expect(rows.nth(1).locator(".slot-amount")).toHaveText("+US$500.00");
      await rows.nth(0).locator("summary").click();
      await expect(rows.nth(0).locator(".ledger-detail li")).toHaveCount(2);
      await expect(rows.nth(0).locator(".ledger-detail li").nth(1)).toContainText(en.records("accounts.hold"));
    }
    await context.close();
  });
}
