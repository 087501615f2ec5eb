import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { DEMO_SITE } from "../../server/cli/seed/sites";
import {
  DEMO,
  PNG_1X1,
  formWith,
  moneyText,
  newMember,
  operatorApproveWithdrawal,
  queuedItem,
  signUp,
  siteInfo,
  tempFile,
  texts,
  waitForHydration,
  type Member,
} from "./support";
import { DOCUMENT_KINDS } from "#rules/documents";

/**
 * The whole money journey on the demo site (USD, instant demo deposits, bank accounts approved at
 * once, a transaction password, fee 1 % + $1.00): deposit → transfer in and out → documents →
 * bank account → withdrawal with its fee → the operator pays it → every movement in the records.
 * Once with JavaScript on a desktop, once as plain HTML forms on a 360×640 phone.
 * Expected texts come from locales/en-US/*.json; amounts are what the member must see.
 */

const en = texts("en-US");
const LNG = "en-US";

const BANK = {
  bank: "Demo Commercial Bank",
  branch: "Taipei Main Branch",
  accountNumber: "0015-123-456789",
  currency: "USD",
  address: "1 Example Road, Taipei",
};
const FILE_INPUT = { id_front: "idFrontFile", id_back: "idBackFile", passbook: "passbookFile" } as const;
const FILE_ID_SELECT = { id_front: "idFrontFileId", id_back: "idBackFileId", passbook: "passbookFileId" } as const;

interface Mode {
  js: boolean;
}

/** With JavaScript the forms must be hydrated first, or a click would be a plain HTML post. */
async function open(page: Page, path: string, mode: Mode) {
  await page.goto(`${DEMO}${path}`);
  if (mode.js) await waitForHydration(page);
}

async function expectToast(page: Page, key: string) {
  await expect(page.getByTestId("toast"), `toast messages.${key}`).toHaveText(en.msg(key));
}

async function expectBalances(page: Page, balances: { main: string; onHold?: string; game?: string }) {
  await page.goto(`${DEMO}/user`);
  await expect(page.getByTestId("main-balance")).toHaveText(balances.main);
  if (balances.onHold !== undefined) await expect(page.getByTestId("on-hold")).toHaveText(balances.onHold);
  if (balances.game !== undefined) await expect(page.getByTestId("game-balance-binary")).toHaveText(balances.game);
}

async function expectNoSidewaysScroll(page: Page, what: string) {
  const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(width, `${what} is ${width}px wide at a 360px viewport`).toBeLessThanOrEqual(360);
}

async function deposit(page: Page, mode: Mode, amount: string) {
  await open(page, "/user/deposit", mode);
  const form = formWith(page, "optionId");
  await form.locator('input[name="optionId"][value="demo-instant"]').check();
  await form.locator('[name="amount"]').fill(amount);
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(`${DEMO}/user/deposit`);
  await expectToast(page, "deposit_credited");
}

async function transfer(
  page: Page,
  mode: Mode,
  direction: "in" | "out",
  amount: string,
  after: { main: string; game: string },
) {
  await open(page, "/user/transfer", mode);
  const form = formWith(page, "direction");
  await form.locator(`input[name="direction"][value="${direction}"]`).check();
  await form.locator('[name="amount"]').fill(amount);
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(`${DEMO}/user/transfer`);
  await expectToast(page, direction === "in" ? "transfer_in_success" : "transfer_out_success");
  // the transfer page's own summary, then the member center
  await expect(page.getByTestId("main-balance")).toHaveText(after.main);
  await expect(page.getByTestId("game-balance-binary")).toHaveText(after.game);
  await expectBalances(page, after);
}

/** Uploads the three documents on /uploaderfile; returns each kind's new fileId. */
async function uploadDocuments(page: Page, testInfo: TestInfo, mode: Mode): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  await open(page, "/uploaderfile", mode);
  await expect(page.getByText(en.bank("list.empty"))).toBeVisible();
  for (const [i, kind] of DOCUMENT_KINDS.entries()) {
    const path = tempFile(testInfo, `${kind}.png`, PNG_1X1);
    const form = formWith(page, "kind");
    await form.locator('select[name="kind"]').selectOption(kind);
    await form.locator('input[name="file"]').setInputFiles(path);
    await form.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(`${DEMO}/uploaderfile`);
    await expectToast(page, "upload_success");
    const items = page.locator('li[data-testid^="document-"]');
    await expect(items).toHaveCount(i + 1);
    // newest first: the one just uploaded, a 1×1 image of this kind
    const newest = items.first();
    await expect(newest).toContainText(en.bank(`kind.${kind}`));
    await expect(newest).toContainText(en.bank("list.pixels", { width: "1", height: "1" }));
    ids[kind] = (await newest.getAttribute("data-testid"))!.slice("document-".length);
    // the thumbnail is served back to its owner
    const image = await page.request.get(`${DEMO}/uploaderfile/${ids[kind]}`);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
    expect(Buffer.compare(await image.body(), PNG_1X1)).toBe(0);
    if (mode.js) await waitForHydration(page);
  }
  return ids;
}

