import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CHALLENGE_FIELD } from "../../server/contract/challenge";
import { useTranslation } from "~/utils/translator";
import { Challenge } from "~/components/challenge";
import { CsrfInput, ErrorList, Field, SubmitButton, useServerForm } from "~/components/forms";
import { completeSignIn } from "~/utils/auth.server";
import { loginSchema } from "~/utils/auth-schemas.server";
import { failureMessage } from "~/utils/messages";
import { signInCall } from "~/utils/signin.server";
import type { RouteHandle } from "~/utils/translation-keys";

export const handle = { titleKey: "login.title", layout: "auth" } satisfies RouteHandle;
export { sharedPageHeaders as headers } from "~/utils/shared-page";

/** An account name as sign-up hands it over (?account=): only its characters, at most its length. */
const ACCOUNT_PREFILL = /^[A-Za-z0-9._@-]{1,32}$/;

// The page stays shared (one render per URL, query included): the prefilled name is the URL's own.
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (context.session.signedIn) throw redirect("/user");
  const account = new URL(request.url).searchParams.get("account") ?? "";
  return json({ account: ACCOUNT_PREFILL.test(account) ? account : "", siteKey: context.env.TURNSTILE_SITE_KEY });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const sent = formData.get(CHALLENGE_FIELD);
  const answer = typeof sent === "string" && sent !== "" ? sent : undefined;
  const submission = parseWithZod(formData, { schema: loginSchema });
  // once a sign-in needed the challenge, the next one needs it too: the widget stays
  if (submission.status !== "success") {
    return json(
      { result: submission.reply({ hideFields: ["password"] }), challenge: answer !== undefined },
      { status: 400 },
    );
  }
  const { account, password } = submission.value;
  const result = await signInCall(request, context, account, password, answer);
  if (!result.ok) {
    const challenge =
      answer !== undefined || result.code === "challenge_required" || result.code === "challenge_failed";
    const message = failureMessage(result, { currency: context.site.currency, locale: context.locale });
    return json(
      { result: submission.reply({ formErrors: [message], hideFields: ["password"] }), challenge },
      { status: 400 },
    );
  }
  return completeSignIn(request, context, {
    token: result.data.token,
    account,
    platformRedirect: result.data.redirectUrl,
    toastKey: "login_success",
  });
}

export default function Login() {
  const { account, siteKey } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const [form, fields] = useServerForm<typeof loginSchema>({ lastResult: answer?.result, defaultValue: { account } });
  return (
    <div className="auth-card">
      <p className="auth-home">
        <Link to="/">{t("nav.back_home")}</Link>
      </p>
      <h1>{t("login.title")}</h1>
      <Form method="post" {...form.props}>
        <CsrfInput />
        <ErrorList id={form.errorId} errors={form.errors} alert />
        {/* no error summary: both fields and their messages are on the first screen of a phone */}
        <Field meta={fields.account} label={t("fields.account")} autoComplete="username" />
        <Field meta={fields.password} label={t("fields.password")} type="password" autoComplete="current-password" />
        {answer?.challenge ? <Challenge siteKey={siteKey} attempt={answer} /> : null}
        <SubmitButton>{t("login.submit")}</SubmitButton>
      </Form>
      <p className="link-line">
        <Link to="/forgot-password">{t("nav.forgot_password")}</Link>
      </p>
      <p>
        {t("login.no_account")} <Link to="/register">{t("login.register_link")}</Link>
      </p>
    </div>
  );
}
