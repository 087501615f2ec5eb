import { describe, expect, it } from "vitest";
import {
  colorDistance,
  DEFAULT_THEME,
  PRACTICE_MIN_DISTANCE,
  practiceAccent,
  themeProblems,
  type Theme,
} from "../../server/contract";
import { practiceCss } from "../../app/utils/theme-css";
import { DEMO2_SITE, DEMO_SITE } from "../../server/cli/seed/sites";

/**
 * Practice mode's accent swap (server/contract/theme.ts, practiceAccent; app/utils/theme-css.ts,
 * practiceCss; app/README.md, "Practice mode"): readable, and never the brand's own accent or one
 * close to it (ΔE 30 in CIELAB), on every brand the contract accepts.
 */
describe("practice accent", () => {
  const violet: Theme = {
    ...DEFAULT_THEME,
    light: { accent: "#6d28d9", background: "#faf5ff", surface: "#ffffff" },
    dark: { accent: "#c4b5fd", background: "#120b1f", surface: "#1c1330" },
  };
  const amber: Theme = DEMO2_SITE.config.theme!;

  it("keeps every scheme WCAG AA by the contract's own check", () => {
    for (const theme of [DEFAULT_THEME, violet, amber, DEMO_SITE.config.theme!]) {
      for (const scheme of ["light", "dark"] as const) {
        const accent = practiceAccent(theme, scheme);
        expect(accent, scheme).not.toBeNull();
        expect(themeProblems({ ...theme, [scheme]: { ...theme[scheme], accent } })).toEqual([]);
      }
    }
  });

  it("stands at least ΔE 30 from the brand's accent: an amber brand practises in magenta, not its own amber", () => {
    for (const scheme of ["light", "dark"] as const) {
      // demo2's accents are exactly the ambers practice uses first
      expect(practiceAccent(DEFAULT_THEME, scheme)).toBe(amber[scheme].accent);
      const accent = practiceAccent(amber, scheme)!;
      expect(colorDistance(accent, amber[scheme].accent)).toBeGreaterThanOrEqual(PRACTICE_MIN_DISTANCE);
      expect(accent).toBe(scheme === "light" ? "#a21caf" : "#e879f9");
    }
  });

  it("is measured in CIELAB: the same colour is 0, amber and orange-red are close, amber and teal far", () => {
    expect(colorDistance("#b45309", "#b45309")).toBe(0);
    expect(colorDistance("#b45309", "#c2410c")).toBeLessThan(PRACTICE_MIN_DISTANCE);
    expect(colorDistance("#b45309", "#0f766e")).toBeGreaterThan(PRACTICE_MIN_DISTANCE);
    // pinned figures of the formula: white to black is 100, pure red to black about 117
    expect(colorDistance("#ffffff", "#000000")).toBeCloseTo(100, 1);
    expect(colorDistance("#ff0000", "#000000")).toBeCloseTo(117.3, 0);
  });

  it("is far from every brand accent of a sweep of hues the contract accepts, or the theme is refused", () => {
    let checked = 0;
    for (let hue = 0; hue < 360; hue += 10) {
      for (const [lightness, scheme] of [
        [32, "light"],
        [70, "dark"],
      ] as const) {
        const accent = hsl(hue, 80, lightness);
        const theme: Theme = { ...DEFAULT_THEME, [scheme]: { ...DEFAULT_THEME[scheme], accent } };
        const practice = practiceAccent(theme, scheme);
        if (practice === null) {
          expect(themeProblems(theme).join("\n"), accent).toMatch(/no practice accent/);
          continue;
        }
        checked++;
        expect(colorDistance(practice, accent), `${scheme} ${accent} → ${practice}`).toBeGreaterThanOrEqual(
          PRACTICE_MIN_DISTANCE,
        );
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it("exists for every brand the contract's contrast check accepts, over a sweep of page colours", () => {
    // the refusal in themeProblems ("no practice accent …") is a guard: no readable brand found here needs it
    let accepted = 0;
    for (let grey = 0xd0; grey <= 0xff; grey += 6) {
      const page = `#${grey.toString(16).repeat(3)}`;
      for (let hue = 0; hue < 360; hue += 15) {
        const theme: Theme = { ...DEFAULT_THEME, light: { accent: hsl(hue, 85, 30), background: page, surface: page } };
        if (themeProblems(theme).length > 0) continue;
        accepted++;
        expect(practiceAccent(theme, "light"), `${page} ${theme.light.accent}`).not.toBeNull();
      }
    }
    expect(accepted).toBeGreaterThan(50);
  });

  it("writes the swap for the page's mode under both schemes", () => {
    const css = practiceCss(DEFAULT_THEME);
    expect(css).toMatch(
      /^:root\[data-mode=practice\]\{--accent:#b45309;--accent-fg:#ffffff;--accent-soft:#[0-9a-f]{6};--hero-tint:#[0-9a-f]{6}\}/,
    );
    expect(css).toContain(":root[data-mode=practice][data-scheme=dark]{--accent:#f59e0b;");
    expect(css).toContain(
      "@media (prefers-color-scheme:dark){:root[data-mode=practice][data-scheme=system]{--accent:#f59e0b;",
    );
    expect(practiceCss(DEMO2_SITE.config.theme!)).toContain(":root[data-mode=practice]{--accent:#a21caf;");
  });
});

/** An sRGB hex colour from hue (degrees), saturation and lightness (percent). */
function hsl(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const v = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}
