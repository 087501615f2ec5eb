// remix-i18next's Accept-Language reading and language matching, from its own files: its public
// entry (remix-i18next/server, the only one with detection) imports i18next at its top, and
// i18next's module has side effects, so importing even `LanguageDetector` from it puts all of
// i18next (48 KB minified) into the worker, though nothing here translates with i18next. These
// files import nothing else. They are those of the pinned version (package.json: remix-i18next
// 6.4.1); should an upgrade move them, the typecheck and the build fail on these two lines.
import { getClientLocales } from "../../node_modules/remix-i18next/build/lib/get-client-locales.js";
import { pick } from "../../node_modules/remix-i18next/build/lib/parser.js";
import { readPlainCookie } from "../../app/utils/cookies";
import { FALLBACK_LOCALE, LOCALES, toLocale, type Locale, type Namespace } from "../../app/i18n";
import type { LocaleId } from "#rules/locales";
import { staticCatalog, type Catalog } from "../../app/utils/translator";
import enCommon from "../../locales/en-US/common.json";
import enMessages from "../../locales/en-US/messages.json";
import enTerms from "../../locales/en-US/terms.json";
import jaCommon from "../../locales/ja-JP/common.json";
import jaMessages from "../../locales/ja-JP/messages.json";
import jaTerms from "../../locales/ja-JP/terms.json";
import cnCommon from "../../locales/zh-CN/common.json";
import cnMessages from "../../locales/zh-CN/messages.json";
import cnTerms from "../../locales/zh-CN/terms.json";
import twCommon from "../../locales/zh-TW/common.json";
import twMessages from "../../locales/zh-TW/messages.json";
import twTerms from "../../locales/zh-TW/terms.json";
import enMoney from "../../locales/en-US/money.json";
import enRecords from "../../locales/en-US/records.json";
import enBank from "../../locales/en-US/bank.json";
import jaMoney from "../../locales/ja-JP/money.json";
import jaRecords from "../../locales/ja-JP/records.json";
import jaBank from "../../locales/ja-JP/bank.json";
import cnMoney from "../../locales/zh-CN/money.json";
import cnRecords from "../../locales/zh-CN/records.json";
import cnBank from "../../locales/zh-CN/bank.json";
import twMoney from "../../locales/zh-TW/money.json";
import twRecords from "../../locales/zh-TW/records.json";
import twBank from "../../locales/zh-TW/bank.json";
import enAccount from "../../locales/en-US/account.json";
import enSupport from "../../locales/en-US/support.json";
import jaAccount from "../../locales/ja-JP/account.json";
import jaSupport from "../../locales/ja-JP/support.json";
import cnAccount from "../../locales/zh-CN/account.json";
import cnSupport from "../../locales/zh-CN/support.json";
import twAccount from "../../locales/zh-TW/account.json";
import twSupport from "../../locales/zh-TW/support.json";
import enGame from "../../locales/en-US/game.json";
import jaGame from "../../locales/ja-JP/game.json";
import cnGame from "../../locales/zh-CN/game.json";
import twGame from "../../locales/zh-TW/game.json";
import enCampaigns from "../../locales/en-US/campaigns.json";
import jaCampaigns from "../../locales/ja-JP/campaigns.json";
import cnCampaigns from "../../locales/zh-CN/campaigns.json";
import twCampaigns from "../../locales/zh-TW/campaigns.json";
import enContract from "../../locales/en-US/contract.json";
import jaContract from "../../locales/ja-JP/contract.json";
import cnContract from "../../locales/zh-CN/contract.json";
import twContract from "../../locales/zh-TW/contract.json";
import enFairness from "../../locales/en-US/fairness.json";
import jaFairness from "../../locales/ja-JP/fairness.json";
import cnFairness from "../../locales/zh-CN/fairness.json";
import twFairness from "../../locales/zh-TW/fairness.json";
import enBackoffice from "../../locales/en-US/backoffice.json";
import jaBackoffice from "../../locales/ja-JP/backoffice.json";
import cnBackoffice from "../../locales/zh-CN/backoffice.json";
import twBackoffice from "../../locales/zh-TW/backoffice.json";

/**
 * Every translation, bundled into the worker: workerd has no filesystem. Each language has exactly
 * the namespaces of NAMESPACES (app/i18n.ts): one missing or one too many fails the typecheck.
 */
