import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import {
  CheckboxField,
  CsrfInput,
  ErrorList,
  Field,
  FormSummary,
  SelectField,
  SubmitButton,
  useServerForm,
} from "~/components/forms";
import { completeSignIn } from "~/utils/auth.server";
import { registerSchema } from "~/utils/auth-schemas.server";
import { readPlainCookie } from "~/utils/cookies";
import { messageKey } from "~/utils/messages";
import { signInCall } from "~/utils/signin.server";
import type { RouteHandle } from "~/utils/translation-keys";

export const handle = { titleKey: "register.title", layout: "auth" } satisfies RouteHandle;

const SECRET_FIELDS = ["password", "confirmPassword", "transactionPassword", "confirmTransactionPassword"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (context.session.signedIn) throw redirect("/user");
  return json({
    areaCodes: context.site.localsOptions,
    referralCode: readPlainCookie(request, "referrerCode") ?? "",
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { site, siteId, platform } = context;
  const submission = parseWithZod(await request.formData(), { schema: registerSchema(site.localsOptions) });
  if (submission.status !== "success") {
    return json(submission.reply({ hideFields: SECRET_FIELDS }), { status: 400 });
  }
  const v = submission.value;
  const signup = await platform.call("signup", {
    body: {
      siteId,
      account: v.account,
      password: v.password,
      transactionPassword: v.transactionPassword,
      realName: v.realName,
      areaCode: v.areaCode,
      mobile: v.mobile,
      referralCode: v.referralCode || undefined,
    },
  });
  // A sign-up whose answer was lost (the client retried it) or a form sent twice finds its own
  // account there already: whoever holds its password owns it, so it signs in as /login would.
  const taken = !signup.ok && signup.code === "account_exists";
  if (!signup.ok && !taken) {
    return json(submission.reply({ formErrors: [messageKey(signup.code)], hideFields: SECRET_FIELDS }), {
      status: 400,
    });
  }
  // sign-up signs the member in at once, with no second success message (app/README.md, "Sign-in and sign-up")
  const signin = await signInCall(request, context, v.account, v.password);
  if (!signin.ok) {
    if (taken)
      return json(submission.reply({ formErrors: [messageKey("account_exists")], hideFields: SECRET_FIELDS }), {
        status: 400,
      });
    // the account exists now, whatever stopped the sign-in (a challenge its network needs, a wait,
    // a fault): the member is told so, and /login has the account name filled in
    context.session.flashToast({ kind: "error", key: "register_signin_failed" });
    throw redirect(`/login?${new URLSearchParams({ account: v.account }).toString()}`);
  }
  return completeSignIn(request, context, {
    token: signin.data.token,
    account: v.account,
    platformRedirect: signin.data.redirectUrl,
    toastKey: taken ? "login_success" : "register_success",
  });
}

export default function Register() {
  const { areaCodes, referralCode } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const [form, fields] = useServerForm<ReturnType<typeof registerSchema>>({
    lastResult,
    defaultValue: { referralCode, areaCode: areaCodes[0] },
  });
  return (
    <div className="auth-card">
      <p className="auth-home">
        <Link to="/">{t("nav.back_home")}</Link>
      </p>
      <h1>{t("register.title")}</h1>
      <Form method="post" {...form.props}>
        <CsrfInput />
        <ErrorList id={form.errorId} errors={form.errors} alert />
        <FormSummary
          form={form}
          labels={{
            account: t("fields.account"),
            password: t("fields.password"),
            confirmPassword: t("fields.confirm_password"),
            transactionPassword: t("fields.transaction_password"),
            confirmTransactionPassword: t("fields.confirm_transaction_password"),
            realName: t("fields.real_name"),
            areaCode: t("fields.area_code"),
            mobile: t("fields.mobile"),
            referralCode: t("fields.referral_code"),
          }}
        />
        <Field
          meta={fields.account}
          label={t("fields.account")}
          autoComplete="username"
          hint={t("register.account_hint")}
        />
        <Field meta={fields.password} label={t("fields.password")} type="password" autoComplete="new-password" />
        <Field
          meta={fields.confirmPassword}
          label={t("fields.confirm_password")}
          type="password"
          autoComplete="new-password"
        />
        <Field
          meta={fields.transactionPassword}
          label={t("fields.transaction_password")}
          type="password"
          autoComplete="off"
        />
        <Field
          meta={fields.confirmTransactionPassword}
          label={t("fields.confirm_transaction_password")}
          type="password"
          autoComplete="off"
        />
        <Field meta={fields.realName} label={t("fields.real_name")} autoComplete="name" />
        <div className="field-row">
          <SelectField
            meta={fields.areaCode}
            label={t("fields.area_code")}
            options={areaCodes.map((c) => ({ value: c, label: c }))}
            autoComplete="tel-country-code"
          />
          <Field meta={fields.mobile} label={t("fields.mobile")} inputMode="tel" autoComplete="tel-national" />
        </div>
        <Field meta={fields.referralCode} label={t("fields.referral_code")} />
        <CheckboxField meta={fields.agreeTerms}>
          {t("register.agree_terms_before")}{" "}
          <Link to="/terms" target="_blank">
            {t("register.terms_link")}
          </Link>
        </CheckboxField>
        <CheckboxField meta={fields.legalAge}>{t("register.legal_age")}</CheckboxField>
        <SubmitButton>{t("register.submit")}</SubmitButton>
      </Form>
      <p>
        {t("register.have_account")} <Link to="/login">{t("register.login_link")}</Link>
      </p>
    </div>
  );
}
