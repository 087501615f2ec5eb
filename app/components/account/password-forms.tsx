import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { CsrfInput, ErrorList, Field, FormSummary, SubmitButton, useServerForm } from "~/components/forms";
import { IdempotencyInput } from "~/components/money";
import { FormAlert } from "~/components/bank/form-alert";
import type { passwordSchema, transactionPasswordSchema } from "~/utils/account-schemas.server";

type LastResult = SubmissionResult<string[]> | null | undefined;

/** Which of a page's forms was posted: the action reads it to pick the schema and the call. */
export function IntentInput({ value }: { value: string }) {
  return <input type="hidden" name="intent" value={value} />;
}

/** Changing the login password ends the session: the member signs in again (app/README.md, "Passwords"). */
export function PasswordForm({ lastResult }: { lastResult: LastResult }) {
  const { t } = useTranslation();
  const [form, fields] = useServerForm<ReturnType<typeof passwordSchema>>({ lastResult });
  return (
    <section aria-labelledby="password-title" className="card">
      <h2 id="password-title">{t("account:setting.password_title")}</h2>
      <p className="hint">{t("account:setting.password_hint")}</p>
      <Form method="post" {...form.props}>
        <CsrfInput />
        <IntentInput value="password" />
        <FormAlert id={form.errorId} errors={form.errors} />
        <FormSummary form={form} />
        <Field
          meta={fields.oldPassword}
          label={t("account:setting.old_password")}
          type="password"
          autoComplete="current-password"
        />
        <Field
          meta={fields.newPassword}
          label={t("account:setting.new_password")}
          type="password"
          autoComplete="new-password"
        />
        <Field
          meta={fields.confirmPassword}
          label={t("account:setting.confirm_new_password")}
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton>{t("account:setting.password_submit")}</SubmitButton>
      </Form>
    </section>
  );
}

/** Sets the transaction password, or changes it (then the old one is asked for). */
export function TransactionPasswordForm({
  hasOld,
  idempotencyKey,
  lastResult,
}: {
  hasOld: boolean;
  /** made when the page was rendered: a double submit or a retry is the same request */
  idempotencyKey: string;
  lastResult: LastResult;
}) {
  const { t } = useTranslation();
  const [form, fields] = useServerForm<ReturnType<typeof transactionPasswordSchema>>({ lastResult });
  return (
    <section aria-labelledby="tx-password-title" className="card">
      <h2 id="tx-password-title">
        {hasOld ? t("account:setting.tx_change_title") : t("account:setting.tx_set_title")}
      </h2>
      <p className="hint">{t("account:setting.tx_hint")}</p>
      <Form method="post" {...form.props}>
        <CsrfInput />
        <IntentInput value="transaction" />
        <IdempotencyInput value={idempotencyKey} />
        <FormAlert id={form.errorId} errors={form.errors} />
        <FormSummary form={form} />
        <ErrorList id={fields.idempotencyKey.errorId} errors={fields.idempotencyKey.errors} alert />
        {hasOld ? (
          <Field
            meta={fields.oldTransactionPassword}
            label={t("account:setting.old_tx_password")}
            type="password"
            autoComplete="off"
          />
        ) : null}
        <Field
          meta={fields.newTransactionPassword}
          label={t("account:setting.new_tx_password")}
          type="password"
          autoComplete="off"
        />
        <Field
          meta={fields.confirmTransactionPassword}
          label={t("account:setting.confirm_new_tx_password")}
          type="password"
          autoComplete="off"
        />
        <SubmitButton>
          {hasOld ? t("account:setting.tx_change_submit") : t("account:setting.tx_set_submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}
