import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../app/i18n";
import { trendOf } from "../../app/utils/game";

const root = fileURLToPath(new URL("../../locales", import.meta.url));
const read = (lng: string, ns: string) =>
  JSON.parse(readFileSync(join(root, lng, `${ns}.json`), "utf8")) as Record<string, Record<string, string>>;

describe("the game's texts", () => {
  it.each(LOCALES)("%s: the refusal of opposite options names them as the bet panel does", (lng) => {
    const refusal = (read(lng, "messages") as unknown as Record<string, string>).conflicting_bet_options!;
    const option = read(lng, "game").option!;
    for (const name of ["high", "low", "odd", "even", "rise", "fall"])
      expect(refusal, `${lng} names "${option[name]}"`).toContain(option[name]);
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
