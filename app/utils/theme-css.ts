import {
  practiceAccent,
  themeColors,
  type FontFamily,
  type Theme,
  type ThemeColors,
  type ThemeDesign,
} from "../../server/contract";
import type { ColorScheme } from "#rules/appearance";

/**
 * A theme as CSS (app/README.md, "Themes"): custom properties for the colours and the design, and
 * the data attributes `<html>` carries for the parts a property cannot say (button style, hero).
 * Plain functions of the contract's checked values: the root loader renders them into the page's
 * head (theme.server.ts), and the operator CLI prints them as a preview (`theme <site> --css`).
 * Nothing here reaches the browser's JavaScript.
 */

/** The custom property of each theme colour. */
const PROPERTIES: Record<keyof ThemeColors, string> = {
  fg: "--fg",
  muted: "--muted",
  bg: "--bg",
  card: "--card",
  line: "--line",
  field: "--field",
  accent: "--accent",
  accentFg: "--accent-fg",
  accentSoft: "--accent-soft",
  heroTint: "--hero-tint",
  green: "--green",
  red: "--red",
  danger: "--danger",
  ok: "--ok",
};

/**
 * Each type family: Latin fonts first, then the CJK fonts of the same character for the page's
 * language (a Japanese page must reach Japanese forms before a Chinese font does, and the other way
 * round), then the generic family. Installed fonts only: no web font is fetched. The stylesheet
 * puts `--font-cjk` (the language's own fallbacks, app/styles) between these and the generic.
 */
const FONT_STACKS: Record<FontFamily, { latin: string; cjk: Record<string, string>; generic: string }> = {
  system: {
    latin: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans"',
    cjk: {
      "ja-JP": '"Hiragino Sans", "Hiragino Kaku Gothic ProN", "Yu Gothic UI", Meiryo, "Noto Sans CJK JP"',
      "zh-TW": '"PingFang TC", "Microsoft JhengHei", "Noto Sans CJK TC"',
      "zh-CN": '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC"',
      "en-US": '"PingFang TC", "Hiragino Sans", "Noto Sans CJK TC"',
    },
    generic: "sans-serif",
  },
  rounded: {
    latin: 'ui-rounded, "SF Pro Rounded", Nunito, "Varela Round", "Arial Rounded MT Bold", system-ui, -apple-system',
    cjk: {
      "ja-JP":
        '"Hiragino Maru Gothic ProN", "M PLUS Rounded 1c", "Zen Maru Gothic", "Hiragino Sans", Meiryo, "Noto Sans CJK JP"',
      "zh-TW": '"Yuanti TC", "PingFang TC", "Microsoft JhengHei", "Noto Sans CJK TC"',
      "zh-CN": '"Yuanti SC", "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC"',
      "en-US": '"Hiragino Maru Gothic ProN", "PingFang TC", "Noto Sans CJK TC"',
    },
    generic: "sans-serif",
  },
  grotesk: {
    latin: 'Inter, "Helvetica Neue", Helvetica, Arial, Roboto, "Noto Sans"',
    cjk: {
      "ja-JP": '"Hiragino Kaku Gothic ProN", "Hiragino Sans", Meiryo, "Noto Sans CJK JP"',
      "zh-TW": '"PingFang TC", "Microsoft JhengHei", "Noto Sans CJK TC"',
      "zh-CN": '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC"',
      "en-US": '"PingFang TC", "Hiragino Sans", "Noto Sans CJK TC"',
    },
    generic: "sans-serif",
  },
  serif: {
    latin: '"Iowan Old Style", "Palatino Linotype", Palatino, Georgia, "Noto Serif"',
    cjk: {
      "ja-JP": '"Hiragino Mincho ProN", "Yu Mincho", "Noto Serif CJK JP"',
      "zh-TW": '"Songti TC", PMingLiU, "Noto Serif CJK TC"',
      "zh-CN": '"Songti SC", SimSun, "Noto Serif CJK SC"',
      "en-US": '"Songti TC", "Hiragino Mincho ProN", "Noto Serif CJK TC"',
    },
    generic: "serif",
  },
};

/** The root size every rem follows, and the page title's size. */
const SCALES: Record<ThemeDesign["scale"], { root: string; h1: string }> = {
  compact: { root: "15px", h1: "1.35rem" },
  regular: { root: "16px", h1: "1.5rem" },
  large: { root: "17px", h1: "1.75rem" },
};

/** Cards and fields, small parts (badges, tabs), chips and pills. */
const RADII: Record<ThemeDesign["radius"], { radius: string; small: string; pill: string }> = {
  square: { radius: "2px", small: "2px", pill: "3px" },
  soft: { radius: "8px", small: "6px", pill: "999px" },
  round: { radius: "16px", small: "10px", pill: "999px" },
};

