import { expect, test, type Locator, type Page } from "@playwright/test";
import {
  DEMO,
  E2E_PAIR,
  awaitBetting,
  decimalText,
  fundGameWallet,
  operatorPutPair,
  signUp,
  siteInfo,
  waitForHydration,
} from "./support";

/**
 * A settled bet's result on a 360×640 phone: one small bubble that never lies over the price, the
 * pair switcher, either round's head or the bet controls (a period settles exactly when the next
 * one opens, when the member wants to read the new open and bet again); and the last period's close
 * with its last digit printed whole, in the longest of the four languages.
 */

test.use({ viewport: { width: 360, height: 640 } });

test.beforeAll(async () => {
  await operatorPutPair(E2E_PAIR.symbol, E2E_PAIR.config);
});

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, "the element is laid out").not.toBeNull();
  return box!;
}

/** The last period's close and its digit end inside the Live card, not clipped. */
async function expectCloseWhole(page: Page) {
  const figures = page.getByTestId("last-result-figures");
  await expect(page.getByTestId("last-result-digit")).toHaveText(/^\d$/);
  const card = await boxOf(page.locator(".game-market"));
  const whole = await boxOf(figures);
  expect(whole.x + whole.width, "the close and its digit end inside the card").toBeLessThanOrEqual(card.x + card.width);
  expect(
    await figures.evaluate((el) => el.scrollWidth <= el.clientWidth + 0.5),
    "the close and its digit are not clipped",
  ).toBe(true);
}

test("a settled result sits beside the market, never over the price, the pair, the rounds or the bet bar; the close's last digit is whole in Japanese", async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(90_000);
  const site = await siteInfo("demo");
  const stake = Math.min(...site.betAmounts);
  await signUp(page, DEMO);
  await fundGameWallet(page, true, "100", "20");
  const url = `${DEMO}/game?pair=${E2E_PAIR.symbol}`;
  await page.goto(url);
  await waitForHydration(page, "form.bet-form");
  await awaitBetting(page, { js: true, url, seconds: 5 });
  const form = page.locator("form.bet-form");
  await form.locator('input[name="option"][value="high"]').check();
  await form.locator(`input[name="chip"][value="${decimalText(stake, site.currency)}"]`).check();
  await form.locator('button[type="submit"]').click();

  // it settles up to two 10 s periods later, as the next period opens
  const result = page.getByTestId("settlement-result");
  await expect(result).toBeVisible({ timeout: (2 * E2E_PAIR.config.periodSeconds + 10) * 1000 });
  await expect(result).toHaveCount(1);
  const shown = await boxOf(result);
  await page.screenshot({ path: testInfo.outputPath("result-360.png") });
  const market = {
    "header (Sign out)": page.locator("header.site-header"),
    price: page.getByTestId("game-price"),
    pairs: page.locator(".game-pairs"),
    "live round": page.locator(".game-market .round-head"),
    "next round": page.locator(".bet-form .round-head"),
    options: page.locator(".bet-options"),
    chips: page.locator(".bet-chip-row"),
    "bet bar": page.getByTestId("bet-bar"),
  };
  for (const [name, locator] of Object.entries(market)) {
    expect(overlaps(shown, await boxOf(locator)), `the result lies over the ${name}`).toBe(false);
  }
  expect(shown.y + shown.height, "the result is on the first screen").toBeLessThanOrEqual(640);
  // closed with its button: gone, and nothing else went with it
  await result.getByRole("button").click();
  await expect(result).toHaveCount(0);

  // the closed period's price and last digit are never cut: in English, whose words before them
  // are the longest at 360 px ("…closed at 61,565.95, last di…" was the defect), and in Japanese
  await expectCloseWhole(page);
  await context.addCookies([{ name: "locale", value: "ja_JP", url: DEMO }]);
  await page.goto(url);
  await expect(page.locator("html")).toHaveAttribute("lang", "ja-JP");
  await expectCloseWhole(page);
  await page.screenshot({ path: testInfo.outputPath("last-digit-ja-360.png") });
});
