import { Form } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "~/utils/translator";
import { LOCALE_NAMES, toLocale, toLocaleId } from "~/i18n";
import { useRootData } from "~/utils/root-data";
import { CsrfInput } from "./csrf-input";

/**
 * Language selection: a plain form, the same with or without JavaScript. Choosing an option does
 * not submit it (WCAG 3.2.2: arrowing through a closed select fires change on every step, which
 * would reload the page before a keyboard user reached the language wanted); the button applies it.
 */
export function LanguageForm({ redirectTo }: { redirectTo: string }) {
  const { site, locale } = useRootData();
  const { t } = useTranslation();
  const selectId = useId();
  const options = site.langOptions.map((id) => toLocale(id)).filter((l) => l !== undefined);
  if (options.length < 2) return null;
  return (
    <Form method="post" action="/language" className="language-form" reloadDocument>
      <CsrfInput />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <label htmlFor={selectId}>{t("language.label")}</label>
      <select id={selectId} name="locale" defaultValue={toLocaleId(locale)}>
        {options.map((l) => (
          <option key={l} value={toLocaleId(l)} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
      <button type="submit" className="button button-small">
        {t("language.apply")}
      </button>
    </Form>
  );
}
