import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { tronAddresses } from "../../server/cli/seed/tron-addresses";
import type { Platform, TestMember } from "../helpers/platform";
import { sharedPlatform } from "../helpers/shared";
import {
  BANK_OPTION,
  DEMO_OPTION,
  eventually,
  expectSoundLedger,
  FRESH_OPTION,
  memberCall,
  MONEY_SITE,
  POOL_OPTION,
  wallets,
} from "./money-helpers";

/**
 * What a member pays for a deposit (server/contract/README.md, "Deposits"): the payment fixed when
 * it is asked for, the addresses of the operator's pool, and the operator confirming against it.
 */

const SITE = "money-pay";
const EMPTY = "money-pay-empty";
const POOL = tronAddresses("money-pay", 6);
let platform: Platform;
const members = new Set<TestMember>();
const newMember = async (site = SITE) => {
  const m = await platform.signupMember(site);
  members.add(m);
  return m;
};
const options = [DEMO_OPTION, BANK_OPTION, POOL_OPTION, FRESH_OPTION] as unknown as NonNullable<
  typeof MONEY_SITE.depositOptions
>;

beforeAll(async () => {
  platform = await sharedPlatform();
  await platform.seedSite(SITE, { ...MONEY_SITE, depositOptions: options });
  await platform.seedSite(EMPTY, { ...MONEY_SITE, depositOptions: options });
  const loaded = await platform.operator("operatorAddDepositAddresses", {
    params: { siteId: SITE, optionId: POOL_OPTION.id },
    body: { addresses: POOL.slice(0, 5) },
  });
  expect(loaded.envelope.data).toEqual({
    optionId: POOL_OPTION.id,
    source: "pool",
    xpub: null,
    free: 5,
    assigned: 0,
    derived: 0,
  });
  await platform.operator("operatorAddDepositAddresses", {
    params: { siteId: SITE, optionId: FRESH_OPTION.id },
    body: { addresses: tronAddresses("money-pay-btc", 3) },
  });
});
afterEach(async () => {
  await expectSoundLedger(platform, members);
});
afterAll(() => platform.dispose());

const deposit = (m: TestMember, optionId: string, amount: number, key?: string) =>
  memberCall(platform, m, "deposit", { body: { optionId, amount }, key });
const pool = async (siteId: string, optionId: string) =>
  (await platform.operator("operatorDepositAddresses", { params: { siteId, optionId } })).envelope;

