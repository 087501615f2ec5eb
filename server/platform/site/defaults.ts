import { LOCALE_IDS, type SiteInfo } from "../../contract";

/** The configuration a site starts with when an operator creates it; every patch merges over it. */
export function defaultSiteConfig(siteId: string): Omit<SiteInfo, "siteId"> {
  return {
    localsOptions: ["+886", "+86", "+81", "+1"],
    depositOptions: [],
    bankVerify: true,
    socialOptions: [],
    bankAutoReview: false,
    transactionPasswordRequired: true,
    langOptions: [...LOCALE_IDS],
    defaultLanguage: "en_US",
    favicon: "",
    logo: "",
    logo2: "",
    copyRight: "",
    script: "",
    smsVerify: false,
    title: siteId,
    description: "",
    keywords: "",
    gameName: "Binary",
    betAmounts: [100, 500, 1000, 5000, 10000],
    minBetAmount: 100,
    maxBetAmount: 1_000_000,
    minDepositAmount: 1000,
    maxDepositAmount: 10_000_000,
    minWithdrawAmount: 1000,
    maxWithdrawAmount: 5_000_000,
    minTransferAmount: 100,
    maxTransferAmount: 10_000_000,
    withdrawFeeRatio: 0.01,
    withdrawFeeFixed: 100,
    currency: "USD",
    games: [{ code: "binary", name: "Binary" }],
    sessionIdleMinutes: 0,
    redirects: [],
    appLinks: [],
    pairs: ["BTC-USDT", "ETH-USDT"],
    // A fair coin pays 2; 1.95 keeps 2.5 % for the house. A draw (close = open) is rare: 9.
    odds: { high: 1.95, low: 1.95, odd: 1.95, even: 1.95, rise: 1.95, fall: 1.95, counter: 1.95, draw: 9 },
  };
}
