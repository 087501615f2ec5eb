import { expect, test, type Locator, type Page } from "@playwright/test";
import type { SiteInfo } from "../../server/contract";
import {
  awaitBetting,
  decimalText,
  DEMO,
  E2E_PAIR,
  expectToast,
  fundGameWallet,
  moneyText,
  operatorPutPair,
  signUp,
  siteInfo,
  tr,
  waitForHydration,
  watchToasts,
  type Lng,
} from "./support";

/**
 * The game's layout facts (app/README.md, "The game page"): on a 360×640 phone everything needed
 * to bet is on the first screen, the bet bar says what a bet pays, placing a bet does not move the
 * page, a settled bet's result shows within 2 s of its period's end wherever the member is, and on
 * a 1280×800 screen chart, price, bet panel and current orders are all above the fold. On
 * E2E_PAIR's 10-second periods.
 */

const LNG = "en-US";
const PAIR = E2E_PAIR.symbol;
const PHONE = { width: 360, height: 640 };
let site: SiteInfo;
let stake: number;
const game = (key: string, values?: Record<string, string | number>) => tr(LNG, `game:${key}`, values);
const usd = (minor: number) => moneyText(minor, site.currency, LNG);

test.beforeAll(async () => {
  site = await siteInfo("demo");
  stake = Math.min(...site.betAmounts);
  await operatorPutPair(PAIR, E2E_PAIR.config);
});

