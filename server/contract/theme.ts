import { z } from "zod";
import { COLOR_SCHEMES, SCHEME_CHOICES, UP_DOWN_CHOICES, type ColorScheme, type UpDown } from "#rules/appearance";

/**
 * A site's theme (server/contract/README.md, "Theme"): the operator's colours for light and dark,
 * which of the two a new visitor sees, how up and down are coloured, and how the logo is used.
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
  })
  .strict();
export type Theme = z.infer<typeof theme>;

/** The theme of a site whose operator has not set one: the product's own blue. */
export const DEFAULT_THEME: Theme = {
  light: { accent: "#0b5cad", background: "#f5f6f8", surface: "#ffffff" },
  dark: { accent: "#6cb6ff", background: "#0d1117", surface: "#161b22" },
  defaultScheme: "system",
  upDown: "locale",
  logo: "wordmark",
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
    green: ink.green,
    red: ink.red,
    danger: ink.red,
    ok: ink.green,
  };
}

const AA_TEXT = 4.5;
const AA_NON_TEXT = 3;

/**
 * What is wrong with a theme, one line per pair that fails AA, e.g.
 * "dark: accent #1d4ed8 on surface #161b22 is 2.1:1, needs 4.5:1". Empty when it may be used.
 */
export function themeProblems(t: Theme): string[] {
  const problems: string[] = [];
  for (const scheme of COLOR_SCHEMES) {
    const c = themeColors(t[scheme], scheme);
    const grounds: [string, string][] = [
      ["background", c.bg],
      ["surface", c.card],
    ];
    const pairs: [string, string, string, string, number][] = [];
    for (const [groundName, ground] of grounds) {
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
    pairs.push(["button text", c.accentFg, "accent", c.accent, AA_TEXT]);
    pairs.push(["text", c.fg, "selected option", c.accentSoft, AA_TEXT]);
    for (const [name, color, groundName, ground, needed] of pairs) {
      const ratio = contrastRatio(color, ground);
      if (ratio < needed) {
        problems.push(
          `${scheme}: ${name} ${color} on ${groundName} ${ground} is ${floor1(ratio)}:1, needs ${needed}:1`,
        );
      }
    }
  }
  return problems;
}

const floor1 = (n: number) => (Math.floor(n * 10) / 10).toFixed(1);

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** WCAG 2.1 relative luminance. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((v) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.1 contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
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
