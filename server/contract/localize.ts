import type { SiteInfo } from "./schemas";
import type { LocaleId } from "#rules/locales";

/**
 * The language a site's own texts are written in: its default language, else the first it offers.
 * Operator texts missing in the member's language fall back to this one (server/contract/README.md,
 * "Operator texts").
 */
export function textLanguage(site: Pick<SiteInfo, "defaultLanguage" | "langOptions">): LocaleId {
  return site.defaultLanguage || site.langOptions[0]!;
}

/**
 * Site info as a member reading `lang` sees it: every operator text in that language where the
 * operator gave one, else in the site's default language (the base fields). Field by field, game by
 * game and deposit option by deposit option (its name, instructions, and a bank option's bank and
 * branch names), so one missing translation never blanks its neighbours.
 */
export function localizeSite(site: SiteInfo, lang: LocaleId): SiteInfo {
  const texts = lang === textLanguage(site) ? undefined : site.translations[lang];
  if (!texts) return site;
  const { games, depositOptions, ...fields } = texts;
  const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== ""));
  return {
    ...site,
    ...given,
    games: site.games.map((g) => ({ ...g, name: games?.[g.code] || g.name })),
    depositOptions: site.depositOptions.map((o) => {
      const texts = depositOptions?.[o.id];
      return {
        ...o,
        name: texts?.name || o.name,
        instructions: texts?.instructions || o.instructions,
        ...(o.bankAccount
          ? {
              bankAccount: {
                ...o.bankAccount,
                bank: texts?.bank || o.bankAccount.bank,
                branch: texts?.branch || o.bankAccount.branch,
              },
            }
          : {}),
      };
    }),
  };
}
