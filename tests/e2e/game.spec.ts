import { QUICKNET } from "../../server/rules/beacon";
import { expect, test, type Locator, type Page } from "@playwright/test";
import type { SiteInfo } from "../../server/contract";
import { escapeRegExp } from "../helpers/regexp";
import {
  gameNameOf,
  DEMO,
  expectToast,
  fieldError,
  moneyText,
  decimalText,
  signUp,
  siteInfo,
  tr,
  waitForHydration,
  watchToasts,
  operatorPutPair,
  E2E_PAIR,
  awaitBetting,
  bettingLeft,
  betPlacedText,
  roundCountdown,
  fundGameWallet,
} from "./support";

/**
 * The game on the demo site (its chips, odds, bet limits and currency as the platform serves
 * them), on ETH-USDT shortened by the operator to 10-second periods. Bets go to the Next round,
 * while the Live one runs, and close 3 seconds before it starts; a bet settles when its round
 * ends, up to two periods later. Expected texts come from locales/en-US/{game,messages,money}.json.
 */

const LNG = "en-US";
const PAIR = E2E_PAIR.symbol;
const PAIR_NAME = E2E_PAIR.config.name;
const PERIOD_SECONDS = E2E_PAIR.config.periodSeconds;
let site: SiteInfo;
/** the demo site's smallest chip: the stake of every bet here */
let stake: number;
const usd = (minor: number) => moneyText(minor, site.currency, LNG);
const typed = (minor: number) => decimalText(minor, site.currency);
const game = (key: string, values?: Record<string, string | number>) => tr(LNG, `game:${key}`, values);
const msg = (key: string) => tr(LNG, `messages:${key}`);

test.beforeAll(async () => {
  site = await siteInfo("demo");
  stake = Math.min(...site.betAmounts);
  expect(site.pairs, "the demo site offers the pair").toContain(PAIR);
  expect(stake, "the smallest chip is a valid bet").toBeGreaterThanOrEqual(site.minBetAmount);
  // pairs are the platform's, not a site's: every game test sets the same schedule (a no-op after the first)
  await operatorPutPair(PAIR, E2E_PAIR.config);
});

// helpers -----------------------------------------------------------------------------------------

function betForm(page: Page): Locator {
  return page.locator("form.bet-form");
}

/** Until the Next round still takes bets for at least `seconds` (see support.ts). */
async function awaitBettingWindow(page: Page, js: boolean, url: string, seconds = 5) {
  await awaitBetting(page, { js, url, seconds });
}

/** Chooses an option and a chip (a radio each), or types an amount. */
async function fillBet(page: Page, bet: { option?: string; chip?: string; amount?: string }) {
  const form = betForm(page);
  if (bet.option) await form.locator(`input[name="option"][value="${bet.option}"]`).check();
  if (bet.chip) await form.locator(`input[name="chip"][value="${bet.chip}"]`).check();
  if (bet.amount !== undefined) await form.locator('input[name="amount"]').fill(bet.amount);
}

async function submitBet(page: Page) {
  await betForm(page).locator('button[type="submit"]').click();
}

function gameWallet(page: Page): Locator {
  return page.getByTestId("game-wallet");
}

/** The Live round's number (running, no bets) and the Next round's (the bet form's). */
function livePeriod(page: Page): Locator {
  return page.getByTestId("live-period");
}
function nextPeriod(page: Page): Locator {
  return page.getByTestId("next-period");
}

/** Time for a bet to settle: its round starts up to a period later and runs a period, then a few seconds. */
const SETTLE_MS = (2 * PERIOD_SECONDS + 10) * 1000;

async function expectNoSidewaysScroll(page: Page, what: string) {
  const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(width, `${what} is ${width}px wide at a 360px viewport`).toBeLessThanOrEqual(360);
}

/** What a settled bet on "high" paid: the floor(stake × odds) when it won, nothing when it lost. */
function payoutOf(status: string, stake: number): number {
  if (status.startsWith(game("status.won"))) return Math.floor((stake * Math.round(site.odds.high! * 10_000)) / 10_000);
  if (status.startsWith(game("status.lost"))) return 0;
  if (status.startsWith(game("status.refunded"))) return stake;
  throw new Error(`not a settled status: ${status}`);
}

const SETTLED = new RegExp(
  `^(${[game("status.won"), game("status.lost"), game("status.refunded")].join("|")}) [+−]?US\\$`,
);

