import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { ForgotResetForm, ForgotSendForm } from "~/components/account/forgot-forms";
import { forgotResetSchema, forgotSendSchema, intentOf } from "~/utils/account-schemas.server";
import { loginSchema } from "~/utils/auth-schemas.server";
import { keyAfterRefusal, newIdempotencyKey, submittedIdempotencyKey } from "~/utils/idempotency.server";
import { messageKey } from "~/utils/messages";
import type { RouteHandle } from "~/utils/translation-keys";
import { failureStatus } from "~/utils/failure-status";

export const handle = { titleKey: "account:forgot.title", layout: "auth", i18n: ["account"] } satisfies RouteHandle;

/** A refused form's state; the reset form also keeps its idempotency key. */
type ActionData = { result: SubmissionResult<string[]>; idempotencyKey?: string };

/** Answers that would tell whether the account exists or has that mobile: treated as "sent". */
const CONCEALED = new Set(["account_not_found", "update_mobile_first", "update_area_code_first"]);
const SECRETS = ["newPassword", "confirmPassword"];
/** Password update toasts last 1000 ms (app/README.md, "Messages and toasts"). */
const PASSWORD_TOAST_MS = 1000;

/** The account of step 2, carried in the URL; anything else means step 1. */
function accountIn(url: URL): string {
  const parsed = loginSchema.shape.account.safeParse(url.searchParams.get("account") ?? "");
  return parsed.success ? parsed.data : "";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (context.session.signedIn) throw redirect("/user");
  const url = new URL(request.url);
  const account = accountIn(url);
  return json({
    areaCodes: context.site.localsOptions,
    account,
    step: url.searchParams.get("step") === "reset" && account ? "reset" : "send",
    // the reset is idempotent: a retry after a lost answer is the same request, not a second use of the code
    idempotencyKey: newIdempotencyKey(),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (context.session.signedIn) throw redirect("/user");
  const { platform, siteId, site, session } = context;
  const formData = await request.formData();
  const intent = intentOf(formData, ["send", "reset"] as const);

  if (intent === "send") {
    const submission = parseWithZod(formData, {
      schema: forgotSendSchema(site.localsOptions, formData.get("areaCode")),
    });
    if (submission.status !== "success") return json<ActionData>({ result: submission.reply() }, { status: 400 });
    const { account, areaCode, mobile } = submission.value;
    const sent = await platform.call("forgotSend", { body: { siteId, account, areaCode, mobile } });
    if (!sent.ok && !CONCEALED.has(sent.code)) {
      return json<ActionData>(
        { result: submission.reply({ formErrors: [messageKey(sent.code)] }) },
        { status: failureStatus(sent.status) },
      );
    }
    return redirect(`/forgot-password?step=reset&account=${encodeURIComponent(account)}`);
  }
  if (intent === "reset") {
    const submission = parseWithZod(formData, { schema: forgotResetSchema });
    // a refused form keeps its key: the outcome of a failed request may be unknown
    const key = submittedIdempotencyKey(formData);
    if (submission.status !== "success")
      return json<ActionData>(
        { result: submission.reply({ hideFields: SECRETS }), idempotencyKey: key },
        { status: 400 },
      );
    const { account, code, newPassword, idempotencyKey } = submission.value;
    const reset = await platform.call("forgotReset", { body: { siteId, account, code, newPassword }, idempotencyKey });
    if (!reset.ok) {
      const formErrors = ["account:password_failed", messageKey(reset.code)];
      return json<ActionData>(
        {
          result: submission.reply({ formErrors, hideFields: SECRETS }),
          idempotencyKey: keyAfterRefusal(reset, idempotencyKey),
        },
        { status: failureStatus(reset.status) },
      );
    }
    session.flashToast({ kind: "success", key: "password_update_success", durationMs: PASSWORD_TOAST_MS });
    return redirect("/login");
  }
  throw new Response("Unknown form", { status: 400 });
}

export default function ForgotPassword() {
  const { areaCodes, account, step, idempotencyKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData?.result;
  const { t } = useTranslation("account");
  return (
    <div className="auth-card">
      <p className="auth-home">
        <Link to="/login">{t("forgot.back_to_login")}</Link>
      </p>
      <h1>{t("forgot.title")}</h1>
      {step === "reset" ? (
        <ForgotResetForm
          key={account}
          account={account}
          idempotencyKey={actionData?.idempotencyKey ?? idempotencyKey}
          lastResult={lastResult}
        />
      ) : (
        <ForgotSendForm areaCodes={areaCodes} account={account} lastResult={lastResult} />
      )}
    </div>
  );
}
