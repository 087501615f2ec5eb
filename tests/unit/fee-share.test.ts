import { describe, expect, it } from "vitest";
import { contractSettings, DEFAULT_CONTRACT_SETTINGS } from "../../server/contract";
import {
  feeShareRefusal,
  offeredContractSettings,
  offeredSettingsNote,
  type StoredContractSettings,
} from "../../server/platform/site/fee-share";

/**
 * The platform's side of the fee share (server/platform/site/fee-share.ts): settings stored before
 * the rule are offered within it, and always as settings the contract accepts (site info is
 * checked against it by the platform and by the site); and a refusal for fees alone gets its code.
 */
const PAIRS = ["BTC-USDT", "ETH-USDT"];
const { maxFeeShareBp: _, ...OLDER } = DEFAULT_CONTRACT_SETTINGS;
const stored = (over: Partial<StoredContractSettings>): StoredContractSettings => ({ ...OLDER, ...over });

describe("settings stored before the fee share", () => {
  it("keep leverages that fit, with the default share, and change nothing else", () => {
    const offered = offeredContractSettings(stored({}), PAIRS);
    expect(offered).toEqual({ settings: DEFAULT_CONTRACT_SETTINGS, dropped: [], closed: [] });
    expect(offeredSettingsNote("demo", stored({}), offered)).toBeNull();
  });

  it("keep a share stored with them", () => {
    const offered = offeredContractSettings(stored({ leverageOptions: [5, 1000], maxFeeShareBp: 10_000 }), PAIRS);
    expect(offered.settings).toMatchObject({ leverageOptions: [5, 1000], maxFeeShareBp: 10_000 });
    expect(offered.dropped).toEqual([]);
  });

  it("no longer offer the leverages over the share, and the log says which", () => {
    const older = stored({ leverageOptions: [10, 100, 125, 1000] });
    const offered = offeredContractSettings(older, PAIRS);
    expect(offered.settings.leverageOptions).toEqual([10, 100]);
    expect(offered.dropped).toEqual([125, 1000]);
    expect(offered.closed).toEqual([]);
    expect(offeredSettingsNote("demo", older, offered)).toContain(
      "stored leverages 125×, 1000× take more than 1000 bp of the margin",
    );
  });

  it("with none left, take no new positions: every pair close-only (those already so once), 1× in the list", () => {
    const offered = offeredContractSettings(
      stored({ leverageOptions: [200, 1000], closeOnlyPairs: ["ETH-USDT"] }),
      PAIRS,
    );
    expect(offered.settings).toMatchObject({
      leverageOptions: [1],
      maxFeeShareBp: 1000,
      closeOnlyPairs: ["ETH-USDT", "BTC-USDT"],
    });
    expect(offered.closed).toEqual(["BTC-USDT"]);
  });

  it("with a fee over half the share even 1× breaks it: the share becomes 1×'s (everything is close-only)", () => {
    const offered = offeredContractSettings(stored({ leverageOptions: [5], feePpm: 60_001 }), PAIRS);
    // 2 × 60 001 ppm = 12.0002 %: 1201 bp, rounded up
    expect(offered.settings).toMatchObject({ leverageOptions: [1], maxFeeShareBp: 1201, closeOnlyPairs: PAIRS });
  });

  it.each([
    [{}],
    [{ leverageOptions: [10, 100, 1000] }],
    [{ leverageOptions: [200, 1000] }],
    [{ leverageOptions: [5], feePpm: 100_000 }],
    [{ leverageOptions: [2, 3], feePpm: 25_000, maxFeeShareBp: 500 }],
  ])("offer settings the contract accepts (%j)", (over) => {
    expect(contractSettings.safeParse(offeredContractSettings(stored(over), PAIRS).settings).success).toBe(true);
  });
});

describe("a refusal for fees alone", () => {
  it("is leverage_fees_too_high with the lowest leverage's figures and a line per leverage", () => {
    const refusal = feeShareRefusal(
      contractSettings.safeParse({ ...DEFAULT_CONTRACT_SETTINGS, leverageOptions: [50, 200, 1000] }),
    );
    expect(refusal).toEqual({
      ok: false,
      statusCode: 400,
      message: "leverage_fees_too_high",
      data: {
        feeShare: { leverage: 200, sharePpm: 200_000, maxPpm: 100_000 },
        problems: [
          "leverage 200× takes 20.00 % of the margin in opening and closing fees; at most 10.00 % is allowed",
          "leverage 1000× takes 100.00 % of the margin in opening and closing fees; at most 10.00 % is allowed",
          "at this fee the highest leverage that fits is 100×",
        ],
      },
    });
  });

  it("says when not even 1× fits", () => {
    const refusal = feeShareRefusal(
      contractSettings.safeParse({ ...DEFAULT_CONTRACT_SETTINGS, leverageOptions: [1], feePpm: 60_000 }),
    );
    expect(refusal?.data?.problems?.at(-1)).toBe("at this fee not even 1× fits: lower the fee or raise maxFeeShareBp");
  });

  it("is null for settings that pass, and for settings wrong in another way too", () => {
    expect(feeShareRefusal(contractSettings.safeParse(DEFAULT_CONTRACT_SETTINGS))).toBeNull();
    expect(
      feeShareRefusal(
        contractSettings.safeParse({ ...DEFAULT_CONTRACT_SETTINGS, leverageOptions: [1000], slippageBp: -1 }),
      ),
    ).toBeNull();
  });
});
