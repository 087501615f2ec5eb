import { describe, expect, it } from "vitest";
import { dayBounds, isDay, isKnownTimeZone, nextDay, startOfDay } from "#rules/days";

const iso = (ms: number) => new Date(ms).toISOString();

describe("calendar days in a member's time zone (server/rules/days.ts)", () => {
  it("starts a day at the zone's midnight, not UTC's", () => {
    expect(iso(startOfDay("2026-11-27", "Asia/Taipei"))).toBe("2026-11-26T16:00:00.000Z");
    expect(iso(startOfDay("2026-11-27", "Asia/Kolkata"))).toBe("2026-11-26T18:30:00.000Z");
    expect(iso(startOfDay("2026-11-27", "UTC"))).toBe("2026-11-27T00:00:00.000Z");
    expect(iso(startOfDay("2026-11-27", "America/Los_Angeles"))).toBe("2026-11-27T08:00:00.000Z");
  });

  it("follows daylight saving on the days the clocks change", () => {
    // New York: summer time starts at 02:00 on 8 March 2026 and ends at 02:00 on 1 November
    expect(iso(startOfDay("2026-03-08", "America/New_York"))).toBe("2026-03-08T05:00:00.000Z");
    expect(iso(startOfDay("2026-03-09", "America/New_York"))).toBe("2026-03-09T04:00:00.000Z");
    expect(iso(startOfDay("2026-11-01", "America/New_York"))).toBe("2026-11-01T04:00:00.000Z");
    expect(iso(startOfDay("2026-11-02", "America/New_York"))).toBe("2026-11-02T05:00:00.000Z");
  });

  it("starts a day whose midnight the clocks skip at its first instant, and one they repeat at the first midnight", () => {
    // Santiago, 8 September 2024: 00:00 became 01:00 (−04 to −03)
    expect(iso(startOfDay("2024-09-08", "America/Santiago"))).toBe("2024-09-08T04:00:00.000Z");
    // Santiago, 7 April 2024: 00:00 went back to 23:00 the day before (−03 to −04); the day starts at the midnight that stays
    expect(iso(startOfDay("2024-04-07", "America/Santiago"))).toBe("2024-04-07T04:00:00.000Z");
  });

  it("bounds a filter from the first day's start to the start of the day after the last", () => {
    expect(dayBounds("2026-11-27", "2026-11-27", "Asia/Tokyo")).toEqual({
      from: "2026-11-26T15:00:00.000Z",
      until: "2026-11-27T15:00:00.000Z",
    });
    expect(dayBounds(undefined, "2026-12-31")).toEqual({ until: "2027-01-01T00:00:00.000Z" });
    expect(dayBounds(undefined, undefined, "Asia/Tokyo")).toEqual({});
    expect(nextDay("2028-02-28")).toBe("2028-02-29");
  });

  it("knows a day and a zone from what only looks like one", () => {
    expect(isDay("2028-02-29")).toBe(true);
    expect(isDay("2027-02-29")).toBe(false);
    expect(isDay("2026-1-01")).toBe(false);
    expect(isKnownTimeZone("Asia/Taipei")).toBe(true);
    expect(isKnownTimeZone("Mars/Olympus")).toBe(false);
    expect(isKnownTimeZone("Asia/Taipei; drop table")).toBe(false);
  });
});
