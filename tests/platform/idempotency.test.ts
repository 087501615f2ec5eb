import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { isKeysAnswer, UNSTORED_REFUSALS } from "../../server/contract";
import { createPlatform, type Platform, type TestMember } from "../helpers/platform";
import { CLOCK_ENTRY } from "./center-helpers";
import { bet, bettingPeriod, FAST_PAIR, fastPair, GAME_SITE } from "./game-helpers";
import { BANK_OPTION, bindBank, DEMO_OPTION, expectSoundLedger, fund, memberCall, wallets } from "./money-helpers";

/**
 * A key's first answer is its only answer (server/platform/README.md, "Idempotency";
 * contract/idempotency.ts), replayed in the shapes a crash test found broken: a replay after a
 * 200 answered 400 because the site's pairs or the member's password had changed in between, and
 * one key got a refusal and then a success. On a stopped clock a day ahead, so no period ends and
 * no alarm runs unless a test moves the clock.
 */
const SITE = "idem";
const PERIOD_MS = 5_000;
let platform: Platform;
let clock: number;
const members = new Set<TestMember>();
const tick = async (to: number) => {
  clock = to;
  await platform.fetch("/__test__/clock", { method: "POST", body: String(to) });
};

beforeAll(async () => {
  platform = await createPlatform({ wrapEntry: CLOCK_ENTRY });
  await tick(Math.ceil((Date.now() + 86_400_000) / PERIOD_MS) * PERIOD_MS + 500);
  await platform.operator("operatorPutPair", { params: { pair: FAST_PAIR }, body: fastPair() });
  await platform.seedSite(SITE, {
    ...GAME_SITE,
    depositOptions: [DEMO_OPTION, BANK_OPTION] as never,
    bankAutoReview: true,
    transactionPasswordRequired: true,
  });
});
afterEach(async () => {
  await expectSoundLedger(platform, members);
});
afterAll(() => platform.dispose());

async function member(funds = 0, inGame = 0, bank = false): Promise<TestMember> {
  const m = await platform.signupMember(SITE);
  members.add(m);
  if (bank) await bindBank(platform, m);
  if (funds > 0) await fund(platform, m, funds);
  if (inGame > 0) expect((await transfer(m, "in", inGame)).envelope.message).toBe("ok");
  return m;
}
const transfer = (m: TestMember, direction: "in" | "out", amount: number, key?: string) =>
  memberCall(platform, m, "transfer", { body: { direction, gameCode: "binary", amount }, key });
const setPairs = (pairs: string[]) => platform.seedSite(SITE, { pairs });
/** Byte for byte: the envelope as the platform wrote it (its key order included). */
const bytes = (r: { status: number; envelope: unknown }) => `${r.status} ${JSON.stringify(r.envelope)}`;

describe("a replay answers what its key first answered, whatever changed since", () => {
  it("answers a bet's replay with its 200 after the pair left the site, and another body with idempotency_conflict", async () => {
    const m = await member(5_000, 5_000);
    const period = await bettingPeriod(platform, clock, tick);
    const key = randomUUID();
    const body = { pair: FAST_PAIR, periodNo: period.periodNo, option: "rise", amount: 1_000 } as const;
    const first = await bet(platform, m, body, key);
    expect(first.envelope.message).toBe("ok");

    await setPairs(["BTC-USDT"]);
    try {
      // before: invalid_trading_pair for the replay and for the other body
      expect(bytes(await bet(platform, m, body, key))).toBe(bytes(first));
      expect((await bet(platform, m, { ...body, amount: 2_000 }, key)).envelope).toEqual({
        statusCode: 400,
        message: "idempotency_conflict",
      });
      // a new key meets today's pair list
      expect((await bet(platform, m, body)).envelope.message).toBe("invalid_trading_pair");
    } finally {
      await setPairs([FAST_PAIR, "BTC-USDT"]);
    }
    expect(bytes(await bet(platform, m, body, key))).toBe(bytes(first));
    expect((await wallets(platform, m)).games.find((g) => g.code === "binary")!.balance).toBe(4_000);
  });

  it("answers a withdrawal's replay with its 200 after the transaction password changed, and counts no failure", async () => {
    const m = await member(50_000, 0, true);
    const key = randomUUID();
    const withdraw = (transactionPassword: string, k = key) =>
      memberCall(platform, m, "withdraw", { body: { amount: 2_000, transactionPassword }, key: k });
    const first = await withdraw(m.transactionPassword);
    expect(first.envelope.message).toBe("ok");

    const changed = await memberCall(platform, m, "changeTransactionPassword", {
      body: { oldTransactionPassword: m.transactionPassword, newTransactionPassword: "Another-tx-9" },
    });
    expect(changed.envelope.message).toBe("ok");
    // before: wrong_transaction_password, and the fifth locked the member's withdrawals
    for (let i = 0; i < 6; i++) expect(bytes(await withdraw(m.transactionPassword))).toBe(bytes(first));
    expect((await withdraw("Another-tx-9", randomUUID())).envelope.message).toBe("ok");
  });
});

