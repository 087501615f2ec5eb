import { getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { z } from "zod";
import { useNavigation } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "~/utils/translator";
import { useRootData } from "~/root";

export { CsrfInput } from "./csrf-input";

/** Error keys are translation keys: validation ones live in `common`, platform codes in `messages`. */
export function ErrorList({ id, errors, alert }: { id?: string; errors?: string[] | null; alert?: boolean }) {
  const { t } = useTranslation();
  // the first problem of a field is the one to fix; the rest follow from it
  const first = errors?.find(Boolean);
  if (!first) return null;
  return (
    <p id={id} className="error-list" role={alert ? "alert" : undefined}>
      {t(first)}
    </p>
  );
}

type InputType = "text" | "password" | "tel" | "email" | "number" | "hidden";

export function Field({
  meta,
  label,
  type = "text",
  autoComplete,
  inputMode,
  hint,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  type?: InputType;
  autoComplete?: string;
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
  hint?: React.ReactNode;
}) {
  const hintId = useId();
  const props = getInputProps(meta, { type, ariaDescribedBy: hint ? hintId : undefined });
  return (
    <FieldFrame meta={meta} label={label} hint={hint} hintId={hintId}>
      <input {...props} key={props.key} autoComplete={autoComplete} inputMode={inputMode} />
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
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  options: { value: string; label: string }[];
  autoComplete?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <select
        id={meta.id}
        name={meta.name}
        defaultValue={meta.initialValue ?? options[0]?.value}
        autoComplete={autoComplete}
        aria-invalid={meta.errors ? true : undefined}
        aria-describedby={meta.errors ? meta.errorId : undefined}
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

/**
 * What each radio of a group carries while the group has an error: it is invalid, and described
 * by the group's message (the fieldset names the group; the radio is what gets focus).
 */
export function choiceErrorProps(meta: { errorId: string; errors?: string[] }) {
  return meta.errors ? { "aria-invalid": true as const, "aria-describedby": meta.errorId } : {};
}

export function CheckboxField({ meta, children }: { meta: FieldMetadata<string | boolean | undefined>; children: React.ReactNode }) {
  const props = getInputProps(meta, { type: "checkbox" });
  return (
    <div className="field field-checkbox">
      <input {...props} key={props.key} />
      <label htmlFor={meta.id}>{children}</label>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function SubmitButton({ children }: { children: React.ReactNode }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <button type="submit" className="button button-primary" aria-disabled={busy || undefined}>
      {children}
    </button>
  );
}

/**
 * conform with one zod schema for the browser and the action: checked on blur, re-checked as the
 * member types, and the server's answer shown as it came.
 */
export function useSchemaForm<Schema extends z.ZodTypeAny>(
  schema: Schema,
  opts: { lastResult?: SubmissionResult<string[]> | null; defaultValue?: Record<string, string | undefined> } = {},
) {
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>, string[]>({
    lastResult: opts.lastResult,
    defaultValue: opts.defaultValue as never,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // conform re-renders the component that called useForm only for what that component read while
  // rendering; the fields' errors are read by child components, so subscribe to all of them here,
  // or a submit that fails validation would move focus but show no message
  void form.allErrors;
  return [form, fields] as const;
}
