import { describe, expect, it } from "vitest";
import { DEFAULT_THEME, themeProblems, type Theme } from "../../server/contract";
import { practiceAccent, practiceCss } from "../../app/utils/theme.server";

/** Practice mode's accent swap (app/utils/theme.server.ts, practiceCss; app/README.md, "Practice mode"). */
describe("practice accent", () => {
  const brand: Theme = {
    ...DEFAULT_THEME,
    light: { accent: "#6d28d9", background: "#faf5ff", surface: "#ffffff" },
    dark: { accent: "#c4b5fd", background: "#120b1f", surface: "#1c1330" },
  };

  it("replaces the brand's accent with one that keeps every scheme WCAG AA by the contract's own check", () => {
    for (const theme of [DEFAULT_THEME, brand]) {
      for (const scheme of ["light", "dark"] as const) {
        const accent = practiceAccent(theme, scheme);
        expect(accent, scheme).not.toBeNull();
        expect(accent).not.toBe(theme[scheme].accent);
        expect(themeProblems({ ...theme, [scheme]: { ...theme[scheme], accent } })).toEqual([]);
      }
    }
  });

  it("keeps the brand's accent when no candidate fits its page colours (the banner still marks practice)", () => {
    // a mid-grey page: no amber reaches 4.5:1 on it
    const grey: Theme = { ...DEFAULT_THEME, light: { accent: "#000000", background: "#8a8a8a", surface: "#8a8a8a" } };
    expect(practiceAccent(grey, "light")).toBeNull();
    expect(practiceCss(grey)).toContain(":root[data-mode=practice]{}");
  });

  it("writes the swap for the page's mode under both schemes", () => {
    const css = practiceCss(DEFAULT_THEME);
    expect(css).toMatch(
      /^:root\[data-mode=practice\]\{--accent:#b45309;--accent-fg:#ffffff;--accent-soft:#[0-9a-f]{6}\}/,
    );
    expect(css).toContain(":root[data-mode=practice][data-scheme=dark]{--accent:#f59e0b;");
    expect(css).toContain(
      "@media (prefers-color-scheme:dark){:root[data-mode=practice][data-scheme=system]{--accent:#f59e0b;",
    );
  });
});
