import { z } from "zod";
import { COLOR_SCHEMES, SCHEME_CHOICES, UP_DOWN_CHOICES, type ColorScheme, type UpDown } from "#rules/appearance";
import {
  BUTTON_STYLES,
  CORNER_RADII,
  DENSITIES,
  DESIGN_DEFAULTS,
  FONT_FAMILIES,
  HERO_IMAGERY,
  HERO_LAYOUTS,
  TYPE_SCALES,
} from "./theme-design";

/**
 * A site's theme (server/contract/README.md, "Theme"): the operator's colours for light and dark,
 * which of the two a new visitor sees, how up and down are coloured, how the logo is used, and the
 * design choices (./theme-design.ts: type, scale, corners, density, buttons, the home page's hero).
 *
 * The operator picks three colours per scheme; every other colour of the page (text, muted text,
 * borders, up/down, error and success) is the site's own ink for that scheme, drawn on the
 * operator's surfaces. `themeColors` computes the whole set, and `themeProblems` checks every pair
 * a page draws text with against WCAG 2.1 AA (4.5:1 for text, 3:1 for field borders): a theme that
 * would make any of them unreadable is refused, not shown.
 */

export const hexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, "hex_color")
  .transform((c) => c.toLowerCase());

// the schemes and the up/down choices are the shared rule (server/rules/appearance.ts); a site's
// upDown may also be `locale`: the member's language decides (red-up for zh-TW, zh-CN and ja-JP)

/** `wordmark`: the `logo` image alone (it spells the name); `mark-name`: the square `favicon` mark beside the title as text. */
export const LOGO_USAGES = ["wordmark", "mark-name"] as const;

export const palette = z
  .object({
    /** buttons, links, the selected option */
    accent: hexColor,
    /** the page behind the cards */
    background: hexColor,
    /** cards, header, footer, panels */
    surface: hexColor,
  })
  .strict();
export type Palette = z.infer<typeof palette>;

export const theme = z
  .object({
    light: palette,
    dark: palette,
    defaultScheme: z.enum(SCHEME_CHOICES),
    upDown: z.enum(["locale", ...UP_DOWN_CHOICES]),
    logo: z.enum(LOGO_USAGES),
    // the design (./theme-design.ts): a theme stored before these existed reads as their defaults
    font: z.enum(FONT_FAMILIES).default(DESIGN_DEFAULTS.font),
    scale: z.enum(TYPE_SCALES).default(DESIGN_DEFAULTS.scale),
    radius: z.enum(CORNER_RADII).default(DESIGN_DEFAULTS.radius),
    density: z.enum(DENSITIES).default(DESIGN_DEFAULTS.density),
    buttons: z.enum(BUTTON_STYLES).default(DESIGN_DEFAULTS.buttons),
    hero: z.enum(HERO_LAYOUTS).default(DESIGN_DEFAULTS.hero),
    imagery: z.enum(HERO_IMAGERY).default(DESIGN_DEFAULTS.imagery),
  })
  .strict();
export type Theme = z.infer<typeof theme>;
/** A theme as an operator sends it or an older site stored it: the design parts may be missing (their defaults). */
export type ThemeInput = z.input<typeof theme>;

/** The theme of a site whose operator has not set one: the product's own blue. */
export const DEFAULT_THEME: Theme = {
  light: { accent: "#0b5cad", background: "#f5f6f8", surface: "#ffffff" },
  dark: { accent: "#6cb6ff", background: "#0d1117", surface: "#161b22" },
  defaultScheme: "system",
  upDown: "locale",
  logo: "wordmark",
  ...DESIGN_DEFAULTS,
};

/** The locales whose markets colour a rise red (the site's locale tags). */
export const RED_UP_LOCALES: readonly string[] = ["zh-TW", "zh-CN", "ja-JP"];

/** The member's up/down colours when they have not chosen: the site's, else their language's. */
export function defaultUpDown(t: Theme, locale: string): UpDown {
  if (t.upDown !== "locale") return t.upDown;
  return RED_UP_LOCALES.includes(locale) ? "red-up" : "green-up";
}

