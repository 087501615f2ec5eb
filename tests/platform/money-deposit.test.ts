import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CALLS, type CallName } from "../../server/contract";
import type { Platform, TestMember } from "../helpers/platform";
import { sharedPlatform } from "../helpers/shared";
import {
  BANK_OPTION,
  DEMO_OPTION,
  eventually,
  expectSoundLedger,
  ledgerOf,
  memberCall,
  MONEY_SITE,
  wallets,
} from "./money-helpers";

const SITE = "money-dep";
let platform: Platform;
const members = new Set<TestMember>();
const newMember = async () => {
  const m = await platform.signupMember(SITE);
  members.add(m);
  return m;
};
beforeAll(async () => {
  platform = await sharedPlatform();
  await platform.seedSite(SITE, MONEY_SITE);
});
afterEach(async () => {
  await expectSoundLedger(platform, members);
});
afterAll(() => platform.dispose());

const deposit = (m: TestMember, optionId: string, amount: number, key?: string | null) =>
  memberCall(platform, m, "deposit", { body: { optionId, amount }, key });
const pendingDeposits = async () =>
  (await platform.operator("operatorDeposits", { params: { siteId: SITE }, query: { status: "pending" } })).envelope
    .data!;

describe("deposit", () => {
  it("credits a demo-option deposit at once, with balanced postings", async () => {
    const m = await newMember();
    const { envelope } = await deposit(m, DEMO_OPTION.id, 25_000);
    expect(envelope).toMatchObject({
      statusCode: 200,
      data: { status: "credited", amount: 25_000, optionName: DEMO_OPTION.name },
    });
    expect(envelope.data!.decidedAt).not.toBeNull();
    expect((await wallets(platform, m)).main).toEqual({ balance: 25_000, onHold: 0, bonus: 0 });
    expect((await ledgerOf(platform, m)).balances).toMatchObject({ main: 25_000, "external:deposit": -25_000 });
  });

  it("leaves a bank-option deposit pending, crediting nothing", async () => {
    const m = await newMember();
    const { envelope } = await deposit(m, BANK_OPTION.id, 5_000);
    expect(envelope.data).toMatchObject({ status: "pending", decidedAt: null, reason: "" });
    expect((await wallets(platform, m)).main.balance).toBe(0);
  });

  it("answers deposit_option_invalid for an option the site does not offer", async () => {
    const m = await newMember();
    expect((await deposit(m, "no-such-option", 5_000)).envelope).toEqual({
      statusCode: 400,
      message: "deposit_option_invalid",
    });
  });

  it("answers amount_out_of_range below the minimum and above the maximum", async () => {
    const m = await newMember();
    expect((await deposit(m, DEMO_OPTION.id, 999)).envelope.message).toBe("amount_out_of_range");
    expect((await deposit(m, DEMO_OPTION.id, 10_000_001)).envelope.message).toBe("amount_out_of_range");
    expect((await deposit(m, DEMO_OPTION.id, 1000)).envelope.statusCode).toBe(200);
    expect((await wallets(platform, m)).main.balance).toBe(1000);
  });

  it("refuses a non-integer or zero amount with invalid_parameters", async () => {
    const m = await newMember();
    expect((await deposit(m, DEMO_OPTION.id, 10.5)).envelope.message).toBe("invalid_parameters");
    expect((await deposit(m, DEMO_OPTION.id, 0)).envelope.message).toBe("invalid_parameters");
  });

  it("refuses a deposit without an Idempotency-Key header with invalid_parameters", async () => {
    const m = await newMember();
    expect((await deposit(m, DEMO_OPTION.id, 5_000, null)).envelope).toEqual({
      statusCode: 400,
      message: "invalid_parameters",
    });
    expect((await wallets(platform, m)).main.balance).toBe(0);
  });

  it("answers a replay of the same key with the stored response and credits once", async () => {
    const m = await newMember();
    const first = await deposit(m, DEMO_OPTION.id, 3_000, "replay-key-0001");
    const second = await deposit(m, DEMO_OPTION.id, 3_000, "replay-key-0001");
    expect(second.envelope).toEqual(first.envelope);
    expect((await wallets(platform, m)).main.balance).toBe(3_000);
  });

  it("answers idempotency_conflict for the same key with other parameters, changing nothing", async () => {
    const m = await newMember();
    await deposit(m, DEMO_OPTION.id, 3_000, "conflict-key-01");
    expect((await deposit(m, DEMO_OPTION.id, 4_000, "conflict-key-01")).envelope).toEqual({
      statusCode: 400,
      message: "idempotency_conflict",
    });
    // the same key on another call is another request too
    const transfer = await memberCall(platform, m, "transfer", {
      body: { direction: "in", gameCode: "binary", amount: 100 },
      key: "conflict-key-01",
    });
    expect(transfer.envelope.message).toBe("idempotency_conflict");
    expect((await wallets(platform, m)).main.balance).toBe(3_000);
  });

  it("keeps keys per member: another member's same key is a new request", async () => {
    const a = await newMember();
    const b = await newMember();
    await deposit(a, DEMO_OPTION.id, 2_000, "shared-key-0001");
    expect((await deposit(b, DEMO_OPTION.id, 2_000, "shared-key-0001")).envelope.statusCode).toBe(200);
    expect((await wallets(platform, b)).main.balance).toBe(2_000);
  });
});

