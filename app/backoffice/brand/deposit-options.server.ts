import {
  depositOption,
  siteConfigPatch,
  siteTexts,
  type DepositOption,
  type SiteConfigPatch,
  type SiteInfo,
  type SiteTexts,
} from "../../../server/contract";
import { textLanguage } from "../../../server/contract/localize";
import { decimalString, minorDigits, parseAmount } from "#rules/units";
import type { LocaleId } from "#rules/locales";
import { LOCALES, toLocale, toLocaleId, type Locale } from "../../i18n";
import {
  BANK_FIELDS,
  CRYPTO_FIELDS,
  optionKindOf,
  optionTexts,
  type OptionError,
  type OptionKind,
  type OptionText,
  type OptionValues,
  type SharedField,
} from "./deposit-option-fields";
import { listVersion } from "./list-version";

/**
 * The deposit options' editor (brand › deposits): a site's options as plain forms, and the
 * `operatorPutSite` patch each change makes. An option's texts live in two places, as the contract
 * keeps them (server/contract/localize.ts): the site's text language in the option itself, every
 * other language in `translations[lang].depositOptions[id]`. Every draft is checked with the
 * contract's own schemas (`depositOption`, `siteTexts`, then the whole `siteConfigPatch`) before
 * anything is sent; the platform checks again.
 */

const emptyTexts = (): OptionValues["texts"] =>
  Object.fromEntries(
    LOCALES.map((l) => [l, { name: "", instructions: "", bank: "", branch: "" }]),
  ) as OptionValues["texts"];

const emptyShared = (): OptionValues["shared"] => ({
  accountName: "",
  accountNumber: "",
  asset: "",
  network: "",
  decimals: "",
  unitPrice: "",
  assign: "member",
  address: "",
});

export const textLocaleOf = (site: Pick<SiteInfo, "defaultLanguage" | "langOptions">): Locale =>
  toLocale(textLanguage(site)) ?? "en-US";

/** A new option's empty form. */
export function newOptionValues(kind: OptionKind): OptionValues {
  return { kind, id: "", isNew: true, texts: emptyTexts(), shared: emptyShared() };
}

/** An existing option as the form shows it: its texts in every language, its price in the site's money. */
export function optionValues(site: SiteInfo, option: DepositOption): OptionValues {
  const textLocale = textLocaleOf(site);
  const texts = emptyTexts();
  for (const locale of LOCALES) {
    if (locale === textLocale) {
      texts[locale] = {
        name: option.name,
        instructions: option.instructions,
        bank: option.bankAccount?.bank ?? "",
        branch: option.bankAccount?.branch ?? "",
      };
    } else {
      const given = site.translations[toLocaleId(locale)]?.depositOptions?.[option.id] ?? {};
      texts[locale] = {
        name: given.name ?? "",
        instructions: given.instructions ?? "",
        bank: given.bank ?? "",
        branch: given.branch ?? "",
      };
    }
  }
  const shared = emptyShared();
  if (option.bankAccount) {
    shared.accountName = option.bankAccount.accountName;
    shared.accountNumber = option.bankAccount.accountNumber;
  }
  if (option.crypto) {
    const c = option.crypto;
    Object.assign(shared, {
      asset: c.asset,
      network: c.network,
      decimals: String(c.decimals),
      unitPrice: decimalString(c.unitPrice, minorDigits(site.currency)),
      assign: c.assign,
      address: c.address,
    });
  }
  return { kind: option.kind, id: option.id, isNew: false, texts, shared };
}

type OtherTexts = Partial<Record<LocaleId, Partial<Record<OptionText, string>>>>;

export type OptionDraft =
  | { ok: true; option: DepositOption; others: OtherTexts; values: OptionValues }
  | { ok: false; values: OptionValues; errors: OptionError[] };

/**
 * The option a submitted form describes, or what it got wrong (nothing is sent then). `editing`:
 * the option being edited (its id and kind are kept whatever the form says), null when one is added.
 */
