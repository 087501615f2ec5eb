import { defaultUpDown, themeColors, themeProblems, type Theme, type ThemeColors } from "../../server/contract/theme";
import { COLOR_SCHEMES, type ColorScheme } from "#rules/appearance";
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
 * Practice mode's accent (app/README.md, "Practice mode"): an amber, far from the up/down greens
 * and reds and from the product's blue, in place of the brand's accent while the member plays
 * with play money, so no page can be mistaken for a real-money one. Candidates darkest-first on
 * light and brightest-last on dark; the first that keeps the whole scheme WCAG AA by the
 * contract's own check (themeProblems: accent on background and surface, button text on accent,
 * text on the selected option) is used. A brand whose colours fit none keeps its accent: the
 * banner still says so.
 */
const PRACTICE_ACCENTS: Record<ColorScheme, readonly string[]> = {
  light: ["#b45309", "#92400e", "#78350f"],
  dark: ["#f59e0b", "#fbbf24", "#fcd34d"],
};

export function practiceAccent(theme: Theme, scheme: ColorScheme): string | null {
  for (const accent of PRACTICE_ACCENTS[scheme]) {
    const candidate: Theme = { ...theme, [scheme]: { ...theme[scheme], accent } };
    if (!themeProblems(candidate).some((p) => p.startsWith(`${scheme}:`))) return accent;
  }
  return null;
}

function practiceDeclarations(theme: Theme, scheme: ColorScheme): string {
  const accent = practiceAccent(theme, scheme);
  if (!accent) return "";
  const c = themeColors({ ...theme[scheme], accent }, scheme);
  return `--accent:${c.accent};--accent-fg:${c.accentFg};--accent-soft:${c.accentSoft}`;
}

/** The accent swap under `<html data-mode="practice">`, for both schemes as themeCss writes them. */
export function practiceCss(theme: Theme): string {
  const light = practiceDeclarations(theme, "light");
  const dark = practiceDeclarations(theme, "dark");
  return (
    `:root[data-mode=practice]{${light}}:root[data-mode=practice][data-scheme=dark]{${dark}}` +
    `@media (prefers-color-scheme:dark){:root[data-mode=practice][data-scheme=system]{${dark}}}`
  );
}

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
