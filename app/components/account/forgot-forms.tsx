import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { CsrfInput, ErrorList, Field, FormSummary, SubmitButton, useServerForm } from "~/components/forms";
import { MobileFields } from "~/components/mobile-fields";
import { FormAlert } from "~/components/bank/form-alert";
import { IdempotencyInput } from "~/components/money";
import type { forgotResetSchema, forgotSendSchema } from "~/utils/account-schemas.server";
import { IntentInput } from "./password-forms";

type LastResult = SubmissionResult<string[]> | null | undefined;

/** Step 1: the account and the mobile number it was opened with. */
export function ForgotSendForm({
  areaCodes,
  account,
  lastResult,
}: {
  areaCodes: string[];
  account: string;
  lastResult: LastResult;
}) {
  const { t } = useTranslation();
  const [form, fields] = useServerForm<ReturnType<typeof forgotSendSchema>>({
    lastResult,
    defaultValue: { account, areaCode: areaCodes[0] },
  });
  return (
    <Form method="post" action="/forgot-password" {...form.props}>
      <CsrfInput />
      <IntentInput value="send" />
      <p className="hint">{t("account:forgot.send_intro")}</p>
      <ErrorList id={form.errorId} errors={form.errors} alert />
      <FormSummary form={form} />
      <Field meta={fields.account} label={t("fields.account")} autoComplete="username" />
      <MobileFields areaCode={fields.areaCode} mobile={fields.mobile} areaCodes={areaCodes} />
      <SubmitButton>{t("account:forgot.send_submit")}</SubmitButton>
    </Form>
  );
}

/** Step 2: the code from the SMS and the new password; the account rides along unseen. */
export function ForgotResetForm({
  account,
  idempotencyKey,
  lastResult,
}: {
  account: string;
  idempotencyKey: string;
  lastResult: LastResult;
}) {
  const { t } = useTranslation();
  const [form, fields] = useServerForm<typeof forgotResetSchema>({ lastResult, defaultValue: { account } });
  return (
    <>
      <p role="status" className="forgot-sent" data-testid="forgot-sent">
        {t("account:forgot.sent")}
      </p>
      <Form method="post" {...form.props}>
        <CsrfInput />
        <IntentInput value="reset" />
        <IdempotencyInput value={idempotencyKey} />
        <input type="hidden" name={fields.account.name} value={account} />
        <FormAlert id={form.errorId} errors={form.errors} />
        <FormSummary form={form} />
        <ErrorList id={fields.account.errorId} errors={fields.account.errors} alert />
        <ErrorList id={fields.idempotencyKey.errorId} errors={fields.idempotencyKey.errors} alert />
        <p className="account-fact">
          <span className="muted">{t("fields.account")}</span> <strong>{account}</strong>
        </p>
        <Field
          meta={fields.code}
          label={t("account:sms.code")}
          inputMode="numeric"
          autoComplete="one-time-code"
          hint={t("account:sms.code_hint")}
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
        <SubmitButton>{t("account:forgot.reset_submit")}</SubmitButton>
      </Form>
      <p className="link-line">
        <Link to={`/forgot-password?account=${encodeURIComponent(account)}`}>{t("account:forgot.send_again")}</Link>
      </p>
    </>
  );
}
