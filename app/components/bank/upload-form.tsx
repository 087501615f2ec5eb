import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { controlProps, CsrfInput, ErrorList, FormSummary, SubmitButton, useServerForm } from "~/components/forms";
import { DOCUMENT_KINDS } from "#rules/documents";
import type { uploadSchema } from "~/utils/bank-schemas.server";
import { FileField } from "./file-field";
import { FormAlert } from "./form-alert";

/** One document image to the platform: its kind and the file (multipart, works without JavaScript). */
export function UploadForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("bank");
  const [form, fields] = useServerForm<typeof uploadSchema>({ lastResult, defaultValue: { kind: DOCUMENT_KINDS[0] } });
  return (
    <section aria-labelledby="upload-title" className="card">
      <h2 id="upload-title">{t("upload.title")}</h2>
      <Form method="post" encType="multipart/form-data" {...form.props}>
        <CsrfInput />
        <FormAlert id={form.errorId} errors={form.errors} />
        <FormSummary form={form} />
        <div className="field">
          <label htmlFor={fields.kind.id}>{t("upload.kind")}</label>
          <select {...controlProps(fields.kind)} key={fields.kind.key} defaultValue={fields.kind.initialValue}>
            {DOCUMENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kind.${k}`)}
              </option>
            ))}
          </select>
          <ErrorList id={fields.kind.errorId} errors={fields.kind.errors} />
        </div>
        <FileField meta={fields.file} label={t("upload.file")} hint={t("upload.hint")} />
        <SubmitButton>{t("upload.submit")}</SubmitButton>
      </Form>
    </section>
  );
}
