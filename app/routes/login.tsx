import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { CsrfInput, ErrorList, Field, SubmitButton, useServerForm } from "~/components/forms";
import { completeSignIn } from "~/utils/auth.server";
import { loginSchema } from "~/utils/auth-schemas.server";
import { messageKey } from "~/utils/messages";
import type { RouteHandle } from "~/utils/translation-keys";

export const handle = { titleKey: "login.title", layout: "auth" } satisfies RouteHandle;
export { sharedPageHeaders as headers } from "~/utils/shared-page";

export async function loader({ context }: LoaderFunctionArgs) {
  if (context.session.signedIn) throw redirect("/user");
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: loginSchema });
  if (submission.status !== "success") {
    return json(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const { account, password } = submission.value;
  const result = await context.platform.call("signin", { body: { siteId: context.siteId, account, password } });
  if (!result.ok) {
    return json(submission.reply({ formErrors: [messageKey(result.code)], hideFields: ["password"] }), { status: 400 });
  }
  return completeSignIn(request, context, {
    token: result.data.token,
    account,
    platformRedirect: result.data.redirectUrl,
    toastKey: "login_success",
  });
}

export default function Login() {
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const [form, fields] = useServerForm<typeof loginSchema>({ lastResult });
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
