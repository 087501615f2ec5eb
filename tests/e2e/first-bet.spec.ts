import { expect, test, type Locator, type Page } from "@playwright/test";
import { awaitBetting, DEMO, newMember } from "./support";

/**
 * The first minute, counted at 360×640 (app/README.md, "The first minute"): every tap, click or
 * field typed from the home page to a first bet. Practice: the home page's form straight into the
 * game. Real: as it is today (sign up, deposit, transfer, bet); the bet bar's one-tap "move and
 * bet" will shorten it, and REAL_TODAY with it.
 */
const PRACTICE_AT_MOST = 6;
/** the real path as it is today; lower it when the bet bar moves the money itself */
const REAL_TODAY = 16;

test.use({ viewport: { width: 360, height: 640 } });

/** Counts each interaction as it makes it. */
function counter(page: Page) {
  let n = 0;
  return {
    get count() {
      return n;
    },
    tap: async (target: Locator) => {
      n += 1;
      await target.click();
    },
    type: async (target: Locator, text: string) => {
      n += 1;
      await target.fill(text);
    },
    /** a link tap to a page (the member center's menu and shortcuts hold every one) */
    open: async (path: string) => {
      n += 1;
      await page.goto(`${DEMO}${path}`);
    },
  };
}

async function placeFirstBet(page: Page, c: ReturnType<typeof counter>) {
  await awaitBetting(page, { js: true, url: page.url(), seconds: 3, timeoutMs: 75_000 });
  const form = page.locator("form.bet-form");
  await c.tap(form.locator("label.bet-option-high"));
  await c.tap(form.locator('button[type="submit"]'));
  await expect(page.getByTestId("bet-placed")).toBeVisible();
}

test(`a first practice bet takes at most ${PRACTICE_AT_MOST} interactions from the home page`, async ({ page }) => {
  const member = newMember();
  const c = counter(page);
  await page.goto(`${DEMO}/`);
  const form = page.locator("main form").filter({ has: page.locator('input[name="start"][value="practice"]') });
  await c.type(form.locator('[name="account"]'), member.account);
  await c.type(form.locator('[name="password"]'), member.password);
  await c.tap(
    form
      .locator("label[for]")
      .filter({ has: page.locator("a") })
      .first(),
  );
  await c.tap(form.locator('button[type="submit"]'));
  await expect(page).toHaveURL(`${DEMO}/game`);
  await expect(page.locator("html")).toHaveAttribute("data-mode", "practice");
  await placeFirstBet(page, c);
  expect(c.count).toBeLessThanOrEqual(PRACTICE_AT_MOST);
});

test(`a first real bet takes ${REAL_TODAY} interactions today: sign up, deposit, transfer, bet`, async ({ page }) => {
  test.slow();
  const member = newMember();
  const c = counter(page);
  await page.goto(`${DEMO}/`);
  await c.tap(page.locator('header a[href="/register"]'));
  await expect(page).toHaveURL(`${DEMO}/register`);
  const form = page.locator("main form").filter({ has: page.locator('[name="agreeTerms"]') });
  await c.type(form.locator('[name="account"]'), member.account);
  await c.type(form.locator('[name="password"]'), member.password);
  await c.tap(form.locator('input[name="agreeTerms"]'));
  await c.tap(form.locator('button[type="submit"]'));
  await expect(page).toHaveURL(`${DEMO}/user`);

  await c.tap(page.locator('main .first-time a[href="/user/deposit"]'));
  const deposit = page.locator("main form").filter({ has: page.locator('[name="optionId"]') });
  await c.tap(deposit.locator('input[name="optionId"][value="demo-instant"]'));
  await c.type(deposit.locator('[name="amount"]'), "20");
  await c.tap(deposit.locator('button[type="submit"]'));
  await expect(page.getByTestId("toast")).toBeVisible();

  await c.open("/user/transfer");
  const transfer = page.locator("main form").filter({ has: page.locator('[name="direction"]') });
  await c.tap(transfer.locator('input[name="direction"][value="in"]'));
  await c.type(transfer.locator('[name="amount"]'), "20");
  await c.tap(transfer.locator('button[type="submit"]'));
  await expect(page.getByTestId("toast")).toBeVisible();

  await c.open("/game");
  await placeFirstBet(page, c);
  expect(c.count).toBe(REAL_TODAY);
});
