import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEFAULT_CONTRACT_SETTINGS,
  type ContractSettings,
  type FailureData,
  type SiteInfo,
} from "../../server/contract";
import { createPlatform, objectStub, type Platform } from "../helpers/platform";
import { GAME_SITE } from "./game-helpers";
import { memberCall } from "./money-helpers";

/**
 * The fee share (server/contract/README.md, "Contract trading"): an operator cannot store a
 * leverage whose opening and closing fees take more of the margin than the site's maxFeeShareBp,
 * and a site whose settings were stored before the rule offers only the leverages that fit.
 *
 * The entry lets a test write a site's stored configuration as it is, without the operator API's
 * checks, as a platform older than the rule would have stored it.
 */
const ENTRY = `
  import worker, { MarketObject, MemberObject, SiteObject } from "./worker.js";
  export { OperatorObject } from "./worker.js";
  class TestSiteObject extends SiteObject {
    __storedConfig() { return JSON.parse(this.ctx.storage.sql.exec("SELECT config FROM site_config WHERE id = 1").one().config); }
    __storeConfig(config) { this.ctx.storage.sql.exec("UPDATE site_config SET config = ? WHERE id = 1", JSON.stringify(config)); }
  }
  export { MarketObject, MemberObject, TestSiteObject as SiteObject };
  export default worker;
`;

type StoredConfig = Omit<SiteInfo, "siteId" | "contractSettings"> & { contractSettings: Partial<ContractSettings> };
interface SiteStub {
  __storedConfig(): Promise<StoredConfig>;
  __storeConfig(config: StoredConfig): Promise<void>;
}

let platform: Platform;
beforeAll(async () => {
  platform = await createPlatform({ wrapEntry: ENTRY });
});
afterAll(() => platform.dispose());

async function siteObject(siteId: string): Promise<SiteStub> {
  return objectStub<SiteStub>(platform, "SITE", siteId);
}

const settingsOf = async (siteId: string) =>
  ((await platform.call("siteInfo", { params: { siteId } })).envelope.data as SiteInfo).contractSettings;
const putSettings = (siteId: string, contractSettings: ContractSettings) =>
  platform.operator("operatorPutSite", { params: { siteId }, body: { contractSettings } });

describe("an operator's leverages and fee", () => {
  it("refuses 1000× at 500 ppm (fees 100 % of the margin) with leverage_fees_too_high, the figures and a line per leverage, and keeps the settings", async () => {
    await platform.seedSite("fees-1000");
    const { status, envelope } = await putSettings("fees-1000", {
      ...DEFAULT_CONTRACT_SETTINGS,
      leverageOptions: [10, 100, 500, 1000],
    });
    expect(status).toBe(400);
    expect(envelope.message).toBe("leverage_fees_too_high");
    const data = envelope.data as unknown as FailureData;
    // the lowest leverage refused, in ppm of the margin: 2 × 500 × 500 = 50 %, against 10 %
    expect(data.feeShare).toEqual({ leverage: 500, sharePpm: 500_000, maxPpm: 100_000 });
    expect(data.problems).toEqual([
      "leverage 500× takes 50.00 % of the margin in opening and closing fees; at most 10.00 % is allowed",
      "leverage 1000× takes 100.00 % of the margin in opening and closing fees; at most 10.00 % is allowed",
      "at this fee the highest leverage that fits is 100×",
    ]);
    expect(await settingsOf("fees-1000")).toEqual(DEFAULT_CONTRACT_SETTINGS);
  });

  it("accepts 100× at 500 ppm: its fees take exactly the default 10 %", async () => {
    await platform.seedSite("fees-100");
    const settings = { ...DEFAULT_CONTRACT_SETTINGS, leverageOptions: [1, 100] };
    expect((await putSettings("fees-100", settings)).envelope.message).toBe("ok");
    expect(await settingsOf("fees-100")).toEqual(settings);
  });

  it.each([
    [101, 101_000, "10.10 %"],
    [201, 201_000, "20.10 %"],
  ])("refuses %i× at 500 ppm: its fees take %i ppm (%s) of the margin", async (leverage, sharePpm, percent) => {
    const site = `fees-${leverage}`;
    await platform.seedSite(site);
    const { envelope } = await putSettings(site, { ...DEFAULT_CONTRACT_SETTINGS, leverageOptions: [leverage] });
    expect(envelope.message).toBe("leverage_fees_too_high");
    const data = envelope.data as unknown as FailureData;
    expect(data.feeShare).toEqual({ leverage, sharePpm, maxPpm: 100_000 });
    expect(data.problems![0]).toBe(
      `leverage ${leverage}× takes ${percent} of the margin in opening and closing fees; at most 10.00 % is allowed`,
    );
  });

  it("refuses a fee change alone that makes a stored leverage break the share (100× at 501 ppm: 10.02 %)", async () => {
    await platform.seedSite("fees-fee-only");
    const { envelope } = await putSettings("fees-fee-only", { ...DEFAULT_CONTRACT_SETTINGS, feePpm: 501 });
    expect(envelope.message).toBe("leverage_fees_too_high");
    expect((envelope.data as unknown as FailureData).feeShare).toEqual({
      leverage: 100,
      sharePpm: 100_200,
      maxPpm: 100_000,
    });
    expect((await settingsOf("fees-fee-only")).feePpm).toBe(500);
  });

  it("accepts 1000× at 500 ppm where the operator allows the fees the whole margin (maxFeeShareBp 10 000)", async () => {
    await platform.seedSite("fees-share");
    const settings = { ...DEFAULT_CONTRACT_SETTINGS, leverageOptions: [100, 1000], maxFeeShareBp: 10_000 };
    expect((await putSettings("fees-share", settings)).envelope.message).toBe("ok");
    expect(await settingsOf("fees-share")).toEqual(settings);
  });

  it("answers invalid_parameters, not the fee code, when the settings are wrong in another way too", async () => {
    await platform.seedSite("fees-and-more");
    const { envelope } = await putSettings("fees-and-more", {
      ...DEFAULT_CONTRACT_SETTINGS,
      leverageOptions: [1000],
      minMargin: 2,
      maxMargin: 1,
    });
    expect(envelope).toEqual({ statusCode: 400, message: "invalid_parameters" });
  });
});

