import { Filled } from "~/components/filled";
import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/utils/translator";
import {
  CheckboxField,
  controlProps,
  CsrfInput,
  ErrorList,
  Field,
  FieldFrame,
  FormSummary,
  SubmitButton,
  useServerForm,
  type ServerAnswer,
} from "~/components/forms";
import type { registerSchema } from "~/utils/auth-schemas.server";

/**
 * The short sign-up (app/README.md, "Sign-in and sign-up"): account, password typed once with a
 * show/hide toggle, the optional referral code and one box for the terms and the legal age. The
 * sign-up page and the home page's hero both render it; both post to /register. `practice`: the
 * first button names the practice money the new member lands with (`start=practice`), the second
 * signs up for real money.
 */
export function SignUpForm({
  lastResult,
  referralCode,
  practice,
  showReferral = true,
}: {
  lastResult?: ServerAnswer | null;
  referralCode: string;
  practice?: string | null;
  showReferral?: boolean;
}) {
  const { t } = useTranslation();
  const [form, fields] = useServerForm<typeof registerSchema>({ lastResult, defaultValue: { referralCode } });
  // an answer from the home page's form keeps its start: the page shows the same button again
  const start = practice ? "practice" : fields.start.initialValue;
  return (
    <Form method="post" action="/register" {...form.props} className="sign-up-form">
      <CsrfInput />
      {/* the home page's form names the start on its buttons; a page re-rendered after its refusal keeps it */}
      {start && !practice ? <input type="hidden" name="start" value={start} /> : null}
      <ErrorList id={form.errorId} errors={form.errors} alert />
      <FormSummary
        form={form}
        labels={{
          account: t("fields.account"),
          password: t("fields.password"),
          referralCode: t("fields.referral_code"),
          agreeTerms: t("register.terms_link"),
          limitDay: t("register.limit_day"),
          limitWeek: t("register.limit_week"),
          limitMonth: t("register.limit_month"),
        }}
      />
      <Field
        meta={fields.account}
        label={t("fields.account")}
        autoComplete="username"
        hint={t("register.account_hint")}
      />
      <PasswordField meta={fields.password} label={t("fields.password")} />
      {/* a referral link's code fills this in; without one it waits below the form's first screen */}
      {showReferral || referralCode ? <Field meta={fields.referralCode} label={t("fields.referral_code")} /> : null}
      <CheckboxField meta={fields.agreeTerms}>
        {/* one sentence with the link in it: each language puts the terms where its grammar wants them */}
        <Filled
          text={t("register.age_and_terms")}
          slots={{
            terms: (
              <Link to="/terms" target="_blank">
                {t("register.terms_link")}
              </Link>
            ),
          }}
        />
      </CheckboxField>
      {/* the deposit limits, offered here at sign-up (decision 033): closed, it asks nothing and
          costs no tap; open, each box is optional, and a limit given applies from the first deposit */}
      <details
        className="sign-up-limits"
        open={Boolean(
          fields.limitDay.errors ??
          fields.limitWeek.errors ??
          fields.limitMonth.errors ??
          (fields.limitDay.initialValue || fields.limitWeek.initialValue || fields.limitMonth.initialValue),
        )}
      >
        <summary>{t("register.limits_summary")}</summary>
        <p className="hint">{t("register.limits_intro")}</p>
        <Field meta={fields.limitDay} label={t("register.limit_day")} inputMode="decimal" autoComplete="off" />
        <Field meta={fields.limitWeek} label={t("register.limit_week")} inputMode="decimal" autoComplete="off" />
        <Field meta={fields.limitMonth} label={t("register.limit_month")} inputMode="decimal" autoComplete="off" />
      </details>
      {practice ? (
        // two starts from one form: practice money first (Enter submits it), or straight to a
        // real account, one tap shorter than the header's sign-up link
        <div className="sign-up-starts">
          <SubmitButton name="start" value="practice">
            {t("register.submit_practice", { amount: practice })}
          </SubmitButton>
          <SubmitButton secondary>{t("register.submit_real")}</SubmitButton>
        </div>
      ) : (
        <SubmitButton>{t("register.submit")}</SubmitButton>
      )}
    </Form>
  );
}

/**
 * A new password typed once: "Show" lets the member read what they typed instead of typing it a
 * second time. The button needs JavaScript, so it appears only once the page is hydrated.
 */
function PasswordField({ meta, label }: { meta: Parameters<typeof Field>[0]["meta"]; label: string }) {
  const { t } = useTranslation();
  const [hydrated, setHydrated] = useState(false);
  const [shown, setShown] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <FieldFrame meta={meta} label={label} hintId="">
      <span className="password-row">
        <input
          {...controlProps(meta)}
          key={meta.key}
          type={shown ? "text" : "password"}
          defaultValue={meta.initialValue}
          autoComplete="new-password"
          autoCapitalize="none"
          spellCheck={false}
        />
        {hydrated ? (
          <button
            type="button"
            className="button button-small"
            aria-controls={meta.id}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? t("register.hide_password") : t("register.show_password")}
          </button>
        ) : null}
      </span>
    </FieldFrame>
  );
}
