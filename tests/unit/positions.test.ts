import { describe, expect, it } from "vitest";
import { contractSettings, DEFAULT_CONTRACT_SETTINGS, sharePercent } from "../../server/contract/positions";
import {
  feeShareFits,
  feeSharePpm,
  highestLeverageWithin,
  leveragesOverFeeShare,
  equityAt,
  liquidationPrice,
  notional,
  payoutAt,
  pnlAt,
  positionFee,
  slippedBeyond,
  stopsOut,
  triggersValid,
  type PositionSide,
  type PositionTerms,
} from "#rules/position-math";

/**
 * The arithmetic of a contract position (server/contract/positions.ts), shared by the site's
 * preview and the platform's ledger: table-driven for long and short at every leverage.
 */

const terms = (side: PositionSide, over: Partial<PositionTerms> = {}): PositionTerms => ({
  side,
  margin: 10_000,
  leverage: 10,
  entryPrice: 10_000,
  feePpm: 500,
  stopOutBp: 1000,
  ...over,
});

describe("a position worked by hand (US$100.00 margin × 10, entry 10000, fee 0.05 %, stop-out at 10 %)", () => {
  it.each([
    // side, price, PnL, equity, payout after the 50-cent closing fee
    ["long", 10_100, 1_000, 11_000, 10_950],
    ["short", 10_100, -1_000, 9_000, 8_950],
    ["long", 9_900, -1_000, 9_000, 8_950],
    ["short", 9_900, 1_000, 11_000, 10_950],
    ["long", 10_000, 0, 10_000, 9_950],
  ] as const)("%s at %i: PnL %i, equity %i, payout %i", (side, price, pnl, equity, payout) => {
    const t = terms(side);
    expect(notional(t)).toBe(100_000);
    expect(positionFee(t)).toBe(50);
    expect(pnlAt(t, price)).toBe(pnl);
    expect(equityAt(t, price)).toBe(equity);
    expect(payoutAt(t, price)).toBe(payout);
  });

  it("stops a long out at 9100 and a short at 10900, where equity reaches 10 % of the margin", () => {
    expect(liquidationPrice(terms("long"))).toBe(9_100);
    expect(liquidationPrice(terms("short"))).toBe(10_900);
    expect(equityAt(terms("long"), 9_100)).toBe(1_000);
    expect(equityAt(terms("short"), 10_900)).toBe(1_000);
  });
});

describe("rounding goes to the house", () => {
  // notional 100 on an entry of 3: a one-step move is worth 33.3…
  const small = (side: PositionSide) => terms(side, { margin: 100, leverage: 1, entryPrice: 3, feePpm: 1 });
  it("a long's fractional profit is rounded down, a short's fractional loss too (to the larger loss)", () => {
    expect(pnlAt(small("long"), 4)).toBe(33);
    expect(pnlAt(small("short"), 4)).toBe(-34);
    expect(pnlAt(small("short"), 2)).toBe(33);
    expect(pnlAt(small("long"), 2)).toBe(-34);
  });
  it("a fee of a fraction of a cent is a whole cent", () => {
    expect(positionFee(small("long"))).toBe(1);
    expect(positionFee(terms("long", { feePpm: 0 }))).toBe(0);
    expect(positionFee(terms("long", { margin: 333, leverage: 3, feePpm: 500 }))).toBe(1); // 999 × 0.0005 = 0.4995
  });
});

const LEVERAGES = [1, 2, 3, 5, 10, 20, 25, 50, 75, 100, 125];
const ENTRIES = [6_123_450, 187_654, 9_999, 101];

