import { describe, expect, it } from "vitest";
import type { CampaignRule, MemberCampaign } from "../../server/contract";
import { resources } from "../../server/site/i18n";
import { campaignStatus, formatPercent, ruleSentence, turnoverStillNeeded } from "../../app/utils/campaigns";
import { catalogT, staticCatalog } from "../../app/utils/translator";

/** What /user/activity says a rule pays, computed from the rule (app/README.md, "Campaigns"). */
const base = { startsAt: "2025-01-01T00:00:00.000Z", endsAt: null, endedAt: null, optIn: true } as const;
const FIRST: CampaignRule = {
  ...base,
  kind: "deposit_bonus",
  key: "first",
  cap: 10_000,
  percentBp: 1000,
  deposits: "first",
  wagering: 5,
};
const EACH_FREE: CampaignRule = {
  ...base,
  kind: "deposit_bonus",
  key: "each",
  cap: 2_500,
  percentBp: 250,
  deposits: "each",
  wagering: 0,
};
const DAILY: CampaignRule = {
  ...base,
  kind: "rebate",
  key: "daily",
  cap: 20_000,
  percentBp: 500,
  period: "day",
  rounds: 0,
};
const ROUNDS: CampaignRule = {
  ...base,
  kind: "rebate",
  key: "rounds",
  cap: 20_000,
  percentBp: 500,
  period: "rounds",
  rounds: 100,
};
const t = (lng: "en-US" | "ja-JP") => catalogT(staticCatalog(lng, resources[lng]), "campaigns");
const USD = { currency: "USD", locale: "en-US" };

describe("a rule in plain words", () => {
  it("a first-deposit bonus: percent, cap and wagering from the rule", () => {
    expect(ruleSentence(FIRST, t("en-US"), USD)).toBe(
      "10% of your first deposit, up to US$100.00 · bet 5 × the bonus to unlock it",
    );
  });

  it("a bonus on each deposit without wagering is free at once; fractions of a percent are kept", () => {
    expect(ruleSentence(EACH_FREE, t("en-US"), USD)).toBe(
      "2.5% of each deposit, up to US$25.00 · yours to use at once",
    );
  });

  it("rebates per day and per N settled bets say when they are credited", () => {
    expect(ruleSentence(DAILY, t("en-US"), USD)).toBe(
      "5% of your net losses each day (UTC), up to US$200.00, credited after the day ends",
    );
    expect(ruleSentence(ROUNDS, t("en-US"), USD)).toBe(
      "5% of your net losses over every 100 settled bets, up to US$200.00, credited after the last of them",
    );
  });

  it("in Japanese, with the site's currency", () => {
    expect(ruleSentence(FIRST, t("ja-JP"), { currency: "TWD", locale: "ja-JP" })).toBe(
      "初回入金額の10%（上限 NT$100） · ボーナスの5倍をベットするとロック解除",
    );
    expect(formatPercent(1000, "ja-JP")).toBe("10%");
  });
});

const lock = (turnoverRequired: number, turnover: number, status: "locked" | "released" = "locked") => ({
  id: `${turnoverRequired}-${turnover}`,
  campaignKey: "first",
  depositId: "d",
  amount: turnoverRequired / 5,
  turnoverRequired,
  turnover,
  status,
  createdAt: base.startsAt,
  releasedAt: null,
});
const member = (bonuses: ReturnType<typeof lock>[]): MemberCampaign => ({
  rule: FIRST,
  active: true,
  joined: true,
  joinedAt: base.startsAt,
  bonuses,
  currentPeriod: null,
  credited: 0,
});

describe("the turnover still needed", () => {
  it("is the sum over locked bonuses (a stake fills the oldest lock first), released ones counting nothing", () => {
    expect(turnoverStillNeeded([member([lock(25_000, 6_000), lock(5_000, 0), lock(5_000, 5_000, "released")])])).toBe(
      24_000,
    );
    expect(turnoverStillNeeded([member([])])).toBe(0);
  });
});

describe("a campaign's status", () => {
  const now = Date.parse("2026-06-01T00:00:00.000Z");
  it("runs between its start and end, is over when its end passed or the operator ended it, and waits before its start", () => {
    expect(campaignStatus({ startsAt: "2026-01-01T00:00:00.000Z", endsAt: null }, now)).toBe("active");
    expect(campaignStatus({ startsAt: "2026-01-01T00:00:00.000Z", endsAt: "2026-05-31T23:59:59.000Z" }, now)).toBe(
      "ended",
    );
    expect(
      campaignStatus({ startsAt: "2026-01-01T00:00:00.000Z", endsAt: null, endedAt: "2026-03-01T00:00:00.000Z" }, now),
    ).toBe("ended");
    expect(campaignStatus({ startsAt: "2026-07-01T00:00:00.000Z", endsAt: null }, now)).toBe("upcoming");
  });
});
