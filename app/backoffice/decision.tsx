import { Form } from "@remix-run/react";
import { useId } from "react";
import { CsrfInput } from "../components/csrf-input";
import { LOCALE_NAMES, type Locale } from "../i18n";
import { useTranslation } from "../utils/translator";
import type { KeyOf } from "../utils/translation-keys";
import { REASONS, reasonKey, type ReasonQueue } from "./reasons";

/** What the action answered a decision form that it refused before sending (decision.server.ts). */
export type DecisionError = "reason_required" | "reason_too_long" | "invalid";

/**
 * An item's two decisions, as plain forms posting to the page's action: approve (one button), and
 * reject with the reason the member will read: a template, or the operator's own words, in the
 * site's text language (the form says which). `approveLabel` null: no approval offered here (the
 * operator gave the first of two).
 */
export function DecisionForms({
  queue,
  id,
  approveLabel,
  rejectLabel,
  textLocale,
  error,
}: {
  queue: ReasonQueue;
  id: string;
  approveLabel: KeyOf<"backoffice"> | null;
  rejectLabel: KeyOf<"backoffice">;
  textLocale: Locale;
  error?: DecisionError;
}) {
  const { t } = useTranslation("backoffice");
  const templateId = useId();
  const reasonId = useId();
  const hintId = useId();
  const errorId = useId();
  return (
    <div className="bo-decision">
      {approveLabel ? (
        <Form method="post">
          <CsrfInput />
          <input type="hidden" name="id" value={id} />
          <button type="submit" name="intent" value="approve" className="button button-primary">
            {t(approveLabel)}
          </button>
        </Form>
      ) : null}
      <details className="bo-reject" open={error !== undefined}>
        <summary>{t(rejectLabel)}</summary>
        <Form method="post" className="bo-form">
          <CsrfInput />
          <input type="hidden" name="id" value={id} />
          <p id={hintId} className="bo-hint">
            {t("decision.reason_language", { language: LOCALE_NAMES[textLocale] })}
          </p>
          <label htmlFor={templateId}>{t("decision.template")}</label>
          <select id={templateId} name="template" defaultValue="" aria-describedby={hintId}>
            <option value="">{t("decision.template_none")}</option>
            {REASONS[queue].map((template) => (
              <option key={template} value={template}>
                {t(reasonKey(queue, template))}
              </option>
            ))}
          </select>
          <label htmlFor={reasonId}>{t("decision.own_words")}</label>
          <textarea
            id={reasonId}
            name="reason"
            rows={3}
            maxLength={500}
            lang={textLocale}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            aria-invalid={error ? true : undefined}
          />
          {error ? (
            <p id={errorId} className="bo-field-error" role="alert">
              {t(`decision.${error}`)}
            </p>
          ) : null}
          <button type="submit" name="intent" value="reject" className="button">
            {t(rejectLabel)}
          </button>
        </Form>
      </details>
    </div>
  );
}
