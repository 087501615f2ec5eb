import type { SubmissionResult } from "@conform-to/react";

/**
 * A form's state as the server last answered it. Forms are checked only by the action (zod and
 * conform's `parseWithZod`, then `submission.reply()`); the browser renders that answer, so the
 * page reads the same with JavaScript and without. Nothing here may import a module that runs
 * zod or conform in the browser: types only.
 */
export type ServerAnswer = SubmissionResult<string[]> | null | undefined;

export interface FormMeta {
  id: string;
  /** the element holding the form's own errors (those not about one field) */
  errorId: string;
  errors?: string[];
  /** the error summary's id (`FormSummary`), which takes focus after a failed submit when it is there */
  summaryId: string;
  /** each field in error with its first message, in the answer's order (the schema's, top to bottom) */
  fieldErrors: SummaryItem[];
  /** what the <form> element carries: its id, no browser validation bubbles, its error as description */
  props: { id: string; noValidate: true; "aria-describedby"?: string };
}

/** One line of a form's error summary: the field's first message, linking to its control. */
export interface SummaryItem {
  name: string;
  /** the control's id by the form's convention (`<form>-<name>`) */
  controlId: string;
  message: string;
}

/** A summary is shown from this many fields in error: one error is clear enough at its field. */
export const SUMMARY_FROM = 2;

export interface FieldMeta {
  id: string;
  name: string;
  errorId: string;
  errors?: string[];
  /** what the control starts with: the value submitted last (the server leaves out secrets), or the default */
  initialValue?: string;
  /** changes with every answer of the server, so an uncontrolled control re-mounts with `initialValue` */
  key: string;
}

export interface AnswerState {
  /** field name → its messages; "" holds the form's own */
  errors: Record<string, string[]>;
  /** field name → the value a control starts with */
  values: Record<string, unknown>;
}

/**
 * The answer read as conform's `useForm` read it: the submitted values when the server sent them
 * back, the defaults when there is no answer or the answer resets the form (`initialValue: null`),
 * and every non-empty list of messages.
 */
export function answerState(answer: ServerAnswer, defaultValue: Record<string, string | undefined> = {}): AnswerState {
  const errors: Record<string, string[]> = {};
  if (answer && answer.initialValue !== null) {
    for (const [name, list] of Object.entries(answer.error ?? {})) {
      const messages = (list ?? []).filter(Boolean);
      if (messages.length > 0) errors[name] = messages;
    }
  }
  const submitted = answer?.initialValue;
  return { errors, values: submitted ?? defaultValue };
}

export function formMeta(formId: string, state: AnswerState): FormMeta {
  const errorId = `${formId}-error`;
  const errors = state.errors[""];
  const fieldErrors = Object.entries(state.errors)
    .filter(([name]) => name !== "")
    .map(([name, list]) => ({ name, controlId: `${formId}-${name}`, message: list[0]! }));
  return {
    id: formId,
    errorId,
    errors,
    summaryId: `${formId}-summary`,
    fieldErrors,
    props: { id: formId, noValidate: true, "aria-describedby": errors ? errorId : undefined },
  };
}

/** Ids follow conform's (`<form id>-<name>`, `…-error`), so the markup is what it was. */
export function fieldMeta(formId: string, name: string, state: AnswerState, version: number): FieldMeta {
  const id = `${formId}-${name}`;
  const value = state.values[name];
  return {
    id,
    name,
    errorId: `${id}-error`,
    errors: state.errors[name],
    initialValue: typeof value === "string" ? value : undefined,
    key: `${name}@${version}`,
  };
}

/**
 * What every invalid control carries: aria-invalid, and a description by its message first, then
 * by its hint (when it has one).
 */
export function controlProps(meta: FieldMeta, hintId?: string) {
  const describedBy = meta.errors ? [meta.errorId, hintId].filter(Boolean).join(" ") : hintId;
  return {
    id: meta.id,
    name: meta.name,
    "aria-invalid": meta.errors ? (true as const) : undefined,
    "aria-describedby": describedBy || undefined,
  };
}

/**
 * What each radio of a group carries while the group has an error: it is invalid, and described
 * by the group's message (the fieldset names the group; the radio is what gets focus).
 */
export function choiceErrorProps(meta: { errorId: string; errors?: string[] }) {
  return meta.errors ? { "aria-invalid": true as const, "aria-describedby": meta.errorId } : {};
}

/** The form's first control named in `errors` that can take focus (hidden inputs cannot), in document order. */
export function firstInvalidControl(form: HTMLFormElement, errors: Record<string, string[]>): HTMLElement | undefined {
  for (const element of Array.from(form.elements)) {
    const control = element as HTMLInputElement;
    if (control.name && errors[control.name] && control.type !== "hidden" && !control.disabled) return control;
  }
  return undefined;
}
