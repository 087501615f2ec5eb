/** i18n settings shared by the server render and the browser (app/README.md, "i18n"). */
export const LOCALES = ["en-US", "zh-TW", "zh-CN", "ja-JP"] as const;
export type Locale = (typeof LOCALES)[number];
/**
 * Locale ids as the platform spells them (server/contract/README.md, "Site info"), used in the
 * `locale` cookie and in site info.
 */
export type LocaleId = "en_US" | "zh_TW" | "zh_CN" | "ja_JP";

export const NAMESPACES = ["common", "messages", "terms", "money", "records", "bank", "account", "support", "game", "campaigns", "contract", "fairness"] as const;
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
