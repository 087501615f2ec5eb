import { describe, expect, it } from "vitest";
import {
  DEFAULT_THEME,
  DESIGN_CHOICES,
  DESIGN_DEFAULTS,
  siteConfigPatch,
  theme as themeSchema,
  themeColors,
  themeProblems,
  contrastRatio,
  type Theme,
  type ThemeDesign,
} from "../../server/contract";
import { designAttributes, fontStack, themeCss } from "../../app/utils/theme-css";
import { DEMO2_SITE, DEMO_SITE } from "../../server/cli/seed/sites";

/**
 * The theme's design parts (server/contract/theme-design.ts; app/README.md, "Themes"): closed
 * choices the contract checks, defaults for themes stored before them, contrast for every
 * combination, and the CSS each becomes.
 */
const COLOURS = {
  light: DEFAULT_THEME.light,
  dark: DEFAULT_THEME.dark,
  defaultScheme: "system",
  upDown: "locale",
  logo: "wordmark",
} as const;

const PARTS = Object.keys(DESIGN_CHOICES) as (keyof ThemeDesign)[];

/** Every combination of the design choices (4·3·3·2·3·3·4 = 2592). */
function* combinations(): Generator<ThemeDesign> {
  const walk = function* (i: number, acc: Partial<ThemeDesign>): Generator<ThemeDesign> {
    if (i === PARTS.length) {
      yield acc as ThemeDesign;
      return;
    }
    for (const value of DESIGN_CHOICES[PARTS[i]!]) yield* walk(i + 1, { ...acc, [PARTS[i]!]: value });
  };
  yield* walk(0, {});
}

describe("the theme's design in the contract", () => {
  it("accepts every choice of every part", () => {
    for (const part of PARTS) {
      for (const value of DESIGN_CHOICES[part]) {
        expect(themeSchema.safeParse({ ...COLOURS, [part]: value }).success, `${part} ${value}`).toBe(true);
      }
    }
  });

  it("refuses a value outside a part's choices, free CSS included, naming the field", () => {
    for (const [part, value] of [
      ["font", "Comic Sans MS"],
      ["scale", "huge"],
      ["radius", "12px"],
      ["density", "airy"],
      ["buttons", "ghost"],
      ["hero", "video"],
      ["imagery", "https://example.com/x.png"],
      ["radius", "0;}body{display:none"],
    ] as const) {
      const parsed = themeSchema.safeParse({ ...COLOURS, [part]: value });
      expect(parsed.success, `${part} ${value}`).toBe(false);
      expect(parsed.error!.issues[0]!.path).toEqual([part]);
    }
    // and no field besides the theme's own
    expect(themeSchema.safeParse({ ...COLOURS, css: "body{}" }).success).toBe(false);
  });

  it("reads a theme stored before the design parts as their defaults: the product's look of before", () => {
    const old = themeSchema.parse(COLOURS);
    expect(old).toEqual({ ...COLOURS, ...DESIGN_DEFAULTS });
    expect(DESIGN_DEFAULTS).toEqual({
      font: "system",
      scale: "regular",
      radius: "soft",
      density: "comfortable",
      buttons: "solid",
      hero: "centred",
      imagery: "none",
    });
    // an operator's patch that sends a theme without them gets the defaults, not a refusal
    expect(siteConfigPatch.parse({ theme: COLOURS }).theme).toEqual(old);
    // the defaults draw what the style sheet drew before: 16 px root, 8 px corners, 1 rem cards
    expect(themeCss(old, "en-US")).toContain("--text-root:16px;--text-h1:1.5rem;--radius:8px;--radius-sm:6px");
    expect(themeCss(old, "en-US")).toContain("--pad:1rem;--gap:1rem;--leading:1.5");
  });

  it("checks contrast for every combination: each text pair the design draws reaches AA, or the theme is refused", () => {
    let count = 0;
    for (const design of combinations()) {
      for (const [name, palette] of [
        ["default", DEFAULT_THEME],
        ["demo", DEMO_SITE.config.theme!],
        ["demo2", DEMO2_SITE.config.theme!],
      ] as const) {
        const t: Theme = { ...palette, ...design };
        const problems = themeProblems(t);
        count++;
        // nothing else of these readable palettes fails in any combination
        expect(problems.filter((p) => !p.includes("hero panel"))).toEqual([]);
        for (const scheme of ["light", "dark"] as const) {
          const c = themeColors(t[scheme], scheme);
          // the banner draws the tagline and the accent on its tint: refused exactly when that fails
          const tint = Math.min(contrastRatio(c.fg, c.heroTint), contrastRatio(c.accent, c.heroTint));
          const tintProblem = problems.some((p) => p.startsWith(`${scheme}: `) && p.includes("hero panel"));
          expect(tintProblem, `${name} ${scheme} ${JSON.stringify(design)}`).toBe(
            design.hero === "banner" && tint < 4.5,
          );
        }
      }
    }
    expect(count).toBe(2592 * 3);
  });

  it("refuses a banner hero whose tinted panel makes the accent unreadable, and names it", () => {
    // an accent just above AA on white: 12 % of it over the page drops it below
    const t: Theme = {
      ...DEFAULT_THEME,
      light: { accent: "#767676", background: "#ffffff", surface: "#ffffff" },
      hero: "banner",
    };
    expect(themeProblems({ ...t, hero: "centred" })).toEqual([]);
    expect(themeProblems(t)).toEqual(["light: accent #767676 on hero panel #efefef is 3.9:1, needs 4.5:1"]);
  });
});

describe("the design as CSS", () => {
  it("gives each family CJK fonts of its own style per language, Japanese forms first on a Japanese page", () => {
    expect(fontStack("serif", "ja-JP").font).toContain('Georgia, "Noto Serif", "Hiragino Mincho ProN"');
    expect(fontStack("serif", "ja-JP").generic).toBe("serif");
    expect(fontStack("serif", "zh-TW").font).toContain('"Songti TC"');
    expect(fontStack("rounded", "ja-JP").font).toContain('"Hiragino Maru Gothic ProN"');
    const ja = fontStack("system", "ja-JP").font;
    expect(ja.indexOf("Hiragino Sans")).toBeGreaterThan(-1);
    expect(ja).not.toContain("PingFang");
    expect(fontStack("system", "zh-CN").font).toContain('"PingFang SC", "Microsoft YaHei"');
    expect(fontStack("grotesk", "zh-TW").font).not.toContain(" SC");
  });

  it("turns the two demo sites into different looks: attributes and properties", () => {
    const demo = DEMO_SITE.config.theme!;
    const demo2 = DEMO2_SITE.config.theme!;
    expect(designAttributes(demo)).toEqual({
      "data-font": "rounded",
      "data-scale": "large",
      "data-radius": "round",
      "data-density": "comfortable",
      "data-buttons": "pill",
      "data-hero": "centred",
    });
    expect(designAttributes(demo2)).toEqual({
      "data-font": "grotesk",
      "data-scale": "compact",
      "data-radius": "square",
      "data-density": "compact",
      "data-buttons": "solid",
      "data-hero": "split",
    });
    expect(themeCss(demo, "en-US")).toContain("--text-root:17px");
    expect(themeCss(demo2, "en-US")).toContain("--text-root:15px");
    expect(themeCss(demo2, "en-US")).toContain("--radius:2px");
  });
});
