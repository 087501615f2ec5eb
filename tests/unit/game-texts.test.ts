import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { oddsBp, payout } from "../../server/contract/outcomes";
import { trendOf, winPayout } from "../../app/utils/game";

const root = fileURLToPath(new URL("../../locales", import.meta.url));
const LOCALES = ["en-US", "zh-TW", "zh-CN", "ja-JP"];
const read = (lng: string, ns: string) => JSON.parse(readFileSync(join(root, lng, `${ns}.json`), "utf8")) as Record<string, Record<string, string>>;

describe("the game's texts", () => {
  it.each(LOCALES)("%s: the refusal of opposite options names them as the bet panel does", (lng) => {
    const refusal = (read(lng, "messages") as unknown as Record<string, string>).conflicting_bet_options!;
    const option = read(lng, "game").option!;
    for (const name of ["high", "low", "odd", "even", "rise", "fall"]) expect(refusal, `${lng} names "${option[name]}"`).toContain(option[name]);
  });
});

describe("the bet bar's payout", () => {
  it("is what the platform pays on a win, for stakes and odds the sites use", () => {
    for (const odds of [1.95, 1.9, 9, 2.05, 1.999, 1.0001])
      for (const stake of [1, 99, 100, 101, 333, 1_000, 123_457, 1_000_000]) {
        expect(winPayout(stake, odds), `${stake} × ${odds}`).toBe(payout("win", stake, oddsBp(odds)));
      }
  });
});

describe("the price's trend against the open", () => {
  it("is up above the open, down below it, flat at it or when either is unknown", () => {
    expect(trendOf(101, 100)).toBe("up");
    expect(trendOf(99, 100)).toBe("down");
    expect(trendOf(100, 100)).toBe("flat");
    expect(trendOf(null, 100)).toBe("flat");
    expect(trendOf(100, null)).toBe("flat");
  });
});
