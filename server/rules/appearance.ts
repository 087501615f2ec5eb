/**
 * How a page may look (server/contract/README.md, "Theme"; app/README.md, "Themes"): light or
 * dark, or the device's setting, and which of rising and falling is green. A site's theme picks
 * its defaults from these; a member's cookies choose among the same.
 */

export const COLOR_SCHEMES = ["light", "dark"] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];

/** A member's or a site's choice: a scheme, or follow the device (`prefers-color-scheme`). */
export const SCHEME_CHOICES = ["system", ...COLOR_SCHEMES] as const;
export type SchemeChoice = (typeof SCHEME_CHOICES)[number];

/**
 * Which of rising and falling is green: `green-up` (the West), `red-up` (Chinese and Japanese
 * markets). A site's theme may also leave it to the member's language (server/contract/theme.ts).
 */
export const UP_DOWN_CHOICES = ["green-up", "red-up"] as const;
export type UpDown = (typeof UP_DOWN_CHOICES)[number];
