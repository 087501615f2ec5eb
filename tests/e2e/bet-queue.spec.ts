import { expect, test } from "@playwright/test";
import type { SiteInfo } from "../../server/contract";
import {
  awaitBetting,
  decimalText,
  DEMO,
  E2E_PAIR,
  fundGameWallet,
  operatorPutPair,
  signUp,
  siteInfo,
  tr,
  waitForHydration,
} from "./support";

/**
 * Fast bets never lost and the cut-off respected (app/README.md, "The game page"), with
 * JavaScript on a 360×640 phone, on E2E_PAIR's 10-second rounds (7 s of betting, 3 s closed).
 */
const LNG = "en-US";
const PAIR = E2E_PAIR.symbol;
const URL = `${DEMO}/game?pair=${PAIR}`;
const game = (key: string, values?: Record<string, string | number>) => tr(LNG, `game:${key}`, values);
let site: SiteInfo;

test.use({ viewport: { width: 360, height: 640 } });
test.beforeAll(async () => {
  site = await siteInfo("demo");
  await operatorPutPair(PAIR, E2E_PAIR.config);
});

test("five different bets tapped within two seconds are all placed, each shown in the bar and listed", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUp(page, DEMO);
  await fundGameWallet(page, true, "100", "50");
  await page.goto(URL);
  await waitForHydration(page, "form.bet-form");
  await awaitBetting(page, { js: true, url: URL, seconds: 6 });
  const form = page.locator("form.bet-form");
  const chip = decimalText(Math.min(...site.betAmounts), site.currency);
  const bar = page.getByTestId("bet-bar");
  const barHeight = (await bar.boundingBox())!.height;
  const started = Date.now();
  // options no two of which are opposites (those are refused together)
  for (const option of ["high", "odd", "rise", "draw", "counter"]) {
    await form.locator(`input[name="option"][value="${option}"]`).check();
    await form.locator(`input[name="chip"][value="${chip}"]`).check();
    await page.getByTestId("bet-submit").click();
  }
  expect(Date.now() - started, "five taps within two seconds").toBeLessThan(2_000);
  const queue = page.getByTestId("bet-queue");
  await expect(queue.locator('[data-state="placed"]')).toHaveCount(5, { timeout: 10_000 });
  await expect(queue.locator('[data-state="refused"]')).toHaveCount(0);
  await expect(page.getByTestId("current-orders").locator("li")).toHaveCount(5);
  // the entries share the wallet's line and scroll sideways: the pinned bar kept its height
  expect((await bar.boundingBox())!.height, "the bet bar's height after five bets").toBe(barHeight);
});

test("during the cut-off the options and the button are disabled, with the reason and the time to the next round", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUp(page, DEMO);
  await page.goto(URL);
  await waitForHydration(page, "form.bet-form");
  const timer = page.getByTestId("cutoff-timer");
  await expect(timer).toHaveAttribute("data-phase", "closed", { timeout: (E2E_PAIR.config.periodSeconds + 3) * 1000 });
  const round = (await page.getByTestId("next-period").textContent())!;
  await expect(page.getByTestId("bet-closed")).toHaveText(game("bet.closed", { periodNo: round }));
  for (const option of await page.locator('form.bet-form input[name="option"]').all())
    await expect(option).toBeDisabled();
  const submit = page.getByTestId("bet-submit");
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveText(new RegExp(`^${game("bet.closed_submit", { time: "0:0\\d" })}$`));
  // the next round opens for bets: the form opens with it
  await expect(timer).toHaveAttribute("data-phase", "open", { timeout: 5_000 });
  await expect(submit).toBeEnabled();
  await expect(page.getByTestId("bet-closed")).toHaveCount(0);
});