/** Applies on /user/bank: with the uploaded documents preselected, or with new files on the form. */
async function applyForBank(
  page: Page,
  testInfo: TestInfo,
  mode: Mode,
  member: Member,
  uploaded: Record<string, string> | null,
) {
  await open(page, "/user/bank", mode);
  await expect(page.getByTestId("bank-status")).toHaveText(en.bank("status.none"));
  const form = formWith(page, "accountNumber");
  await form.locator('[name="bank"]').fill(BANK.bank);
  await form.locator('[name="branch"]').fill(BANK.branch);
  await form.locator('[name="accountName"]').fill(member.realName);
  await form.locator('[name="accountNumber"]').fill(BANK.accountNumber);
  await form.locator('[name="currency"]').fill(BANK.currency);
  await form.locator('[name="address"]').fill(BANK.address);
  for (const kind of DOCUMENT_KINDS) {
    if (uploaded) {
      // the latest upload of each kind is preselected
      await expect(form.locator(`select[name="${FILE_ID_SELECT[kind]}"]`)).toHaveValue(uploaded[kind]!);
    } else {
      await expect(form.locator(`select[name="${FILE_ID_SELECT[kind]}"]`)).toHaveCount(0);
      await form
        .locator(`input[name="${FILE_INPUT[kind]}"]`)
        .setInputFiles(tempFile(testInfo, `bank-${kind}.png`, PNG_1X1));
    }
  }
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(`${DEMO}/user/bank`);
  // demo reviews bank accounts automatically: bound at once, and the form is gone
  await expectToast(page, "bank_approved");
  await expect(page.getByTestId("bank-status")).toHaveText(en.bank("status.approved"));
  await expect(page.locator("main")).toContainText(
    en.bank("account_number_masked", { last4: BANK.accountNumber.slice(-4) }),
  );
  await expect(formWith(page, "accountNumber")).toHaveCount(0);

  // the application names exactly the documents the member chose
  const application = await queuedItem<{ memberId: string; account: string; status: string } & Record<string, string>>(
    "demo",
    "bank-applications",
    member.account,
    "all",
  );
  expect(application.status).toBe("approved");
  if (uploaded) {
    expect([application.idFrontFileId, application.idBackFileId, application.passbookFileId]).toEqual([
      uploaded.id_front,
      uploaded.id_back,
      uploaded.passbook,
    ]);
  } else {
    // the files chosen on the bank form were uploaded as the member's documents
    await page.goto(`${DEMO}/uploaderfile`);
    await expect(page.locator('li[data-testid^="document-"]')).toHaveCount(3);
    for (const kind of DOCUMENT_KINDS) {
      const key = FILE_ID_SELECT[kind];
      await expect(page.getByTestId(`document-${application[key]}`)).toContainText(en.bank(`kind.${kind}`));
    }
  }
}

