import { Form, Link } from "@remix-run/react";
import { useId } from "react";
import type { OperatorSelf } from "../../server/contract/operators";
import { CsrfInput } from "../components/csrf-input";
import { LOCALE_NAMES, LOCALES, toLocaleId, type Locale } from "../i18n";
import { useTranslation } from "../utils/translator";
import type { BackOfficeNotice } from "../../server/site/backoffice-session";
import { boPaths, mayOpenPlatform } from "./sections";
import type { KeyOf } from "../utils/translation-keys";

/**
 * The back office's top bar: its name (the way home), the language, and the signed-in operator
 * with their roles and the sign-out. Plain forms: everything works without JavaScript.
 */
export function BackOfficeBar({
  operator,
  locale,
  here,
}: {
  operator: OperatorSelf | null;
  locale: string;
  here: string;
}) {
  const { t } = useTranslation("backoffice");
  return (
    <header className="bo-bar">
      <Link to={boPaths.home} className="bo-brand">
        {t("title")}
      </Link>
      <div className="bo-bar-tools">
        {operator && mayOpenPlatform(operator) ? (
          <nav aria-label={t("platform.nav")}>
            <Link to={boPaths.platform()} className="bo-bar-link">
              {t("platform.title")}
            </Link>
          </nav>
        ) : null}
        <BackOfficeLanguage locale={locale} redirectTo={here} />
        {operator ? (
          <details className="bo-account">
            <summary>{t("account.signed_in_as", { name: operator.name })}</summary>
            <div className="bo-account-panel">
              <p className="bo-roles-label">{t("account.roles")}</p>
              <ul className="bo-roles">
                {operator.roles.map((role) => (
                  <li key={role}>{t(`role.${role}`)}</li>
                ))}
              </ul>
              <Form method="post" action={boPaths.logout} reloadDocument>
                <CsrfInput />
                <button type="submit" className="button button-small">
                  {t("account.sign_out")}
                </button>
              </Form>
            </div>
          </details>
        ) : null}
      </div>
    </header>
  );
}

function BackOfficeLanguage({ locale, redirectTo }: { locale: string; redirectTo: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Form method="post" action={boPaths.language} className="bo-language" reloadDocument>
      <CsrfInput />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <label htmlFor={id} className="visually-hidden">
        {t("language.label")}
      </label>
      <select id={id} name="locale" defaultValue={toLocaleId(locale as Locale)}>
        {LOCALES.map((l) => (
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

/** A notice left by the last action (a decision made, a sign-out): shown once. */
export function BackOfficeNoticeLine({ notice }: { notice: BackOfficeNotice | null }) {
  const { t } = useTranslation("backoffice");
  if (!notice) return null;
  return (
    <p role={notice.kind === "error" ? "alert" : "status"} className={`bo-notice bo-notice-${notice.kind}`}>
      {t(notice.key as KeyOf<"backoffice">)}
    </p>
  );
}
