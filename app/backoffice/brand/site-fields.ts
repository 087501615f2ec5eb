import { siteConfigPatch, type SiteConfigPatch, type SiteInfo } from "../../../server/contract";
import { LOCALE_IDS, type LocaleId } from "#rules/locales";

/**
 * The site-info form's fields (the brand section's first tab), grouped as the page shows them. Each
 * is one field of site info (server/contract, siteInfo), read from the form as its kind says and
 * checked by the contract's own patch schema before anything is sent: one rule for the CLI's
 * put-site, this form and the platform.
 */
export type SiteField =
  | { name: TextField; kind: "text" | "textarea" }
  | { name: SwitchField; kind: "switch" }
  | { name: "sessionIdleMinutes"; kind: "minutes" };

type TextField =
  "title" | "description" | "keywords" | "copyRight" | "gameName" | "favicon" | "logo" | "logo2" | "licence";
type SwitchField = "bankVerify" | "bankAutoReview" | "smsVerify" | "transactionPasswordRequired";

export const SITE_GROUPS = [
  {
    id: "identity",
    fields: [
      { name: "title", kind: "text" },
      { name: "description", kind: "textarea" },
      { name: "keywords", kind: "text" },
      { name: "gameName", kind: "text" },
      { name: "copyRight", kind: "text" },
      { name: "licence", kind: "textarea" },
    ],
  },
  {
    id: "images",
    fields: [
      { name: "logo", kind: "text" },
      { name: "logo2", kind: "text" },
      { name: "favicon", kind: "text" },
    ],
  },
  {
    id: "rules",
    fields: [
      { name: "smsVerify", kind: "switch" },
      { name: "bankVerify", kind: "switch" },
      { name: "bankAutoReview", kind: "switch" },
      { name: "transactionPasswordRequired", kind: "switch" },
      { name: "sessionIdleMinutes", kind: "minutes" },
    ],
  },
] as const satisfies readonly { id: string; fields: readonly SiteField[] }[];

export type SiteGroupId = (typeof SITE_GROUPS)[number]["id"];
export type SiteFieldName = (typeof SITE_GROUPS)[number]["fields"][number]["name"];

/** What the form shows: the fields' current (or just submitted) values as strings and switches. */
export type SiteFormValues = Partial<
  Record<SiteFieldName | "langOptions" | "defaultLanguage", string | boolean | string[]>
>;

export function siteFormValues(site: SiteInfo): SiteFormValues {
  const values: SiteFormValues = { langOptions: site.langOptions, defaultLanguage: site.defaultLanguage };
  for (const group of SITE_GROUPS)
    for (const field of group.fields) {
      const value = site[field.name];
      values[field.name] = typeof value === "boolean" ? value : String(value);
    }
  return values;
}

export type SitePatchResult =
  | { ok: true; patch: SiteConfigPatch }
  | {
      ok: false;
      values: SiteFormValues;
      errors: Partial<Record<SiteFieldName | "langOptions" | "defaultLanguage", true>>;
    };

/**
 * The patch a submitted site-info form makes, or the fields it got wrong (nothing is sent then).
 * A switch not ticked is off (a plain form sends nothing for it); languages: the ticked ones, at
 * least one, and a default among them or none.
 */
export function sitePatchOf(form: FormData): SitePatchResult {
  const values: SiteFormValues = {};
  const raw: Record<string, unknown> = {};
  for (const group of SITE_GROUPS)
    for (const field of group.fields) {
      if (field.kind === "switch") {
        const on = form.get(field.name) === "on";
        values[field.name] = on;
        raw[field.name] = on;
      } else {
        // a textarea sends "\r\n": the platform keeps "\n" (server/rules/text.ts)
        const text = String(form.get(field.name) ?? "")
          .replace(/\r\n?/g, "\n")
          .trim();
        values[field.name] = text;
        raw[field.name] = field.kind === "minutes" ? (/^\d{1,5}$/.test(text) ? Number(text) : Number.NaN) : text;
      }
    }
  const langs = form.getAll("langOptions").map(String);
  const chosen = LOCALE_IDS.filter((id) => langs.includes(id));
  const defaultLanguage = String(form.get("defaultLanguage") ?? "");
  values.langOptions = chosen;
  values.defaultLanguage = defaultLanguage;
  raw.langOptions = chosen;
  raw.defaultLanguage = defaultLanguage;
  const errors: Partial<Record<SiteFieldName | "langOptions" | "defaultLanguage", true>> = {};
  if (defaultLanguage !== "" && !chosen.includes(defaultLanguage as LocaleId)) errors.defaultLanguage = true;
  const parsed = siteConfigPatch.safeParse(raw);
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path[0] as SiteFieldName] = true;
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, values, errors };
  return { ok: true, patch: parsed.data };
}
