import type { DepositOption, DepositPayment } from "../../contract";
import { randomBytes } from "../crypto";
import { decimalString } from "#rules/units";

/**
 * What a member pays for a deposit, fixed when it is asked for (server/contract/README.md,
 * "Deposits"). Pure functions: the member object calls them inside its transaction.
 */

/**
 * The reference alphabet: digits and capitals without 0/O and 1/I, the pairs people misread when
 * copying a code into a transfer note (32 symbols, so one random byte's low 5 bits pick one
 * without bias).
 */
export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export const REFERENCE_LENGTH = 8;

/**
 * A deposit's reference: 8 symbols of 32, 40 random bits. Unique enough for what it is for: the
 * chance that two of a site's 10,000 pending deposits share one is about 1 in 22,000
 * (n²/2⁴¹), and a reference is only ever a way to find a deposit, never its key: the operator's
 * tools refuse a reference that matches more than one deposit and ask for the id instead.
 */
export function newReference(): string {
  const bytes = randomBytes(REFERENCE_LENGTH);
  let reference = "";
  for (const byte of bytes) reference += REFERENCE_ALPHABET[byte & 31];
  return reference;
}

/**
 * The exact amount of the asset for `amount` minor units of the site's currency at `unitPrice`
 * minor units per whole unit of the asset: amount × 10^decimals / unitPrice, rounded UP to the
 * asset's smallest unit (the site never receives less than the amount credited), formatted with
 * exactly `decimals` places. BigInt throughout: 10^18 × an amount is far beyond 2^53.
 */
export function assetAmount(amount: number, decimals: number, unitPrice: number): string {
  const numerator = BigInt(amount) * 10n ** BigInt(decimals);
  const price = BigInt(unitPrice);
  return decimalString((numerator + price - 1n) / price, decimals);
}

/**
 * Whether the site object gives the option's address (from the operator's pool, or derived from the
 * operator's xpub: site/address-pool.ts, site/hd-addresses.ts), and so must be asked first.
 */
export const addressFromSite = (option: DepositOption) =>
  option.kind === "crypto" && option.crypto !== undefined && option.crypto.assign !== "site";

/**
 * The payment of a deposit on `option`: null for a demo option (credited at once, nothing to pay)
 * and for an option that lacks its details (a site stored before options carried them);
 * `siteAddress` is the address the site object assigned (addressFromSite).
 */
export function depositPayment(
  option: DepositOption,
  amount: number,
  reference: string,
  siteAddress: string | null,
): DepositPayment | null {
  if (option.kind === "bank" && option.bankAccount) {
    const account = option.bankAccount;
    return {
      kind: "bank",
      reference,
      bank: account.bank,
      branch: account.branch,
      accountName: account.accountName,
      accountNumber: account.accountNumber,
    };
  }
  if (option.kind === "crypto" && option.crypto) {
    const crypto = option.crypto;
    const address = crypto.assign === "site" ? crypto.address : siteAddress;
    if (!address) return null;
    return {
      kind: "crypto",
      reference,
      asset: crypto.asset,
      network: crypto.network,
      address,
      assetAmount: assetAmount(amount, crypto.decimals, crypto.unitPrice),
    };
  }
  return null;
}
