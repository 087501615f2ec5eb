import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
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
 * Seconds left of a wait that had `from` seconds when the page got it, counted on the browser's
 * own monotonic clock (never its wall clock, which may be off from the platform's); the server's
 * render and a page without JavaScript show `from`.
 */
function useSecondsLeft(from: number): number {
  const [left, setLeft] = useState(from);
  useEffect(() => {
    const start = performance.now();
    setLeft(from);
    if (from <= 0) return;
    const timer = setInterval(() => {
      const now = Math.max(0, from - Math.floor((performance.now() - start) / 1000));
      setLeft(now);
      if (now === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [from]);
  return left;
}

/**
 * Sends a code; after a send, how long until the next may be asked for (counting down, as the
 * button's own text: "Send a new code (59 s)", disabled until then) and how many are left today.
 * `error` is a translation key; the idempotency key makes a double submit or a retry one text.
 */
export function SmsSendForm({
  sent,
  resendIn,
  error,
  idempotencyKey,
}: {
  sent?: SmsSent;
  /** seconds until a new code may be asked for, from the action's answer */
  resendIn: number;
  error?: string;
  idempotencyKey: string;
}) {
  const { t, i18n } = useTranslation("account");
  const wait = useSecondsLeft(sent ? resendIn : 0);
  // the button waits only where a script counts down and enables it again: a page without
  // JavaScript keeps it live (the platform's refusal then says why), or it would stay disabled
  const [counting, setCounting] = useState(false);
  useEffect(() => setCounting(true), []);
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
          {wait > 0 ? <p>{t("sms.resend_in", { seconds: wait })}</p> : null}
          <p>{t("sms.remaining_today", { count: sent.remainingToday })}</p>
        </div>
      ) : null}
      <button type="submit" className="button" disabled={counting && wait > 0} data-testid="sms-send">
        {sent ? (counting && wait > 0 ? t("sms.resend_wait", { seconds: wait }) : t("sms.resend")) : t("sms.send")}
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
