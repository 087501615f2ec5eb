import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Platform, TestMember } from "../helpers/platform";
import { sharedPlatform } from "../helpers/shared";
import {
  bankBody,
  bindBank,
  eventually,
  expectSoundLedger,
  fund,
  ledgerOf,
  memberCall,
  memberIdOf,
  MONEY_SITE,
  uploadAll,
  wallets,
} from "./money-helpers";

const SITE = "money-tw";
const OPEN_SITE = "money-open"; // bankVerify off, no transaction password
let platform: Platform;
const members = new Set<TestMember>();
const newMember = async (site = SITE) => {
  const m = await platform.signupMember(site);
  members.add(m);
  return m;
};
beforeAll(async () => {
  platform = await sharedPlatform();
  await platform.seedSite(SITE, MONEY_SITE);
  await platform.seedSite(OPEN_SITE, {
    ...MONEY_SITE,
    bankVerify: false,
    transactionPasswordRequired: false,
    withdrawFeeRatio: 0,
    withdrawFeeFixed: 0,
  });
});
afterEach(async () => {
  await expectSoundLedger(platform, members);
});
afterAll(() => platform.dispose());

const transfer = (m: TestMember, direction: "in" | "out", gameCode: string, amount: number) =>
  memberCall(platform, m, "transfer", { body: { direction, gameCode, amount } });

describe("transfer", () => {
  it("moves points into a game wallet and back out", async () => {
    const m = await newMember();
    await fund(platform, m, 10_000);
    const into = await transfer(m, "in", "contract", 4_000);
    expect(into.envelope.data).toMatchObject({ direction: "in", gameCode: "contract", amount: 4_000, status: "done" });
    expect((await transfer(m, "out", "contract", 1_500)).envelope.statusCode).toBe(200);
    const w = await wallets(platform, m);
    expect(w.main.balance).toBe(7_500);
    expect(w.games.find((g) => g.code === "contract")!.balance).toBe(2_500);
    const list = (await memberCall(platform, m, "transfers")).envelope.data!;
    expect(list.items.map((t) => [t.direction, t.amount])).toEqual([
      ["out", 1_500],
      ["in", 4_000],
    ]);
  });

  it("answers game_not_found for a game the site does not have", async () => {
    const m = await newMember();
    await fund(platform, m, 10_000);
    expect((await transfer(m, "in", "poker", 1_000)).envelope).toEqual({ statusCode: 400, message: "game_not_found" });
  });

  it("answers amount_out_of_range below the site's minimum transfer", async () => {
    const m = await newMember();
    await fund(platform, m, 10_000);
    expect((await transfer(m, "in", "binary", 99)).envelope.message).toBe("amount_out_of_range");
  });

  it("answers insufficient_balance moving in more than the main account holds", async () => {
    const m = await newMember();
    await fund(platform, m, 1_000);
    expect((await transfer(m, "in", "binary", 1_001)).envelope).toEqual({
      statusCode: 400,
      message: "insufficient_balance",
    });
    expect((await wallets(platform, m)).main.balance).toBe(1_000);
  });

  it("answers insufficient_game_wallet_balance moving out more than the wallet holds", async () => {
    const m = await newMember();
    await fund(platform, m, 5_000);
    await transfer(m, "in", "binary", 1_000);
    expect((await transfer(m, "out", "binary", 1_001)).envelope).toEqual({
      statusCode: 400,
      message: "insufficient_game_wallet_balance",
    });
  });
});

