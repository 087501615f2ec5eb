import type { Locale } from "../../i18n";

/**
 * The deposit option form's fields (brand › deposits/option), what the page draws: no schema here,
 * so the page's JavaScript stays small. Reading a form into an option and the patch it makes are
 * deposit-options.server.ts's.
 */

export const OPTION_KINDS = ["bank", "crypto", "demo"] as const;
export type OptionKind = (typeof OPTION_KINDS)[number];

/** The texts written per language: a bank option also names its bank and branch in each. */
export type OptionText = "name" | "instructions" | "bank" | "branch";
export const optionTexts = (kind: OptionKind): readonly OptionText[] =>
  kind === "bank" ? ["name", "instructions", "bank", "branch"] : ["name", "instructions"];
export const OPTION_TEXT_MAX: Record<OptionText, number> = { name: 80, instructions: 2000, bank: 80, branch: 80 };

/** Fields of the option that are the same in every language. */
export const BANK_FIELDS = ["accountName", "accountNumber"] as const;
export const CRYPTO_FIELDS = ["asset", "network", "decimals", "unitPrice", "assign", "address"] as const;
export type SharedField = (typeof BANK_FIELDS)[number] | (typeof CRYPTO_FIELDS)[number];

/** What the form can get wrong: a shared field, a text in a language, the id (also: taken). */
export type OptionError =
  "id" | "id_taken" | SharedField | "address_required" | "address_unused" | `${OptionText}.${Locale}`;

export interface OptionValues {
  kind: OptionKind;
  id: string;
  /** true: the option is added (its id is chosen now); false: an existing one is edited (id and kind stay) */
  isNew: boolean;
  texts: Record<Locale, Record<OptionText, string>>;
  shared: Record<SharedField, string>;
}

export const optionKindOf = (value: string | null): OptionKind | null =>
  OPTION_KINDS.includes(value as OptionKind) ? (value as OptionKind) : null;
