import {
  contrastVerdicts,
  DESIGN_CHOICES,
  LOGO_USAGES,
  theme as themeSchema,
  themeProblems,
  type ContrastVerdict,
  type Theme,
  type ThemeDesign,
} from "../../../server/contract";
import { COLOR_SCHEMES, SCHEME_CHOICES, UP_DOWN_CHOICES } from "#rules/appearance";

/** The theme page's colour fields: accent, background and surface of each scheme (as the CLI's flags). */
export const PALETTE_FIELDS = ["accent", "background", "surface"] as const;
export const DESIGN_PARTS = Object.keys(DESIGN_CHOICES) as (keyof ThemeDesign)[];

/** The theme page's choice fields and their choices: the contract's lists, as the CLI offers them. */
export const THEME_CHOICES = {
  defaultScheme: SCHEME_CHOICES,
  upDown: ["locale", ...UP_DOWN_CHOICES],
  logo: LOGO_USAGES,
  ...DESIGN_CHOICES,
} as const;
export type ChoiceField = keyof typeof THEME_CHOICES;

/** A theme as the form's fields (strings), so a draft that does not parse can be shown back as typed. */
export type ThemeFields = Record<string, string>;

export function themeFields(t: Theme): ThemeFields {
  const fields: ThemeFields = {};
  for (const scheme of COLOR_SCHEMES) for (const f of PALETTE_FIELDS) fields[`${scheme}.${f}`] = t[scheme][f];
  for (const name of Object.keys(THEME_CHOICES) as ChoiceField[]) fields[name] = String(t[name]);
  return fields;
}

export type ThemeDraft =
  | { ok: true; theme: Theme; fields: ThemeFields; problems: string[] }
  /** a field is not a colour or not one of its choices: `invalid` names them */
  | { ok: false; fields: ThemeFields; invalid: string[] };

/**
 * The theme a submitted form describes, checked by the contract's schema and its contrast rule
 * (themeProblems: the CLI's and the platform's rule). Fields missing from the form keep `current`.
 */
export function themeDraftOf(form: FormData, current: Theme): ThemeDraft {
  const fields = themeFields(current);
  for (const name of Object.keys(fields)) {
    const value = form.get(name);
    if (typeof value === "string") fields[name] = value.trim();
  }
  const candidate: Record<string, unknown> = {
    light: Object.fromEntries(PALETTE_FIELDS.map((f) => [f, fields[`light.${f}`]])),
    dark: Object.fromEntries(PALETTE_FIELDS.map((f) => [f, fields[`dark.${f}`]])),
  };
  for (const name of Object.keys(THEME_CHOICES)) candidate[name] = fields[name];
  const parsed = themeSchema.safeParse(candidate);
  if (!parsed.success) return { ok: false, fields, invalid: parsed.error.issues.map((i) => i.path.join(".")) };
  return { ok: true, theme: parsed.data, fields: themeFields(parsed.data), problems: themeProblems(parsed.data) };
}

/** Every pair's verdict in both schemes (the same pairs themeProblems checks). */
export function allVerdicts(t: Theme): ContrastVerdict[] {
  return COLOR_SCHEMES.flatMap((scheme) => contrastVerdicts(t, scheme));
}

/** A pair's name or ground as its catalog key's last part ("muted text" → muted_text). */
export const pairKey = (name: string) => name.replace(/ /g, "_");