describe.each(["long", "short"] as const)("every leverage, %s", (side) => {
  it.each(LEVERAGES)(
    "×%i: the liquidation price is the last price before the stop-out, near the closed form",
    (leverage) => {
      for (const entryPrice of ENTRIES) {
        for (const stopOutBp of [0, 1000, 5000]) {
          const t = terms(side, { leverage, entryPrice, stopOutBp, margin: 12_345 });
          const liquidation = liquidationPrice(t);
          const safer = side === "long" ? liquidation + 1 : liquidation - 1;
          expect(stopsOut(t, liquidation), `${entryPrice} stops out at ${liquidation}`).toBe(true);
          expect(stopsOut(t, safer), `${entryPrice} does not stop out at ${safer}`).toBe(false);
          // E × (1 ∓ (1 − r) / L), give or take the rounding of one price step and one cent
          const exact = entryPrice * (1 + ((side === "long" ? -1 : 1) * (1 - stopOutBp / 10_000)) / leverage);
          expect(Math.abs(liquidation - exact), `${entryPrice} ×${leverage}`).toBeLessThanOrEqual(
            1 + entryPrice / t.margin,
          );
        }
      }
    },
  );

  it.each(LEVERAGES)(
    "×%i: a close never pays more than margin + PnL − fee, never less than zero, and never costs more than the margin",
    (leverage) => {
      const t = terms(side, { leverage, entryPrice: 187_654, margin: 5_000 });
      const fee = positionFee(t);
      for (let price = 1; price <= 400_000; price += 997) {
        const payout = payoutAt(t, price);
        expect(payout).toBeGreaterThanOrEqual(0);
        expect(payout).toBeLessThanOrEqual(Math.max(0, t.margin + pnlAt(t, price) - fee));
        // what the member loses at most: the margin (the opening fee was paid at opening)
        expect(t.margin - payout).toBeLessThanOrEqual(t.margin);
      }
    },
  );
});

describe("a gap past the stop-out", () => {
  it("closes at the tick's price and pays max(0, equity − fee): zero when the equity is gone", () => {
    const t = terms("long", { leverage: 100 });
    const liquidation = liquidationPrice(t);
    expect(liquidation).toBe(9_910);
    expect(equityAt(t, 9_800)).toBeLessThan(0);
    expect(payoutAt(t, 9_800)).toBe(0);
    // just at the liquidation price the member gets what is left after the fee
    expect(payoutAt(t, liquidation)).toBe(equityAt(t, liquidation) - positionFee(t));
  });
});

describe("take-profit and stop-loss", () => {
  it.each([
    ["long", 10_000, 10_500, 9_500, true],
    ["long", 10_000, 9_500, null, false], // take-profit below the price
    ["long", 10_000, null, 10_500, false], // stop-loss above the price
    ["long", 10_000, null, 9_100, false], // stop-loss at the liquidation price: it could never act first
    ["long", 10_000, null, 9_101, true],
    ["short", 10_000, 9_500, 10_500, true],
    ["short", 10_000, 10_500, null, false],
    ["short", 10_000, null, 9_500, false],
    ["short", 10_000, null, 10_900, false],
    ["long", 10_000, null, null, true],
  ] as const)("%s at %i, take-profit %s, stop-loss %s: valid %s", (side, price, tp, sl, valid) => {
    expect(triggersValid(terms(side), price, tp, sl)).toBe(valid);
  });
});

describe("slippage", () => {
  it("refuses a market more than the tolerance away from the price the member saw, either way", () => {
    expect(slippedBeyond(10_000, 10_050, 50)).toBe(false);
    expect(slippedBeyond(10_000, 10_051, 50)).toBe(true);
    expect(slippedBeyond(10_000, 9_949, 50)).toBe(true);
    expect(slippedBeyond(10_000, 10_000, 0)).toBe(false);
  });
});

describe("settings", () => {
  it("the defaults are valid settings", () => {
    expect(contractSettings.parse(DEFAULT_CONTRACT_SETTINGS)).toEqual(DEFAULT_CONTRACT_SETTINGS);
  });
  it("refuses leverages out of order and a minimum margin above the maximum", () => {
    expect(contractSettings.safeParse({ ...DEFAULT_CONTRACT_SETTINGS, leverageOptions: [10, 5] }).success).toBe(false);
    expect(contractSettings.safeParse({ ...DEFAULT_CONTRACT_SETTINGS, minMargin: 2, maxMargin: 1 }).success).toBe(
      false,
    );
  });
});

/**
 * The fee share (server/contract/README.md, "Contract trading"): a leverage is offered only when
 * its opening and closing fees, 2 × leverage × feePpm / 10⁶ of the margin, are at most
 * maxFeeShareBp / 10⁴ of it.
 */
