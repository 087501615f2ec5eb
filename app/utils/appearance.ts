/**
 * A member's appearance choices (app/README.md, "Themes"): light, dark or the device's setting,
 * and which of rising and falling is green. The same values as server/contract/theme.ts
 * (SCHEME_CHOICES, UP_DOWN_CHOICES), restated here so the browser never loads that module (and
 * zod with it); tests/unit/appearance.test.ts holds the two lists equal.
 */
/** in the order a member reads them: the two schemes, then "follow the device" */
export const SCHEMES = ["light", "dark", "system"] as const;
export type Scheme = (typeof SCHEMES)[number];

export const UP_DOWNS = ["green-up", "red-up"] as const;
export type UpDownChoice = (typeof UP_DOWNS)[number];

export interface Appearance {
  scheme: Scheme;
  updown: UpDownChoice;
}

export const isScheme = (value: unknown): value is Scheme => SCHEMES.includes(value as Scheme);
export const isUpDown = (value: unknown): value is UpDownChoice => UP_DOWNS.includes(value as UpDownChoice);
