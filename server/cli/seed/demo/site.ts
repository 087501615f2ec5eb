import type { CampaignRule } from "../../../contract";
import type { LocaleId } from "#rules/locales";
import { depositOption, games, translations } from "../config-texts";
import { CAMPAIGN_START, REBATE_END, REBATE_START, withContent } from "../content";
import type { SeedSite, SiteLanguage } from "../shape";
import { EN_US } from "./en-US";
import { JA_JP } from "./ja-JP";
import { ZH_CN } from "./zh-CN";
import { ZH_TW } from "./zh-TW";

/** Demo Trade's words, one file per language: a new language is a new file and a line here. */
const TEXTS: Record<LocaleId, SiteLanguage> = { en_US: EN_US, zh_TW: ZH_TW, zh_CN: ZH_CN, ja_JP: JA_JP };
const DEFAULT_LANGUAGE = "en_US";
const OWN = TEXTS[DEFAULT_LANGUAGE];

/**
 * What the campaigns pay (site info `campaignRules`), tied to their texts (campaigns in each
 * language's file) by key: a first-deposit bonus and a daily loss rebate for everyone.
 */
const CAMPAIGN_RULES: CampaignRule[] = [
  {
    kind: "deposit_bonus",
    key: "first-deposit",
    optIn: true,
    startsAt: CAMPAIGN_START,
    endsAt: null,
    endedAt: null,
    cap: 10_000,
    percentBp: 1000,
    deposits: "first",
    wagering: 5,
  },
  {
    kind: "rebate",
    key: "monthly-challenge",
    optIn: false,
    startsAt: REBATE_START,
    endsAt: REBATE_END,
    endedAt: null,
    cap: 20_000,
    percentBp: 500,
    period: "day",
    rounds: 0,
  },
];

/** The demo site (USD, English first). */
export const DEMO_SITE: SeedSite = withContent("Demo Trade", "demo", TEXTS, {
  siteId: "demo",
  config: {
    // the default language's texts (en_US: en-US.ts); the other three go into `translations` below
    title: OWN.title,
    description: OWN.description,
    keywords: OWN.keywords,
    copyRight: OWN.copyRight,
    logo: "/brand/demo/logo.svg",
    logo2: "/brand/demo/logo2.svg",
    favicon: "/brand/demo/favicon.svg",
    // calm and airy (docs/operators.md, "Theme"): teal on white following the device's light or
    // dark setting, rounded type a size up, round corners, room around everything, pill buttons,
    // the tagline centred under soft waves; the wordmark spells the name
    theme: {
      light: { accent: "#0f766e", background: "#f3f7f6", surface: "#ffffff" },
      dark: { accent: "#2dd4bf", background: "#0b1413", surface: "#12201e" },
      defaultScheme: "system",
      upDown: "locale",
      logo: "wordmark",
      font: "rounded",
      scale: "large",
      radius: "round",
      density: "comfortable",
      buttons: "pill",
      hero: "centred",
      imagery: "waves",
    },
    defaultLanguage: DEFAULT_LANGUAGE,
    langOptions: ["en_US", "zh_TW", "zh_CN", "ja_JP"],
    localsOptions: ["+886", "+86", "+81", "+1"],
    currency: "USD",
    campaignRules: CAMPAIGN_RULES,
    gameName: OWN.gameName,
    games: games(OWN),
    depositOptions: [
      depositOption(OWN, { id: "demo-instant", kind: "demo" }),
      depositOption(OWN, {
        id: "bank-transfer",
        kind: "bank",
        bankAccount: { accountName: "Demo Trade Ltd.", accountNumber: "0015-123-456789" },
      }),
    ],
    terms: OWN.terms,
    // "Licence and operator" (footer, /terms#licence): who runs the site and that it holds no licence
    licence: OWN.licence,
    translations: translations(TEXTS, DEFAULT_LANGUAGE),
    socialOptions: [{ name: "Telegram", url: "https://t.me/demotrade" }],
    bankAutoReview: true,
    transactionPasswordRequired: true,
    redirects: [{ from: "/promo", to: "/user/activity", permanent: false }],
    pairs: ["BTC-USDT", "ETH-USDT"],
    // the reality check every hour of play for members who have not chosen (UKGC RTS 13's usual)
    realityCheckMinutes: 60,
    // play money of the practice account: US$10,000.00
    practiceBalance: 1_000_000,
    // contract trading in dollars: the leverages of a crypto venue, US$1.00 to US$10,000 a position
    contractSettings: {
      leverageOptions: [5, 10, 20, 50, 100],
      feePpm: 500,
      // 100× at 0.05 % a side: opening and closing fees take exactly 10 % of the margin
      maxFeeShareBp: 1000,
      stopOutBp: 1000,
      minMargin: 100,
      maxMargin: 1_000_000,
      maxOpenPositions: 20,
      maxNotionalPerMember: 50_000_000,
      maxNotionalPerPair: 1_000_000_000,
      slippageBp: 50,
      closeOnlyPairs: [],
    },
    odds: { high: 1.95, low: 1.95, odd: 1.95, even: 1.95, rise: 1.95, fall: 1.95, counter: 1.95, draw: 9 },
    appLinks: [
      { platform: "android", url: "https://play.google.com/store/apps/details?id=com.demotrade.app" },
      { platform: "ios", url: "https://apps.apple.com/app/demo-trade/id6450000001" },
    ],
  },
  chatLink: "https://chat.example.com/demo",
});
