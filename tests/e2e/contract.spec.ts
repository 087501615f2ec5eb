import { expect, test, type Page } from "@playwright/test";
import { DEMO, E2E_PAIR, expectToast, fundGameWallet, operatorPutPair, signUp, tr, waitForHydration } from "./support";

/**
 * Contract trading in Chromium (app/README.md, "Contract trading"): with JavaScript a long with a
 * take-profit just above the price closes by take-profit and the page says so without a reload;
 * without JavaScript every step is a plain form post: open, set TP/SL, close at market; the
 * account records show both money movements.
 */

const PAIR = E2E_PAIR.symbol;
const PAGE = `${DEMO}/game/contract?pair=${PAIR}`;

test.beforeAll(async () => {
  await operatorPutPair(PAIR, E2E_PAIR.config);
});

/** The price the page shows, as typed back in the pair's precision (2): "3,456.78" → 345678 steps. */
async function shownPrice(page: Page): Promise<number> {
  const text = (await page.getByTestId("contract-price").textContent()) ?? "";
  return Number(text.replace(/[^\d]/g, ""));
}
const typed = (steps: number) => (steps / 100).toFixed(2);

test("JavaScript on: a long with a take-profit a step above the price closes by take-profit, announced on the page and listed as closed", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page, DEMO);
  await fundGameWallet(page, true, "100", "100");
  await page.goto(PAGE);
  await waitForHydration(page, "main form.contract-ticket");
  const ticket = page.locator("form.contract-ticket");
  await ticket.locator('[name="margin"]').fill("10");
  await ticket.locator('input[name="leverage"][value="5"]').check({ force: true });
  // the figures before confirming, from the page's own arithmetic
  await expect(page.getByTestId("preview-notional")).toHaveText("US$50.00");
  await expect(page.getByTestId("preview-liquidation")).not.toHaveText("—");

  // the simulated feed moves every second: a take-profit one step above the price is reached at
  // the first tick up. The platform checks it against its own price at the open (or at the
  // change): a refusal (the price rose past it) is answered by setting it again.
  let opened = false;
  for (let attempt = 0; attempt < 12; attempt++) {
    const tp = typed((await shownPrice(page)) + 1);
    if (!opened) {
      await ticket.locator('[name="takeProfit"]').fill(tp);
      await page.getByTestId("open-position").click();
      const card = page.getByTestId("open-card");
      const result = await Promise.race([
        card
          .first()
          .waitFor({ timeout: 5_000 })
          .then(() => "open"),
        page
          .getByTestId("close-announcement")
          .first()
          .waitFor({ timeout: 5_000 })
          .then(() => "closed"),
        ticket
          .locator(".error-list")
          .first()
          .waitFor({ timeout: 5_000 })
          .then(() => "refused"),
      ]).catch(() => "none");
      if (result === "closed") break;
      if (result !== "open") continue;
      opened = true;
    } else {
      const form = page.locator("li[data-testid=open-card] form.position-triggers").first();
      if ((await form.count()) === 0) break;
      await form.locator('[name="takeProfit"]').fill(tp);
      await form.getByTestId("save-triggers").click();
    }
    const hit = await page
      .getByTestId("close-announcement")
      .first()
      .waitFor({ timeout: 4_000 })
      .then(() => true)
      .catch(() => false);
    if (hit) break;
  }
  const announcement = page.getByTestId("close-announcement").first();
  await expect(announcement).toContainText(
    tr("en-US", "contract:closed_toast.take_profit", { price: "", net: "" }).split(":")[0]!,
  );
  // a take-profit one step above the entry gains less than the two fees: the net is what it is, signed
  await expect(announcement).toContainText(/closed at [\d,]+\.\d{2} · net [+−]?US\$\d/);
  // the open list empties, and the closed list names the reason
  await expect(page.locator("li[data-testid=open-card]")).toHaveCount(0);
  await page.getByRole("link", { name: tr("en-US", "contract:positions.closed") }).click();
  await expect(page.getByTestId("closed-position").first().getByTestId("close-reason")).toHaveText(
    tr("en-US", "contract:reason.take_profit"),
  );
});

test("JavaScript off: open, set take-profit and stop-loss, close at market, each a form post; the records show the open and the close", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signUp(page, DEMO);
  await fundGameWallet(page, false, "100", "100");
  await page.goto(PAGE);
  const ticket = page.locator("form.contract-ticket");
  await ticket.locator('[name="margin"]').fill("20");
  await ticket.locator('input[name="leverage"][value="5"]').check({ force: true });
  await page.getByTestId("open-position").click();
  await expectToast(page, tr("en-US", "messages:position_opened"));
  const card = page.locator("li[data-testid=open-card]");
  await expect(card).toHaveCount(1);
  await expect(page.getByTestId("game-wallet")).toHaveText(/US\$79\.9\d/);

  // far from the price on both sides (and above the liquidation price), so neither fires now
  const price = await shownPrice(page);
  await card.locator('[name="takeProfit"]').fill(typed(Math.round(price * 1.5)));
  await card.locator('[name="stopLoss"]').fill(typed(Math.round(price * 0.95)));
  await card.getByTestId("save-triggers").click();
  await expectToast(page, tr("en-US", "messages:position_triggers_saved"));
  await expect(card.locator('[name="takeProfit"]')).toHaveValue(typed(Math.round(price * 1.5)));

  await card.getByTestId("close-position").click();
  await expectToast(page, tr("en-US", "messages:position_closed"));
  await expect(page.locator("li[data-testid=open-card]")).toHaveCount(0);

  await page.goto(`${DEMO}/user/record`);
  await expect(page.locator("main")).toContainText(tr("en-US", "records:ledger_types.position_open"));
  await expect(page.locator("main")).toContainText(tr("en-US", "records:ledger_types.position_close"));
  await context.close();
});