/** The site's ink per scheme: text and state colours drawn on the operator's surfaces. */
const INK: Record<ColorScheme, { fg: string; muted: string; field: string; green: string; red: string }> = {
  light: { fg: "#16181d", muted: "#555b66", field: "#767b85", green: "#1b6e35", red: "#a4161a" },
  dark: { fg: "#e6e8eb", muted: "#a2a9b4", field: "#8b929c", green: "#3fb950", red: "#ff6a69" },
};

/** Every colour custom property a page uses, for one scheme (app/utils/theme.ts writes them as CSS). */
export interface ThemeColors {
  fg: string;
  muted: string;
  bg: string;
  card: string;
  line: string;
  field: string;
  accent: string;
  /** text on an accent background */
  accentFg: string;
  /** a selected option's background: the accent faintly over the surface */
  accentSoft: string;
  /** the banner hero's panel (theme.hero "banner"): the accent faintly over the background */
  heroTint: string;
  green: string;
  red: string;
  danger: string;
  ok: string;
}

export function themeColors(p: Palette, scheme: ColorScheme): ThemeColors {
  const ink = INK[scheme];
  const white = contrastRatio("#ffffff", p.accent);
  const black = contrastRatio("#000000", p.accent);
  return {
    fg: ink.fg,
    muted: ink.muted,
    bg: p.background,
    card: p.surface,
    line: mix(ink.fg, p.surface, 0.16),
    field: ink.field,
    accent: p.accent,
    accentFg: white >= black ? "#ffffff" : "#000000",
    accentSoft: mix(p.accent, p.surface, 0.14),
    heroTint: mix(p.accent, p.background, 0.12),
    green: ink.green,
    red: ink.red,
    danger: ink.red,
    ok: ink.green,
  };
}

const AA_TEXT = 4.5;
const AA_NON_TEXT = 3;

type Pair = [name: string, color: string, groundName: string, ground: string, needed: number];

/**
 * Every pair of colours a page of this theme draws text (or a field's border) with, in one scheme.
 * The design adds some: outline buttons draw their label in the accent on the surface (checked
 * already as "accent on surface", named here so a refusal says which button), and the banner hero
 * draws the tagline and its link on its tinted panel.
 */
function drawnPairs(t: Theme, scheme: ColorScheme, palette: Palette = t[scheme]): Pair[] {
  const c = themeColors(palette, scheme);
  const pairs: Pair[] = [];
  for (const [groundName, ground] of [
    ["background", c.bg],
    ["surface", c.card],
  ] as const) {
    for (const [name, color] of [
      ["text", c.fg],
      ["muted text", c.muted],
      ["accent", c.accent],
      ["green", c.green],
      ["red", c.red],
    ] as const) {
      pairs.push([name, color, groundName, ground, AA_TEXT]);
    }
  }
  pairs.push(["field border", c.field, "surface", c.card, AA_NON_TEXT]);
  pairs.push(["text", c.fg, "selected option", c.accentSoft, AA_TEXT]);
  // the header's buttons, chips and the sign-in frame fill with the accent whatever the button style
  pairs.push(["button text", c.accentFg, "accent", c.accent, AA_TEXT]);
  if (t.buttons === "outline") pairs.push(["outline button text", c.accent, "surface", c.card, AA_TEXT]);
  if (t.hero === "banner") {
    pairs.push(["hero text", c.fg, "hero panel", c.heroTint, AA_TEXT]);
    pairs.push(["accent", c.accent, "hero panel", c.heroTint, AA_TEXT]);
  }
  return pairs;
}

/** One drawn pair and how it fares: what the back office's theme page shows per pair. */
export interface ContrastVerdict {
  scheme: ColorScheme;
  /** what is drawn: "text", "muted text", "accent", "green", "red", "field border", "button text", … */
  name: string;
  color: string;
  /** what it is drawn on: "background", "surface", "selected option", "accent", "hero panel" */
  ground: string;
  groundColor: string;
  /** the ratio, floored to one decimal as the refusal says it ("4.4") */
  ratio: string;
  needed: number;
  passes: boolean;
}

/** Every pair the theme draws in one scheme with its ratio and verdict (the rule themeProblems applies). */
export function contrastVerdicts(t: Theme, scheme: ColorScheme, palette: Palette = t[scheme]): ContrastVerdict[] {
  return drawnPairs(t, scheme, palette).map(([name, color, ground, groundColor, needed]) => {
    const ratio = contrastRatio(color, groundColor);
    return { scheme, name, color, ground, groundColor, ratio: floor1(ratio), needed, passes: ratio >= needed };
  });
}

