import { randomUUID } from "node:crypto";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { DEMO_SITE } from "../../server/cli/seed/sites";
import type { SiteInfo } from "../../server/contract";
import {
  gameNameOf,
  changeLoginPassword,
  DEMO,
  E2E_PAIR,
  PNG_1X1,
  awaitBetting,
  betPlacedText,
  decimalText,
  expectToast,
  fillSignUp,
  giveDetails,
  formHolding,
  moneyText,
  newMember,
  operatorApi,
  operatorApproveWithdrawal,
  operatorPutPair,
  operatorThread,
  signIn,
  signOutButton,
  signUpForm,
  signUpValues,
  siteInfo,
  smsCodeFor,
  tempFile,
  tr,
  waitForHydration,
  watchToasts,
  type Member,
} from "./support";

/**
 * One newcomer, start to finish, on the demo site in English: every page of app/README.md, "Pages"
 * (forgot password, contact, the game's current orders, historical orders and quotes, rules and
 * K-line chart, the 404 page). Sign up → verify the mobile with the SMS code from the operator API
 * → deposit → transfer to the game wallet → bet and see it settle → history → documents and bank
 * account → withdraw → the operator pays → records → a message answered by the operator → news and
 * campaigns → a new password and signing in again → signing out. Once with JavaScript on a desktop,
 * once as plain HTML forms on a 360×640 phone.
 */

const LNG = "en-US";
const t = (key: string, values?: Record<string, string | number>) => tr(LNG, key, values);
const SITE_TITLE = DEMO_SITE.config.title!;
const GAME_NAME = gameNameOf("demo", LNG);
const english = <T extends { lang: string }>(items: T[]) => items.filter((i) => i.lang === "en_US");
const NEWS = english(DEMO_SITE.press).find((p) => p.kind === "news")!;
const CAMPAIGNS = english(DEMO_SITE.campaigns);
const BANK = {
  bank: "Demo Commercial Bank",
  branch: "Taipei Main Branch",
  accountNumber: "0015-123-456789",
  currency: "USD",
};
const DOCUMENTS = ["id_front", "id_back", "passbook"] as const;
const PAIR = E2E_PAIR.symbol;

interface Mode {
  js: boolean;
  phone: boolean;
}

let site: SiteInfo;
let stake: number;
const usd = (minor: number) => moneyText(minor, site.currency, LNG);

test.beforeAll(async () => {
  site = await siteInfo("demo");
  stake = Math.min(...site.betAmounts);
  await operatorPutPair(PAIR, E2E_PAIR.config);
});

/** Opens a page; with JavaScript, waits until React owns its forms (every page has one: the footer's or its own). */
async function open(page: Page, path: string, mode: Mode) {
  await page.goto(`${DEMO}${path}`);
  if (mode.js) await waitForHydration(page, "form");
  if (mode.phone) {
    const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
    expect(width, `${path} is ${width}px wide at a 360px viewport`).toBeLessThanOrEqual(360);
  }
}

async function expectHeading(page: Page, key: string) {
  // the game's heading and title are the site's name for it (gameName)
  const text = key === "game:title" ? GAME_NAME : t(key);
  // the records' heading also says which money they list (app/README.md, "Practice mode")
  await expect(page.locator("h1")).toHaveText(
    key === "records:title" ? `${text} ${t("common:practice.real_badge")}` : text,
  );
  await expect(page).toHaveTitle(`${text} · ${SITE_TITLE}`);
}

async function expectBalances(page: Page, mode: Mode, balances: { main: number; onHold: number; game: number }) {
  await open(page, "/user", mode);
  await expect(page.getByTestId("main-balance")).toHaveText(usd(balances.main));
  await expect(page.getByTestId("on-hold")).toHaveText(usd(balances.onHold));
  await expect(page.getByTestId("game-balance-binary")).toHaveText(usd(balances.game));
}