describe("operator deposit queue", () => {
  it("delivers a pending deposit to the site's queue through the outbox", async () => {
    const m = await newMember();
    const id = (await deposit(m, BANK_OPTION.id, 7_000)).envelope.data!.id;
    const queued = await eventually(async () => (await pendingDeposits()).find((d) => d.id === id));
    expect(queued).toMatchObject({ id, amount: 7_000, status: "pending", account: m.account });
  });

  it("credits a confirmed deposit exactly once; a second confirm or a refuse answers already_decided", async () => {
    const m = await newMember();
    const id = (await deposit(m, BANK_OPTION.id, 7_000)).envelope.data!.id;
    await eventually(async () => (await pendingDeposits()).some((d) => d.id === id));
    const params = { siteId: SITE, id };
    const [a, b] = await Promise.all([
      platform.operator("operatorConfirmDeposit", { params, body: {} }),
      platform.operator("operatorConfirmDeposit", { params, body: {} }),
    ]);
    expect([a.envelope.message, b.envelope.message].sort()).toEqual(["already_decided", "ok"]);
    const refuse = await platform.operator("operatorRefuseDeposit", { params, body: { reason: "late" } });
    expect(refuse.envelope).toEqual({ statusCode: 400, message: "already_decided" });
    expect((await wallets(platform, m)).main.balance).toBe(7_000);
    const listed = (await memberCall(platform, m, "deposits")).envelope.data!.items[0]!;
    expect(listed).toMatchObject({ id, status: "credited" });
    expect((await pendingDeposits()).some((d) => d.id === id)).toBe(false);
  });

  it("refuses a deposit with a reason the member sees, crediting nothing", async () => {
    const m = await newMember();
    const id = (await deposit(m, BANK_OPTION.id, 7_000)).envelope.data!.id;
    await eventually(async () => (await pendingDeposits()).some((d) => d.id === id));
    const refused = await platform.operator("operatorRefuseDeposit", {
      params: { siteId: SITE, id },
      body: { reason: "No transfer arrived" },
    });
    expect(refused.envelope.data).toMatchObject({ status: "refused", reason: "No transfer arrived" });
    const listed = (await memberCall(platform, m, "deposits")).envelope.data!.items[0]!;
    expect(listed).toMatchObject({ status: "refused", reason: "No transfer arrived" });
    expect((await wallets(platform, m)).main.balance).toBe(0);
  });

  it("answers invalid_parameters for a deposit id the site does not have", async () => {
    const r = await platform.operator("operatorConfirmDeposit", { params: { siteId: SITE, id: "nope" }, body: {} });
    expect(r.envelope).toEqual({ statusCode: 400, message: "invalid_parameters" });
  });

  it("lists decided deposits only with status=all", async () => {
    const m = await newMember();
    const id = (await deposit(m, DEMO_OPTION.id, 1_500)).envelope.data!.id;
    const all = await eventually(async () => {
      const r = await platform.operator("operatorDeposits", { params: { siteId: SITE }, query: { status: "all" } });
      return r.envelope.data!.find((d) => d.id === id);
    });
    expect(all.status).toBe("credited");
    expect((await pendingDeposits()).some((d) => d.id === id)).toBe(false);
  });

  it("refuses operator deposit calls without the operator key", async () => {
    const r = await platform.operator("operatorDeposits", { params: { siteId: SITE }, query: {} }, "wrong-key");
    expect(r.envelope).toEqual({ statusCode: 403, message: "invalid_permission" });
  });
});

