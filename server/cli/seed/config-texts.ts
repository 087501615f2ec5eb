import type { DepositOption, SiteConfigPatch } from "../../contract";
import { LOCALE_IDS, type LocaleId } from "#rules/locales";
import type { SiteLanguage } from "./shape";

// A site's config takes its words from its language files (<site>/<locale>.ts): the default
// language's into the config's own fields, every other language's into `translations`.

/** The site's games in its default language, in the order that language's file lists them. */
export function games(texts: SiteLanguage): NonNullable<SiteConfigPatch["games"]> {
  return Object.entries(texts.games).map(([code, name]) => ({ code, name }));
}

/** What a deposit option is, without its words. */
export type DepositFacts = Pick<DepositOption, "id" | "kind" | "crypto"> & {
  /** a bank option's account: its bank and branch names are words, in each language's file */
  bankAccount?: Pick<NonNullable<DepositOption["bankAccount"]>, "accountName" | "accountNumber">;
};

/** A deposit option in the site's default language: the facts with that language's words. */
export function depositOption(texts: SiteLanguage, facts: DepositFacts): DepositOption {
  const words = texts.depositOptions[facts.id];
  if (!words) throw new Error(`deposit option ${facts.id} has no words in the default language`);
  const { id, kind, bankAccount, crypto } = facts;
  const bank = bankAccount && { bank: words.bank ?? "", branch: words.branch ?? "", ...bankAccount };
  return {
    id,
    kind,
    name: words.name,
    ...(bank && { bankAccount: bank }),
    ...(crypto && { crypto }),
    instructions: words.instructions,
  };
}

/** Every language but the default, as site info's `translations` carries it (campaigns are published apart). */
export function translations(
  texts: Record<LocaleId, SiteLanguage>,
  defaultLanguage: LocaleId,
): NonNullable<SiteConfigPatch["translations"]> {
  return Object.fromEntries(
    LOCALE_IDS.filter((lang) => lang !== defaultLanguage).map((lang) => {
      const { campaigns: _, ...siteTexts } = texts[lang];
      return [lang, siteTexts];
    }),
  );
}