describe("settings stored before the fee share", () => {
  /** A site whose stored contract settings are `settings`, with no maxFeeShareBp, as an older platform kept them. */
  async function storedBefore(siteId: string, settings: Partial<ContractSettings>) {
    await platform.seedSite(siteId, GAME_SITE);
    const site = await siteObject(siteId);
    const config = await site.__storedConfig();
    const { maxFeeShareBp: _, ...older } = { ...config.contractSettings, ...settings };
    await site.__storeConfig({ ...config, contractSettings: older });
    return site;
  }

  it("offer the default share and only the leverages within it; an open at a dropped one is leverage_not_offered", async () => {
    await storedBefore("legacy-some", { leverageOptions: [10, 100, 200, 1000] });
    const settings = await settingsOf("legacy-some");
    expect(settings).toMatchObject({ leverageOptions: [10, 100], maxFeeShareBp: 1000, closeOnlyPairs: [] });

    const m = await platform.signupMember("legacy-some");
    const open = (leverage: number) =>
      memberCall(platform, m, "openPosition", {
        body: {
          pair: GAME_SITE.pairs[0]!,
          side: "long",
          margin: 1000,
          leverage,
          seenPrice: 100,
          takeProfit: null,
          stopLoss: null,
        },
      });
    expect((await open(1000)).envelope.message).toBe("leverage_not_offered");
    expect((await open(200)).envelope.message).toBe("leverage_not_offered");
    // 100× is still offered: the open gets past the leverage to the (empty) wallet
    expect((await open(100)).envelope.message).toBe("insufficient_game_wallet_balance");
  });

  it("are stored as offered at the operator's next change, whatever it changes", async () => {
    const site = await storedBefore("legacy-next", { leverageOptions: [5, 50, 500] });
    expect(
      (await platform.operator("operatorPutSite", { params: { siteId: "legacy-next" }, body: { title: "Renamed" } }))
        .envelope.message,
    ).toBe("ok");
    expect((await site.__storedConfig()).contractSettings).toMatchObject({
      leverageOptions: [5, 50],
      maxFeeShareBp: 1000,
    });
  });

  it("with no leverage within the share, take no new positions: every pair close-only, 1× in the list", async () => {
    await storedBefore("legacy-none", { leverageOptions: [200, 1000] });
    expect(await settingsOf("legacy-none")).toMatchObject({
      leverageOptions: [1],
      maxFeeShareBp: 1000,
      closeOnlyPairs: GAME_SITE.pairs,
    });
  });

  it("that fit keep their leverages and get the default share", async () => {
    await storedBefore("legacy-fair", { leverageOptions: [5, 10, 20, 50, 100] });
    expect(await settingsOf("legacy-fair")).toEqual(DEFAULT_CONTRACT_SETTINGS);
  });
});
