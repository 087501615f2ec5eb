/**
 * A site's design beyond its colours (server/contract/README.md, "Theme"): each part a closed
 * choice, so an operator picks a look without writing CSS. The site turns the choices into custom
 * properties and data attributes on `<html>` (app/utils/theme-css.ts); nothing an operator types
 * reaches a style sheet.
 *
 * A theme stored before a part existed reads as that part's default (DESIGN_DEFAULTS): the product's
 * look of before, so an old site looks exactly as it did until its operator chooses otherwise.
 */

/**
 * The type family: a stack of installed fonts (no web font is downloaded), each with the CJK fonts
 * of the same character per language (app/utils/theme-css.ts, FONT_STACKS).
 * - `system`: the device's interface font (San Francisco, Segoe UI, Roboto; PingFang, Hiragino Sans…)
 * - `rounded`: soft rounded letters (SF Pro Rounded, Nunito; Hiragino Maru Gothic, Yuanti)
 * - `grotesk`: the neutral grotesque of trading terminals (Inter, Helvetica Neue, Arial; Hiragino Kaku Gothic, Microsoft JhengHei/YaHei)
 * - `serif`: a book serif for an editorial look (Georgia, Palatino; Mincho, Songti)
 */
export const FONT_FAMILIES = ["system", "rounded", "grotesk", "serif"] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];

/** The type scale: the root size every rem-sized text and space follows (15, 16, 17 px). */
export const TYPE_SCALES = ["compact", "regular", "large"] as const;
export type TypeScale = (typeof TYPE_SCALES)[number];

/** Corners of cards, fields and buttons: 2 px, 8 px, 16 px (chips follow: square corners make square chips). */
export const CORNER_RADII = ["square", "soft", "round"] as const;
export type CornerRadius = (typeof CORNER_RADII)[number];

/** Space inside cards and between sections; touch targets stay 44 px in both. */
export const DENSITIES = ["comfortable", "compact"] as const;
export type Density = (typeof DENSITIES)[number];

/**
 * Buttons: `solid` (the main action filled with the accent, others outlined), `outline` (every
 * button outlined, the main action with a heavier border and bold text), `pill` (as solid, fully
 * rounded).
 */
export const BUTTON_STYLES = ["solid", "outline", "pill"] as const;
export type ButtonStyle = (typeof BUTTON_STYLES)[number];

/**
 * The home page's hero: `centred` (the tagline and the actions centred, the artwork above them),
 * `split` (the tagline and actions beside the site's markets with their odds, on a wide screen;
 * stacked on a phone), `banner` (the artwork as a full-width band, the tagline on a tinted panel
 * under it).
 */
export const HERO_LAYOUTS = ["centred", "split", "banner"] as const;
export type HeroLayout = (typeof HERO_LAYOUTS)[number];

/** The hero's built-in artwork, drawn in the theme's accent (decorative, never under text): or none. */
export const HERO_IMAGERY = ["none", "waves", "grid", "candles"] as const;
export type HeroImagery = (typeof HERO_IMAGERY)[number];

export interface ThemeDesign {
  font: FontFamily;
  scale: TypeScale;
  radius: CornerRadius;
  density: Density;
  buttons: ButtonStyle;
  hero: HeroLayout;
  imagery: HeroImagery;
}

/** What a theme without a part reads as: the product's look before the design choices existed. */
export const DESIGN_DEFAULTS: ThemeDesign = {
  font: "system",
  scale: "regular",
  radius: "soft",
  density: "comfortable",
  buttons: "solid",
  hero: "centred",
  imagery: "none",
};

/** Every choice of every part, in the order `theme` flags and the docs list them. */
export const DESIGN_CHOICES: { [K in keyof ThemeDesign]: readonly ThemeDesign[K][] } = {
  font: FONT_FAMILIES,
  scale: TYPE_SCALES,
  radius: CORNER_RADII,
  density: DENSITIES,
  buttons: BUTTON_STYLES,
  hero: HERO_LAYOUTS,
  imagery: HERO_IMAGERY,
};
