import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastCode, sendCode, verifyCode } from "../platform/center-helpers";
import { bindBank, fund } from "../platform/money-helpers";
import { createStack, freshMember, registerFields, Visitor, type Stack } from "../helpers/site";
import { DEMO2_SITE, DEMO2_USDT_XPUB } from "../../server/cli/seed/sites";
import { readAccountXpub, receivingChain, tronDepositAddress } from "../../server/contract/hd-address";

let stack: Stack;
beforeAll(async () => {
  stack = await createStack();
});
afterAll(() => stack?.dispose());

async function member(origin = "http://localhost"): Promise<Visitor> {
  const visitor = new Visitor(stack, origin);
  const response = await visitor.post("/register", registerFields(freshMember()));
  expect(response.status).toBe(302);
  return visitor;
}

/** The form's idempotency key as rendered by the page. */
async function formKey(visitor: Visitor, path: string): Promise<string> {
  const html = await (await visitor.get(path)).text();
  const key = /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1];
  expect(key).toBeDefined();
  return key!;
}

const balance = (html: string, testId: string) =>
  new RegExp(`data-testid="${testId}"[^>]*>(?:<[^>]+>)*([^<]+)`).exec(html)?.[1];

describe("deposit page", () => {
  it("credits an instant demo deposit once, even when the same form is posted twice", async () => {
    const visitor = await member();
    const idempotencyKey = await formKey(visitor, "/user/deposit");
    const form = { optionId: "demo-instant", amount: "150.25", idempotencyKey };
    const first = await visitor.post("/user/deposit", form);
    const second = await visitor.post("/user/deposit", form);
    expect(first.status).toBe(302);
    expect(second.status).toBe(302);
    const home = (await visitor.follow("/user")).html;
    expect(balance(home, "main-balance")).toBe("US$150.25");
  });

  it("leaves a bank-transfer deposit pending and shows it in the recent list", async () => {
    const visitor = await member();
    const idempotencyKey = await formKey(visitor, "/user/deposit");
    await visitor.post("/user/deposit", { optionId: "bank-transfer", amount: "200", idempotencyKey });
    const page = (await visitor.follow("/user/deposit")).html;
    expect(page).toContain("Pending");
    // the page the success leads to shows its receipt once; a later visit shows the form alone
    expect(page).toContain('data-testid="receipt"');
    expect(page).toContain("Deposit received");
    expect((await visitor.follow("/user/deposit")).html).not.toContain('data-testid="receipt"');
    expect(balance((await visitor.follow("/user")).html, "main-balance")).toBe("US$0.00");
  });

  it("names the bank of a pending bank transfer in the member's language, the account as it is", async () => {
    const visitor = await member();
    const idempotencyKey = await formKey(visitor, "/user/deposit");
    await visitor.post("/user/deposit", { optionId: "bank-transfer", amount: "200", idempotencyKey });
    const english = (await visitor.follow("/user/deposit")).html;
    expect(english).toContain("Demo Commercial Bank");
    const view = /href="\/user\/deposit\?view=([^"]+)"/.exec(english)?.[1];
    expect(view, "the recent list links to the payment details").toBeDefined();
    expect((await visitor.post("/language", { locale: "ja_JP", redirectTo: "/" })).status).toBe(302);
    const japanese = (await visitor.follow(`/user/deposit?view=${view}`)).html;
    expect(japanese).toContain("Demo商業銀行");
    expect(japanese).not.toContain("Demo Commercial Bank");
    expect(japanese).toContain("0015-123-456789");
  });

  it.each([
    ["", "Please enter an amount."],
    ["12.345", "Enter an amount such as 100 or 100.50."],
    ["abc", "Enter an amount such as 100 or 100.50."],
    ["0.01", "The amount is below the minimum."],
    ["99999999", "The amount is above the maximum."],
  ])("refuses the amount %j with %j and changes nothing", async (amount, message) => {
    const visitor = await member();
    const idempotencyKey = await formKey(visitor, "/user/deposit");
    const response = await visitor.post("/user/deposit", { optionId: "demo-instant", amount, idempotencyKey });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    expect(balance((await visitor.follow("/user")).html, "main-balance")).toBe("US$0.00");
  });

  it("shows a brand2 member their address derived from the site's xpub, with its QR, the same on every deposit", async () => {
    const params = { siteId: DEMO2_SITE.siteId, optionId: "usdt-trc20" };
    expect(
      (await stack.platform.operator("operatorSetDepositXpub", { params, body: { xpub: DEMO2_USDT_XPUB } })).envelope
        .statusCode,
    ).toBe(200);
    const visitor = await member("http://brand2.localhost");
    const shown = async (amount: string) => {
      await visitor.post("/user/deposit", {
        optionId: "usdt-trc20",
        amount,
        idempotencyKey: await formKey(visitor, "/user/deposit"),
      });
      const page = (await visitor.follow("/user/deposit")).html;
      expect(page).toContain('class="payment-qr"');
      return /data-testid="payment-address"[^>]*>(?:<[^>]+>)*(T[1-9A-HJ-NP-Za-km-z]{33})</.exec(page)?.[1];
    };
    const first = await shown("500");
    expect(first).toBeDefined();
    expect(await shown("320")).toBe(first);
    const held = (
      await stack.platform.operator("operatorDepositAddresses", {
        params,
        query: { page: 1, pageSize: 1, address: first },
      })
    ).envelope.data!;
    const read = readAccountXpub(DEMO2_USDT_XPUB);
    expect(read.ok && tronDepositAddress(receivingChain(read.key), held.holders.items[0]!.index!)).toBe(first);
  });

  it("shows the amount messages in Traditional Chinese on the zh-TW site", async () => {
    const visitor = await member("http://brand2.localhost");
    const idempotencyKey = await formKey(visitor, "/user/deposit");
    const response = await visitor.post("/user/deposit", { optionId: "usdt-trc20", amount: "abc", idempotencyKey });
    expect(await response.text()).toContain("請輸入如100或100.50的金額。");
  });
});