export function optionDraftOf(form: FormData, site: SiteInfo, editing: DepositOption | null): OptionDraft {
  const textLocale = textLocaleOf(site);
  const str = (name: string) =>
    String(form.get(name) ?? "")
      .replace(/\r\n?/g, "\n")
      .trim();
  const kind = editing?.kind ?? optionKindOf(str("kind")) ?? "bank";
  const values: OptionValues = {
    kind,
    id: editing?.id ?? str("id"),
    isNew: editing === null,
    texts: emptyTexts(),
    shared: emptyShared(),
  };
  for (const locale of LOCALES)
    for (const part of optionTexts(kind)) values.texts[locale][part] = str(`${part}.${locale}`);
  if (kind === "bank") for (const f of BANK_FIELDS) values.shared[f] = str(f);
  if (kind === "crypto") for (const f of CRYPTO_FIELDS) values.shared[f] = str(f);

  const errors = new Set<OptionError>();
  if (editing === null && site.depositOptions.some((o) => o.id === values.id)) errors.add("id_taken");
  // the text language's name is what every other language falls back to: it must be written
  if (values.texts[textLocale].name === "") errors.add(`name.${textLocale}`);

  const base = values.texts[textLocale];
  const { shared } = values;
  const raw: Record<string, unknown> = { id: values.id, kind, name: base.name, instructions: base.instructions };
  if (kind === "bank")
    raw.bankAccount = {
      bank: base.bank,
      branch: base.branch,
      accountName: shared.accountName,
      accountNumber: shared.accountNumber,
    };
  if (kind === "crypto") {
    raw.crypto = {
      asset: shared.asset,
      network: shared.network,
      decimals: /^\d{1,2}$/.test(shared.decimals) ? Number(shared.decimals) : Number.NaN,
      unitPrice: parseAmount(shared.unitPrice, minorDigits(site.currency)) ?? Number.NaN,
      assign: shared.assign,
      address: shared.assign === "site" ? shared.address : "",
    };
    if (shared.assign === "site" && shared.address === "") errors.add("address_required");
    if (shared.assign !== "site" && shared.address !== "") errors.add("address_unused");
  }
  const parsed = depositOption.safeParse(raw);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const [first, second] = issue.path.map(String);
      if (first === "name" || first === "instructions") errors.add(`${first}.${textLocale}`);
      else if (first === "bankAccount" && (second === "bank" || second === "branch"))
        errors.add(`${second}.${textLocale}`);
      else if (first === "bankAccount" || first === "crypto") {
        if (second && !(second === "address" && (errors.has("address_required") || errors.has("address_unused"))))
          errors.add(second as SharedField);
      } else errors.add("id");
    }

  const others: OtherTexts = {};
  for (const locale of LOCALES) {
    if (locale === textLocale) continue;
    const given = Object.fromEntries(
      optionTexts(kind)
        .map((part) => [part, values.texts[locale][part]] as const)
        .filter(([, text]) => text !== ""),
    );
    const checked = siteTexts.safeParse({ depositOptions: { [values.id || "x"]: given } });
    if (!checked.success)
      for (const issue of checked.error.issues) errors.add(`${String(issue.path[2])}.${locale}` as OptionError);
    if (Object.keys(given).length > 0) others[toLocaleId(locale)] = given;
  }
  if (!parsed.success || errors.size > 0) return { ok: false, values, errors: [...errors] };
  return { ok: true, option: parsed.data, others, values };
}

/** Every language's deposit texts without the option `id`, the others' kept as they are. */
function translationsWithout(site: SiteInfo, id: string): SiteInfo["translations"] {
  const translations: SiteInfo["translations"] = {};
  for (const [lang, texts] of Object.entries(site.translations) as [LocaleId, SiteTexts][]) {
    const { [id]: _gone, ...kept } = texts.depositOptions ?? {};
    translations[lang] = texts.depositOptions ? { ...texts, depositOptions: kept } : texts;
  }
  return translations;
}

/** The patch that saves an option (in place when it is edited, last when it is added) and its texts. */
export function savePatch(site: SiteInfo, option: DepositOption, others: OtherTexts): SiteConfigPatch {
  const exists = site.depositOptions.some((o) => o.id === option.id);
  const depositOptions = exists
    ? site.depositOptions.map((o) => (o.id === option.id ? option : o))
    : [...site.depositOptions, option];
  const translations = translationsWithout(site, option.id);
  for (const [lang, texts] of Object.entries(others) as [LocaleId, Partial<Record<OptionText, string>>][]) {
    const current = translations[lang] ?? {};
    translations[lang] = { ...current, depositOptions: { ...current.depositOptions, [option.id]: texts } };
  }
  return { depositOptions, translations };
}

/** The patch that removes an option and its texts in every language. */
export function removePatch(site: SiteInfo, id: string): SiteConfigPatch {
  return {
    depositOptions: site.depositOptions.filter((o) => o.id !== id),
    translations: translationsWithout(site, id),
  };
}

/** The patch that moves an option one place up or down (the order members see them in), or null at an end. */
export function movePatch(site: SiteInfo, id: string, direction: "up" | "down"): SiteConfigPatch | null {
  const from = site.depositOptions.findIndex((o) => o.id === id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= site.depositOptions.length) return null;
  const depositOptions = [...site.depositOptions];
  [depositOptions[from], depositOptions[to]] = [depositOptions[to]!, depositOptions[from]!];
  return { depositOptions };
}

/** A patch as the platform will check it: null when the contract refuses it (nothing is sent then). */
export function checkedPatch(patch: SiteConfigPatch): SiteConfigPatch | null {
  const checked = siteConfigPatch.safeParse(patch);
  return checked.success ? checked.data : null;
}

/** What the options and their texts were when the form was drawn (list-version.ts). */
export function optionsVersion(site: SiteInfo): string {
  const texts = Object.fromEntries(
    Object.entries(site.translations).map(([lang, t]) => [lang, t.depositOptions ?? {}]),
  );
  return listVersion([site.depositOptions, texts]);
}