async function withdraw(page: Page, mode: Mode, member: Member) {
  const info = await siteInfo("demo");
  await open(page, "/user/withdraw", mode);
  const form = formWith(page, "amount");
  // the fee rule is there before anything is typed (it is all a page without JavaScript can show)
  const percent = new Intl.NumberFormat(LNG, { style: "percent", maximumFractionDigits: 2 }).format(
    info.withdrawFeeRatio,
  );
  await expect(form.locator(".fee-preview p").first()).toHaveText(
    en.money("withdraw.fee_rule", { percent, fixed: moneyText(info.withdrawFeeFixed, info.currency, LNG) }),
  );
  await expect(form.locator(".fee-preview p").first()).toHaveText(
    en.money("withdraw.fee_rule", { percent: "1%", fixed: "US$1.00" }),
  );
  await expect(page.getByTestId("fee-preview")).toHaveCount(0);
  await expect(form).toContainText(
    en.money("withdraw.to_value", { details: `${BANK.bank} ····${BANK.accountNumber.slice(-4)}` }),
  );

  await form.locator('[name="amount"]').fill("100");
  if (mode.js) {
    // the live preview: 1 % of $100.00 plus $1.00, and what will be held
    await expect(page.getByTestId("fee-preview")).toHaveText(
      en.money("withdraw.fee_total", { fee: "US$2.00", total: "US$102.00" }),
    );
  } else {
    await expect(page.getByTestId("fee-preview")).toHaveCount(0);
  }
  await form.locator('[name="transactionPassword"]').fill(member.transactionPassword);
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(`${DEMO}/user/withdraw`);
  await expectToast(page, "withdraw_success");
  await expect(page.getByTestId("receipt")).toContainText(en.money("receipt.withdraw"));
  const recent = page.locator('section[aria-labelledby="recent-withdrawals"] li');
  await expect(recent).toHaveCount(1);
  await expect(recent.locator(".recent-what")).toHaveText(`US$100.00 · ${en.money("withdraw.fee")} US$2.00`);
  await expect(recent.locator(".status")).toHaveText(en.money("status.pending"));
  await expect(recent.locator("time")).toHaveCount(1);
  // amount and fee are held at once
  await expectBalances(page, { main: "US$248.00", onHold: "US$102.00", game: "US$150.00" });
}

/** The rows of the record table shown, as the texts of their cells (the time column left out). */
async function rowTexts(page: Page): Promise<string[][]> {
  const rows = page.locator("table.records-table tbody tr");
  await expect(rows.first()).toBeVisible();
  return rows.evaluateAll((trs) =>
    trs.map((tr) =>
      Array.from(tr.querySelectorAll("td")).map((td) => (td.textContent ?? "").replace(/\s+/g, " ").trim()),
    ),
  );
}

const sorted = (rows: string[][]) => [...rows].sort((a, b) => a.join("|").localeCompare(b.join("|")));

async function checkRecords(page: Page, mode: Mode) {
  const info = await siteInfo("demo");
  const r = en.records;
  const main = r("accounts.main");
  const hold = r("accounts.hold");
  const game = r("accounts.game", { name: DEMO_SITE.config.games![0]!.name });

  await open(page, "/user/record", mode);
  const tabs = page.locator(`nav[aria-label="${r("tabs.label")}"] a`);
  await expect(tabs).toHaveText([r("tabs.account"), r("tabs.transactions"), r("tabs.withdrawals")]);
  await expect(tabs.nth(0)).toHaveAttribute("aria-current", "page");

  // account records: one row per operation (not per posting), with the balance after it on the
  // account the member counts in; the postings and the reference are inside the row's detail
  const account = await rowTexts(page);
  expect(
    account.every((cells) => cells[3]!.includes(r("reference_value", { reference: "" }))),
    "every row names its operation",
  ).toBe(true);
  expect(sorted(account.map((cells) => cells.slice(0, 3)))).toEqual(
    sorted([
      [`${r("ledger_types.deposit")} ${main}`, "+US$500.00", "US$500.00"],
      [`${r("ledger_types.transfer_in")} ${main} → ${game}`, "−US$200.00", "US$300.00"],
      [`${r("ledger_types.transfer_out")} ${game} → ${main}`, "+US$50.00", "US$350.00"],
      [`${r("ledger_types.withdrawal_hold")} ${main} → ${hold}`, "−US$102.00", "US$248.00"],
      [`${r("ledger_types.withdrawal_paid")} ${hold}`, "−US$102.00", "US$0.00"],
    ]),
  );

  // transaction records: the deposit and both transfers
  await tabs.nth(1).click();
  await expect(page).toHaveURL(`${DEMO}/user/record?tab=transactions`);
  await expect(tabs.nth(1)).toHaveAttribute("aria-current", "page");
  await expect(page.locator("table.records-table caption")).toHaveText(r("tabs.transactions"));
  expect(sorted(await rowTexts(page))).toEqual(
    sorted([
      [`${r("kinds.deposit")} Instant demo credit`, "+US$500.00", r("status.credited")],
      [`${r("kinds.transfer_in")} ${main} → ${game}`, "−US$200.00", r("status.done")],
      [`${r("kinds.transfer_out")} ${game} → ${main}`, "+US$50.00", r("status.done")],
    ]),
  );

  // withdrawal records: paid, with its fee
  await tabs.nth(2).click();
  await expect(page).toHaveURL(`${DEMO}/user/record?tab=withdrawals`);
  await expect(page.locator("table.records-table caption")).toHaveText(r("tabs.withdrawals"));
  // no "limit amount" on every row: the limit is said once, beside the withdrawal form's amount
  await expect(page.locator("table.records-table thead th")).toHaveText(
    ["columns.time", "columns.details", "columns.amount", "columns.fee", "columns.status"].map((k) => r(k)),
  );
  expect(await rowTexts(page)).toEqual([
    [
      `${r("kinds.withdrawal")} ${BANK.bank} ****${BANK.accountNumber.slice(-4)}`,
      "−US$100.00",
      "US$2.00",
      r("status.paid"),
    ],
  ]);
  await expect(page.locator("main")).not.toContainText(moneyText(info.maxWithdrawAmount, "USD", LNG));
}