describe("transfer page", () => {
  it("moves points into the game wallet and back, with insufficient-balance messages", async () => {
    const visitor = await member();
    await visitor.post("/user/deposit", {
      optionId: "demo-instant",
      amount: "100",
      idempotencyKey: await formKey(visitor, "/user/deposit"),
    });

    const tooMuch = await visitor.post("/user/transfer", {
      direction: "in",
      gameCode: "binary",
      amount: "100.01",
      idempotencyKey: await formKey(visitor, "/user/transfer"),
    });
    expect(await tooMuch.text()).toContain("Insufficient balance.");

    const moveIn = await visitor.post("/user/transfer", {
      direction: "in",
      gameCode: "binary",
      amount: "60",
      idempotencyKey: await formKey(visitor, "/user/transfer"),
    });
    expect(moveIn.status).toBe(302);
    let page = (await visitor.follow("/user/transfer")).html;
    expect(page).toContain("Transferred in to the game wallet.");
    expect(balance(page, "main-balance")).toBe("US$40.00");
    expect(balance(page, "game-balance-binary")).toBe("US$60.00");

    const outTooMuch = await visitor.post("/user/transfer", {
      direction: "out",
      gameCode: "binary",
      amount: "61",
      idempotencyKey: await formKey(visitor, "/user/transfer"),
    });
    expect(await outTooMuch.text()).toContain("Insufficient game wallet balance.");

    await visitor.post("/user/transfer", {
      direction: "out",
      gameCode: "binary",
      amount: "10",
      idempotencyKey: await formKey(visitor, "/user/transfer"),
    });
    page = (await visitor.follow("/user/transfer")).html;
    expect(page).toContain("Transferred out to the main account.");
    expect(balance(page, "main-balance")).toBe("US$50.00");
    expect(balance(page, "game-balance-binary")).toBe("US$50.00");
  });
});