/** Inside cards and the page, between sections, and the line height of running text. */
const DENSITY: Record<ThemeDesign["density"], { pad: string; gap: string; leading: string }> = {
  comfortable: { pad: "1rem", gap: "1rem", leading: "1.5" },
  compact: { pad: "0.75rem", gap: "0.625rem", leading: "1.4" },
};

/** The type family's stack for a page in `locale` (a language tag: en-US, zh-TW, zh-CN, ja-JP). */
export function fontStack(font: FontFamily, locale: string): { font: string; generic: string } {
  const stack = FONT_STACKS[font];
  return { font: `${stack.latin}, ${stack.cjk[locale] ?? stack.cjk["en-US"]!}`, generic: stack.generic };
}

/** The design's custom properties (the same in both schemes). */
export function designDeclarations(theme: Theme, locale: string): string {
  const { font, generic } = fontStack(theme.font, locale);
  const scale = SCALES[theme.scale];
  const radius = RADII[theme.radius];
  const density = DENSITY[theme.density];
  return [
    `--font:${font}`,
    `--font-generic:${generic}`,
    `--text-root:${scale.root}`,
    `--text-h1:${scale.h1}`,
    `--radius:${radius.radius}`,
    `--radius-sm:${radius.small}`,
    `--radius-pill:${radius.pill}`,
    `--pad:${density.pad}`,
    `--gap:${density.gap}`,
    `--leading:${density.leading}`,
  ].join(";");
}

/**
 * The attributes `<html>` carries for the design: what the style sheets select on (buttons,
 * density, hero) and what a test or a reader of the source can see at once (all of them).
 */
export function designAttributes(theme: Theme): Record<`data-${string}`, string> {
  return {
    "data-font": theme.font,
    "data-scale": theme.scale,
    "data-radius": theme.radius,
    "data-density": theme.density,
    "data-buttons": theme.buttons,
    "data-hero": theme.hero,
  };
}

function colorDeclarations(theme: Theme, scheme: ColorScheme): string {
  const colors = themeColors(theme[scheme], scheme);
  return (Object.keys(PROPERTIES) as (keyof ThemeColors)[]).map((k) => `${PROPERTIES[k]}:${colors[k]}`).join(";");
}

/**
 * The theme's colours for both schemes and its design: light and the design on `:root`, dark when
 * the page is `data-scheme="dark"` or `"system"` on a device set to dark. Which one applies is the
 * `<html>` element's attribute (the member's choice, rendered by the server), so the first paint
 * already has the right look. The values are the contract's checked colours and this file's fixed
 * tables only: nothing a member or an operator types reaches this CSS.
 */
export function themeCss(theme: Theme, locale: string): string {
  const light = colorDeclarations(theme, "light");
  const dark = colorDeclarations(theme, "dark");
  return (
    `:root{${light};${designDeclarations(theme, locale)}}:root[data-scheme=dark]{${dark}}` +
    `@media (prefers-color-scheme:dark){:root[data-scheme=system]{${dark}}}`
  );
}

function practiceDeclarations(theme: Theme, scheme: ColorScheme): string {
  const accent = practiceAccent(theme, scheme);
  if (!accent) return "";
  const c = themeColors({ ...theme[scheme], accent }, scheme);
  return `--accent:${c.accent};--accent-fg:${c.accentFg};--accent-soft:${c.accentSoft};--hero-tint:${c.heroTint}`;
}

/**
 * The accent swap under `<html data-mode="practice">` (app/README.md, "Practice mode"), for both
 * schemes as themeCss writes them; the accent itself is the contract's (practiceAccent): never
 * within ΔE 30 of the brand's.
 */
export function practiceCss(theme: Theme): string {
  const light = practiceDeclarations(theme, "light");
  const dark = practiceDeclarations(theme, "dark");
  return (
    `:root[data-mode=practice]{${light}}:root[data-mode=practice][data-scheme=dark]{${dark}}` +
    `@media (prefers-color-scheme:dark){:root[data-mode=practice][data-scheme=system]{${dark}}}`
  );
}

/**
 * The theme's CSS scoped to one element instead of the page (the back office's preview of a draft
 * theme beside its own look): the same colours and design as themeCss, light on `selector` and dark
 * on `selector[data-scheme=dark]`, with the up/down colours the element's data-updown picks.
 */
export function scopedThemeCss(theme: Theme, locale: string, selector: string): string {
  const updown = `${selector}{--up:var(--green);--down:var(--red)}${selector}[data-updown=red-up]{--up:var(--red);--down:var(--green)}`;
  return (
    `${selector}{${colorDeclarations(theme, "light")};${designDeclarations(theme, locale)}}` +
    `${selector}[data-scheme=dark]{${colorDeclarations(theme, "dark")}}` +
    updown
  );
}
