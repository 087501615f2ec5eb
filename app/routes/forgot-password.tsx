import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { ForgotResetForm, ForgotSendForm } from "~/components/account/forgot-forms";
import { forgotResetSchema, forgotSendSchema, intentOf } from "~/utils/account-schemas.server";
import { loginSchema } from "~/utils/auth-schemas.server";
import { messageKey } from "~/utils/messages";

export const handle = { titleKey: "account:forgot.title", layout: "empty", i18n: ["account"] };

/** Answers that would tell whether the account exists or has that mobile: treated as "sent". */
const CONCEALED = new Set(["account_not_found", "update_mobile_first", "update_area_code_first"]);
const SECRETS = ["newPassword", "confirmPassword"];
/** spec §8: password update toasts last 1000 ms */
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
  return json({ areaCodes: context.site.localsOptions, account, step: url.searchParams.get("step") === "reset" && account ? "reset" : "send" });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (context.session.signedIn) throw redirect("/user");
  const { platform, siteId, site, session } = context;
  const formData = await request.formData();
  const intent = intentOf(formData, ["send", "reset"] as const);
  const failStatus = (status: number) => (status >= 500 ? status : 400);

  if (intent === "send") {
    const submission = parseWithZod(formData, { schema: forgotSendSchema(site.localsOptions) });
    if (submission.status !== "success") return json(submission.reply(), { status: 400 });
    const { account, areaCode, mobile } = submission.value;
    const sent = await platform.call("forgotSend", { body: { siteId, account, areaCode, mobile } });
    if (!sent.ok && !CONCEALED.has(sent.code)) {
      return json(submission.reply({ formErrors: [messageKey(sent.code)] }), { status: failStatus(sent.status) });
    }
    return redirect(`/forgot-password?step=reset&account=${encodeURIComponent(account)}`);
  }
  if (intent === "reset") {
    const submission = parseWithZod(formData, { schema: forgotResetSchema });
    if (submission.status !== "success") return json(submission.reply({ hideFields: SECRETS }), { status: 400 });
    const { account, code, newPassword } = submission.value;
    const reset = await platform.call("forgotReset", { body: { siteId, account, code, newPassword } });
    if (!reset.ok) {
      const formErrors = ["account:password_failed", messageKey(reset.code)];
      return json(submission.reply({ formErrors, hideFields: SECRETS }), { status: failStatus(reset.status) });
    }
    session.flashToast({ kind: "success", key: "password_update_success", durationMs: PASSWORD_TOAST_MS });
    return redirect("/login");
  }
  throw new Response("Unknown form", { status: 400 });
}

export default function ForgotPassword() {
  const { areaCodes, account, step } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("account");
  return (
    <div className="auth-card">
      <p className="auth-home">
        <Link to="/login">{t("forgot.back_to_login")}</Link>
      </p>
      <h1>{t("forgot.title")}</h1>
      {step === "reset" ? (
        <ForgotResetForm key={account} account={account} lastResult={lastResult} />
      ) : (
        <ForgotSendForm areaCodes={areaCodes} account={account} lastResult={lastResult} />
      )}
    </div>
  );
}
