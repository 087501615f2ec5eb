import type { z } from "zod";
import { useEffect, useId, useRef, useState } from "react";
import type { DynamicKey } from "~/utils/translation-keys";
import { useTranslation } from "~/utils/translator";
import {
  answerState,
  fieldMeta,
  firstInvalidControl,
  formMeta,
  type FieldMeta,
  type ServerAnswer,
} from "./server-form";

/*
 * What every form needs to render the server's answer: its messages (ErrorList) and its state
 * (useServerForm). Apart from forms.tsx's labelled fields, summary and submit button, so the game's
 * bet form (a first screen on the initial-JS budget, tests/bench) loads only this; every other
 * form imports it all through forms.tsx.
 */

/** Error keys are translation keys: validation ones live in `common`, platform codes in `messages`. */
export function ErrorList({ id, errors, alert }: { id?: string; errors?: string[] | null; alert?: boolean }) {
  const { t } = useTranslation();
  // the first problem of a field is the one to fix; the rest follow from it
  const first = errors?.find(Boolean);
  if (!first) return null;
  return (
    <p id={id} className="error-list" role={alert ? "alert" : undefined}>
      {/* a key that arrives as data: cast, not dynamicKey(), whose module would be one more file
          in the game's initial JS */}
      {t(first as DynamicKey)}
    </p>
  );
}

/**
 * A form rendered from the server's last answer (`lastResult`, conform's `submission.reply()`):
 * the form's and each field's ids, messages and starting values. Nothing is checked in the
 * browser; the action checks with the schema, and `Schema` (a type only) names the fields.
 * With JavaScript, each new answer re-mounts the controls with what was submitted (secrets the
 * server left out come back empty, as without JavaScript) and moves focus to the first invalid one.
 */
export function useServerForm<Schema extends z.ZodTypeAny>(
  opts: { lastResult?: ServerAnswer; defaultValue?: Record<string, string | undefined> } = {},
) {
  const formId = useId();
  const answer = opts.lastResult;
  const version = useAnswerVersion(answer);
  const state = answerState(answer, opts.defaultValue);
  useFocusFirstInvalid(formId, answer, state.errors);
  const fields = new Proxy({} as Record<keyof z.input<Schema> & string, FieldMeta>, {
    get: (cache, name) => {
      if (typeof name !== "string") return undefined;
      return (cache[name as keyof typeof cache] ??= fieldMeta(formId, name, state, version));
    },
  });
  return [formMeta(formId, state), fields] as const;
}

/** How many answers the form has had: a new answer object is a new server reply (a revalidation keeps the old one). */
function useAnswerVersion(answer: ServerAnswer): number {
  const [seen, setSeen] = useState({ answer, version: 0 });
  if (answer && answer !== seen.answer) {
    // adjusting state while rendering (React's pattern for "information from previous renders")
    setSeen({ answer, version: seen.version + 1 });
  }
  return seen.version;
}

/**
 * After a failed submit (not on the first render: a page the server rendered keeps its focus):
 * the error summary when the form shows one, else the first invalid control.
 */
function useFocusFirstInvalid(formId: string, answer: ServerAnswer, errors: Record<string, string[]>) {
  const rendered = useRef(answer);
  useEffect(() => {
    if (answer === rendered.current) return;
    rendered.current = answer;
    if (answer?.status !== "error") return;
    const form = document.getElementById(formId);
    const summary = document.getElementById(`${formId}-summary`);
    if (summary) summary.focus();
    else if (form instanceof HTMLFormElement) firstInvalidControl(form, errors)?.focus();
    // the errors are the answer's: a new answer is what moves focus
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [formId, answer]);
}