async function moneyJourney(page: Page, testInfo: TestInfo, mode: Mode & { phone?: boolean }) {
  const member = newMember();
  const narrow = async (what: string) => {
    if (mode.phone) await expectNoSidewaysScroll(page, what);
  };

  await test.step("sign up on demo", async () => {
    await signUp(page, DEMO, member);
    await expect(page.getByTestId("main-balance")).toHaveText("US$0.00");
  });

  await test.step("deposit 500 with the instant demo option: credited at once", async () => {
    await deposit(page, mode, "500");
    await narrow("/user/deposit");
    const recent = page.locator('section[aria-labelledby="recent-deposits"] li');
    await expect(recent.locator(".recent-what")).toHaveText(["US$500.00 · Instant demo credit"]);
    await expect(recent.locator(".status")).toHaveText([en.money("status.credited")]);
    await expectBalances(page, { main: "US$500.00", onHold: "US$0.00", game: "US$0.00" });
  });

  await test.step("transfer 200 in to the game wallet, then 50 out", async () => {
    await transfer(page, mode, "in", "200", { main: "US$300.00", game: "US$200.00" });
    await transfer(page, mode, "out", "50", { main: "US$350.00", game: "US$150.00" });
    await open(page, "/user/transfer", mode);
    await narrow("/user/transfer");
  });

  await test.step(
    mode.js
      ? "upload the three documents, then apply for the bank account with them"
      : "apply for the bank account with the documents on its form",
    async () => {
      const uploaded = mode.js ? await uploadDocuments(page, testInfo, mode) : null;
      await applyForBank(page, testInfo, mode, member, uploaded);
      await narrow("/uploaderfile");
      await page.goto(`${DEMO}/user/bank`);
      await narrow("/user/bank");
    },
  );

  await test.step("withdraw 100: fee shown before submitting, amount and fee held", async () => {
    await withdraw(page, mode, member);
    await page.goto(`${DEMO}/user/withdraw`);
    await narrow("/user/withdraw");
  });

  await test.step("the operator pays the withdrawal: the hold is released", async () => {
    const paid = await operatorApproveWithdrawal("demo", member.account);
    expect(paid).toMatchObject({ amount: 10_000, fee: 200, status: "pending" });
    await expectBalances(page, { main: "US$248.00", onHold: "US$0.00", game: "US$150.00" });
    await page.goto(`${DEMO}/user/withdraw`);
    await expect(page.locator('section[aria-labelledby="recent-withdrawals"] li .status')).toHaveText([
      en.money("status.paid"),
    ]);
  });

  await test.step("the records list every movement", async () => {
    await checkRecords(page, mode);
    await narrow("/user/record?tab=withdrawals");
  });
}

test.describe("with JavaScript (desktop)", () => {
  test("the money journey: deposit US$500 → transfer in US$200 and out US$50 → documents → bank approved → withdraw US$100 with the live fee preview → operator pays → records", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    // with JavaScript every form is posted by the router (fetch), never as a plain document post
    const documentPosts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.isNavigationRequest()) documentPosts.push(new URL(r.url()).pathname);
    });
    await moneyJourney(page, testInfo, { js: true });
    // the sign-up may have been sent before hydration; every money form after it went through the router
    expect(documentPosts.filter((p) => p !== "/register")).toEqual([]);
  });
});

test.describe("without JavaScript (360×640 phone)", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

  test("the same journey as plain HTML form posts: deposit, transfers, bank account with documents on its form, withdraw (fee rule only), operator pays, records", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await moneyJourney(page, testInfo, { js: false, phone: true });
  });
});