/** The pairs of one scheme below AA, each said as themeProblems says it. */
function schemeProblems(t: Theme, scheme: ColorScheme, palette: Palette = t[scheme]): string[] {
  return contrastVerdicts(t, scheme, palette)
    .filter((v) => !v.passes)
    .map((v) => `${scheme}: ${v.name} ${v.color} on ${v.ground} ${v.groundColor} is ${v.ratio}:1, needs ${v.needed}:1`);
}

/**
 * What is wrong with a theme, one line per pair that fails AA, e.g.
 * "dark: accent #1d4ed8 on surface #161b22 is 2.1:1, needs 4.5:1", and a line per scheme whose
 * practice accent cannot stand apart from the brand's (practiceAccent). Empty when it may be used.
 */
export function themeProblems(t: Theme): string[] {
  const problems: string[] = [];
  for (const scheme of COLOR_SCHEMES) {
    const own = schemeProblems(t, scheme);
    problems.push(...own);
    if (own.length === 0 && practiceAccent(t, scheme) === null) {
      problems.push(
        `${scheme}: no practice accent is readable on these colours and at least ΔE ${PRACTICE_MIN_DISTANCE} from accent ${t[scheme].accent}`,
      );
    }
  }
  return problems;
}

/**
 * Practice mode's accent (app/README.md, "Practice mode"), in place of the brand's while the
 * member plays with play money, so no practice page can be taken for a real-money one, on any
 * brand. Candidates in order: ambers (far from the up/down greens and reds and the product's
 * blue), then magentas, then violets, darkest first on light and brightest last on dark. The first
 * that keeps the scheme AA by the same pairs as the brand's own and lies at least
 * PRACTICE_MIN_DISTANCE from the brand's accent is used. null when none does: themeProblems then
 * refuses the theme, so only a theme stored before this rule can have none (it keeps its accent and
 * the practice pill still says "Practice").
 */
const PRACTICE_ACCENTS: Record<ColorScheme, readonly string[]> = {
  light: ["#b45309", "#92400e", "#78350f", "#a21caf", "#86198f", "#6d28d9", "#5b21b6"],
  dark: ["#f59e0b", "#fbbf24", "#fcd34d", "#e879f9", "#f0abfc", "#a78bfa", "#c4b5fd"],
};

/**
 * How far practice's accent must be from the brand's: ΔE 30 in CIELAB (CIE76). About 2 is the
 * smallest difference an eye sees side by side; 30 is a different colour name at a glance (amber
 * against orange-red #c2410c is about 19, so such a brand gets a magenta practice accent).
 */
export const PRACTICE_MIN_DISTANCE = 30;

export function practiceAccent(t: Theme, scheme: ColorScheme): string | null {
  for (const accent of PRACTICE_ACCENTS[scheme]) {
    if (colorDistance(accent, t[scheme].accent) < PRACTICE_MIN_DISTANCE) continue;
    if (schemeProblems(t, scheme, { ...t[scheme], accent }).length === 0) return accent;
  }
  return null;
}

const floor1 = (n: number) => (Math.floor(n * 10) / 10).toFixed(1);

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const linear = (v: number) => {
  const s = v / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

/** WCAG 2.1 relative luminance. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map(linear) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.1 contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** CIELAB (D65) of an sRGB colour. */
function lab(hex: string): [number, number, number] {
  const [r, g, b] = channels(hex).map(linear) as [number, number, number];
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const [fx, fy, fz] = [f(x), f(y), f(z)];
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** ΔE (CIE76): the distance of two colours in CIELAB, 0 for the same colour. */
export function colorDistance(a: string, b: string): number {
  const [l1, a1, b1] = lab(a);
  const [l2, a2, b2] = lab(b);
  return Math.hypot(l1 - l2, a1 - a2, b1 - b2);
}

/** `amount` of colour `a` over colour `b` (0: b, 1: a), as a hex colour. */
function mix(a: string, b: string, amount: number): string {
  const ca = channels(a);
  const cb = channels(b);
  return `#${ca
    .map((v, i) =>
      Math.round(v * amount + cb[i]! * (1 - amount))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}
