import type { CampaignRule } from "../../../contract";
import type { LocaleId } from "#rules/locales";
import { depositOption, games, translations } from "../config-texts";
import { CAMPAIGN_START, REBATE_END, REBATE_START, withContent } from "../content";
import type { SeedSite, SiteLanguage } from "../shape";
import { EN_US } from "./en-US";
import { JA_JP } from "./ja-JP";
import { ZH_CN } from "./zh-CN";
import { ZH_TW } from "./zh-TW";

/** Brand Two's words, one file per language: a new language is a new file and a line here. */
const TEXTS: Record<LocaleId, SiteLanguage> = { en_US: EN_US, zh_TW: ZH_TW, zh_CN: ZH_CN, ja_JP: JA_JP };
const DEFAULT_LANGUAGE = "zh_TW";
const OWN = TEXTS[DEFAULT_LANGUAGE];

/**
 * What the campaigns pay (site info `campaignRules`), tied to their texts (campaigns in each
 * language's file) by key: a first-deposit bonus and a 100-round rebate for members who join.
 */
const CAMPAIGN_RULES: CampaignRule[] = [
  {
    kind: "deposit_bonus",
    key: "first-deposit",
    optIn: true,
    startsAt: CAMPAIGN_START,
    endsAt: null,
    endedAt: null,
    cap: 100_000,
    percentBp: 1000,
    deposits: "first",
    wagering: 5,
  },
  {
    kind: "rebate",
    key: "monthly-challenge",
    optIn: true,
    startsAt: REBATE_START,
    endsAt: REBATE_END,
    endedAt: null,
    cap: 200_000,
    percentBp: 500,
    period: "rounds",
    rounds: 100,
  },
];

/**
 * Brand Two's USDT addresses come from this account xpub (of m/44'/195'/0'): member number i pays to
 * xpub/0/i. A DEMO VALUE WITH NO FUNDS: it was made once from 32 random bytes that were thrown
 * away at once and are kept nowhere, so nobody holds a key to any of its addresses and anything
 * sent there is lost. A real site sets its own wallet's xpub (`npm run operator -- deposit-xpub`).
 */
export const DEMO2_USDT_XPUB =
  "xpub6DBSngsmjVF1xa14RsUfNkxG4qWCFJjbme8u7QDH9Qq2GRLa3tuFn3UnFLZg5dSdkWVTSjcAJf7D6Q7MkRT9wGnKYpz5o6c7YuNsoBxk4x8";

export const DEMO2_SITE: SeedSite = withContent("Brand Two Markets", "b2", TEXTS, {
  siteId: "demo2",
  config: {
    // the default language's texts (zh_TW: zh-TW.ts); English and the others go into
    // `translations` below. The name is the brand's in every language.
    title: OWN.title,
    description: OWN.description,
    keywords: OWN.keywords,
    copyRight: OWN.copyRight,
    logo: "/brand/demo2/logo.svg",
    logo2: "/brand/demo2/logo2.svg",
    favicon: "/brand/demo2/favicon.svg",
    // amber on a warm dark page by default; the round B2 mark beside the name
    theme: {
      light: { accent: "#b45309", background: "#fbf7f0", surface: "#fffdf8" },
      dark: { accent: "#f59e0b", background: "#17110b", surface: "#221a11" },
      defaultScheme: "dark",
      upDown: "locale",
      logo: "mark-name",
      // dense and trading-pro (docs/operators.md, "Theme"): a terminal's grotesque a size down,
      // square corners, tight cards, solid buttons, the tagline beside the markets and their odds
      font: "grotesk",
      scale: "compact",
      radius: "square",
      density: "compact",
      buttons: "solid",
      hero: "split",
      imagery: "candles",
    },
    defaultLanguage: DEFAULT_LANGUAGE,
    langOptions: ["zh_TW", "zh_CN", "en_US", "ja_JP"],
    localsOptions: ["+886", "+86"],
    currency: "TWD",
    campaignRules: CAMPAIGN_RULES,
    gameName: OWN.gameName,
    games: games(OWN),
    betAmounts: [1000, 5000, 10000, 50000],
    minBetAmount: 1000,
    maxBetAmount: 5_000_000,
    depositOptions: [
      depositOption(OWN, {
        id: "usdt-trc20",
        kind: "crypto",
        // one address per member, derived from the operator's xpub (DEMO2_USDT_XPUB above), kept
        // for every later deposit; NT$32.00 per USDT, said in the instructions
        crypto: { asset: "USDT", network: "TRON (TRC20)", decimals: 6, unitPrice: 3200, assign: "member", address: "" },
      }),
    ],
    terms: OWN.terms,
    // "Licence and operator" (footer, /terms#licence): who runs the site and that it holds no licence
    licence: OWN.licence,
    translations: translations(TEXTS, DEFAULT_LANGUAGE),
    socialOptions: [{ name: "LINE", url: "https://line.me/R/ti/p/brandtwo" }],
    bankAutoReview: false,
    transactionPasswordRequired: true,
    // A regulated market: the site ends a member's session after 30 idle minutes, and a member who
    // has not chosen sees the reality check every 30 minutes of play.
    sessionIdleMinutes: 30,
    realityCheckMinutes: 30,
    redirects: [{ from: "/help", to: "https://help.example.com/brand-two", permanent: false }],
    // A second brand with one pair and its own (lower) odds.
    pairs: ["BTC-USDT"],
    // play money of the practice account: NT$100,000.00
    practiceBalance: 10_000_000,
    // A regulated market's contract trading: lower leverage, a higher fee and an earlier stop-out
    // (20 % of the margin left), NT$30 to NT$300,000 a position.
    contractSettings: {
      leverageOptions: [2, 5, 10, 20],
      feePpm: 800,
      // 20× at 0.08 % a side: the two fees take 3.2 % of the margin
      maxFeeShareBp: 1000,
      stopOutBp: 2000,
      minMargin: 3_000,
      maxMargin: 30_000_000,
      maxOpenPositions: 10,
      maxNotionalPerMember: 600_000_000,
      maxNotionalPerPair: 10_000_000_000,
      slippageBp: 30,
      closeOnlyPairs: [],
    },
    odds: { high: 1.9, low: 1.9, odd: 1.9, even: 1.9, rise: 1.9, fall: 1.9, counter: 1.9, draw: 8 },
  },
  chatLink: "https://chat.example.com/brand-two",
  depositXpubs: { "usdt-trc20": DEMO2_USDT_XPUB },
});
