import { COLOR_SCHEMES, defaultUpDown, themeColors, type ColorScheme, type Theme, type ThemeColors } from "../../server/contract/theme";
import { isScheme, isUpDown, type Appearance } from "./appearance";
import { readPlainCookie } from "./cookies";

/**
 * The site's theme as the page wears it (app/README.md, "Themes"). Server only: the root loader
 * hands the page a ready CSS string, so neither this module nor the contract's colour maths (and
 * zod) reach the browser, and the colours arrive inside the HTML: no request, no flash.
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
  green: "--green",
  red: "--red",
  danger: "--danger",
  ok: "--ok",
};

function declarations(theme: Theme, scheme: ColorScheme): string {
  const colors = themeColors(theme[scheme], scheme);
  return (Object.keys(PROPERTIES) as (keyof ThemeColors)[]).map((k) => `${PROPERTIES[k]}:${colors[k]}`).join(";");
}

/**
 * The theme's colours for both schemes: light on `:root`, dark when the page is `data-scheme="dark"`
 * or `"system"` on a device set to dark. Which one applies is the `<html>` element's attribute
 * (the member's choice, rendered by the server), so the first paint already has the right colours.
 * The values are the contract's checked hex colours only: nothing a member sends reaches this CSS.
 */
export function themeCss(theme: Theme): string {
  const light = declarations(theme, "light");
  const dark = declarations(theme, "dark");
  return `:root{${light}}:root[data-scheme=dark]{${dark}}@media (prefers-color-scheme:dark){:root[data-scheme=system]{${dark}}}`;
}

/**
 * The browser's own colour (the address bar on a phone): the surface of the scheme shown, both
 * schemes with their media query when the page follows the device.
 */
export function themeColorMetas(theme: Theme, scheme: Appearance["scheme"]): { name: "theme-color"; content: string; media?: string }[] {
  if (scheme !== "system") return [{ name: "theme-color", content: theme[scheme].surface }];
  return COLOR_SCHEMES.map((s) => ({ name: "theme-color", content: theme[s].surface, media: `(prefers-color-scheme: ${s})` }));
}

/**
 * The member's choices from the `scheme` and `updown` cookies (app/utils/cookies.ts), each
 * defaulting to the site's: its default scheme, and its up/down convention or the language's
 * (red-up for zh-TW, zh-CN and ja-JP). An unknown value counts as no choice.
 */
export function appearanceOf(request: Request, theme: Theme, locale: string): Appearance {
  const scheme = readPlainCookie(request, "scheme");
  const updown = readPlainCookie(request, "updown");
  return {
    scheme: isScheme(scheme) ? scheme : theme.defaultScheme,
    updown: isUpDown(updown) ? updown : defaultUpDown(theme, locale),
  };
}
