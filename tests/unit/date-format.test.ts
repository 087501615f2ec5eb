import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../app/i18n";
import { formatTime as smsTime } from "../../app/components/account/format";
import { formatUtc } from "../../app/components/fairness/parts";
import { formatTime as gameTime } from "../../app/components/game/format";
import { formatDateTime } from "../../app/utils/date-time";
import { formatUntil } from "../../app/utils/messages";

/**
 * Every time the site prints is on a 24-hour clock in every language, with no zone name after it
 * (app/README.md, "Dates and times"): zh-TW's and en-US's default clocks are 12-hour, which
 * printed 「上午12:00」 for midnight and 「[UTC]」 after it.
 */
const MIDNIGHT = "2026-01-01T00:05:09.000Z";
const AFTERNOON = "2026-01-01T14:05:09.000Z";
const TWELVE_HOUR = /上午|下午|午前|午後|AM|PM|\[|UTC/;

const formatters = {
  formatDateTime: (iso: string, lng: string) => formatDateTime(iso, lng, "UTC"),
  "game formatTime": (iso: string, lng: string) => gameTime(iso, lng, "UTC"),
  "sms formatTime": (iso: string, lng: string) => smsTime(iso, lng, "UTC"),
  "fairness formatUtc": formatUtc,
};

describe.each(Object.entries(formatters))("%s", (_, format) => {
  it.each(LOCALES.map((lng) => [lng]))("writes %s times on a 24-hour clock, unnamed", (lng) => {
    const midnight = format(MIDNIGHT, lng);
    const afternoon = format(AFTERNOON, lng);
    expect(midnight).toContain("00:05");
    expect(afternoon).toContain("14:05");
    expect(midnight).not.toMatch(TWELVE_HOUR);
    expect(afternoon).not.toMatch(TWELVE_HOUR);
  });
});

it("writes zh-TW's date and time as Taiwanese apps do", () => {
  expect(formatDateTime(MIDNIGHT, "zh-TW", "UTC")).toBe("2026年1月1日 00:05");
  expect(formatDateTime(AFTERNOON, "zh-TW", "Asia/Taipei")).toBe("2026年1月1日 22:05");
  expect(formatDateTime(AFTERNOON, "ja-JP", "Asia/Tokyo")).toBe("2026年1月1日 23:05");
});

it("names UTC in a refusal's break end, the one time formatted without the member's zone", () => {
  expect(formatUntil(MIDNIGHT, "zh-TW")).toBe("2026年1月1日 00:05 UTC");
});

/** Every formatter with an hour in app/ spreads CLOCK, so a new one cannot fall back to 12-hour. */
it("has no date-time format with an hour but without CLOCK in app/", () => {
  const root = fileURLToPath(new URL("../../app", import.meta.url));
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
    });
  const missing = files(root).flatMap((file) => {
    const source = readFileSync(file, "utf8");
    return [...source.matchAll(/(?:dateTimeFormat|Intl\.DateTimeFormat)\([^;]*?\}\)/gs)]
      .filter(([call]) => /\bhour\s*:/.test(call) && !call.includes("...CLOCK"))
      .map(([call]) => `${file.slice(root.length + 1)}: ${call.slice(0, 60)}`);
  });
  expect(missing).toEqual([]);
});