/**
 * A settled bet's words, as every place shows them: the net result, then the payout beside it
 * when there was one ("Won +US$0.95 · paid US$1.95", "Lost −US$1.00", "Refunded US$1.00").
 */
function winLoss(status: string, stake: number, payout: number): string {
  const kind = (["won", "lost", "refunded"] as const).find((k) => status.startsWith(game(`status.${k}`)))!;
  if (kind === "refunded") return game("result.refunded", { amount: usd(payout) });
  const net = payout === stake ? usd(0) : payout > stake ? `+${usd(payout - stake)}` : `−${usd(stake - payout)}`;
  const head = game(`result.${kind}`, { amount: net });
  return payout > 0 ? `${head} · ${game("result.paid", { amount: usd(payout) })}` : head;
}

// tests -------------------------------------------------------------------------------------------

test("with JavaScript a member funds the game wallet, watches the live market, bets, and sees the bet settle without a reload", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await watchToasts(page);
  await signUp(page, DEMO);
  await fundGameWallet(page, true, "500", "200");

  const url = `${DEMO}/game?pair=${PAIR}`;
  // the market stream's ticks, as the browser receives them
  const tickTimes: string[] = [];
  page.on("websocket", (ws) => {
    if (!ws.url().includes(`/ws/market/${PAIR}`)) return;
    ws.on("framereceived", ({ payload }) => {
      try {
        for (const event of JSON.parse(String(payload)) as {
          type: string;
          at?: string;
        }[])
          if (event.type === "tick" && event.at) tickTimes.push(event.at);
      } catch {
        /* not JSON */
      }
    });
  });
  await page.goto(url);
  await waitForHydration(page, "form.bet-form");
  await expect(page.getByRole("heading", { level: 1, name: gameNameOf("demo", LNG) })).toBeVisible();
  await expect(page.locator(".game-market h2")).toHaveText(PAIR_NAME);
  await expect(page.locator(".game-market")).toContainText(game("market.live"));
  await expect(gameWallet(page)).toHaveText(usd(20_000));
  // the page stays this document from here on: no reload until the bet has settled
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  // live: ticks a second apart move the price, the countdowns count down, and at the boundary
  // the Next round becomes the Live one
  const price = page.getByTestId("game-price");
  const firstPrice = await price.textContent();
  const firstEndsIn = await roundCountdown(page, "live").getAttribute("datetime");
  const firstPeriod = (await livePeriod(page).textContent())!;
  const firstNext = (await nextPeriod(page).textContent())!;
  expect(firstPeriod).toMatch(/^\d{12,13}$/);
  expect(firstNext).not.toBe(firstPeriod);
  await expect
    .poll(() => new Set(tickTimes).size, {
      message: "ticks with advancing times",
      timeout: 5_000,
    })
    .toBeGreaterThanOrEqual(2);
  await expect(price).not.toHaveText(firstPrice!, { timeout: 5_000 });
  await expect(roundCountdown(page, "live")).not.toHaveAttribute("datetime", firstEndsIn!, { timeout: 3_000 });
  await expect(livePeriod(page)).toHaveText(firstNext, {
    timeout: (PERIOD_SECONDS + 3) * 1000,
  });
  await expect(nextPeriod(page)).not.toHaveText(firstNext);

  // the bet: "high" with the smallest chip, on the Next round while it takes bets
  await awaitBettingWindow(page, true, url);
  const betPeriod = (await nextPeriod(page).textContent())!;
  await fillBet(page, { option: "high", chip: typed(stake) });
  // the chip fills the amount box
  await expect(betForm(page).locator('input[name="amount"]')).toHaveValue(typed(stake));
  await submitBet(page);
  await expectToast(page, betPlacedText(LNG, betPeriod));
  const current = page.getByTestId("current-orders").locator("li");
  await expect(current).toHaveCount(1);
  const order = current.first();
  await expect(order).toContainText(game("option.high"));
  await expect(order).toContainText(usd(stake));
  await expect(order).toContainText(game("orders.round_id", { periodNo: betPeriod }));
  await expect(order.getByTestId("order-status")).toHaveText(game("status.open"));
  await expect(gameWallet(page)).toHaveText(usd(20_000 - stake));

  // its round ends: its result shows on this same page, the order leaves the current orders,
  // and the wallet follows
  const result = page.getByTestId("settlement-result");
  await expect(result).toBeVisible({ timeout: SETTLE_MS });
  await expect(page.getByTestId("current-orders")).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    "the page was not reloaded",
  ).toBe(true);
  // "Won +$0.95 · paid $1.95 · ETH/USDT · High · period …": the words of every place, the pair, the option, the round
  const said = (await result.locator("p").textContent())!;
  const kinds = [
    ["won", "result.won"],
    ["lost", "result.lost"],
    ["refunded", "result.refunded"],
  ] as const;
  const kind = kinds.find(([, key]) => said.startsWith(game(key, { amount: "" }).trim()));
  expect(kind, `"${said}" names a result`).toBeDefined();
  const settledAs = game(`status.${kind![0]}`);
  const payout = payoutOf(settledAs, stake);
  expect(said).toBe(
    `${winLoss(settledAs, stake, payout)} · ${PAIR_NAME} · ${game("option.high")} · ${game("orders.round_id", { periodNo: betPeriod })}`,
  );
  await expect(gameWallet(page)).toHaveText(usd(20_000 - stake + payout));
  const status = winLoss(settledAs, stake, payout);

  // historical orders: the bet with its period, pair, content and result
  await page
    .getByRole("navigation", { name: game("tabs.label") })
    .getByRole("link", { name: game("tabs.history") })
    .click();
  await expect(page).toHaveURL(`${DEMO}/game?pair=${PAIR}&tab=history`);
  const historyRow = page.getByTestId("order-history").locator("tbody tr");
  await expect(historyRow).toHaveCount(1);
  // the period, then its "Verify" link to the period's proof
  await expect(historyRow.locator("td").nth(0)).toHaveText(`${betPeriod} ${game("quotes.verify")}`);
  // what was bet and what it made first, so they are on screen at 1280 px; the rest of the record after
  await expect(historyRow.locator("td").nth(1)).toHaveText(game("option.high"));
  await expect(historyRow.locator("td").nth(2)).toHaveText(usd(stake));
  await expect(historyRow.locator("td").nth(3)).toHaveText(status);
  await expect(historyRow.locator("td").nth(6)).toHaveText(PAIR_NAME);
  await expect(historyRow.locator("td").nth(7)).toHaveText(game("category.size"));
  // at 1280 px the Win/loss (the payout in it) and the end time are inside the table's scroller
  const scroller = (await page.getByRole("region", { name: game("tabs.history") }).boundingBox())!;
  for (const column of [3, 4]) {
    const cell = (await historyRow.locator("td").nth(column).boundingBox())!;
    expect(cell.x + cell.width, `history column ${column} is not cut`).toBeLessThanOrEqual(scroller.x + scroller.width);
  }
  // the phone's rendering of the same order is in the page too, hidden at this width
  await expect(page.getByTestId("order-cards")).toBeHidden();

  // historical quotes: the period that ended, with "high" decided as the order was
  await page
    .getByRole("navigation", { name: game("tabs.label") })
    .getByRole("link", { name: game("tabs.quotes") })
    .click();
  await expect(page).toHaveURL(`${DEMO}/game?pair=${PAIR}&tab=quotes`);
  const quote = page
    .getByTestId("quotes")
    .locator("tbody tr")
    .filter({ has: page.locator("th", { hasText: betPeriod }) });
  await expect(quote).toHaveCount(1);
  const highOutcome =
    settledAs === game("status.won")
      ? "outcome.win"
      : settledAs === game("status.lost")
        ? "outcome.lose"
        : "outcome.refund";
  // columns: end, open, close, last digit, then the options in the panel's order (high first)
  await expect(quote.locator("td").nth(4)).toHaveText(game(highOutcome));
  const lastDigit = Number(await quote.locator("td").nth(3).textContent());
  expect(lastDigit >= 5, `last digit ${lastDigit} decides "high"`).toBe(settledAs === game("status.won"));

  // the rules
  await page
    .getByRole("navigation", { name: game("tabs.label") })
    .getByRole("link", { name: game("tabs.rules") })
    .click();
  await expect(page).toHaveURL(`${DEMO}/game?pair=${PAIR}&tab=rules`);
  await expect(page.getByRole("heading", { name: game("rules.title") })).toBeVisible();
  await expect(page.locator(".game-rules")).toContainText(game("rules.option.high"));
  await expect(page.locator(".game-rules")).toContainText(game("rules.opposites"));

  // the K-line chart draws on a canvas
  await page
    .getByRole("navigation", { name: game("tabs.label") })
    .getByRole("link", { name: game("tabs.chart") })
    .click();
  await expect(page).toHaveURL(`${DEMO}/game?pair=${PAIR}&tab=chart`);
  await expect(page.getByRole("heading", { name: game("chart.title") })).toBeVisible();
  await expect(page.locator(".kline-canvas canvas").first()).toBeVisible();
  await expect(page.getByText(game("chart.loading"))).toHaveCount(0);
  await expect(page.getByText(msg("kline_data_error"))).toHaveCount(0);
});

