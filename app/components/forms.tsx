import { useNavigation } from "@remix-run/react";
import { useId } from "react";
import { dynamicKey } from "~/utils/translation-keys";
import { useTranslation } from "~/utils/translator";
import { ErrorList } from "./form-core";
import { controlProps, firstInvalidControl, SUMMARY_FROM, type FieldMeta, type FormMeta } from "./server-form";

export { CsrfInput } from "./csrf-input";
export { ErrorList, useServerForm } from "./form-core";
export { choiceErrorProps, controlProps, type FieldMeta, type FormMeta, type ServerAnswer } from "./server-form";

/**
 * No "tel": a mobile number without its area code is `autocomplete="tel-national"`, a token the
 * HTML standard allows on text inputs only (Nu HTML Checker error on type="tel"); such a field is
 * a text input with `inputMode="tel"` (the phone's dial pad).
 */
/**
 * The error summary at the top of a form with several fields in error ("There are 3 problems
 * with this form", each message a link to its field), the way GOV.UK's design system does it: a
 * member on a phone sees at once how much is wrong before scrolling through a long form. Rendered by the server (it works without JavaScript: each link jumps to
 * its control); with JavaScript it takes focus after a failed submit (`useServerForm`) and a link
 * focuses its control. One error needs no summary: the field's own message and focus say it all.
 * `labels` names the fields in the summary, for a form where two fields share a message (sign-up's
 * two "please confirm the password").
 */
export function FormSummary({ form, labels = {} }: { form: FormMeta; labels?: Record<string, string> }) {
  const { t } = useTranslation();
  const items = form.fieldErrors;
  if (items.length < SUMMARY_FROM) return null;
  const titleId = `${form.summaryId}-title`;
  return (
    <div
      id={form.summaryId}
      className="form-summary"
      tabIndex={-1}
      role="group"
      aria-labelledby={titleId}
      data-testid="form-summary"
    >
      <h2 id={titleId}>{t("form_summary.title", { count: items.length })}</h2>
      <ul>
        {items.map((item) => (
          <li key={item.name}>
            <a href={`#${item.controlId}`} onClick={(event) => focusField(event, form.id, item.name)}>
              {labels[item.name] ? <span className="form-summary-field">{labels[item.name]}</span> : null}
              {t(dynamicKey(item.message))}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A summary link with JavaScript: focus the field's first control (a radio group has no control of that id) and show its label. */
function focusField(event: React.MouseEvent, formId: string, name: string) {
  const form = document.getElementById(formId);
  const control = form instanceof HTMLFormElement ? firstInvalidControl(form, { [name]: [name] }) : undefined;
  if (!control) return;
  event.preventDefault();
  control.focus({ preventScroll: true });
  (control.closest("fieldset, .field") ?? control).scrollIntoView({ block: "center" });
}

type InputType = "text" | "password" | "email" | "number" | "hidden";

export function Field({
  meta,
  label,
  type = "text",
  autoComplete,
  inputMode,
  hint,
}: {
  meta: FieldMeta;
  label: string;
  type?: InputType;
  autoComplete?: string;
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
  hint?: React.ReactNode;
}) {
  const hintId = useId();
  return (
    <FieldFrame meta={meta} label={label} hint={hint} hintId={hintId}>
      <input
        {...controlProps(meta, hint ? hintId : undefined)}
        key={meta.key}
        type={type}
        defaultValue={meta.initialValue}
        autoComplete={autoComplete}
        inputMode={inputMode}
      />
    </FieldFrame>
  );
}

/**
 * What every labelled control shares: the label, the control, its hint (which the control names
 * in aria-describedby) and its first error.
 */
export function FieldFrame({
  meta,
  label,
  hint,
  hintId,
  children,
}: {
  meta: { id: string; errorId: string; errors?: string[] };
  label: string;
  hint?: React.ReactNode;
  hintId: string;
  children: React.ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      {children}
      {hint ? (
        <p id={hintId} className="hint">
          {hint}
        </p>
      ) : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function SelectField({
  meta,
  label,
  options,
  autoComplete,
  onChange,
}: {
  meta: FieldMeta;
  label: string;
  options: { value: string; label: string }[];
  autoComplete?: string;
  onChange?: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <select
        {...controlProps(meta)}
        key={meta.key}
        defaultValue={meta.initialValue ?? options[0]?.value}
        autoComplete={autoComplete}
        onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function CheckboxField({ meta, children }: { meta: FieldMeta; children: React.ReactNode }) {
  return (
    <div className="field field-checkbox">
      <input
        {...controlProps(meta)}
        key={meta.key}
        type="checkbox"
        value="on"
        defaultChecked={meta.initialValue === "on"}
      />
      <label htmlFor={meta.id}>{children}</label>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function SubmitButton({
  children,
  name,
  value,
  secondary,
}: {
  children: React.ReactNode;
  /** a form with two ways to submit names each button's choice (name=value goes with the post) */
  name?: string;
  value?: string;
  secondary?: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <button
      type="submit"
      name={name}
      value={value}
      className={secondary ? "button" : "button button-primary"}
      aria-disabled={busy || undefined}
    >
      {children}
    </button>
  );
}
