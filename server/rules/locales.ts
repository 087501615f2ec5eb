/**
 * The languages the product speaks, as the platform spells them (server/contract/README.md, "Site
 * info"): in site info's langOptions and defaultLanguage, in the language of operator texts and
 * SMS, and in the site's `locale` cookie. The site's language tags (en-US, …) are these ids with a
 * hyphen (app/i18n.ts); a new language is added here, with its folder in locales/.
 */
export const LOCALE_IDS = ["en_US", "zh_TW", "zh_CN", "ja_JP"] as const;
export type LocaleId = (typeof LOCALE_IDS)[number];
