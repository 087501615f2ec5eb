import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { CsrfInput, Field, FormSummary, SubmitButton, useServerForm } from "~/components/forms";
import { MobileFields } from "~/components/mobile-fields";
import { FormAlert } from "~/components/bank/form-alert";
import type { EditableInfo, infoSchema } from "~/utils/account-schemas.server";

/** The member's editable information; only what changed is sent. */
export function InfoForm({
  areaCodes,
  current,
  lastResult,
}: {
  areaCodes: string[];
  current: EditableInfo;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation();
  const [form, fields] = useServerForm<ReturnType<typeof infoSchema>>({ lastResult, defaultValue: current });
  // a code the site no longer offers stays selectable while it is the member's own
  const codes =
    current.areaCode && !areaCodes.includes(current.areaCode) ? [current.areaCode, ...areaCodes] : areaCodes;
  return (
    <Form method="post" {...form.props} className="card">
      <CsrfInput />
      <FormAlert id={form.errorId} errors={form.errors} />
      <FormSummary form={form} />
      <Field meta={fields.realName} label={t("fields.real_name")} autoComplete="name" />
      <Field meta={fields.email} label={t("account:info.email")} type="email" autoComplete="email" />
      <MobileFields areaCode={fields.areaCode} mobile={fields.mobile} areaCodes={codes} />
      <SubmitButton>{t("account:info.submit")}</SubmitButton>
    </Form>
  );
}

/** Whether the mobile number is verified, with the way to verify it. */
export function MobileVerification({ verified }: { verified: boolean }) {
  const { t } = useTranslation("account");
  return (
    <p className="account-verification">
      <span className={`status ${verified ? "status-verified" : "status-unverified"}`} data-testid="mobile-verified">
        {verified ? t("sms.verified") : t("sms.not_verified")}
      </span>{" "}
      <Link to="/user/smsVerify">{verified ? t("info.sms_link_verified") : t("info.sms_link")}</Link>
    </p>
  );
}
