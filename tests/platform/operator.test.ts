import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALLS, DEFAULT_CONTRACT_SETTINGS, DEFAULT_THEME, type CallName } from "../../server/contract";
import { createPlatform, type Platform } from "../helpers/platform";
import { sharedPlatform } from "../helpers/shared";

let platform: Platform;
beforeAll(async () => {
  platform = await sharedPlatform();
});
afterAll(() => platform.dispose());

const siteInfo = async (siteId: string) => (await platform.call("siteInfo", { params: { siteId } })).envelope;

describe("operatorPutSite", () => {
  it("creates a new site with the documented defaults", async () => {
    const { status, envelope } = await platform.operator("operatorPutSite", { params: { siteId: "op-new" }, body: {} });
    expect(status).toBe(200);
    expect(envelope.data).toEqual({
      siteId: "op-new",
      localsOptions: ["+886", "+86", "+81", "+1"],
      depositOptions: [],
      bankVerify: true,
      socialOptions: [],
      bankAutoReview: false,
      transactionPasswordRequired: true,
      langOptions: ["en_US", "zh_TW", "zh_CN", "ja_JP"],
      defaultLanguage: "en_US",
      favicon: "",
      logo: "",
      logo2: "",
      copyRight: "",
      script: "",
      smsVerify: false,
      title: "op-new",
      description: "",
      keywords: "",
      gameName: "Binary",
      betAmounts: [100, 500, 1000, 5000, 10000],
      minBetAmount: 100,
      maxBetAmount: 1_000_000,
      minDepositAmount: 1000,
      maxDepositAmount: 10_000_000,
      minWithdrawAmount: 1000,
      maxWithdrawAmount: 5_000_000,
      minTransferAmount: 100,
      maxTransferAmount: 10_000_000,
      withdrawFeeRatio: 0.01,
      withdrawFeeFixed: 100,
      withdrawalSecondApprovalAbove: 0,
      currency: "USD",
      games: [{ code: "binary", name: "Binary" }],
      sessionIdleMinutes: 0,
      redirects: [],
      appLinks: [],
      pairs: ["BTC-USDT", "ETH-USDT"],
      odds: { high: 1.95, low: 1.95, odd: 1.95, even: 1.95, rise: 1.95, fall: 1.95, counter: 1.95, draw: 9 },
      theme: DEFAULT_THEME,
      terms: "",
      translations: {},
      licence: "",
      campaignRules: [],
      contractSettings: DEFAULT_CONTRACT_SETTINGS,
      practiceBalance: 1_000_000,
      realityCheckMinutes: 60,
      auditRetentionDays: 400,
    });
    // site info also names the platform's beacon, which is the platform's, never stored
    expect((await siteInfo("op-new")).data).toEqual({ ...envelope.data, beacon: "local" });
  });

  it("merges a patch over the current configuration, keeping fields it does not name", async () => {
    await platform.operator("operatorPutSite", {
      params: { siteId: "op-merge" },
      body: { title: "First", currency: "JPY" },
    });
    const { envelope } = await platform.operator("operatorPutSite", {
      params: { siteId: "op-merge" },
      body: { title: "Second", withdrawFeeRatio: 0.015 },
    });
    expect(envelope.data).toMatchObject({ title: "Second", currency: "JPY", withdrawFeeRatio: 0.015 });
  });

  it("refuses a configuration that breaks a rule across fields, changing nothing", async () => {
    await platform.seedSite("op-rules", { title: "Kept" });
    const bad = [
      { minBetAmount: 500, maxBetAmount: 100 },
      { langOptions: ["en_US" as const], defaultLanguage: "ja_JP" as const },
      {
        games: [
          { code: "binary", name: "A" },
          { code: "binary", name: "B" },
        ],
      },
      { withdrawFeeRatio: 0.12345 },
    ];
    for (const body of bad) {
      const { envelope } = await platform.operator("operatorPutSite", { params: { siteId: "op-rules" }, body });
      expect(envelope, JSON.stringify(body)).toEqual({ statusCode: 400, message: "invalid_parameters" });
    }
    expect((await siteInfo("op-rules")).data).toMatchObject({ title: "Kept", minBetAmount: 100 });
  });

  it("refuses fields of the wrong type or money as a fraction with invalid_parameters", async () => {
    for (const body of [{ minBetAmount: 1.5 }, { title: 7 }, { currency: "usd" }, { games: [] }]) {
      const { envelope } = await platform.operator("operatorPutSite", {
        params: { siteId: "op-types" },
        body: body as never,
      });
      expect(envelope.message, JSON.stringify(body)).toBe("invalid_parameters");
    }
    expect((await siteInfo("op-types")).message).toBe("invalid_site");
  });
});

describe("publishing to a site no operator created", () => {
  it("answers invalid_site for press, campaign, instruction and chat link", async () => {
    const params = { siteId: "op-missing" };
    const results = await Promise.all([
      platform.operator("operatorPublishPress", {
        params,
        body: { lang: "en_US", kind: "news", path: "x", title: "t", summary: "", content: "" },
      }),
      platform.operator("operatorPublishCampaign", {
        params,
        body: { lang: "en_US", title: "t", summary: "", content: "", startsAt: "2025-01-01T00:00:00Z", endsAt: null },
      }),
      platform.operator("operatorPublishInstruction", {
        params,
        body: { lang: "en_US", type: "rules", title: "t", content: "" },
      }),
      platform.operator("operatorSetChatLink", { params, body: { link: "https://chat.example.com" } }),
    ]);
    for (const { envelope } of results) expect(envelope).toEqual({ statusCode: 400, message: "invalid_site" });
    expect((await siteInfo("op-missing")).message).toBe("invalid_site");
  });
});

describe("operator key", () => {
  const operatorCalls = (Object.keys(CALLS) as CallName[]).filter((name) => CALLS[name].auth === "operator");

  it("is required by every operator call: a wrong key gets 403 invalid_permission", async () => {
    expect(operatorCalls.length).toBeGreaterThanOrEqual(5);
    for (const name of operatorCalls) {
      const params = {
        siteId: "op-new",
        id: "some-id",
        memberId: "some-member",
        fileId: "some-file",
        kind: "press",
        pair: "BTC-USDT",
        size: "192",
        optionId: "some-option",
        key: "some-campaign",
        operatorId: "op_0123456789abcdef",
        account: "some-account",
        day: "2025-01-31",
      };
      const body = CALLS[name].method === "GET" ? undefined : {};
      const { status, envelope } = await platform.operator(name, { params, body } as never, "nope");
      expect(status, name).toBe(403);
      expect(envelope.message, name).toBe("invalid_permission");
    }
  });

  it("refuses everything, even an empty bearer, while the platform has no key configured", async () => {
    const keyless = await createPlatform({ operatorKey: "" });
    try {
      const { envelope } = await keyless.operator("operatorPutSite", { params: { siteId: "op-new" }, body: {} }, "");
      expect(envelope).toEqual({ statusCode: 403, message: "invalid_permission" });
    } finally {
      await keyless.dispose();
    }
  });
});
