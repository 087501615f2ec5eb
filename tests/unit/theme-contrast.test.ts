import { describe, expect, it } from "vitest";
import { contrastRatio, DEFAULT_THEME, themeProblems, type Theme } from "../../server/contract";
import { DEMO2_SITE, DEMO_SITE } from "../../server/cli/seed/sites";

/** The contrast arithmetic a theme is refused by (server/contract/theme.ts): WCAG 2.1's own numbers. */
describe("contrastRatio", () => {
  it("gives WCAG's known ratios", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    // #777 on white is the classic just-below-AA grey
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#767676", "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio("#123456", "#123456")).toBe(1);
  });
});

describe("themeProblems", () => {
  it("finds nothing wrong with the default theme or the two demo sites' themes", () => {
    expect(themeProblems(DEFAULT_THEME)).toEqual([]);
    expect(themeProblems(DEMO_SITE.config.theme as Theme)).toEqual([]);
    expect(themeProblems(DEMO2_SITE.config.theme as Theme)).toEqual([]);
  });

  it("names the scheme, the pair, its ratio and the ratio needed for an accent below AA", () => {
    const t: Theme = { ...DEFAULT_THEME, light: { ...DEFAULT_THEME.light, accent: "#777777" } };
    const problems = themeProblems(t);
    expect(problems).toContain("light: accent #777777 on surface #ffffff is 4.4:1, needs 4.5:1");
    expect(problems.every((p) => p.startsWith("light: "))).toBe(true);
  });

  it("refuses a dark surface too light for the dark scheme's text", () => {
    const t: Theme = { ...DEFAULT_THEME, dark: { ...DEFAULT_THEME.dark, surface: "#c0c0c0" } };
    expect(themeProblems(t).some((p) => p.startsWith("dark: text #e6e8eb on surface #c0c0c0"))).toBe(true);
  });
});
