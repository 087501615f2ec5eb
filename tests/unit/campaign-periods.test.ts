import { describe, expect, it } from "vitest";
import type { CampaignRule } from "../../server/contract";
import { betPeriod, isActive, percentOf, rebatePeriodAt, ruleEnd } from "../../server/platform/member/campaigns";

/** The pure arithmetic of campaigns (server/platform/member/campaigns.ts): periods, percentages, activity. */

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe("rebate periods", () => {
  it("takes the UTC day of an instant", () => {
    const p = rebatePeriodAt("day", at("2026-03-04T23:59:59.999Z"));
    expect([iso(p.start), iso(p.end)]).toEqual(["2026-03-04T00:00:00.000Z", "2026-03-05T00:00:00.000Z"]);
  });

  it("takes the week from Monday 00:00 UTC, whatever weekday the instant is", () => {
    // 2026-03-02 is a Monday, 2026-03-08 a Sunday
    for (const day of ["2026-03-02T00:00:00.000Z", "2026-03-05T12:00:00.000Z", "2026-03-08T23:59:59.999Z"]) {
      const p = rebatePeriodAt("week", at(day));
      expect([iso(p.start), iso(p.end)], day).toEqual(["2026-03-02T00:00:00.000Z", "2026-03-09T00:00:00.000Z"]);
    }
    expect(iso(rebatePeriodAt("week", at("2026-03-09T00:00:00.000Z")).start)).toBe("2026-03-09T00:00:00.000Z");
    // before 1970-01-05 (the first Monday of the epoch) too
    expect(iso(rebatePeriodAt("week", at("1970-01-01T00:00:00.000Z")).start)).toBe("1969-12-29T00:00:00.000Z");
  });

  it("counts a bet whose round ends exactly at midnight in the day before", () => {
    expect(iso(betPeriod("day", at("2026-03-05T00:00:00.000Z")).start)).toBe("2026-03-04T00:00:00.000Z");
    expect(iso(betPeriod("day", at("2026-03-05T00:00:05.000Z")).start)).toBe("2026-03-05T00:00:00.000Z");
    expect(iso(betPeriod("week", at("2026-03-09T00:00:00.000Z")).start)).toBe("2026-03-02T00:00:00.000Z");
  });
});

describe("percentages", () => {
  it("floors base × basis points / 10 000 and applies the cap", () => {
    expect(percentOf(50_000, 1000, 10_000)).toBe(5_000);
    expect(percentOf(2_000_000, 1000, 10_000)).toBe(10_000);
    expect(percentOf(2_050, 500, 20_000)).toBe(102);
    expect(percentOf(19, 500, 20_000)).toBe(0);
  });

  it("pays nothing on no base or a negative one (a winning period)", () => {
    expect(percentOf(0, 500, 1_000)).toBe(0);
    expect(percentOf(-1_850, 500, 1_000)).toBe(0);
  });

  it("stays exact beyond 2^53 / 10 000", () => {
    expect(percentOf(Number.MAX_SAFE_INTEGER, 10_000, Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
    expect(percentOf(Number.MAX_SAFE_INTEGER, 3, Number.MAX_SAFE_INTEGER)).toBe(
      Number((BigInt(Number.MAX_SAFE_INTEGER) * 3n) / 10_000n),
    );
  });
});

describe("activity", () => {
  const rule: CampaignRule = {
    kind: "rebate",
    key: "r",
    optIn: false,
    startsAt: "2026-01-01T00:00:00.000Z",
    endsAt: "2026-02-01T00:00:00.000Z",
    endedAt: null,
    cap: 1,
    percentBp: 1,
    period: "day",
    rounds: 0,
  };
  it("runs from its start (included) to its end date (excluded)", () => {
    expect(isActive(rule, at("2025-12-31T23:59:59.999Z"))).toBe(false);
    expect(isActive(rule, at("2026-01-01T00:00:00.000Z"))).toBe(true);
    expect(isActive(rule, at("2026-01-31T23:59:59.999Z"))).toBe(true);
    expect(isActive(rule, at("2026-02-01T00:00:00.000Z"))).toBe(false);
  });

  it("stops at the operator's end when it comes before the end date", () => {
    const ended = { ...rule, endedAt: "2026-01-10T00:00:00.000Z" };
    expect(isActive(ended, at("2026-01-09T23:59:59.999Z"))).toBe(true);
    expect(isActive(ended, at("2026-01-10T00:00:00.000Z"))).toBe(false);
    expect(ruleEnd(ended)).toBe(at("2026-01-10T00:00:00.000Z"));
    expect(ruleEnd({ ...rule, endsAt: null })).toBeNull();
  });
});
