import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CONTRACT_SETTINGS, type Position } from "../../server/contract";
import { liquidationPrice, positionFee } from "#rules/position-math";
import { createPlatform, objectStub, type Platform, type TestMember } from "../helpers/platform";
import { FAST_PAIR, fastPair, GAME_SITE, gameMember, marketOf } from "./game-helpers";
import { eventually, expectSoundLedger, memberCall, memberIdOf, wallets } from "./money-helpers";

/**
 * Contract trading through the platform's API on a running clock: an open moves margin and fee,
 * TP/SL are checked against the price, a member's close pays the equity less the fee, every
 * refusal changes nothing, and the ledger stays sound.
 */
const SITE = "positions";
let platform: Platform;

beforeAll(async () => {
  platform = await createPlatform();
  await platform.operator("operatorPutPair", { params: { pair: FAST_PAIR }, body: fastPair() });
  await platform.seedSite(SITE, {
    ...GAME_SITE,
    contractSettings: { ...DEFAULT_CONTRACT_SETTINGS, minMargin: 100, maxMargin: 50_000, maxOpenPositions: 3 },
  });
});
afterAll(() => platform.dispose());

const price = async () => (await marketOf(platform)).price!;
const open = (m: TestMember, body: Partial<Position> & { seenPrice?: number }, key?: string) =>
  memberCall(platform, m, "openPosition", {
    body: { pair: FAST_PAIR, side: "long", margin: 1000, leverage: 10, seenPrice: 0, ...body } as never,
    key,
  });

async function positionsAccount(m: TestMember) {
  return objectStub<{ checkPositions(): Promise<{ held: number; openMargin: number }> }>(
    platform,
    "MEMBER",
    memberIdOf(m),
  ).checkPositions();
}

