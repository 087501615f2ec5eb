import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEMO2_SITE, DEMO2_USDT_XPUB } from "../../server/cli/seed/sites";
import { tronAddresses } from "../../server/cli/seed/tron-addresses";
import { CLIENT_LIMITS } from "../../server/contract";
import { readAccountXpub, receivingChain, tronAddress, tronDepositAddress } from "../../server/contract/hd-address";
import { createPlatform, type Platform, type TestMember } from "../helpers/platform";
import {
  BANK_OPTION,
  DEMO_OPTION,
  expectSoundLedger,
  FRESH_OPTION,
  memberCall,
  memberIdOf,
  MONEY_SITE,
  POOL_OPTION,
  TEST_ROOT,
  TEST_XPUB,
  XPUB_OPTION,
} from "./money-helpers";

/**
 * Crypto deposit addresses that never run out (server/platform/README.md, "Deposit addresses from
 * an xpub"). The finding: one member's 4 deposit requests emptied a 3-address pool, and 38 scripted
 * sign-ups would have stopped demo2's USDT deposits for everyone. Now each member gets one address
 * per option, derived from the operator's xpub at an index the site object hands out once.
 */

const DEMO2 = "xpub-demo2";
const SITE = "xpub-site";
let platform: Platform;
const members = new Set<TestMember>();
const newMember = async (site = SITE) => {
  const m = await platform.signupMember(site);
  members.add(m);
  return m;
};
const options = [DEMO_OPTION, BANK_OPTION, POOL_OPTION, FRESH_OPTION, XPUB_OPTION] as unknown as NonNullable<
  typeof MONEY_SITE.depositOptions
>;

const addressOf = (d: { payment: unknown }) => (d.payment as { address: string }).address;
const deposit = (m: TestMember, optionId: string, amount = 3_200, key?: string) =>
  memberCall(platform, m, "deposit", { body: { optionId, amount }, key });
const view = async (siteId: string, optionId: string, query: { address?: string; pageSize?: number } = {}) =>
  (
    await platform.operator("operatorDepositAddresses", {
      params: { siteId, optionId },
      query: { page: 1, pageSize: 100, ...query },
    })
  ).envelope;
const setXpub = async (siteId: string, optionId: string, xpub: string) =>
  (await platform.operator("operatorSetDepositXpub", { params: { siteId, optionId }, body: { xpub } })).envelope;
const refuse = async (siteId: string, id: string) =>
  expect(
    (await platform.operator("operatorRefuseDeposit", { params: { siteId, id }, body: { reason: "test" } })).envelope,
  ).toMatchObject({ statusCode: 200 });
const addPool = (siteId: string, optionId: string, addresses: string[]) =>
  platform.operator("operatorAddDepositAddresses", { params: { siteId, optionId }, body: { addresses } });

/** What the operator's wallet holds at xpub/0/i, computed from the xpub alone. */
function derivedAt(xpub: string, i: number): string {
  const read = readAccountXpub(xpub);
  if (!read.ok) throw new Error(read.code);
  return tronDepositAddress(receivingChain(read.key), i);
}

beforeAll(async () => {
  platform = await createPlatform();
  // demo2 as the seed makes it (its config and its xpub), and the finding's 3-address pool beside it
  await platform.seedSite(DEMO2, DEMO2_SITE.config);
  for (const [optionId, xpub] of Object.entries(DEMO2_SITE.depositXpubs ?? {}))
    expect(await setXpub(DEMO2, optionId, xpub)).toMatchObject({ statusCode: 200 });
  await addPool(DEMO2, "usdt-trc20", tronAddresses("xpub-finding", 3));
  await platform.seedSite(SITE, { ...MONEY_SITE, depositOptions: options });
});
afterEach(async () => {
  await expectSoundLedger(platform, members);
});
afterAll(() => platform.dispose());