describe("withdraw", () => {
  const withdraw = (m: TestMember, amount: number, transactionPassword?: string) =>
    memberCall(platform, m, "withdraw", {
      body: { amount, ...(transactionPassword === undefined ? {} : { transactionPassword }) },
    });

  it("answers bind_bank_card_first without an approved bank account", async () => {
    const m = await newMember();
    await fund(platform, m, 10_000);
    expect((await withdraw(m, 2_000, m.transactionPassword)).envelope).toEqual({
      statusCode: 400,
      message: "bind_bank_card_first",
    });
    // an application under review is not enough where the site verifies bank accounts
    await memberCall(platform, m, "bankApply", { body: bankBody(await uploadAll(platform, m)) });
    expect((await withdraw(m, 2_000, m.transactionPassword)).envelope.message).toBe("bind_bank_card_first");
  });

  it("accepts an application under review where the site does not verify bank accounts", async () => {
    const m = await newMember(OPEN_SITE);
    await fund(platform, m, 10_000);
    expect((await withdraw(m, 2_000)).envelope.message).toBe("bind_bank_card_first");
    const applied = await memberCall(platform, m, "bankApply", { body: bankBody(await uploadAll(platform, m)) });
    expect(applied.envelope.data!.status).toBe("under_review");
    expect((await withdraw(m, 2_000)).envelope.data).toMatchObject({ amount: 2_000, fee: 0, status: "pending" });
  });

  it("asks for the transaction password, and refuses a wrong one, holding nothing", async () => {
    const m = await newMember();
    await fund(platform, m, 10_000);
    await bindBank(platform, m);
    expect((await withdraw(m, 2_000)).envelope).toEqual({ statusCode: 400, message: "transaction_password_required" });
    expect((await withdraw(m, 2_000, "not-the-password")).envelope).toEqual({
      statusCode: 400,
      message: "wrong_transaction_password",
    });
    expect((await wallets(platform, m)).main).toEqual({ balance: 10_000, onHold: 0, bonus: 0 });
  });

  it("holds amount plus fee (ceil of the ratio, plus the fixed fee) and reports limit and details", async () => {
    const m = await newMember();
    await fund(platform, m, 100_000);
    await bindBank(platform, m);
    const { envelope } = await withdraw(m, 10_001, m.transactionPassword);
    // 10_001 × 1.5 % = 150.015 → 151, plus 100 fixed
    expect(envelope.data).toMatchObject({
      amount: 10_001,
      fee: 251,
      limitAmount: 5_000_000,
      details: "Demo Commercial Bank ****6789",
      status: "pending",
    });
    expect((await wallets(platform, m)).main).toEqual({ balance: 100_000 - 10_252, onHold: 10_252, bonus: 0 });
  });

  it("answers amount_out_of_range outside the site's withdrawal limits", async () => {
    const m = await newMember(OPEN_SITE);
    await fund(platform, m, 100_000);
    await bindBank(platform, m);
    expect((await withdraw(m, 999)).envelope.message).toBe("amount_out_of_range");
    expect((await withdraw(m, 5_000_001)).envelope.message).toBe("amount_out_of_range");
  });

  it("answers insufficient_balance when the main account cannot cover amount and fee", async () => {
    const m = await newMember();
    await fund(platform, m, 10_000);
    await bindBank(platform, m);
    // 9_800 + ceil(147) + 100 = 10_047 > 10_000
    expect((await withdraw(m, 9_800, m.transactionPassword)).envelope.message).toBe("insufficient_balance");
    expect((await wallets(platform, m)).main).toEqual({ balance: 10_000, onHold: 0, bonus: 0 });
  });

  it("pays an approved withdrawal: the hold goes to the bank and the fee to fees", async () => {
    const m = await newMember();
    await fund(platform, m, 50_000);
    await bindBank(platform, m);
    const w = (await withdraw(m, 20_000, m.transactionPassword)).envelope.data!;
    const params = { siteId: SITE, id: w.id };
    const queued = await eventually(async () => {
      const list = (await platform.operator("operatorWithdrawals", { params: { siteId: SITE }, query: {} })).envelope
        .data!;
      return list.find((x) => x.id === w.id);
    });
    expect(queued).toMatchObject({ memberId: memberIdOf(m), account: m.account, status: "pending" });
    const approved = await platform.operator("operatorApproveWithdrawal", { params, body: {} });
    expect(approved.envelope.data).toMatchObject({ status: "paid" });
    expect((await wallets(platform, m)).main).toEqual({ balance: 50_000 - 20_400, onHold: 0, bonus: 0 });
    expect((await ledgerOf(platform, m)).balances).toMatchObject({ "external:withdrawal": 20_000, fees: 400, hold: 0 });
    const types = (await memberCall(platform, m, "records")).envelope.data!.items.map((r) => r.type);
    expect(types.slice(0, 4)).toEqual(["withdrawal_paid", "withdrawal_paid", "withdrawal_hold", "withdrawal_hold"]);
    expect((await memberCall(platform, m, "withdrawals")).envelope.data!.items[0]).toMatchObject({
      id: w.id,
      status: "paid",
    });
  });

  it("returns amount and fee to the main account when rejected, with the reason", async () => {
    const m = await newMember();
    await fund(platform, m, 50_000);
    await bindBank(platform, m);
    const w = (await withdraw(m, 20_000, m.transactionPassword)).envelope.data!;
    await eventually(async () =>
      (await platform.operator("operatorWithdrawals", { params: { siteId: SITE }, query: {} })).envelope.data!.some(
        (x) => x.id === w.id,
      ),
    );
    const rejected = await platform.operator("operatorRejectWithdrawal", {
      params: { siteId: SITE, id: w.id },
      body: { reason: "Account name does not match" },
    });
    expect(rejected.envelope.data).toMatchObject({ status: "rejected", reason: "Account name does not match" });
    expect((await wallets(platform, m)).main).toEqual({ balance: 50_000, onHold: 0, bonus: 0 });
    expect((await memberCall(platform, m, "withdrawals")).envelope.data!.items[0]!.reason).toBe(
      "Account name does not match",
    );
  });
});