describe("deposit lists, transactions and records", () => {
  it("pages deposits newest first with a total", async () => {
    const m = await newMember();
    for (const amount of [1_001, 1_002, 1_003]) await deposit(m, DEMO_OPTION.id, amount);
    const first = (await memberCall(platform, m, "deposits", { query: { page: 1, pageSize: 2 } })).envelope.data!;
    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.items.map((d) => d.amount)).toEqual([1_003, 1_002]);
    const second = (await memberCall(platform, m, "deposits", { query: { page: 2, pageSize: 2 } })).envelope.data!;
    expect(second.items.map((d) => d.amount)).toEqual([1_001]);
  });

  it("filters by day, inclusive, in UTC when no zone is sent", async () => {
    const m = await newMember();
    await deposit(m, DEMO_OPTION.id, 1_000);
    const today = new Date().toISOString().slice(0, 10);
    const q = (from: string, to: string) => memberCall(platform, m, "deposits", { query: { from, to } });
    expect((await q(today, today)).envelope.data!.total).toBe(1);
    expect((await q("2000-01-01", "2000-01-02")).envelope.data!.total).toBe(0);
    expect(
      (await memberCall(platform, m, "records", { query: { from: "2000-01-01", to: "2000-01-01" } })).envelope.data!
        .total,
    ).toBe(0);
    expect((await q("01-01-2000", today)).envelope.message).toBe("invalid_parameters");
  });

  it("reads the days in the member's time zone when the site sends one", async () => {
    const m = await newMember();
    await deposit(m, DEMO_OPTION.id, 1_000);
    const dayIn = (zone: string) =>
      new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
        new Date(),
      );
    // UTC+14 and UTC−11 are 25 hours apart: their todays are never the same day
    const east = dayIn("Pacific/Kiritimati");
    const west = dayIn("Pacific/Pago_Pago");
    expect(east).not.toBe(west);
    const total = async (day: string, zone: string) =>
      (await memberCall(platform, m, "deposits", { query: { from: day, to: day, zone } })).envelope.data!.total;
    expect(await total(east, "Pacific/Kiritimati")).toBe(1);
    expect(await total(west, "Pacific/Pago_Pago")).toBe(1);
    // the same days read in the other zone miss the deposit: the zone decides, not UTC
    expect(await total(west, "Pacific/Kiritimati")).toBe(0);
    expect(await total(east, "Pacific/Pago_Pago")).toBe(0);
    const bad = await memberCall(platform, m, "deposits", { query: { from: east, to: east, zone: "Mars/Olympus" } });
    expect(bad.envelope.message).toBe("invalid_parameters");
  });

  it("merges deposits and transfers newest first in transactions", async () => {
    const m = await newMember();
    await deposit(m, DEMO_OPTION.id, 5_000);
    const t = await memberCall(platform, m, "transfer", {
      body: { direction: "in", gameCode: "binary", amount: 1_000 },
    });
    expect(t.envelope.message).toBe("ok");
    const { items, total } = (await memberCall(platform, m, "transactions")).envelope.data!;
    expect(total).toBe(2);
    expect(items.map((t) => t.kind)).toEqual(["transfer", "deposit"]);
  });

  it("records every posting to the member's own accounts with the balance after", async () => {
    const m = await newMember();
    await deposit(m, DEMO_OPTION.id, 5_000);
    await memberCall(platform, m, "transfer", { body: { direction: "in", gameCode: "binary", amount: 1_200 } });
    const { items, total } = (await memberCall(platform, m, "records")).envelope.data!;
    expect(total).toBe(3);
    expect(items.map((r) => [r.type, r.account, r.amount, r.balanceAfter])).toEqual([
      ["transfer_in", "game:binary", 1_200, 1_200],
      ["transfer_in", "main", -1_200, 3_800],
      ["deposit", "main", 5_000, 5_000],
    ]);
  });

  it("lists account records by operation: one item per deposit or transfer, headed by the main account, its postings inside", async () => {
    const m = await newMember();
    await deposit(m, DEMO_OPTION.id, 5_000);
    await memberCall(platform, m, "transfer", { body: { direction: "in", gameCode: "binary", amount: 1_200 } });
    const { items, total } = (await memberCall(platform, m, "accountRecords")).envelope.data!;
    expect(total).toBe(2);
    expect(items.map((r) => [r.type, r.account, r.amount, r.balanceAfter])).toEqual([
      ["transfer_in", "main", -1_200, 3_800],
      ["deposit", "main", 5_000, 5_000],
    ]);
    expect(items[0]!.entries.map((e) => [e.account, e.amount, e.balanceAfter])).toEqual([
      ["main", -1_200, 3_800],
      ["game:binary", 1_200, 1_200],
    ]);
    // paged by operation, not by posting: page 2 of size 1 is the deposit, whole
    const second = (await memberCall(platform, m, "accountRecords", { query: { page: 2, pageSize: 1 } })).envelope
      .data!;
    expect(second.items.map((r) => [r.type, r.entries.length])).toEqual([["deposit", 1]]);
    expect(
      (await memberCall(platform, m, "accountRecords", { query: { from: "2000-01-01", to: "2000-01-01" } })).envelope
        .data!.total,
    ).toBe(0);
  });
});

