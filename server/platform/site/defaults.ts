import { SITE_INFO_WHEN_MISSING, type SiteInfo } from "../../contract";
import { LOCALE_IDS } from "#rules/locales";

/**
 * The configuration a site starts with when an operator creates it; every patch merges over it.
 * Every field starts as it reads when a platform leaves it out (SITE_INFO_WHEN_MISSING: texts
 * empty, switches off, lists empty, the product's odds and theme), except the ones a working site
 * cannot do without: its name, area codes, language, a game name, the money limits and fees, the
 * bet chips, two pairs, and a verified bank account and a transaction password before withdrawals.
 */
export function defaultSiteConfig(siteId: string): Omit<SiteInfo, "siteId"> {
  return {
    ...SITE_INFO_WHEN_MISSING,
    title: siteId,
    localsOptions: ["+886", "+86", "+81", "+1"],
    langOptions: [...LOCALE_IDS],
    defaultLanguage: "en_US",
    bankVerify: true,
    transactionPasswordRequired: true,
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
    pairs: ["BTC-USDT", "ETH-USDT"],
  };
}
