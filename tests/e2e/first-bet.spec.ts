import { expect, test, type Locator, type Page } from "@playwright/test";
import { awaitBetting, DEMO, newMember, waitForHydration } from "./support";

/**
 * The first minute, counted at 360×640 (app/README.md, "The first minute"): every tap, click or
 * field typed from the home page to a first bet. Practice: the home page's form straight into the
 * game. Real: the home page's form for real money, a deposit from the first-time card, then the
 * game, where the bet bar moves the stake into the game wallet and bets in one tap.
 */
const PRACTICE_AT_MOST = 6;
const REAL_AT_MOST = 10;

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

/** The home page's sign-up: account, password, the terms box, then practice or real money (4). */
async function signUpAtHome(page: Page, c: ReturnType<typeof counter>, start: "practice" | "real") {
  const member = newMember();
  await page.goto(`${DEMO}/`);
  const form = page.locator("main form").filter({ has: page.locator('button[name="start"][value="practice"]') });
  await c.type(form.locator('[name="account"]'), member.account);
  await c.type(form.locator('[name="password"]'), member.password);
  await c.tap(
    form
      .locator("label[for]")
      .filter({ has: page.locator("a") })
      .first(),
  );
  await c.tap(
    form.locator(start === "practice" ? 'button[name="start"][value="practice"]' : 'button[type="submit"]:not([name])'),
  );
}

test(`a first practice bet takes at most ${PRACTICE_AT_MOST} interactions from the home page`, async ({ page }) => {
  const c = counter(page);
  await signUpAtHome(page, c, "practice");
  await expect(page).toHaveURL(`${DEMO}/game`);
  await expect(page.locator("html")).toHaveAttribute("data-mode", "practice");
  await placeFirstBet(page, c);
  expect(c.count).toBeLessThanOrEqual(PRACTICE_AT_MOST);
});

test(`a first real bet takes at most ${REAL_AT_MOST} interactions: sign up, deposit, move and bet`, async ({
  page,
}) => {
  test.slow();
  const c = counter(page);
  await signUpAtHome(page, c, "real");
  await expect(page).toHaveURL(`${DEMO}/user`);

  // the site's first deposit method (instant demo credit) is chosen already
  await c.tap(page.locator('main .first-time a[href="/user/deposit"]'));
  const deposit = page.locator("main form").filter({ has: page.locator('[name="optionId"]') });
  await expect(deposit.locator('input[name="optionId"][value="demo-instant"]')).toBeChecked();
  await c.type(deposit.locator('[name="amount"]'), "20");
  await c.tap(deposit.locator('button[type="submit"]'));
  await expect(page.getByTestId("toast")).toBeVisible();

  await c.open("/game");
  await waitForHydration(page, "form.bet-form");
  await awaitBetting(page, { js: true, url: page.url(), seconds: 3, timeoutMs: 75_000 });
  const bet = page.locator("form.bet-form");
  await c.tap(bet.locator("label.bet-option-high"));
  // the game wallet is empty: the bar's button moves the stake from the main account and bets
  await c.tap(bet.locator('button[name="intent"]'));
  await expect(page.getByTestId("bet-placed")).toBeVisible();
  expect(c.count).toBeLessThanOrEqual(REAL_AT_MOST);
});