export const resources = {
  "en-US": {
    common: enCommon,
    messages: enMessages,
    terms: enTerms,
    money: enMoney,
    records: enRecords,
    bank: enBank,
    account: enAccount,
    support: enSupport,
    game: enGame,
    campaigns: enCampaigns,
    contract: enContract,
    fairness: enFairness,
    backoffice: enBackoffice,
  },
  "zh-TW": {
    common: twCommon,
    messages: twMessages,
    terms: twTerms,
    money: twMoney,
    records: twRecords,
    bank: twBank,
    account: twAccount,
    support: twSupport,
    game: twGame,
    campaigns: twCampaigns,
    contract: twContract,
    fairness: twFairness,
    backoffice: twBackoffice,
  },
  "zh-CN": {
    common: cnCommon,
    messages: cnMessages,
    terms: cnTerms,
    money: cnMoney,
    records: cnRecords,
    bank: cnBank,
    account: cnAccount,
    support: cnSupport,
    game: cnGame,
    campaigns: cnCampaigns,
    contract: cnContract,
    fairness: cnFairness,
    backoffice: cnBackoffice,
  },
  "ja-JP": {
    common: jaCommon,
    messages: jaMessages,
    terms: jaTerms,
    money: jaMoney,
    records: jaRecords,
    bank: jaBank,
    account: jaAccount,
    support: jaSupport,
    game: jaGame,
    campaigns: jaCampaigns,
    contract: jaContract,
    fairness: jaFairness,
    backoffice: jaBackoffice,
  },
} as const satisfies Record<Locale, Record<Namespace, object>>;

/** The server render's texts: one immutable catalog per language, shared by every request. */
export const catalogs = Object.fromEntries(
  LOCALES.map((locale) => [locale, staticCatalog(locale, resources[locale])]),
) as Record<Locale, Catalog>;

/**
 * The member's language (server/site/README.md, "Language detection"): the `locale` cookie, then
 * the site's default language, then Accept-Language, always within the site's langOptions.
 */
type LanguageSettings = { langOptions: LocaleId[]; defaultLanguage: LocaleId | "" };
export type LanguageDetector = { getLocale(request: Request): Promise<Locale> };
const detectors = new WeakMap<LanguageSettings, LanguageDetector>();

/** The language detector of a site, made once per site info snapshot (it holds no request state). */
export function createI18n(site: LanguageSettings): LanguageDetector {
  let detector = detectors.get(site);
  if (!detector) detectors.set(site, (detector = makeDetector(site)));
  return detector;
}

/**
 * remix-i18next's LanguageDetector with `order: ["custom", "header"]`, step for step: the custom
 * step (cookie, then the site's default), then the Accept-Language header's first language the
 * runtime knows, each matched against the supported languages exactly, then loosely (same
 * language, any region), then the fallback. remix-i18next detects the language only: the texts
 * are the site's own translator (app/utils/translator.tsx).
 */
function makeDetector(site: LanguageSettings): LanguageDetector {
  const allowed = site.langOptions.map(toLocale).filter((l): l is Locale => Boolean(l));
  const supported = allowed.length ? allowed : [...LOCALES];
  const siteDefault = site.defaultLanguage ? toLocale(site.defaultLanguage) : undefined;
  const fallback = siteDefault && supported.includes(siteDefault) ? siteDefault : (supported[0] ?? FALLBACK_LOCALE);
  const fromSupported = (language: string) =>
    pick(supported, language, { loose: false }) || pick(supported, language, { loose: true });
  const findLocale = (request: Request): Locale | null => {
    const fromCookie = toLocale(readPlainCookie(request, "locale") ?? "");
    if (fromCookie && supported.includes(fromCookie)) return fromCookie;
    return siteDefault && supported.includes(siteDefault) ? siteDefault : null;
  };
  return {
    async getLocale(request) {
      const custom = findLocale(request);
      if (custom) {
        const locale = fromSupported(custom);
        if (locale) return locale;
      }
      const client = getClientLocales(request);
      if (client) {
        const locale = fromSupported(Array.isArray(client) ? client.join(",") : client);
        if (locale) return locale;
      }
      return fallback;
    },
  };
}