describe("withdraw page", () => {
  it("asks for a bank card first when the member has none", async () => {
    const visitor = await member();
    const html = (await visitor.follow("/user/withdraw")).html;
    expect(html).toContain("Please bind a bank card first.");
    expect(html).not.toContain('name="amount"');
  });

  it("on a site with smsVerify, says first that the mobile must be verified (a link, no form) and shows the form once it is", async () => {
    await stack.platform.seedSite("demo", { smsVerify: true });
    try {
      const m = await stack.platform.signupMember("demo");
      await bindBank(stack.platform, m);
      await fund(stack.platform, m, 50_000);
      const visitor = new Visitor(stack);
      expect((await visitor.signIn(m.account, m.password)).status).toBe(302);
      const before = (await visitor.follow("/user/withdraw")).html;
      expect(before).toContain("This site pays withdrawals only to members who have verified their mobile number.");
      expect(before).toMatch(/<a [^>]*href="\/user\/smsVerify"[^>]*>Verify my mobile number<\/a>/);
      expect(before).not.toContain('name="amount"');
      // a post made anyway (an old tab) is refused by the platform (verify_mobile_first), holding
      // nothing, and the page answers with the same notice
      const refused = await visitor.post("/user/withdraw", {
        amount: "100",
        transactionPassword: m.transactionPassword,
        idempotencyKey: randomUUID(),
      });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("Verify my mobile number");
      expect(
        (await stack.platform.call("withdrawals", { token: m.token, siteId: "demo" })).envelope.data?.items,
      ).toEqual([]);

      expect((await sendCode(stack.platform, m)).envelope.statusCode).toBe(200);
      const sent = await lastCode(stack.platform, "demo", m.mobile);
      expect((await verifyCode(stack.platform, m, sent!.code)).envelope.statusCode).toBe(200);
      const after = (await visitor.follow("/user/withdraw")).html;
      expect(after).not.toContain("verified their mobile number");
      expect(after).toContain('name="amount"');
    } finally {
      await stack.platform.seedSite("demo", { smsVerify: false });
    }
  });

  it("holds amount plus fee at once, shows the request pending, and refuses a wrong transaction password", async () => {
    // demo: bankAutoReview and transactionPasswordRequired; fee 1% + $1.00
    const m = await stack.platform.signupMember("demo");
    await bindBank(stack.platform, m);
    await fund(stack.platform, m, 50_000);
    const visitor = new Visitor(stack);
    expect((await visitor.signIn(m.account, m.password)).status).toBe(302);

    const form = (await visitor.follow("/user/withdraw")).html;
    expect(form).toContain("Handling fee: 1% of the amount plus");
    expect(form).toContain('name="amount"');

    const wrong = await visitor.post("/user/withdraw", {
      amount: "100",
      transactionPassword: "not-the-one",
      idempotencyKey: await formKey(visitor, "/user/withdraw"),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Wrong transaction password.");

    const missing = await visitor.post("/user/withdraw", {
      amount: "100",
      idempotencyKey: await formKey(visitor, "/user/withdraw"),
    });
    expect(await missing.text()).toContain("Please enter your transaction password.");

    const ok = await visitor.post("/user/withdraw", {
      amount: "100",
      transactionPassword: m.transactionPassword,
      idempotencyKey: await formKey(visitor, "/user/withdraw"),
    });
    expect(ok.status).toBe(302);
    const page = (await visitor.follow("/user/withdraw")).html;
    expect(page).toContain("Withdrawal request submitted.");
    expect(page).toContain("Pending");
    const home = (await visitor.follow("/user")).html;
    // $500.00 − ($100.00 + 1% + $1.00) = $398.00 available, $102.00 on hold
    expect(balance(home, "main-balance")).toBe("US$398.00");
    expect(balance(home, "on-hold")).toBe("US$102.00");
  });
});
