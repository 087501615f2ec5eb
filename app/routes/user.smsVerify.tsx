import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { maskMobile } from "~/components/account/format";
import { MissingNumber, SmsCodeForm, SmsSendForm, type SmsSent } from "~/components/account/sms-forms";
import { requireMember } from "~/utils/auth.server";
import { intentOf, smsCodeSchema } from "~/utils/account-schemas.server";
import { idempotencyKeyField, keyAfterRefusal, newIdempotencyKey } from "~/utils/idempotency.server";
import { messageKey } from "~/utils/messages";
import type { RouteHandle } from "~/utils/translation-keys";
import { failureStatus } from "~/utils/failure-status";

export const handle = { titleKey: "account:sms.title", i18n: ["account"] } satisfies RouteHandle;

/**
 * The send form's answer: what was sent, or why not (a translation key), and the key of the next
 * send: a new one after a send (the next text is another request), the same one after a failure
 * (its outcome may be unknown: a retry must not send a second text).
 */
type ActionData =
  | { intent: "send"; sent?: SmsSent; resendIn?: number; error?: string; idempotencyKey: string }
  | { intent: "verify"; result: SubmissionResult<string[]> };

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const info = await context.platform.call("playerInfo");
  return json(
    {
      // the page needs the number only masked, so only that leaves the server
      phone: info.ok
        ? { areaCode: info.data.areaCode, masked: maskMobile(info.data.mobile), verified: info.data.mobileVerified }
        : null,
      error: info.ok ? null : info.code,
      idempotencyKey: newIdempotencyKey(),
    },
    { status: info.ok ? 200 : info.status },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireMember(request, context);
  const formData = await request.formData();
  const intent = intentOf(formData, ["send", "verify"] as const);

  if (intent === "send") {
    const key = idempotencyKeyField.safeParse(formData.get("idempotencyKey"));
    if (!key.success) {
      return json<ActionData>(
        { intent, error: key.error.issues[0]!.message, idempotencyKey: newIdempotencyKey() },
        { status: 400 },
      );
    }
    const idempotencyKey = key.data;
    const sent = await context.platform.call("smsSend", { body: { purpose: "verify_mobile" }, idempotencyKey });
    if (!sent.ok)
      return json<ActionData>(
        { intent, error: messageKey(sent.code), idempotencyKey: keyAfterRefusal(sent, idempotencyKey) },
        { status: failureStatus(sent.status) },
      );
    context.session.flashToast({ kind: "success", key: "sms_code_sent" });
    // no redirect: the page shows when the next code may be sent, which only this answer knows
    // the wait as seconds from this answer, not a clock time: the phone's clock may be off, and a
    // member reads "in 59 s" at a glance (sms-forms.tsx counts it down)
    // (from now, after the platform's answer, not from the request's start: that would add its time)
    const resendIn = Math.max(0, Math.ceil((Date.parse(sent.data.resendAt) - Date.now()) / 1000));
    return json<ActionData>({ intent, sent: sent.data, resendIn, idempotencyKey: newIdempotencyKey() });
  }
  if (intent === "verify") {
    const submission = parseWithZod(formData, { schema: smsCodeSchema });
    if (submission.status !== "success")
      return json<ActionData>({ intent, result: submission.reply() }, { status: 400 });
    const verified = await context.platform.call("smsVerify", { body: { code: submission.value.code } });
    if (!verified.ok) {
      return json<ActionData>(
        { intent, result: submission.reply({ formErrors: [messageKey(verified.code)] }) },
        { status: failureStatus(verified.status) },
      );
    }
    context.session.flashToast({ kind: "success", key: "sms_verify_success" });
    return redirect("/user/smsVerify");
  }
  throw new Response("Unknown form", { status: 400 });
}

export default function SmsVerify() {
  const { phone, error, idempotencyKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const send = actionData?.intent === "send" ? actionData : undefined;
  const verify = actionData?.intent === "verify" ? actionData.result : null;
  return (
    <div className="account-page">
      <h1>{t("sms.title")}</h1>
      {error ? (
        <p role="alert" className="error-list">
          {t(messageKey(error))}
        </p>
      ) : null}
      {!phone ? null : !phone.masked || !phone.areaCode ? (
        <MissingNumber mobile={Boolean(phone.masked)} areaCode={Boolean(phone.areaCode)} />
      ) : (
        <section aria-labelledby="sms-number" className="card">
          <h2 id="sms-number">{t("sms.number")}</h2>
          <p className="sms-number">
            <span data-testid="masked-mobile">
              {phone.areaCode} {phone.masked}
            </span>{" "}
            <span
              className={`status ${phone.verified ? "status-verified" : "status-unverified"}`}
              data-testid="mobile-verified"
            >
              {phone.verified ? t("sms.verified") : t("sms.not_verified")}
            </span>
          </p>
          {phone.verified ? (
            <p className="hint">{t("sms.verified_hint")}</p>
          ) : (
            <>
              <p className="hint">{t("sms.intro")}</p>
              <SmsSendForm
                sent={send?.sent}
                resendIn={send?.resendIn ?? 0}
                error={send?.error}
                idempotencyKey={send?.idempotencyKey ?? idempotencyKey}
              />
              <SmsCodeForm lastResult={verify} />
            </>
          )}
        </section>
      )}
    </div>
  );
}
