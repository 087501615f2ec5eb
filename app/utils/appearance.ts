/**
 * A member's appearance choices (app/README.md, "Themes"): light, dark or the device's setting,
 * and which of rising and falling is green (the choices: server/rules/appearance.ts).
 */
import { COLOR_SCHEMES, UP_DOWN_CHOICES, type SchemeChoice, type UpDown } from "#rules/appearance";

/** in the order a member reads them: the two schemes, then "follow the device" */
export const SCHEMES = [...COLOR_SCHEMES, "system"] as const satisfies readonly SchemeChoice[];
export type Scheme = SchemeChoice;
export type UpDownChoice = UpDown;

export interface Appearance {
  scheme: Scheme;
  updown: UpDownChoice;
}

export const isScheme = (value: unknown): value is Scheme => SCHEMES.includes(value as Scheme);
export const isUpDown = (value: unknown): value is UpDownChoice => UP_DOWN_CHOICES.includes(value as UpDownChoice);