test.describe("with JavaScript on a 360×640 phone", () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test("a bet on the Next round is listed under Next, shows in the Live round while that round runs, and settles within 2 s of its end", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await watchToasts(page);
    await signUp(page, DEMO);
    await fundGameWallet(page, true, "100", "20");
    const url = `${DEMO}/game?pair=${PAIR}`;
    await page.goto(url);
    await waitForHydration(page, "form.bet-form");
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const liveBets = page.getByTestId("live-bets");
    const round = page.getByTestId("current-orders").locator("li").getByTestId("order-round");

    // the Next round takes the bet (5 of its 7 s of betting left: room for a slow answer on a
    // loaded machine); the Live round, running, holds none of the member's bets
    await awaitBettingWindow(page, true, url, 5);
    const betPeriod = (await nextPeriod(page).textContent())!;
    await fillBet(page, { option: "high", chip: typed(stake) });
    await submitBet(page);
    await expectToast(page, betPlacedText(LNG, betPeriod));
    await expect(page.getByTestId("bet-placed")).toHaveText(
      `✓ ${game("bet.placed", { option: game("option.high"), amount: usd(stake) })}`,
    );
    await expect(round).toHaveText(game("round.next"));
    await expect(liveBets).toHaveText(game("round.no_bets"));

    // at the boundary the stream makes it the Live round: the bet is in it, on the first screen,
    // the bar's confirmation has gone with its Next round, and a new Next round takes bets
    await expect(livePeriod(page)).toHaveText(betPeriod, { timeout: (PERIOD_SECONDS + 3) * 1000 });
    await expect(liveBets).toHaveText(`${game("option.high")} ${usd(stake)}`);
    const box = (await liveBets.boundingBox())!;
    expect(box.y + box.height, "the Live round's bets are on the first screen").toBeLessThanOrEqual(640);
    await expect(round).toHaveText(game("round.live"));
    await expect(nextPeriod(page)).not.toHaveText(betPeriod);
    await expect(page.getByTestId("bet-placed")).toHaveCount(0);
    const endsAt = Date.parse((await page.getByTestId("end-timer").getAttribute("data-ends-at"))!);
    // when the result appears, on the browser's clock (the same machine's as the platform's)
    await page.evaluate(() => {
      const w = window as unknown as { __resultAt?: number };
      new MutationObserver(() => {
        if (w.__resultAt === undefined && document.querySelector('[data-testid="settlement-result"]'))
          w.__resultAt = Date.now();
      }).observe(document.body, { subtree: true, childList: true });
    });

    // its round ends: the result names it, at once and not before, and the Live round moves on
    const result = page.getByTestId("settlement-result");
    await expect(result).toBeVisible({ timeout: (PERIOD_SECONDS + 5) * 1000 });
    const shownAt = (await page.evaluate(() => (window as unknown as { __resultAt?: number }).__resultAt))!;
    expect(shownAt, "not before its round ended").toBeGreaterThanOrEqual(endsAt);
    // its close is the tick of its last second, which mixes the first beacon round published at or
    // after it (decision 031): up to one round (3 s) later, then within 2 s on the page
    expect(shownAt - endsAt, `the result showed ${shownAt - endsAt} ms after its round's end`).toBeLessThanOrEqual(
      QUICKNET.period * 1000 + 2_000,
    );
    await expect(result.locator("p")).toContainText(
      ` · ${game("option.high")} · ${game("orders.round_id", { periodNo: betPeriod })}`,
    );
    const resultBox = (await result.boundingBox())!;
    expect(resultBox.y + resultBox.height, "the result is on the first screen").toBeLessThanOrEqual(640);
    await expect(livePeriod(page)).not.toHaveText(betPeriod);
    await expect(liveBets).toHaveText(game("round.no_bets"));
    await expect(page.getByTestId("current-orders")).toHaveCount(0);
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
      "the page was not reloaded",
    ).toBe(true);
  });
});