/** The element's box lies inside the first screen (no scrolling): top ≥ 0 and bottom ≤ the viewport's height. */
async function expectOnFirstScreen(page: Page, what: string, locator: Locator) {
  const box = await locator.boundingBox();
  const height = page.viewportSize()!.height;
  expect(box, `${what} is rendered`).not.toBeNull();
  expect(box!.y, `${what} starts on the first screen`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what} (${Math.round(box!.y)}–${Math.round(box!.y + box!.height)} px) ends within ${height} px`).toBeLessThanOrEqual(
    height,
  );
}

test.describe("on a 360×640 phone", () => {
  test.use({ viewport: PHONE });

  test("the first screen holds the chart, both countdown bars, the options, the chips and the bet bar; the bar previews the payout; a bet keeps the scroll position; its result shows within 2 s of the period's end", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await watchToasts(page);
    await signUp(page, DEMO);
    await fundGameWallet(page, true, "500", "200");
    const url = `${DEMO}/game?pair=${PAIR}`;
    await page.goto(url);
    await waitForHydration(page, "form.bet-form");

    // the first screen, unscrolled
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // the header is one thin row whose links all show (none scrolled out of sight)
    const header = (await page.locator("header.site-header").boundingBox())!;
    expect(header.height, "the header's height").toBeLessThanOrEqual(48);
    const nav = await page.locator("header .site-nav").evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(nav.scroll, "the header's links fit its row").toBeLessThanOrEqual(nav.client);
    await expectOnFirstScreen(page, "the pair switcher", page.getByRole("navigation", { name: game("pairs_label") }));
    await expectOnFirstScreen(page, "the price", page.getByTestId("game-price"));
    await expectOnFirstScreen(page, "the sparkline", page.getByTestId("sparkline"));
    await expectOnFirstScreen(page, "the betting-closes countdown", page.getByTestId("cutoff-timer"));
    await expectOnFirstScreen(page, "the period-ends countdown", page.getByTestId("end-timer"));
    await expectOnFirstScreen(page, "the options", page.locator(".bet-option-grid"));
    await expectOnFirstScreen(page, "the chips", page.locator(".bet-chip-row"));
    await expectOnFirstScreen(page, "the bet bar", page.getByTestId("bet-bar"));
    await expectOnFirstScreen(page, "the bet button", page.getByTestId("bet-submit"));
    // the options and chips are not under the pinned bar
    const bar = (await page.getByTestId("bet-bar").boundingBox())!;
    const chips = (await page.locator(".bet-chip-row").boundingBox())!;
    expect(chips.y + chips.height, "the chips end above the bet bar").toBeLessThanOrEqual(bar.y);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth), "no sideways scrolling").toBeLessThanOrEqual(PHONE.width);

    // the price is told against the open in words and an arrow, not by colour alone
    await expect(page.getByTestId("price-trend")).toHaveText(
      new RegExp(`(${game("market.trend_up")}|${game("market.trend_down")}|${game("market.trend_flat")})$`),
    );

    // the bet bar: "Place bet" until an option is chosen, then what the stake pays on a win
    const submit = page.getByTestId("bet-submit");
    await expect(submit).toHaveText(game("bet.submit"));
    await page.locator(".bet-option").filter({ hasText: game("option.high") }).click();
    await page.locator(".chip").filter({ hasText: usd(stake) }).click();
    const payout = Math.floor((stake * Math.round(site.odds.high! * 10_000)) / 10_000);
    await expect(submit).toHaveText(game("bet.preview", { amount: usd(stake), payout: usd(payout) }));
    await page.locator('.bet-bar input[name="amount"]').fill(decimalText(stake * 4, site.currency));
    await expect(submit).toHaveText(
      game("bet.preview", { amount: usd(stake * 4), payout: usd(Math.floor((stake * 4 * Math.round(site.odds.high! * 10_000)) / 10_000)) }),
    );
    await page.locator(".chip").filter({ hasText: usd(stake) }).click();

    // placing the bet from a scrolled page leaves it where it was, and the bar confirms it
    await awaitBetting(page, { js: true, url, lng: LNG, seconds: 3 });
    await page.evaluate(() => window.scrollTo(0, 120));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled, "the page scrolls on a phone").toBeGreaterThan(0);
    const betPeriod = (await page.getByTestId("period-no").textContent())!;
    const endsAt = Date.parse((await page.getByTestId("end-timer").getAttribute("data-ends-at"))!);
    // when the first result appears, on the browser's clock (the same machine's as the platform's)
    await page.evaluate(() => {
      const w = window as unknown as { __resultAt?: number };
      new MutationObserver(() => {
        if (w.__resultAt === undefined && document.querySelector('[data-testid="settlement-result"]')) w.__resultAt = Date.now();
      }).observe(document.body, { subtree: true, childList: true });
    });
    await submit.click();
    await expectToast(page, tr(LNG, "messages:bet_placed"));
    await expect(page.getByTestId("bet-placed")).toHaveText(`✓ ${game("bet.placed", { option: game("option.high"), amount: usd(stake) })}`);
    expect(await page.evaluate(() => window.scrollY), "placing a bet does not move the page").toBe(scrolled);
    const order = page.getByTestId("current-orders").locator("li");
    await expect(order).toHaveCount(1);
    await expect(order).toContainText(E2E_PAIR.config.name);
    await expect(order).toContainText(game("orders.period_short", { periodNo: betPeriod }));
    await expect(page.getByTestId("sparkline").getByTestId("spark-bet")).toHaveCount(1);

    // the period ends: the result shows (fixed at the top, wherever the page is), the order leaves current orders
    const result = page.getByTestId("settlement-result");
    await expect(result).toBeVisible({ timeout: (E2E_PAIR.config.periodSeconds + 5) * 1000 });
    const shownAt = await page.evaluate(() => (window as unknown as { __resultAt?: number }).__resultAt);
    expect(shownAt! - endsAt, `the result showed ${shownAt! - endsAt} ms after the period's end`).toBeLessThanOrEqual(2_000);
    // "Won $1.95 · ETH/USDT · High": the payout (a loss names the stake), the pair, the option
    const results = [game("result.won", { amount: usd(payout) }), game("result.lost", { amount: usd(stake) }), game("result.refunded", { amount: usd(stake) })];
    expect(results.map((r) => `${r} · ${E2E_PAIR.config.name} · ${game("option.high")}`)).toContain(await result.locator("p").textContent());
    await expectOnFirstScreen(page, "the result", result);
    await expect(page.getByTestId("settlement-results")).toHaveAttribute("role", "status");
    await expect(page.getByTestId("current-orders")).toHaveCount(0);
    await expect(page.getByText(game("orders.none_current"))).toBeVisible();
    await result.getByRole("button", { name: game("result.dismiss") }).click();
    await expect(result).toHaveCount(0);
  });

  test("a refusal clears when the next period opens", async ({ page }) => {
    test.setTimeout(60_000);
    await signUp(page, DEMO);
    await page.goto(`${DEMO}/game?pair=${PAIR}`);
    await waitForHydration(page, "form.bet-form");
    // no option chosen: refused in words, in the options' group
    const refusal = page.locator(".bet-options .error-list");
    const period = (await page.getByTestId("period-no").textContent())!;
    await page.getByTestId("bet-submit").click();
    await expect(refusal).toHaveText(game("validation.option_required"));
    await expect(page.getByTestId("period-no")).not.toHaveText(period, { timeout: (E2E_PAIR.config.periodSeconds + 3) * 1000 });
    await expect(refusal).toHaveCount(0);
  });

  test("option names never break inside a word, in every language", async ({ page, context }) => {
    await signUp(page, DEMO);
    for (const lng of ["en-US", "zh-TW", "zh-CN", "ja-JP"] as Lng[]) {
      await context.addCookies([{ name: "locale", value: lng.replace("-", "_"), url: DEMO }]);
      await page.goto(`${DEMO}/game?pair=${PAIR}`);
      await expect(page.locator(".bet-option-name").first()).toHaveText(tr(lng, "game:option.high"));
      // each word (the whole name in Chinese and Japanese) is laid out on one line: one client rect
      const broken = await page.locator(".bet-option-name").evaluateAll((names) =>
        names.flatMap((name) => {
          const node = name.firstChild!;
          const text = node.textContent ?? "";
          const words = /\s/.test(text) ? text.split(/\s+/) : [text];
          let at = 0;
          return words.flatMap((word) => {
            const start = text.indexOf(word, at);
            at = start + word.length;
            const range = document.createRange();
            range.setStart(node, start);
            range.setEnd(node, at);
            const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
            return lines.size > 1 ? [word] : [];
          });
        }),
      );
      expect(broken, `${lng}: words broken across lines`).toEqual([]);
    }
  });
});

test("at 1280×800 the chart, the price, the bet panel and current orders are all above the fold", async ({ page }) => {
  await signUp(page, DEMO);
  await page.goto(`${DEMO}/game?pair=${PAIR}`);
  await waitForHydration(page, "form.bet-form");
  await expectOnFirstScreen(page, "the chart", page.locator(".game-chart"));
  await expectOnFirstScreen(page, "the price", page.getByTestId("game-price"));
  await expectOnFirstScreen(page, "the bet panel", page.locator("form.bet-form"));
  await expectOnFirstScreen(page, "the current orders' heading", page.getByRole("heading", { name: game("tabs.current"), level: 2 }));
  // the K-line chart loads on a wide screen, its price axis formatted as the price card is
  await expect(page.locator(".game-chart .kline-canvas canvas").first()).toBeVisible();
});
