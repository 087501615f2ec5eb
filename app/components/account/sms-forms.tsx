import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { CsrfInput, ErrorList, Field, SubmitButton, useServerForm } from "~/components/forms";
import type { smsCodeSchema } from "~/utils/account-schemas.server";
import { IdempotencyInput } from "~/components/money";
import { messageKey } from "~/utils/messages";
import type { CallData } from "../../../server/contract";
import { useTimeZone } from "~/utils/time-zone";
import { formatTime } from "./format";
import { IntentInput } from "./password-forms";

export type SmsSent = CallData<"smsSend">;

/** The phone and the area code must be set before verification (app/README.md, "Validation rules"). */
export function MissingNumber({ mobile, areaCode }: { mobile: boolean; areaCode: boolean }) {
  const { t } = useTranslation("account");
  return (
    <div className="card" role="alert">
      {mobile ? null : <p>{t(messageKey("update_mobile_first"))}</p>}
      {areaCode ? null : <p>{t(messageKey("update_area_code_first"))}</p>}
      <p>
        <Link to="/user/info">{t("sms.info_link")}</Link>
      </p>
    </div>
  );
}

/**
 * Sends a code; after a send, when the next one may be asked for and how many are left today.
 * `error` is a translation key; the idempotency key makes a double submit or a retry one text.
 */
export function SmsSendForm({
  sent,
  error,
  idempotencyKey,
}: {
  sent?: SmsSent;
  error?: string;
  idempotencyKey: string;
}) {
  const { t, i18n } = useTranslation("account");
  const zone = useTimeZone();
  return (
    <Form method="post" className="sms-send">
      <CsrfInput />
      <IntentInput value="send" />
      <IdempotencyInput value={idempotencyKey} />
      {error ? <ErrorList id="sms-send-error" errors={[error]} alert /> : null}
      {sent ? (
        <div role="status" className="sms-sent" data-testid="sms-sent">
          <p>{t("sms.sent", { time: formatTime(sent.expiresAt, i18n.language, zone) })}</p>
          <p>{t("sms.resend_at", { time: formatTime(sent.resendAt, i18n.language, zone) })}</p>
          <p>{t("sms.remaining_today", { count: sent.remainingToday })}</p>
        </div>
      ) : null}
      <button type="submit" className="button">
        {sent ? t("sms.resend") : t("sms.send")}
      </button>
    </Form>
  );
}

/** The 6-digit code the member received. */
export function SmsCodeForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation("account");
  const [form, fields] = useServerForm<typeof smsCodeSchema>({ lastResult });
  return (
    <Form method="post" {...form.props}>
      <CsrfInput />
      <IntentInput value="verify" />
      <ErrorList id={form.errorId} errors={form.errors} alert />
      <Field
        meta={fields.code}
        label={t("sms.code")}
        inputMode="numeric"
        autoComplete="one-time-code"
        hint={t("sms.code_hint")}
      />
      <SubmitButton>{t("sms.verify")}</SubmitButton>
    </Form>
  );
}