test.describe("without JavaScript on a 360×640 phone", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 640 } });

  test("the game renders on the server, a bet posts as a plain form, and a reload shows it settled", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signUp(page, DEMO);
    await fundGameWallet(page, false, "500", "200");

    const url = `${DEMO}/game?pair=${PAIR}`;
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1, name: gameNameOf("demo", LNG) })).toBeVisible();
    await expect(page.getByTestId("game-price")).toHaveText(/\d,?\d*\.\d{2}$/);
    await expect(livePeriod(page)).toHaveText(/^\d{12,13}$/);
    await expect(nextPeriod(page)).toHaveText(/^\d{12,13}$/);
    await expect(page.locator(".game-market")).toContainText(game("market.not_live"));
    await expect(betForm(page).locator('input[name="option"]')).toHaveCount(8);
    await expect(betForm(page).locator('input[name="chip"]')).toHaveCount(site.betAmounts.length);
    await expect(betForm(page).getByRole("button", { name: game("bet.submit") })).toBeVisible();
    await expect(gameWallet(page)).toHaveText(usd(20_000));
    await expectNoSidewaysScroll(page, "/game");

    await awaitBettingWindow(page, false, url);
    const betPeriod = (await nextPeriod(page).textContent())!;
    await fillBet(page, { option: "high", chip: typed(stake) });
    await submitBet(page);
    await expect(page).toHaveURL(url);
    await expect(page.getByTestId("toast")).toHaveText(betPlacedText(LNG, betPeriod));
    const order = page.getByTestId("current-orders").locator("li");
    await expect(order).toHaveCount(1);
    await expect(order).toContainText(game("orders.round_id", { periodNo: betPeriod }));
    await expect(order.getByTestId("order-status")).toHaveText(game("status.open"));
    // placed before its round started: under Next, and not in the Live round's bets
    await expect(order.getByTestId("order-round")).toHaveText(game("round.next"));
    await expect(page.getByTestId("live-bets")).toHaveText(game("round.no_bets"));
    await expect(gameWallet(page)).toHaveText(usd(20_000 - stake));
    await expectNoSidewaysScroll(page, "/game after a bet");

    // after the period: reloading the history shows the order settled
    const historyStatus = page.getByTestId("order-history").locator("tbody tr").first().getByTestId("order-status");
    await expect
      .poll(
        async () => {
          await page.goto(`${DEMO}/game?pair=${PAIR}&tab=history`);
          return historyStatus.textContent();
        },
        {
          message: "the order settles after its period",
          timeout: SETTLE_MS,
          intervals: [1_000],
        },
      )
      .toMatch(SETTLED);
    const row = page.getByTestId("order-history").locator("tbody tr");
    await expect(row).toHaveCount(1);
    await expect(row.locator("td").first()).toHaveText(`${betPeriod} ${game("quotes.verify")}`);
    const status = (await historyStatus.textContent())!;
    const payout = payoutOf(status, stake);
    expect(status).toBe(winLoss(status, stake, payout));
    // on a phone the history is a card, result first ("Won +$0.95 · paid $1.95 · High · $1.00"), not the 12-column table
    await expect(page.getByTestId("order-history")).toBeHidden();
    const card = page.getByTestId("order-cards").locator("li");
    await expect(card).toHaveCount(1);
    await expect(card).toBeVisible();
    await expect(card.locator(".order-card-head")).toHaveText(
      `${winLoss(status, stake, payout)} · ${game("option.high")} · ${usd(stake)}`,
    );
    await expect(card).toContainText(game("orders.round_id", { periodNo: betPeriod }));
    await expect(card).toContainText(PAIR_NAME);
    await expect(gameWallet(page)).toHaveText(usd(20_000 - stake + payout));
    await expectNoSidewaysScroll(page, "/game?tab=history");
  });
});

