import { defaultUpDown, type Theme } from "../../server/contract/theme";
import { COLOR_SCHEMES } from "#rules/appearance";
import { isScheme, isUpDown, type Appearance } from "./appearance";
import { readPlainCookie } from "./cookies";

/**
 * The site's theme as the page wears it (app/README.md, "Themes"). Server only: the root loader
 * hands the page a ready CSS string and the design's attributes (./theme-css.ts), so neither this
 * module nor the contract's colour maths (and zod) reach the browser, and the look arrives inside
 * the HTML: no request, no flash.
 */

export { designAttributes, practiceCss, themeCss } from "./theme-css";

/**
 * The browser's own colour (the address bar on a phone): the surface of the scheme shown, both
 * schemes with their media query when the page follows the device.
 */
export function themeColorMetas(
  theme: Theme,
  scheme: Appearance["scheme"],
): { name: "theme-color"; content: string; media?: string }[] {
  if (scheme !== "system") return [{ name: "theme-color", content: theme[scheme].surface }];
  return COLOR_SCHEMES.map((s) => ({
    name: "theme-color",
    content: theme[s].surface,
    media: `(prefers-color-scheme: ${s})`,
  }));
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
