/** i18n settings shared by the server render and the browser (app/README.md, "i18n"). */
import { LOCALE_IDS, type LocaleId } from "#rules/locales";

/** The language tag of a locale id: en_US → en-US. */
type TagOf<Id extends string> = Id extends `${infer Language}_${infer Region}` ? `${Language}-${Region}` : never;
export type Locale = TagOf<LocaleId>;
/**
 * The site's languages as BCP 47 tags (pages, Intl, locales/ folders): the platform's locale ids
 * (server/rules/locales.ts, used in the `locale` cookie and in site info), in their order.
 */
export const LOCALES: readonly Locale[] = LOCALE_IDS.map((id) => id.replace("_", "-") as Locale);

export const NAMESPACES = [
  "common",
  "messages",
  "terms",
  "money",
  "records",
  "bank",
  "account",
  "support",
  "game",
  "campaigns",
  "contract",
  "fairness",
  "backoffice",
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const FALLBACK_LOCALE: Locale = "en-US";
export const LOCALE_COOKIE = "locale";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export const LOCALE_NAMES: Record<Locale, string> = {
  "en-US": "English",
  "zh-TW": "繁體中文",
  "zh-CN": "简体中文",
  "ja-JP": "日本語",
};

export function toLocale(id: string): Locale | undefined {
  const candidate = id.replace("_", "-");
  return (LOCALES as readonly string[]).includes(candidate) ? (candidate as Locale) : undefined;
}

export function toLocaleId(locale: Locale): LocaleId {
  return locale.replace("-", "_") as LocaleId;
}
