import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import {
  CsrfInput,
  ErrorList,
  Field,
  FormSummary,
  SubmitButton,
  useServerForm,
  type ServerAnswer,
} from "~/components/forms";
import { MobileFields } from "~/components/mobile-fields";
import { IdempotencyInput } from "~/components/money";
import type { withdrawDetailsSchema } from "~/utils/auth-schemas.server";

type DetailsData = {
  needs: { realName: boolean; mobile: boolean; transactionPassword: boolean };
  areaCodes: string[];
  detailsKey: string;
};

/**
 * What sign-up left for the first withdrawal (app/README.md, "Sign-in and sign-up"): only the
 * missing fields, once, before the amount. `intent=details` tells the page's action it is this form.
 */
export function WithdrawDetailsForm() {
  const { needs, areaCodes, detailsKey } = useLoaderData<DetailsData>();
  const actionData = useActionData<{ details?: ServerAnswer; idempotencyKey?: string }>();
  const { t } = useTranslation("money");
  const [form, fields] = useServerForm<ReturnType<typeof withdrawDetailsSchema>>({
    lastResult: actionData?.details,
    defaultValue: { areaCode: areaCodes[0] },
  });
  return (
    <Form method="post" {...form.props} className="card" aria-labelledby="withdraw-details-title">
      <h2 id="withdraw-details-title">{t("withdraw.details_title")}</h2>
      <p className="hint">{t("withdraw.details_intro")}</p>
      <CsrfInput />
      <input type="hidden" name="intent" value="details" />
      {needs.transactionPassword ? (
        <IdempotencyInput value={(actionData?.details && actionData.idempotencyKey) || detailsKey} />
      ) : null}
      <ErrorList id={form.errorId} errors={form.errors} alert />
      <FormSummary
        form={form}
        labels={{
          realName: t("common:fields.real_name"),
          areaCode: t("common:fields.area_code"),
          mobile: t("common:fields.mobile"),
          transactionPassword: t("common:fields.transaction_password"),
          confirmTransactionPassword: t("common:fields.confirm_transaction_password"),
        }}
      />
      {needs.realName ? (
        <Field meta={fields.realName} label={t("common:fields.real_name")} autoComplete="name" />
      ) : null}
      {needs.mobile ? <MobileFields areaCode={fields.areaCode} mobile={fields.mobile} areaCodes={areaCodes} /> : null}
      {needs.transactionPassword ? (
        <>
          <Field
            meta={fields.transactionPassword}
            label={t("common:fields.transaction_password")}
            type="password"
            autoComplete="new-password"
          />
          <Field
            meta={fields.confirmTransactionPassword}
            label={t("common:fields.confirm_transaction_password")}
            type="password"
            autoComplete="new-password"
          />
        </>
      ) : null}
      <SubmitButton>{t("withdraw.details_submit")}</SubmitButton>
    </Form>
  );
}