describe("opening and closing a position", () => {
  it("takes margin + fee from the game wallet at the market's price and pays max(0, equity − fee) at the member's close", async () => {
    const m = await gameMember(platform, SITE, 10_000);
    const seen = await price();
    const opened = await open(m, { seenPrice: seen }, "open-key-0001");
    expect(opened.envelope.message).toBe("ok");
    const p = opened.envelope.data!;
    const fee = positionFee({ margin: 1000, leverage: 10, feePpm: DEFAULT_CONTRACT_SETTINGS.feePpm });
    expect(p).toMatchObject({ status: "open", margin: 1000, leverage: 10, notional: 10_000, openFee: fee });
    expect(p.liquidationPrice).toBe(
      liquidationPrice({
        side: "long",
        margin: 1000,
        leverage: 10,
        entryPrice: p.entryPrice,
        feePpm: p.feePpm,
        stopOutBp: p.stopOutBp,
      }),
    );
    expect((await wallets(platform, m)).games[0]!.balance).toBe(10_000 - 1000 - fee);
    expect(await positionsAccount(m)).toEqual({ held: 1000, openMargin: 1000 });

    // a retry with the same key answers the same position and moves nothing again
    const again = await open(m, { seenPrice: seen }, "open-key-0001");
    expect(again.envelope.data!.id).toBe(p.id);
    expect((await wallets(platform, m)).games[0]!.balance).toBe(10_000 - 1000 - fee);

    const listed = await memberCall(platform, m, "positions", { query: { status: "open" } as never });
    expect(listed.envelope.data!.items.map((i) => i.id)).toEqual([p.id]);

    const closed = await memberCall(platform, m, "closePosition", { params: { id: p.id }, body: {} });
    expect(closed.envelope.message).toBe("ok");
    const c = closed.envelope.data!;
    expect(c).toMatchObject({ status: "closed", closeReason: "member", closeFee: fee });
    expect(c.payout).toBe(Math.max(0, 1000 + c.pnl! - fee));
    expect(c.net).toBe(c.payout! - 1000 - fee);
    expect((await wallets(platform, m)).games[0]!.balance).toBe(10_000 - 1000 - fee + c.payout!);
    expect(await positionsAccount(m)).toEqual({ held: 0, openMargin: 0 });

    // closing again answers the same close
    const twice = await memberCall(platform, m, "closePosition", { params: { id: p.id }, body: {} });
    expect(twice.envelope.data).toEqual(c);
    const history = await memberCall(platform, m, "positions", { query: { status: "closed" } as never });
    expect(history.envelope.data!.items).toEqual([c]);
    // account records head each by the game wallet's side: what left it at the open, what came back at the close
    const operations = (await memberCall(platform, m, "accountRecords", { query: { pageSize: "2" } as never })).envelope
      .data!.items;
    expect(operations.map((o) => [o.type, o.account, o.amount])).toEqual([
      ["position_close", "game:binary", c.payout],
      ["position_open", "game:binary", -(1000 + fee)],
    ]);
    const records = await memberCall(platform, m, "records", { query: { pageSize: "20" } as never });
    expect((records.envelope.data!.items as { type: string }[]).map((r) => r.type)).toEqual(
      expect.arrayContaining(["position_open", "position_close"]),
    );
    await expectSoundLedger(platform, [m]);
  });

  it("refuses what breaks a rule with its own code and moves nothing", async () => {
    const m = await gameMember(platform, SITE, 3_000);
    const seen = await price();
    const cases: [Record<string, unknown>, string][] = [
      [{ leverage: 7 }, "leverage_not_offered"],
      [{ margin: 99 }, "margin_out_of_range"],
      [{ margin: 50_001 }, "margin_out_of_range"],
      [{ margin: 3_000 }, "insufficient_game_wallet_balance"],
      [{ seenPrice: Math.round(seen * 1.02) }, "price_moved"],
      [{ takeProfit: seen - 100_000 }, "take_profit_wrong_side"],
      [{ stopLoss: seen + 100_000 }, "stop_loss_wrong_side"],
      [{ side: "short", stopLoss: seen - 100_000 }, "stop_loss_wrong_side"],
      [{ pair: "BTC-USDT-X" }, "invalid_parameters"],
    ];
    for (const [change, code] of cases) {
      const refused = await open(m, { seenPrice: seen, ...change });
      expect(refused.envelope.message, JSON.stringify(change)).toBe(code);
    }
    expect((await wallets(platform, m)).games[0]!.balance).toBe(3_000);
    const listed = await memberCall(platform, m, "positions", { query: { status: "open" } as never });
    expect(listed.envelope.data!.total).toBe(0);
  });

  it("limits open positions per member", async () => {
    const m = await gameMember(platform, SITE, 10_000);
    for (let i = 0; i < 3; i++)
      expect((await open(m, { seenPrice: await price(), leverage: 5 })).envelope.message).toBe("ok");
    expect((await open(m, { seenPrice: await price(), leverage: 5 })).envelope.message).toBe("too_many_open_positions");
  });

  it("reports the site's open interest per pair to the operator", async () => {
    const report = await platform.operator("operatorOpenInterest", { params: { siteId: SITE } });
    expect(report.envelope.message).toBe("ok");
    const row = report.envelope.data!.find((r) => r.pair === FAST_PAIR)!;
    expect(row.longPositions).toBe(3);
    expect(row.longNotional).toBe(3 * 5000);
    expect(row.limit).toBe(DEFAULT_CONTRACT_SETTINGS.maxNotionalPerPair);
  });
  it("checks a take-profit change against the price, and a trigger closes the position at the tick that crosses it", async () => {
    const m = await gameMember(platform, SITE, 10_000);
    const long = (await open(m, { seenPrice: await price() })).envelope.data!;
    const short = (await open(m, { seenPrice: await price(), side: "short" })).envelope.data!;
    const wrong = await memberCall(platform, m, "setPositionTriggers", {
      params: { id: long.id },
      body: { takeProfit: 1, stopLoss: null },
    });
    expect(wrong.envelope.message).toBe("take_profit_wrong_side");
    // take-profits one step above (the long) and one step below (the short) the price: the walk
    // moves hundreds of steps a second, so its next ticks cross one of them whichever way it goes
    const now = await price();
    const setLong = await memberCall(platform, m, "setPositionTriggers", {
      params: { id: long.id },
      body: { takeProfit: now + 1, stopLoss: null },
    });
    const setShort = await memberCall(platform, m, "setPositionTriggers", {
      params: { id: short.id },
      body: { takeProfit: now - 1, stopLoss: null },
    });
    expect([setLong.envelope.message, setShort.envelope.message]).toEqual(["ok", "ok"]);
    expect(setLong.envelope.data!.takeProfit).toBe(now + 1);
    const closed = await eventually(async () => {
      const list = await memberCall(platform, m, "positions", { query: { status: "closed" } as never });
      return list.envelope.data!.items[0];
    }, 30_000);
    expect(closed.closeReason).toBe("take_profit");
    if (closed.id === long.id) expect(closed.closePrice!).toBeGreaterThanOrEqual(now + 1);
    else expect(closed.closePrice!).toBeLessThanOrEqual(now - 1);
    const held = await positionsAccount(m);
    expect(held.held).toBe(held.openMargin);
    await expectSoundLedger(platform, [m]);
  });
});