describe("one key, one answer: a refusal is its key's answer too", () => {
  it("keeps a transfer refused for the game balance as the key's answer after the balance grew", async () => {
    const m = await member(10_000, 1_000);
    const key = randomUUID();
    const refused = await transfer(m, "out", 3_000, key);
    expect(refused.envelope.message).toBe("insufficient_game_wallet_balance");
    // the game balance grows (a payout, here a transfer in): the copy sent later still answers the refusal
    expect((await transfer(m, "in", 5_000)).envelope.message).toBe("ok");
    expect(bytes(await transfer(m, "out", 3_000, key))).toBe(bytes(refused));
    expect((await wallets(platform, m)).games.find((g) => g.code === "binary")!.balance).toBe(6_000);
    // the member's next try is a new intent with a new key
    expect((await transfer(m, "out", 3_000)).envelope.message).toBe("ok");
  });

  it("gives two copies of a request sent at once one answer, whichever the platform kept first", async () => {
    for (let round = 0; round < 5; round++) {
      const m = await member(10_000, 1_000);
      const key = randomUUID();
      // the second copy races a transfer in that makes it affordable
      const [a, , b] = await Promise.all([
        transfer(m, "out", 3_000, key),
        transfer(m, "in", 5_000),
        transfer(m, "out", 3_000, key),
      ]);
      expect(bytes(b)).toBe(bytes(a));
      const game = (await wallets(platform, m)).games.find((g) => g.code === "binary")!.balance;
      expect(game).toBe(a.envelope.message === "ok" ? 3_000 : 6_000);
    }
  });

  it("answers a wrong transaction password's replay with the same refusal, counted once", async () => {
    const m = await member(50_000, 0, true);
    const key = randomUUID();
    const wrong = () =>
      memberCall(platform, m, "withdraw", { body: { amount: 2_000, transactionPassword: "not-it-1" }, key });
    const first = await wrong();
    expect(first.envelope.message).toBe("wrong_transaction_password");
    // four more replays would be the lock's fifth failure if each counted
    for (let i = 0; i < 4; i++) expect(bytes(await wrong())).toBe(bytes(first));
    for (let i = 0; i < 3; i++) {
      expect(
        (await memberCall(platform, m, "withdraw", { body: { amount: 2_000, transactionPassword: `not-it-${i + 2}` } }))
          .envelope.message,
      ).toBe("wrong_transaction_password");
    }
    // 4 failures counted (the replays none), so the right password still pays
    expect(
      (
        await memberCall(platform, m, "withdraw", {
          body: { amount: 2_000, transactionPassword: m.transactionPassword },
        })
      ).envelope.message,
    ).toBe("ok");
  });
});

describe("what is not a key's answer", () => {
  it("stores no answer that says to try again: the contract's list, 429s and ended sessions", () => {
    for (const message of UNSTORED_REFUSALS) expect(isKeysAnswer(400, message)).toBe(false);
    expect(isKeysAnswer(429, "pending_deposits_limit")).toBe(false);
    expect(isKeysAnswer(402, "invalid_permission")).toBe(false);
    expect(isKeysAnswer(500, "internal_error")).toBe(false);
    expect(isKeysAnswer(400, "insufficient_balance")).toBe(true);
    expect(isKeysAnswer(200, "ok")).toBe(true);
  });
});