describe("money calls at the router", () => {
  const idempotent = (Object.keys(CALLS) as CallName[]).filter((n) => (CALLS[n] as { idempotent?: true }).idempotent);

  it("requires an Idempotency-Key on every idempotent call, and refuses a malformed one", async () => {
    expect(idempotent.sort()).toEqual([
      "bankApply",
      "changeTransactionPassword",
      "closePosition",
      "deposit",
      "forgotReset",
      "joinCampaign",
      "openPosition",
      "placeOrder",
      "replyMessage",
      "resetPractice",
      "sendMessage",
      "smsSend",
      "startBreak",
      "transfer",
      "withdraw",
    ]);
    const m = await newMember();
    for (const name of idempotent) {
      const params = { id: "some-id", key: "some-key" } as never;
      const missing = await memberCall(platform, m, name, { params, body: {} as never, key: null });
      expect(missing.envelope, name).toEqual({ statusCode: 400, message: "invalid_parameters" });
      const short = await memberCall(platform, m, name, { params, body: {} as never, key: "abc" });
      expect(short.envelope, name).toEqual({ statusCode: 400, message: "invalid_parameters" });
    }
  });

  it("refuses every member money call without a valid token with 402", async () => {
    const names: CallName[] = ["deposits", "transfers", "withdrawals", "transactions", "records", "bank", "uploads"];
    for (const name of names) {
      const { status } = await platform.call(name, { siteId: SITE, token: "garbage-token-value" });
      expect(status, name).toBe(402);
    }
  });

  it("refuses an upload that is not multipart with invalid_parameters", async () => {
    const m = await newMember();
    const response = await platform.fetch("/player/upload", {
      method: "POST",
      headers: { Authorization: `Bearer ${m.token}`, "X-Site-Id": SITE, "Content-Type": "application/json" },
      body: JSON.stringify({ kind: "id_front" }),
    });
    expect(await response.json()).toEqual({ statusCode: 400, message: "invalid_parameters" });
  });
});
