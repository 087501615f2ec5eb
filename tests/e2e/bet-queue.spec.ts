import { expect, test, type Page } from "@playwright/test";
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

/**
 * Five different bets tapped 100 ms apart, in the page (a member's fingers, not the test runner's
 * round trips, set the pace), then all five placed, shown in the bar and listed. Options no two of
 * which are opposites (those are refused together).
 */
async function fiveQuickBets(page: Page) {
  const chip = decimalText(Math.min(...site.betAmounts), site.currency);
  const bar = page.getByTestId("bet-bar");
  const barHeight = (await bar.boundingBox())!.height;
  const tapping = await page.evaluate(
    async ({ options, chip }) => {
      const form = document.querySelector<HTMLFormElement>("form.bet-form")!;
      const started = performance.now();
      for (const option of options) {
        form.querySelector<HTMLInputElement>(`input[name="option"][value="${option}"]`)!.click();
        form.querySelector<HTMLInputElement>(`input[name="chip"][value="${chip}"]`)!.click();
        form.querySelector<HTMLButtonElement>('[data-testid="bet-submit"]')!.click();
        await new Promise((done) => setTimeout(done, 100));
      }
      return performance.now() - started;
    },
    { options: ["high", "odd", "rise", "draw", "counter"], chip },
  );
  expect(tapping, "five taps within two seconds").toBeLessThan(2_000);
  const queue = page.getByTestId("bet-queue");
  await expect(queue.locator('[data-state="placed"]')).toHaveCount(5, { timeout: 20_000 });
  await expect(queue.locator('[data-state="refused"]')).toHaveCount(0);
  await expect(page.getByTestId("current-orders").locator("li")).toHaveCount(5);
  // the entries share the wallet's line and scroll sideways: the pinned bar kept its height
  expect((await bar.boundingBox())!.height, "the bet bar's height after five bets").toBe(barHeight);
}

test("five different bets tapped within two seconds are all placed, each shown in the bar and listed", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUp(page, DEMO);
  await fundGameWallet(page, true, "100", "50");
  await page.goto(URL);
  await waitForHydration(page, "form.bet-form");
  await awaitBetting(page, { js: true, url: URL, seconds: 6 });
  await fiveQuickBets(page);
});

test("on Slow 4G with a 4x slower CPU, five different bets tapped within two seconds are all placed", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, DEMO);
  await fundGameWallet(page, true, "100", "50");
  // DevTools' Slow 4G: 562.5 ms round trip, 1.47 Mbit/s down, 675 kbit/s up; a 4x slower CPU
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 562.5,
    downloadThroughput: (1.47 * 1_000_000) / 8,
    uploadThroughput: (675 * 1_000) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  // BTC-USDT's minute-long rounds: five bets over a slow link take longer than the E2E pair's
  // 7 s of betting, and the rule under test is that none is lost, not the cut-off
  const url = `${DEMO}/game?pair=BTC-USDT`;
  await page.goto(url);
  await waitForHydration(page, "form.bet-form");
  await awaitBetting(page, { js: true, url, seconds: 30, timeoutMs: 75_000 });
  await fiveQuickBets(page);
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
  await expect(page.getByTestId("bet-closed")).toHaveText(game("bet.closed_round", { periodNo: round }));
  for (const option of await page.locator('form.bet-form input[name="option"]').all())
    await expect(option).toBeDisabled();
  const submit = page.getByTestId("bet-submit");
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveText(new RegExp(`^${game("bet.closed_submit", { time: "0:0\\d" })}$`));
  // the next round opens for bets: the form opens with it (its start is known once the beacon round
  // of its first second is out, up to 3 s later: decision 031)
  await expect(timer).toHaveAttribute("data-phase", "open", { timeout: 8_000 });
  await expect(submit).toBeEnabled();
  await expect(page.getByTestId("bet-closed")).toHaveCount(0);
});
