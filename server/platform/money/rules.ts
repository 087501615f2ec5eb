import type { SiteInfo } from "../../contract";

/** The parts of a site's configuration that a money request is checked against, read per request. */
/** `campaignRules`: a credited deposit may earn a deposit bonus (member/bonuses.ts). */
export type DepositRules = Pick<SiteInfo, "depositOptions" | "minDepositAmount" | "maxDepositAmount" | "campaignRules">;
export type TransferRules = Pick<SiteInfo, "games" | "minTransferAmount" | "maxTransferAmount">;
export type WithdrawRules = Pick<
  SiteInfo,
  | "bankVerify"
  | "transactionPasswordRequired"
  | "minWithdrawAmount"
  | "maxWithdrawAmount"
  | "withdrawFeeRatio"
  | "withdrawFeeFixed"
  // smsVerify: the site pays withdrawals only to members who verified their mobile
  // (server/contract/README.md, "Site info"); money.ts `withdraw` checks it first
  | "smsVerify"
>;

export const inRange = (amount: number, min: number, max: number) => amount >= min && amount <= max;