test.describe("betting errors, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an empty amount, no option, an amount out of range, too little in the game wallet and opposite options are refused in words", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signUp(page, DEMO);
    await fundGameWallet(page, false, "100", "50");
    const url = `${DEMO}/game?pair=${PAIR}`;
    const formAlert = page.locator("form.bet-form .bet-bar .error-list[role=alert]");
    const optionError = betForm(page).locator(".bet-options .error-list");
    const amountError = fieldError(page, "amount");

    // the form's own checks (the bet schema, in the action)
    await page.goto(url);
    await fillBet(page, { option: "high" });
    await submitBet(page);
    await expect(amountError).toHaveText(tr(LNG, "game:validation.amount_required"));

    await page.goto(url);
    await fillBet(page, { amount: typed(stake) });
    await submitBet(page);
    await expect(optionError).toHaveText(tr(LNG, "game:validation.option_required"));

    await page.goto(url);
    await fillBet(page, {
      option: "high",
      amount: typed(site.minBetAmount - 1),
    });
    await submitBet(page);
    await expect(amountError).toHaveText(tr(LNG, "money:validation.amount_below_min"));

    await page.goto(url);
    await fillBet(page, {
      option: "high",
      amount: typed(site.maxBetAmount + 1),
    });
    await submitBet(page);
    await expect(amountError).toHaveText(tr(LNG, "money:validation.amount_above_max"));
    await expect(gameWallet(page)).toHaveText(usd(5_000));

    // the platform's: more than the game wallet holds (within the limits)
    const tooMuch = 5_000 + site.minBetAmount;
    expect(tooMuch, "more than the wallet, within the limits").toBeLessThanOrEqual(site.maxBetAmount);
    await awaitBettingWindow(page, false, url);
    await fillBet(page, { option: "high", amount: typed(tooMuch) });
    await submitBet(page);
    await expect(formAlert).toHaveText(msg("insufficient_game_wallet_balance"));
    await expect(gameWallet(page)).toHaveText(usd(5_000));

    // high, then low in the same period (a new period after the first bet means trying again)
    let refused = false;
    for (let attempt = 1; attempt <= 5 && !refused; attempt++) {
      await awaitBettingWindow(page, false, url, 4);
      const betPeriod = (await nextPeriod(page).textContent())!;
      await fillBet(page, { option: "high", chip: typed(stake) });
      await submitBet(page);
      await expect(page.getByTestId("toast")).toHaveText(betPlacedText(LNG, betPeriod));
      if ((await nextPeriod(page).textContent()) !== betPeriod || (await bettingLeft(page)) < 1) continue;
      await fillBet(page, { option: "low", chip: typed(stake) });
      await submitBet(page);
      // on a loaded machine the post can reach the platform after that round's cut-off: refused
      // as closed, which is another round's try, not the rule under test
      const closed = msg("betting_forbidden");
      const conflict = msg("conflicting_bet_options");
      await expect(formAlert).toHaveText(new RegExp(`^(${escapeRegExp(closed)}|${escapeRegExp(conflict)})$`));
      if ((await formAlert.textContent()) === closed) continue;
      refused = true;
    }
    expect(refused, "low after high in one period should be refused").toBe(true);
    // only the high bets were taken
    const open = page.getByTestId("current-orders").locator("li");
    await expect(open.filter({ hasText: game("option.low") })).toHaveCount(0);
  });
});