describe("the finding, replayed on demo2's USDT option as seeded (with a 3-address pool beside it)", () => {
  it("gives one member the same address for 4 requests, and 10 members 10 distinct addresses: none runs out", async () => {
    const first = await newMember(DEMO2);
    const own = [];
    for (let i = 0; i < 4; i++) {
      // a member may have 3 deposits waiting at once (CLIENT_LIMITS): the operator refuses the
      // first before the fourth, which the finding's member could send at once
      if (i === 3) await refuse(DEMO2, (own[0]!.data as { id: string }).id);
      own.push((await deposit(first, "usdt-trc20")).envelope);
    }
    expect(own.map((e) => e.message)).toEqual(["ok", "ok", "ok", "ok"]);
    expect(new Set(own.map((e) => addressOf(e.data!))).size).toBe(1);

    const others = await Promise.all(Array.from({ length: 10 }, () => newMember(DEMO2)));
    const answers = [];
    for (const m of others) answers.push((await deposit(m, "usdt-trc20")).envelope);
    expect(answers.map((e) => e.message)).toEqual(Array(10).fill("ok"));
    const addresses = [addressOf(own[0]!.data!), ...answers.map((e) => addressOf(e.data!))];
    expect(new Set(addresses).size).toBe(11);
    // each is the demo xpub's address at the member's index, and the pool gave nothing away
    const listed = (await view(DEMO2, "usdt-trc20")).data!;
    expect(listed).toMatchObject({ source: "xpub", xpub: DEMO2_USDT_XPUB, derived: 11, free: 3, assigned: 0 });
    for (const holder of listed.holders.items) expect(holder.address).toBe(derivedAt(DEMO2_USDT_XPUB, holder.index!));
    expect(listed.holders.items.map((h) => h.index).sort((a, b) => a! - b!)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
  });
});

describe("addresses from the operator's xpub", () => {
  it("are the addresses the operator's wallet holds at m/44'/195'/0'/0/i, in the order members first ask", async () => {
    expect(await setXpub(SITE, XPUB_OPTION.id, TEST_XPUB)).toMatchObject({
      statusCode: 200,
      data: { source: "xpub", derived: 0 },
    });
    const [a, b] = [await newMember(), await newMember()];
    const da = (await deposit(a, XPUB_OPTION.id, 50_000)).envelope.data!;
    const db = (await deposit(b, XPUB_OPTION.id)).envelope.data!;
    expect(da.payment).toMatchObject({
      kind: "crypto",
      asset: "USDT",
      assetAmount: "15.625000",
      address: tronAddress(TEST_ROOT.derive("m/44'/195'/0'/0/0").publicKey!),
    });
    expect(addressOf(db)).toBe(tronAddress(TEST_ROOT.derive("m/44'/195'/0'/0/1").publicKey!));
    expect(addressOf((await deposit(a, XPUB_OPTION.id)).envelope.data!)).toBe(addressOf(da));
    // the operator finds the member of an address, with their account and index
    const found = (await view(SITE, XPUB_OPTION.id, { address: addressOf(db) })).data!.holders;
    expect(found).toMatchObject({
      total: 1,
      items: [{ memberId: memberIdOf(b), account: b.account, index: 1, address: addressOf(db) }],
    });
  });

  it("gives two parallel first deposits of one member one index", async () => {
    const before = (await view(SITE, XPUB_OPTION.id)).data!.derived;
    const m = await newMember();
    // as many as may wait at once (CLIENT_LIMITS.pendingDepositsPerMember)
    const answers = await Promise.all(
      Array.from({ length: CLIENT_LIMITS.pendingDepositsPerMember }, () => deposit(m, XPUB_OPTION.id)),
    );
    expect(answers.map((a) => a.envelope.message)).toEqual(Array(CLIENT_LIMITS.pendingDepositsPerMember).fill("ok"));
    expect(new Set(answers.map((a) => addressOf(a.envelope.data!))).size).toBe(1);
    const after = (await view(SITE, XPUB_OPTION.id)).data!;
    expect(after.derived).toBe(before + 1);
    expect(after.holders.items.filter((h) => h.memberId === memberIdOf(m))).toEqual([
      expect.objectContaining({ index: before }),
    ]);
  });

  it("keeps a member's pool address after the xpub is set; members without one get derived addresses", async () => {
    await addPool(SITE, POOL_OPTION.id, tronAddresses("xpub-pool", 2));
    const old = await newMember();
    const pooled = addressOf((await deposit(old, POOL_OPTION.id)).envelope.data!);
    expect(tronAddresses("xpub-pool", 2)).toContain(pooled);
    expect((await view(SITE, POOL_OPTION.id)).data).toMatchObject({
      source: "pool",
      xpub: null,
      derived: 0,
      assigned: 1,
    });
    expect(await setXpub(SITE, POOL_OPTION.id, TEST_XPUB)).toMatchObject({ statusCode: 200 });
    expect(addressOf((await deposit(old, POOL_OPTION.id)).envelope.data!)).toBe(pooled);
    const fresh = await newMember();
    expect(addressOf((await deposit(fresh, POOL_OPTION.id)).envelope.data!)).toBe(derivedAt(TEST_XPUB, 0));
    const holders = (await view(SITE, POOL_OPTION.id)).data!.holders.items;
    expect(holders.find((h) => h.memberId === memberIdOf(old))).toMatchObject({ index: null, address: pooled });
    expect(holders.find((h) => h.memberId === memberIdOf(fresh))).toMatchObject({ index: 0 });
  });
});

describe("what the operator may set", () => {
  const account = TEST_ROOT.derive("m/44'/195'/1'");

  it("refuses an xprv, stores nothing, keeps it out of the audit log, and the option goes on with its pool", async () => {
    const site = "xpub-refused";
    await platform.seedSite(site, { ...MONEY_SITE, depositOptions: options });
    await addPool(site, POOL_OPTION.id, tronAddresses("xpub-refused", 2));
    for (const xprv of [account.privateExtendedKey, `${account.privateExtendedKey.slice(0, -1)}1`]) {
      expect(await setXpub(site, POOL_OPTION.id, xprv)).toEqual({ statusCode: 400, message: "deposit_xprv_refused" });
    }
    expect((await view(site, POOL_OPTION.id)).data).toMatchObject({ source: "pool", xpub: null, derived: 0 });
    const m = await newMember(site);
    expect(tronAddresses("xpub-refused", 2)).toContain(addressOf((await deposit(m, POOL_OPTION.id)).envelope.data!));
    const log = (
      await platform.operator("operatorAudit", { params: { siteId: site }, query: { pageSize: 200 } as never })
    ).envelope.data!;
    expect(log.items.some((e) => JSON.stringify(e).includes("deposit_xprv_refused"))).toBe(true);
    expect(JSON.stringify(log)).not.toContain(account.privateExtendedKey.slice(4, 40));
  });

  it("refuses an xpub of another level, an option without one address per member, and takes the same xpub twice", async () => {
    expect(await setXpub(SITE, XPUB_OPTION.id, TEST_ROOT.derive("m/44'/195'").publicExtendedKey)).toEqual({
      statusCode: 400,
      message: "deposit_xpub_invalid",
    });
    expect(await setXpub(SITE, BANK_OPTION.id, TEST_XPUB)).toEqual({
      statusCode: 400,
      message: "deposit_option_invalid",
    });
    // a per-deposit option tells members each address is for one deposit; an xpub gives one per member
    expect(await setXpub(SITE, FRESH_OPTION.id, TEST_XPUB)).toEqual({
      statusCode: 400,
      message: "deposit_option_invalid",
    });
    expect(await setXpub(SITE, "no-such-option", TEST_XPUB)).toEqual({
      statusCode: 400,
      message: "deposit_option_invalid",
    });
    expect(await setXpub(SITE, XPUB_OPTION.id, TEST_XPUB)).toMatchObject({
      statusCode: 200,
      data: { xpub: TEST_XPUB },
    });
  });

  it("replaces an xpub no member has an address from, and refuses to once one has (deposit_xpub_in_use)", async () => {
    const site = "xpub-replace";
    await platform.seedSite(site, { ...MONEY_SITE, depositOptions: options });
    expect(await setXpub(site, XPUB_OPTION.id, TEST_XPUB)).toMatchObject({ statusCode: 200 });
    expect(await setXpub(site, XPUB_OPTION.id, account.publicExtendedKey)).toMatchObject({
      statusCode: 200,
      data: { xpub: account.publicExtendedKey },
    });
    const m = await newMember(site);
    expect(addressOf((await deposit(m, XPUB_OPTION.id)).envelope.data!)).toBe(derivedAt(account.publicExtendedKey, 0));
    expect(await setXpub(site, XPUB_OPTION.id, TEST_XPUB)).toEqual({ statusCode: 400, message: "deposit_xpub_in_use" });
    expect((await view(site, XPUB_OPTION.id)).data).toMatchObject({ xpub: account.publicExtendedKey, derived: 1 });
  });
});
