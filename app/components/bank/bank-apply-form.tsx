import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { CsrfInput, ErrorList, FormSummary, Field, SubmitButton, useServerForm } from "~/components/forms";
import { IdempotencyInput } from "~/components/money";
import { DOCUMENT_FIELDS } from "~/utils/bank-documents";
import { DOCUMENT_KINDS } from "#rules/documents";
import type { bankApplySchema } from "~/utils/bank-schemas.server";
import type { BankAccount, UploadedFile } from "../../../server/contract";
import { DocumentChoice } from "./document-choice";
import { FormAlert } from "./form-alert";

/**
 * The application: the account's details and its three documents, posted as multipart so a new
 * image can travel with it. Prefilled from an earlier application; the latest upload of each kind
 * is preselected.
 */
export function BankApplyForm({
  account,
  uploads,
  currency,
  idempotencyKey,
  lastResult,
}: {
  account: BankAccount;
  uploads: UploadedFile[];
  currency: string;
  idempotencyKey: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("bank");
  const latest = (kind: string) => uploads.find((u) => u.kind === kind)?.fileId;
  const [form, fields] = useServerForm<typeof bankApplySchema>({
    lastResult,
    defaultValue: {
      bank: account.bank,
      branch: account.branch,
      accountName: account.accountName,
      currency: account.currency || currency,
      address: account.address,
      idFrontFileId: latest("id_front"),
      idBackFileId: latest("id_back"),
      passbookFileId: latest("passbook"),
    },
  });
  const again = account.status === "under_review" || account.status === "rejected";
  return (
    <section aria-labelledby="bank-apply-title" className="card">
      <h2 id="bank-apply-title">{again ? t("form.reapply_title") : t("form.apply_title")}</h2>
      <Form method="post" encType="multipart/form-data" {...form.props}>
        <CsrfInput />
        <IdempotencyInput value={idempotencyKey} />
        <FormAlert id={form.errorId} errors={form.errors} />
        <FormSummary form={form} />
        <ErrorList id={fields.idempotencyKey.errorId} errors={fields.idempotencyKey.errors} alert />
        <Field meta={fields.bank} label={t("fields.bank")} autoComplete="off" />
        <Field meta={fields.branch} label={t("fields.branch")} autoComplete="off" />
        <Field meta={fields.accountName} label={t("fields.account_name")} autoComplete="name" />
        <Field
          meta={fields.accountNumber}
          label={t("fields.account_number")}
          inputMode="numeric"
          autoComplete="off"
          hint={t("hint.account_number")}
        />
        <Field meta={fields.currency} label={t("fields.currency")} autoComplete="off" hint={t("hint.currency")} />
        {/* one line: "street-address" is a multi-line token, valid on a textarea only */}
        <Field meta={fields.address} label={t("fields.address")} autoComplete="address-line1" />
        <h3>{t("form.documents_title")}</h3>
        <p className="hint">
          {t("form.documents_intro")} <Link to="/uploaderfile">{t("manage_documents")}</Link>
        </p>
        {DOCUMENT_KINDS.map((kind) => (
          <DocumentChoice
            key={kind}
            kind={kind}
            uploads={uploads.filter((u) => u.kind === kind)}
            fileMeta={fields[DOCUMENT_FIELDS[kind].file]}
            fileIdMeta={fields[DOCUMENT_FIELDS[kind].fileId]}
          />
        ))}
        <SubmitButton>{t("form.submit")}</SubmitButton>
      </Form>
    </section>
  );
}