test("the member center's game page shows the same game", async ({ page }) => {
  await signUp(page, DEMO);
  await page.goto(`${DEMO}/user/gamePage`);
  await waitForHydration(page, "form.bet-form");
  const memberNav = page.getByRole("navigation", {
    name: tr(LNG, "user.nav_label"),
  });
  await expect(memberNav).toBeVisible();
  await expect(memberNav.getByRole("link", { name: gameNameOf("demo", LNG) })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { level: 1, name: gameNameOf("demo", LNG) })).toBeVisible();
  await expect(page.locator(".member-content .game-market")).toContainText(game("market.live"));
  await expect(livePeriod(page)).toHaveText(/^\d{12,13}$/);
  await expect(nextPeriod(page)).toHaveText(/^\d{12,13}$/);
  await expect(page.locator(".member-content form.bet-form")).toBeVisible();
  // no points in the game wallet yet: a way to the transfer page
  await expect(gameWallet(page)).toHaveText(usd(0));
  await expect(betForm(page).getByRole("link", { name: game("bet.transfer_link") })).toHaveAttribute(
    "href",
    "/user/transfer",
  );

  // its pair and tab links stay inside the member center
  await page
    .getByRole("navigation", { name: game("pairs_label") })
    .getByRole("link", { name: PAIR_NAME })
    .click();
  await expect(page).toHaveURL(`${DEMO}/user/gamePage?pair=${PAIR}`);
  await expect(page.locator(".game-market h2")).toHaveText(PAIR_NAME);
  await page
    .getByRole("navigation", { name: game("tabs.label") })
    .getByRole("link", { name: game("tabs.rules") })
    .click();
  await expect(page).toHaveURL(`${DEMO}/user/gamePage?pair=${PAIR}&tab=rules`);
  await expect(page.getByRole("heading", { name: game("rules.title") })).toBeVisible();
  await expect(memberNav.getByRole("link", { name: gameNameOf("demo", LNG) })).toHaveAttribute("aria-current", "page");
});