async function visitorPages(page: Page, mode: Mode) {
  await open(page, "/", mode);
  // the home page leads with the tagline; the header carries the brand (app/README.md, "Brand")
  await expect(page.locator("main h1")).toHaveText(DEMO_SITE.config.description!);
  await expect(page.getByRole("banner").getByRole("link", { name: SITE_TITLE, exact: true })).toBeVisible();
  await expect(page).toHaveTitle(`${t("home.title")} · ${SITE_TITLE}`);
  await expect(page.locator('header a[href="/login"]')).toHaveText(t("nav.login"));

  await page
    .locator("footer")
    .getByRole("link", { name: t("nav.terms") })
    .click();
  await expect(page).toHaveURL(`${DEMO}/terms`);
  await expectHeading(page, "terms:title");
  await expect(page.locator("#terms-liability")).toHaveText(t("terms:sections.liability.heading"));

  await page
    .locator("footer")
    .getByRole("link", { name: t("nav.contact") })
    .click();
  await expect(page).toHaveURL(`${DEMO}/contact`);
  await expectHeading(page, "support:contact.title");
  await expect(page.getByTestId("chat-link")).toHaveAttribute("href", DEMO_SITE.chatLink);

  // the game is for members: the visitor is sent to /login (and the game is remembered)
  await page.goto(`${DEMO}/game`);
  await expect(page).toHaveURL(`${DEMO}/login`);
  await expectHeading(page, "login.title");
  await page.getByRole("link", { name: t("nav.forgot_password") }).click();
  await expect(page).toHaveURL(`${DEMO}/forgot-password`);
  await expectHeading(page, "account:forgot.title");

  const missing = `/no-such-page-${randomUUID().slice(0, 8)}`;
  const response = await page.goto(`${DEMO}${missing}`);
  expect(response?.status()).toBe(404);
  await expect(page.locator("h1")).toHaveText(t("errors.not_found_title"));
  await expect(page.locator("main code")).toHaveText(missing);
  // inside the site's header and footer, with the brand
  await expect(page.getByRole("banner").getByRole("link", { name: SITE_TITLE, exact: true })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
}

async function signUpFromHome(page: Page, mode: Mode, member: Member) {
  await open(page, "/", mode);
  // the header's link: the home page's own form is the practice path (first-bet.spec.ts)
  await page
    .getByRole("banner")
    .getByRole("link", { name: t("nav.register") })
    .click();
  await expect(page).toHaveURL(`${DEMO}/register`);
  await expectHeading(page, "register.title");
  if (mode.js) await waitForHydration(page, "form");
  await fillSignUp(page, signUpValues(member));
  await signUpForm(page).locator('button[type="submit"]').click();
  // signed in at once, on the game the visitor was turned away from
  await expect(page).toHaveURL(`${DEMO}/game`);
  await expectToast(page, t("messages:register_success"));
  await expectHeading(page, "game:title");
  // what the short sign-up left out, given where a first withdrawal asks for it
  await giveDetails(page, DEMO, member);
  await open(page, "/user", mode);
  await expectHeading(page, "user.title");
  await expect(page.getByTestId("account")).toHaveText(member.account);
  await expect(page.getByTestId("real-name")).toHaveText(member.realName);
  await expect(page.getByTestId("main-balance")).toHaveText(usd(0));
  await expect(signOutButton(page)).toHaveText(t("nav.logout"));
}

async function verifyMobile(page: Page, mode: Mode, member: Member) {
  await open(page, "/user/smsVerify", mode);
  await expectHeading(page, "account:sms.title");
  await expect(page.getByTestId("mobile-verified")).toHaveText(t("account:sms.not_verified"));
  await page.locator("form.sms-send button[type=submit]").click();
  await expectToast(page, t("messages:sms_code_sent"));
  const code = await smsCodeFor("demo", member, "verify_mobile");
  const form = formHolding(page, "code");
  await form.locator('[name="code"]').fill(code);
  await form.locator('button[type="submit"]').click();
  await expectToast(page, t("messages:sms_verify_success"));
  await expect(page.getByTestId("mobile-verified")).toHaveText(t("account:sms.verified"));

  await open(page, "/user/info", mode);
  await expectHeading(page, "account:info.title");
  await expect(page.getByTestId("account")).toHaveText(member.account);
  await expect(page.getByTestId("mobile-verified")).toHaveText(t("account:sms.verified"));
  await expect(formHolding(page, "realName").locator('[name="realName"]')).toHaveValue(member.realName);
}

async function depositAndTransfer(page: Page, mode: Mode) {
  await open(page, "/user/deposit", mode);
  await expectHeading(page, "money:deposit.title");
  const deposit = formHolding(page, "optionId");
  await deposit.locator('input[name="optionId"][value="demo-instant"]').check();
  await deposit.locator('[name="amount"]').fill("500");
  await deposit.locator('button[type="submit"]').click();
  await expectToast(page, t("messages:deposit_credited"));
  // the receipt of what was just done, and the recent list with its date
  await expect(page.getByTestId("receipt")).toContainText(usd(50_000));
  const recent = page.locator('section[aria-labelledby="recent-deposits"] li');
  await expect(recent.locator(".recent-what")).toHaveText([
    `${usd(50_000)} · ${DEMO_SITE.config.depositOptions![0]!.name}`,
  ]);
  await expect(recent.locator(".status")).toHaveText([t("money:status.credited")]);
  await expect(recent.locator("time")).toHaveCount(1);

  await open(page, "/user/transfer", mode);
  await expectHeading(page, "money:transfer.title");
  const transfer = formHolding(page, "direction");
  await transfer.locator('input[name="direction"][value="in"]').check();
  await transfer.locator('[name="amount"]').fill("200");
  await transfer.locator('button[type="submit"]').click();
  await expectToast(page, t("messages:transfer_in_success"));
  await expect(page.getByTestId("main-balance")).toHaveText(usd(30_000));
  await expect(page.getByTestId("game-balance-binary")).toHaveText(usd(20_000));
}

const SETTLED = () =>
  new RegExp(`^(${["won", "lost", "refunded"].map((s) => t(`game:status.${s}`)).join("|")}) [+−]?US\\$`);

/** What a settled "high" bet paid, read from its status ("Won · $1.95"). */
function payoutOf(status: string): number {
  if (status.startsWith(t("game:status.won")))
    return Math.floor((stake * Math.round(site.odds.high! * 10_000)) / 10_000);
  if (status.startsWith(t("game:status.lost"))) return 0;
  if (status.startsWith(t("game:status.refunded"))) return stake;
  throw new Error(`not a settled status: ${status}`);
}

/** Bets "high" with the smallest chip and follows it to settlement; returns what it paid. */
async function betAndSettle(page: Page, mode: Mode): Promise<number> {
  await open(page, "/", mode);
  await page.locator("header").getByRole("link", { name: GAME_NAME }).click();
  await expect(page).toHaveURL(`${DEMO}/game`);
  await expectHeading(page, "game:title");
  await page
    .getByRole("navigation", { name: t("game:pairs_label") })
    .getByRole("link", { name: E2E_PAIR.config.name })
    .click();
  const url = `${DEMO}/game?pair=${PAIR}`;
  await expect(page).toHaveURL(url);
  if (mode.js) await waitForHydration(page, "form.bet-form");
  await expect(page.locator(".game-market h2")).toHaveText(E2E_PAIR.config.name);
  await expect(page.getByTestId("game-wallet")).toHaveText(usd(20_000));

  await awaitBetting(page, { js: mode.js, url });
  // bets go to the Next round (the Live one, running, takes none)
  const betPeriod = (await page.getByTestId("next-period").textContent())!;
  const form = page.locator("form.bet-form");
  await form.locator('input[name="option"][value="high"]').check();
  await form.locator(`input[name="chip"][value="${decimalText(stake, site.currency)}"]`).check();
  if (!mode.js) await form.locator('input[name="amount"]').fill(decimalText(stake, site.currency));
  await form.locator('button[type="submit"]').click();
  await expectToast(page, betPlacedText(LNG, betPeriod));
  const order = page.getByTestId("current-orders").locator("li");
  await expect(order).toHaveCount(1);
  await expect(order).toContainText(t("game:orders.round_id", { periodNo: betPeriod }));
  await expect(order.getByTestId("order-status")).toHaveText(t("game:status.open"));
  await expect(page.getByTestId("game-wallet")).toHaveText(usd(20_000 - stake));

  // its round starts up to a period later and runs a period
  const deadline = (2 * E2E_PAIR.config.periodSeconds + 10) * 1000;
  // a settled bet leaves the current orders at once: its outcome is read from the history
  const historyStatus = page.getByTestId("order-history").locator("tbody tr").first().getByTestId("order-status");
  if (mode.js) {
    // settles on this page: its result shows (a status region, so a screen reader is told too)
    const result = page.getByTestId("settlement-result");
    await expect(result).toBeVisible({ timeout: deadline });
    await expect(result).toContainText(` · ${E2E_PAIR.config.name} · ${t("game:option.high")}`);
    await expect(page.getByTestId("current-orders")).toHaveCount(0);
  }
  let status = "";
  await expect
    .poll(
      async () => {
        await page.goto(`${url}&tab=history`);
        status = (await historyStatus.textContent()) ?? "";
        return status;
      },
      { message: "the bet settles after its period", timeout: deadline, intervals: [1_000] },
    )
    .toMatch(SETTLED());
  await page.goto(url);
  if (mode.js) await waitForHydration(page, "form.bet-form");
  const payout = payoutOf(status);
  // Win/loss: the net result, the payout beside it when there was one (components/game/bet-result.ts)
  const net = payout === stake ? usd(0) : payout > stake ? `+${usd(payout - stake)}` : `−${usd(stake - payout)}`;
  const paid = payout > 0 ? ` · ${t("game:result.paid", { amount: usd(payout) })}` : "";
  expect(status).toBe(
    payout === stake && status.startsWith(t("game:status.refunded"))
      ? t("game:result.refunded", { amount: usd(payout) })
      : `${status.split(" ")[0]} ${net}${paid}`,
  );
  await expect(page.getByTestId("game-wallet")).toHaveText(usd(20_000 - stake + payout));

  // the other tabs: historical orders, historical quotes, rules, the K-line chart
  const tabs = page.getByRole("navigation", { name: t("game:tabs.label") });
  await tabs.getByRole("link", { name: t("game:tabs.history") }).click();
  await expect(page).toHaveURL(`${url}&tab=history`);
  const row = page.getByTestId("order-history").locator("tbody tr");
  await expect(row).toHaveCount(1);
  // the period, then its "Verify" link to the period's proof
  await expect(row.locator("td").first()).toHaveText(`${betPeriod} ${t("game:quotes.verify")}`);
  await expect(row.getByTestId("order-status")).toHaveText(status);

  await tabs.getByRole("link", { name: t("game:tabs.quotes") }).click();
  await expect(page).toHaveURL(`${url}&tab=quotes`);
  await expect(
    page
      .getByTestId("quotes")
      .locator("tbody tr")
      .filter({ has: page.locator("th", { hasText: betPeriod }) }),
  ).toHaveCount(1);

  await tabs.getByRole("link", { name: t("game:tabs.rules") }).click();
  await expect(page).toHaveURL(`${url}&tab=rules`);
  await expect(page.getByRole("heading", { name: t("game:rules.title") })).toBeVisible();

  await tabs.getByRole("link", { name: t("game:tabs.chart") }).click();
  await expect(page).toHaveURL(`${url}&tab=chart`);
  await expect(page.getByRole("heading", { name: t("game:chart.title") })).toBeVisible();
  if (mode.js) await expect(page.locator(".kline-canvas canvas").first()).toBeVisible();
  else await expect(page.locator(".kline")).toContainText(t("game:chart.needs_js"));

  // the same game inside the member center, with the same wallet
  await open(page, "/user/gamePage", mode);
  await expectHeading(page, "game:title");
  // the member center marks the game as the current section (on a phone, behind the menu button)
  await expect(page.locator('.member-center nav a[aria-current="page"]').first()).toHaveText(GAME_NAME);
  await expect(page.getByTestId("game-wallet")).toHaveText(usd(20_000 - stake + payout));
  return payout;
}

/** The rows of the record table shown, as the texts of their cells (the time column left out). */
async function recordRows(page: Page): Promise<string[][]> {
  const rows = page.locator("table.records-table tbody tr");
  await expect(rows.first()).toBeVisible();
  return rows.evaluateAll((trs) =>
    trs.map((tr) =>
      Array.from(tr.querySelectorAll("td")).map((td) => (td.textContent ?? "").replace(/\s+/g, " ").trim()),
    ),
  );
}

async function historySoFar(page: Page, mode: Mode, payout: number) {
  await open(page, "/user/record", mode);
  await expectHeading(page, "records:title");
  const game = t("records:accounts.game", { name: DEMO_SITE.config.games![0]!.name });
  // one row per operation: what (and where), the amount on the account the member counts in
  const main = t("records:accounts.main");
  const entries = (await recordRows(page)).map((cells) => cells.slice(0, 2).join(" | "));
  expect(entries).toEqual(
    expect.arrayContaining([
      `${t("records:ledger_types.deposit")} ${main} | +${usd(50_000)}`,
      `${t("records:ledger_types.transfer_in")} ${main} → ${game} | −${usd(20_000)}`,
      `${t("records:ledger_types.bet")} ${game} | −${usd(stake)}`,
    ]),
  );
  expect(entries.filter((e) => e.startsWith(t("records:ledger_types.transfer_in")))).toHaveLength(1);
  if (payout > 0) {
    const kind = payout === stake ? "refund" : "payout";
    expect(entries).toContain(`${t(`records:ledger_types.${kind}`)} ${game} | +${usd(payout)}`);
  }
}

async function bindBank(page: Page, testInfo: TestInfo, mode: Mode, member: Member) {
  await open(page, "/uploaderfile", mode);
  await expectHeading(page, "bank:documents_title");
  for (const [i, kind] of DOCUMENTS.entries()) {
    const form = formHolding(page, "kind");
    await form.locator('select[name="kind"]').selectOption(kind);
    await form.locator('input[name="file"]').setInputFiles(tempFile(testInfo, `${kind}.png`, PNG_1X1));
    await form.locator('button[type="submit"]').click();
    // the same toast three times in a row is one element on screen: read it there
    await expect(page.getByTestId("toast")).toHaveText(t("messages:upload_success"));
    await expect(page.locator('li[data-testid^="document-"]')).toHaveCount(i + 1);
    await expect(page.locator('li[data-testid^="document-"]').first()).toContainText(t(`bank:kind.${kind}`));
    if (mode.js) await waitForHydration(page, "main form");
  }

  await open(page, "/user/bank", mode);
  await expectHeading(page, "bank:title");
  await expect(page.getByTestId("bank-status")).toHaveText(t("bank:status.none"));
  const form = formHolding(page, "accountNumber");
  await form.locator('[name="bank"]').fill(BANK.bank);
  await form.locator('[name="branch"]').fill(BANK.branch);
  await form.locator('[name="accountName"]').fill(member.realName);
  await form.locator('[name="accountNumber"]').fill(BANK.accountNumber);
  await form.locator('[name="currency"]').fill(BANK.currency);
  await form.locator('[name="address"]').fill("1 Example Road, Taipei");
  // the newest upload of each kind is chosen already
  for (const select of ["idFrontFileId", "idBackFileId", "passbookFileId"])
    await expect(form.locator(`select[name="${select}"]`)).not.toHaveValue("");
  await form.locator('button[type="submit"]').click();
  await expectToast(page, t("messages:bank_approved"));
  await expect(page.getByTestId("bank-status")).toHaveText(t("bank:status.approved"));
  await expect(page.locator("main")).toContainText(
    t("bank:account_number_masked", { last4: BANK.accountNumber.slice(-4) }),
  );
}

async function withdrawAndGetPaid(page: Page, mode: Mode, member: Member, payout: number) {
  const game = 20_000 - stake + payout;
  await open(page, "/user/withdraw", mode);
  await expectHeading(page, "money:withdraw.title");
  const form = formHolding(page, "transactionPassword");
  await expect(form).toContainText(
    t("money:withdraw.to_value", { details: `${BANK.bank} ····${BANK.accountNumber.slice(-4)}` }),
  );
  await form.locator('[name="amount"]').fill("100");
  await form.locator('[name="transactionPassword"]').fill(member.transactionPassword);
  await form.locator('button[type="submit"]').click();
  await expectToast(page, t("messages:withdraw_success"));
  const recent = page.locator('section[aria-labelledby="recent-withdrawals"] li');
  await expect(recent.locator(".recent-what")).toHaveText([`${usd(10_000)} · ${t("money:withdraw.fee")} ${usd(200)}`]);
  await expect(recent.locator(".status")).toHaveText([t("money:status.pending")]);
  await expectBalances(page, mode, { main: 30_000 - 10_200, onHold: 10_200, game });

  // the operator pays it through the operator API
  await operatorApproveWithdrawal("demo", member.account);
  await expectBalances(page, mode, { main: 30_000 - 10_200, onHold: 0, game });
  await open(page, "/user/record?tab=withdrawals", mode);
  await expect(page.locator("table.records-table caption")).toHaveText(t("records:tabs.withdrawals"));
  expect(await recordRows(page)).toEqual([
    [
      `${t("records:kinds.withdrawal")} ${BANK.bank} ****${BANK.accountNumber.slice(-4)}`,
      usd(-10_000),
      usd(200),
      t("records:status.paid"),
    ],
  ]);
  await page.getByRole("link", { name: t("records:tabs.transactions") }).click();
  await expect(page.locator("table.records-table caption")).toHaveText(t("records:tabs.transactions"));
  await expect(page.locator("table.records-table tbody tr")).toHaveCount(2);
}

async function messageCustomerService(page: Page, mode: Mode, member: Member) {
  const title = `Withdrawal question ${randomUUID().slice(0, 8)}`;
  const answer = `It was paid today (${randomUUID().slice(0, 8)}).`;
  await open(page, "/user/message", mode);
  await expectHeading(page, "support:message.title");
  const form = formHolding(page, "title");
  await form.locator('[name="title"]').fill(title);
  await form.locator('[name="content"]').fill("When will my withdrawal arrive?");
  await form.locator('button[type="submit"]').click();
  await expectToast(page, t("messages:message_sent"));

  const thread = await operatorThread("demo", member.account, (m) => m.title === title && m.awaitingReply);
  const replied = await operatorApi("POST", `/operator/sites/demo/messages/${thread.memberId}/${thread.id}/reply`, {
    content: answer,
  });
  expect(replied, "the operator's reply").toMatchObject({ statusCode: 200 });

  await open(page, "/user/message", mode);
  const item = page.getByTestId("message-item").filter({ hasText: title });
  await expect(item.getByTestId("unread-badge")).toHaveText(t("support:message.unread"));
  await item.locator(".message-link").click();
  await expect(page).toHaveURL(`${DEMO}/user/message/${encodeURIComponent(thread.id)}`);
  await expect(page.locator("h1")).toHaveText(title);
  await expect(page.locator(".thread-entry[data-from=operator] .stored-text")).toHaveText(answer);
}

async function newsAndCampaigns(page: Page, mode: Mode) {
  await open(page, "/user/news", mode);
  await expectHeading(page, "support:news.title");
  await page.locator(".press-link", { hasText: NEWS.title.replace("{brand}", SITE_TITLE) }).click();
  await expect(page).toHaveURL(`${DEMO}/user/news/${encodeURIComponent(NEWS.path)}`);
  await expect(page.locator("article h1")).toHaveText(NEWS.title.replace("{brand}", SITE_TITLE));
  await expect(page.getByTestId("press-content")).toHaveText(NEWS.content);

  await open(page, "/user/activity", mode);
  await expectHeading(page, "support:activity.title");
  const campaigns = page.getByTestId("campaign").locator("h2");
  await expect(campaigns).toHaveCount(CAMPAIGNS.length);
  expect((await campaigns.allTextContents()).sort()).toEqual(CAMPAIGNS.map((c) => c.title).sort());

  await open(page, "/user/help", mode);
  await expectHeading(page, "support:help.title");
  await open(page, "/user/download", mode);
  await expectHeading(page, "support:download.title");
}

async function newPasswordThenSignOut(page: Page, mode: Mode, member: Member) {
  const newPassword = `New-${member.password}`;
  await open(page, "/user/setting", mode);
  await expectHeading(page, "account:setting.title");
  // a new login password ends the session (app/README.md, "Passwords")
  await changeLoginPassword(page, member.password, newPassword, t("messages:password_update_success"));

  await signIn(page, DEMO, member.account, newPassword);
  await expect(page).toHaveURL(`${DEMO}/user`);
  await expectToast(page, t("messages:login_success"));
  await expect(page.getByTestId("account")).toHaveText(member.account);

  await signOutButton(page).click();
  await expect(page).toHaveURL(`${DEMO}/`);
  await expectToast(page, t("messages:logout_success"));
  await expect(page.locator('header a[href="/login"]')).toHaveText(t("nav.login"));
  await page.goto(`${DEMO}/user`);
  await expect(page).toHaveURL(`${DEMO}/login`);
}

async function newcomer(page: Page, testInfo: TestInfo, mode: Mode) {
  const member = newMember();
  let payout = 0;
  await test.step("a visitor sees home, terms, contact, sign-in, forgot password and the 404 page; member pages send them to /login", () =>
    visitorPages(page, mode));
  await test.step("signs up from the home page: signed in, back on the game, zero balances on /user", () =>
    signUpFromHome(page, mode, member));
  await test.step("verifies the mobile with the SMS code", () => verifyMobile(page, mode, member));
  await test.step("deposits US$500 (instant demo credit) and moves US$200 to the game wallet", () =>
    depositAndTransfer(page, mode));
  await test.step("bets on high and sees the bet settle; history, quotes, rules and chart", async () => {
    payout = await betAndSettle(page, mode);
  });
  await test.step("the records list the deposit, the transfer and the bet", () => historySoFar(page, mode, payout));
  await test.step("uploads the three documents and binds the bank account", () =>
    bindBank(page, testInfo, mode, member));
  await test.step("withdraws US$100; the operator pays it; the records show it paid", () =>
    withdrawAndGetPaid(page, mode, member, payout));
  await test.step("writes to customer service and reads the operator's reply", () =>
    messageCustomerService(page, mode, member));
  await test.step("reads a news item, the campaigns, help and download pages", () => newsAndCampaigns(page, mode));
  await test.step("changes the login password, signs in with the new one, signs out", () =>
    newPasswordThenSignOut(page, mode, member));
}

test.describe("with JavaScript (desktop)", () => {
  test("a newcomer's whole journey through every page of the site", async ({ page }, testInfo) => {
    test.setTimeout(150_000);
    await watchToasts(page);
    await newcomer(page, testInfo, { js: true, phone: false });
  });
});

test.describe("without JavaScript (360×640 phone)", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

  test("the same journey as plain HTML pages and form posts, nothing wider than the screen", async ({
    page,
  }, testInfo) => {
    test.setTimeout(150_000);
    await newcomer(page, testInfo, { js: false, phone: true });
  });
});
