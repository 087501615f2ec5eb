import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { CsrfInput, ErrorList, Field, FormSummary, SubmitButton, useServerForm } from "~/components/forms";
import { IdempotencyInput } from "~/components/money";
import { MESSAGE_LENGTHS } from "#rules/messages";
import type { messageSchema, replySchema } from "~/utils/support-schemas.server";
import { TextAreaField } from "./text-area-field";

/** What a message action answers when it did not succeed: the form's state and the same key. */
export type MessageActionData = { result: SubmissionResult<string[]>; idempotencyKey: string };

interface FormProps {
  /** the key the page was rendered with */
  idempotencyKey: string;
  actionData?: MessageActionData;
}

/**
 * After a failure the form keeps its key (the outcome may be unknown) and what was typed; after a
 * success the page comes back with a new key, and keying the form by it starts an empty one.
 */
function useFormKey({ idempotencyKey, actionData }: FormProps) {
  return actionData?.idempotencyKey ?? idempotencyKey;
}

export function NewMessageForm(props: FormProps) {
  const key = useFormKey(props);
  return <NewMessage key={key} idempotencyKey={key} lastResult={props.actionData?.result} />;
}

function NewMessage({
  idempotencyKey,
  lastResult,
}: {
  idempotencyKey: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("support");
  const [form, fields] = useServerForm<typeof messageSchema>({ lastResult });
  return (
    <Form method="post" {...form.props} className="card message-form" aria-labelledby="new-message-heading">
      <h2 id="new-message-heading">{t("message.new_title")}</h2>
      <CsrfInput />
      <IdempotencyInput value={idempotencyKey} />
      <ErrorList id={form.errorId} errors={form.errors} alert />
      <FormSummary form={form} />
      <Field meta={fields.title} label={t("message.title_label")} autoComplete="off" />
      <TextAreaField
        meta={fields.content}
        label={t("message.content_label")}
        hint={t("message.content_hint", { max: MESSAGE_LENGTHS.content })}
      />
      <SubmitButton>{t("message.send")}</SubmitButton>
    </Form>
  );
}

export function ReplyForm(props: FormProps) {
  const key = useFormKey(props);
  return <Reply key={key} idempotencyKey={key} lastResult={props.actionData?.result} />;
}

function Reply({ idempotencyKey, lastResult }: { idempotencyKey: string; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("support");
  const [form, fields] = useServerForm<typeof replySchema>({ lastResult });
  return (
    <Form method="post" {...form.props} className="card message-form" aria-labelledby="reply-heading">
      <h2 id="reply-heading">{t("thread.reply_title")}</h2>
      <CsrfInput />
      <IdempotencyInput value={idempotencyKey} />
      <ErrorList id={form.errorId} errors={form.errors} alert />
      <TextAreaField meta={fields.content} label={t("thread.reply_label")} rows={4} />
      <SubmitButton>{t("thread.reply_send")}</SubmitButton>
    </Form>
  );
}