describe("the payment of a deposit", () => {
  it("gives a bank deposit the option's account and a reference of its own, in every view of it", async () => {
    const m = await newMember();
    const first = (await deposit(m, BANK_OPTION.id, 5_000)).envelope.data!;
    const second = (await deposit(m, BANK_OPTION.id, 6_000)).envelope.data!;
    expect(first.payment).toEqual({
      kind: "bank",
      reference: expect.stringMatching(/^[2-9A-HJ-NP-Z]{8}$/),
      ...BANK_OPTION.bankAccount,
    });
    expect(second.payment!.reference).not.toBe(first.payment!.reference);
    const listed = (await memberCall(platform, m, "deposits")).envelope.data!.items;
    expect(listed.find((d) => d.id === first.id)!.payment).toEqual(first.payment);
    const transactions = (await memberCall(platform, m, "transactions")).envelope.data!.items;
    expect(transactions.find((t) => t.id === first.id)).toMatchObject({ payment: first.payment });
    const queued = await eventually(async () =>
      (
        await platform.operator("operatorDeposits", { params: { siteId: SITE }, query: { status: "pending" } })
      ).envelope.data!.find((d) => d.id === first.id),
    );
    expect(queued.payment).toEqual(first.payment);
  });

  it("pays nothing for a demo deposit (credited at once)", async () => {
    const m = await newMember();
    expect((await deposit(m, DEMO_OPTION.id, 5_000)).envelope.data).toMatchObject({
      status: "credited",
      payment: null,
    });
  });

  it("gives a member one address of the pool, the same for every deposit, with the exact asset amount", async () => {
    const m = await newMember();
    const a = (await deposit(m, POOL_OPTION.id, 50_000)).envelope.data!;
    const b = (await deposit(m, POOL_OPTION.id, 1_000)).envelope.data!;
    expect(a.payment).toEqual({
      kind: "crypto",
      reference: expect.stringMatching(/^[2-9A-HJ-NP-Z]{8}$/),
      asset: "USDT",
      network: "TRON (TRC20)",
      address: expect.stringMatching(/^T/),
      assetAmount: "15.625000",
    });
    expect(POOL).toContain(a.payment!.kind === "crypto" && a.payment!.address);
    expect(b.payment).toMatchObject({ address: (a.payment as { address: string }).address, assetAmount: "0.312500" });
  });

  it("gives different members different addresses, and a retry of the same request the same deposit and address", async () => {
    const [m1, m2] = [await newMember(), await newMember()];
    const key = "pool-retry-key-0001";
    const [x, y] = await Promise.all([
      deposit(m1, POOL_OPTION.id, 3_200, key),
      deposit(m1, POOL_OPTION.id, 3_200, key),
    ]);
    expect(y.envelope).toEqual(x.envelope);
    const other = (await deposit(m2, POOL_OPTION.id, 3_200)).envelope.data!;
    const address = (d: typeof other) => (d.payment as { address: string }).address;
    expect(address(other)).not.toBe(address(x.envelope.data!));
    expect((await memberCall(platform, m1, "deposits")).envelope.data!.total).toBe(1);
  });

  it("gives a per-deposit option a fresh address per request, but the same one to a retry", async () => {
    const m = await newMember();
    const a = (await deposit(m, FRESH_OPTION.id, 250_000, "fresh-key-00000001")).envelope.data!;
    const again = (await deposit(m, FRESH_OPTION.id, 250_000, "fresh-key-00000001")).envelope.data!;
    const b = (await deposit(m, FRESH_OPTION.id, 250_000)).envelope.data!;
    expect(again).toEqual(a);
    expect(a.payment).toMatchObject({ asset: "BTC", assetAmount: "0.00083334" });
    expect((b.payment as { address: string }).address).not.toBe((a.payment as { address: string }).address);
    expect(await pool(SITE, FRESH_OPTION.id)).toMatchObject({ data: { free: 1, assigned: 2 } });
  });

  it("refuses with deposit_address_unavailable when the pool is empty, recording nothing and taking nothing", async () => {
    const m = await newMember(EMPTY);
    expect((await deposit(m, POOL_OPTION.id, 5_000)).envelope).toEqual({
      statusCode: 400,
      message: "deposit_address_unavailable",
    });
    expect((await memberCall(platform, m, "deposits")).envelope.data!.total).toBe(0);
    expect(await pool(EMPTY, POOL_OPTION.id)).toMatchObject({ data: { free: 0, assigned: 0 } });
    // a refused amount takes no address either
    await platform.operator("operatorAddDepositAddresses", {
      params: { siteId: EMPTY, optionId: POOL_OPTION.id },
      body: { addresses: POOL.slice(5) },
    });
    expect((await deposit(m, POOL_OPTION.id, 1)).envelope.message).toBe("amount_out_of_range");
    expect(await pool(EMPTY, POOL_OPTION.id)).toMatchObject({ data: { free: 1, assigned: 0 } });
  });

  it("credits a confirmed crypto deposit once, found in the queue by its reference", async () => {
    const m = await newMember();
    const d = (await deposit(m, POOL_OPTION.id, 64_000)).envelope.data!;
    const reference = d.payment!.reference;
    const queued = await eventually(async () =>
      (
        await platform.operator("operatorDeposits", { params: { siteId: SITE }, query: { status: "pending" } })
      ).envelope.data!.find((q) => q.payment?.reference === reference),
    );
    expect(queued).toMatchObject({ id: d.id, payment: { assetAmount: "20.000000" } });
    const params = { siteId: SITE, id: queued.id };
    const [a, b] = await Promise.all([
      platform.operator("operatorConfirmDeposit", { params, body: {} }),
      platform.operator("operatorConfirmDeposit", { params, body: {} }),
    ]);
    expect([a.envelope.message, b.envelope.message].sort()).toEqual(["already_decided", "ok"]);
    expect((await wallets(platform, m)).main.balance).toBe(64_000);
  });
});

describe("the operator's address pool", () => {
  it("skips an address already loaded and counts free and given-out addresses", async () => {
    const { holders, ...before } = (await pool(SITE, POOL_OPTION.id)).data!;
    const again = await platform.operator("operatorAddDepositAddresses", {
      params: { siteId: SITE, optionId: POOL_OPTION.id },
      body: { addresses: POOL.slice(0, 5) },
    });
    expect(again.envelope.data).toEqual(before);
    // every given-out address is listed with its holder (a pool address has no derivation index)
    expect(holders.total).toBe(before.assigned);
    expect(holders.items.every((h) => h.index === null && POOL.includes(h.address))).toBe(true);
    expect(before.free + before.assigned).toBe(5);
  });

  it("refuses a pool for an option that has none (bank, or unknown) with deposit_option_invalid", async () => {
    for (const optionId of [BANK_OPTION.id, "no-such-option"]) {
      expect(await pool(SITE, optionId)).toEqual({ statusCode: 400, message: "deposit_option_invalid" });
      const add = await platform.operator("operatorAddDepositAddresses", {
        params: { siteId: SITE, optionId },
        body: { addresses: POOL.slice(0, 1) },
      });
      expect(add.envelope).toEqual({ statusCode: 400, message: "deposit_option_invalid" });
    }
  });
});