describe("the fee share", () => {
  it("is 2 × leverage × feePpm ppm of the margin: 100× at 500 ppm takes exactly 10 %, 101× 10.10 %, 201× 20.10 %, 1000× 100 %", () => {
    expect(feeSharePpm(100, 500)).toBe(100_000);
    expect(feeShareFits(100, 500, 1000)).toBe(true);
    expect(feeShareFits(101, 500, 1000)).toBe(false);
    expect(sharePercent(feeSharePpm(101, 500))).toBe("10.10 %");
    expect(sharePercent(feeSharePpm(201, 500))).toBe("20.10 %");
    expect(feeShareFits(1000, 500, 1000)).toBe(false);
    expect(feeShareFits(1000, 500, 10_000)).toBe(true);
    expect(feeShareFits(1000, 0, 0)).toBe(true);
  });

  it("is what the ledger charges: both fees of a margin large enough not to round are that share of it, at every leverage", () => {
    // 10⁶ minor units: each fee is leverage × feePpm exactly, so no rounding hides a difference
    const margin = 1_000_000;
    for (const feePpm of [1, 333, 500, 800, 25_000]) {
      for (let leverage = 1; leverage <= 1000; leverage++) {
        const fees = 2 * positionFee({ margin, leverage, feePpm });
        expect(fees, `${leverage}× at ${feePpm} ppm`).toBe(feeSharePpm(leverage, feePpm));
        for (const maxFeeShareBp of [500, 1000, 2500]) {
          expect(feeShareFits(leverage, feePpm, maxFeeShareBp)).toBe(fees * 10_000 <= margin * maxFeeShareBp);
        }
      }
    }
  });

  it("names the highest leverage that fits: 100× at 500 ppm, 62× at 800 ppm, none at 6 % a side", () => {
    expect(highestLeverageWithin(500, 1000)).toBe(100);
    expect(feeShareFits(62, 800, 1000) && !feeShareFits(63, 800, 1000)).toBe(true);
    expect(highestLeverageWithin(800, 1000)).toBe(62);
    expect(highestLeverageWithin(60_000, 1000)).toBe(0);
    expect(highestLeverageWithin(0, 1000)).toBe(Infinity);
  });

  it("reads a share over the limit as over it: rounded up to the hundredth of a percent", () => {
    expect(sharePercent(100_000)).toBe("10.00 %");
    expect(sharePercent(100_001)).toBe("10.01 %");
    expect(sharePercent(1_000_000)).toBe("100.00 %");
    expect(sharePercent(2)).toBe("0.01 %");
  });

  it("lets the defaults through (5× to 100× at 500 ppm: 100× at exactly 10 %) and defaults maxFeeShareBp to 10 % when absent", () => {
    expect(leveragesOverFeeShare(DEFAULT_CONTRACT_SETTINGS)).toEqual([]);
    const { maxFeeShareBp: _, ...older } = DEFAULT_CONTRACT_SETTINGS;
    expect(contractSettings.parse(older).maxFeeShareBp).toBe(1000);
  });

  it("refuses each leverage over the share in the schema, naming it at its place in the list", () => {
    const parsed = contractSettings.safeParse({ ...DEFAULT_CONTRACT_SETTINGS, leverageOptions: [10, 100, 500, 1000] });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => [i.path, i.message])).toEqual([
      [
        ["leverageOptions", 2],
        "leverage 500× takes 50.00 % of the margin in opening and closing fees; at most 10.00 % is allowed",
      ],
      [
        ["leverageOptions", 3],
        "leverage 1000× takes 100.00 % of the margin in opening and closing fees; at most 10.00 % is allowed",
      ],
    ]);
  });

  it("refuses a fee alone that breaks a leverage already in the list, and a share lowered under one", () => {
    expect(contractSettings.safeParse({ ...DEFAULT_CONTRACT_SETTINGS, feePpm: 501 }).success).toBe(false);
    expect(contractSettings.safeParse({ ...DEFAULT_CONTRACT_SETTINGS, maxFeeShareBp: 999 }).success).toBe(false);
    expect(
      contractSettings.safeParse({ ...DEFAULT_CONTRACT_SETTINGS, leverageOptions: [5, 10, 20, 50], maxFeeShareBp: 500 })
        .success,
    ).toBe(true);
  });
});
