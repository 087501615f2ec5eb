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

/**
 * fee = ceil(amount × ratio) + fixed, in integers: the ratio has at most 4 decimal places (the
 * site config refuses more), so it is a whole number of basis points and no float touches money.
 * BigInt keeps amount × basis points exact beyond 2^53.
 */
export function withdrawFee(amount: number, ratio: number, fixed: number): number {
  const basisPoints = BigInt(Math.round(ratio * 10_000));
  const proportional = (BigInt(amount) * basisPoints + 9_999n) / 10_000n;
  return Number(proportional) + fixed;
}
