import type { KeyOf } from "../utils/translation-keys";

/**
 * Why a deposit, withdrawal or bank account is refused, as the member reads it on the member site
 * (app/backoffice/README.md, "Reasons"). The operator picks a template, written to the member in
 * the site's text language whatever language the operator reads, or writes their own words, which
 * they write in that language. One list per queue; the catalog has each text in four languages.
 */
export const REASONS = {
  deposit: ["not_received", "amount_mismatch", "duplicate"],
  withdrawal: ["name_mismatch", "account_invalid", "verification_needed"],
  bank: ["documents_unclear", "name_mismatch", "documents_missing"],
} as const;

export type ReasonQueue = keyof typeof REASONS;

export const reasonKey = (queue: ReasonQueue, template: string) =>
  `reasons.${queue}.${template}` as KeyOf<"backoffice">;
