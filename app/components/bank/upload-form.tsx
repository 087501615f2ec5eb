import { getFormProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { CsrfInput, ErrorList, SubmitButton, useSchemaForm } from "~/components/forms";
import { DOCUMENT_KINDS, uploadSchema } from "~/utils/bank-schemas";
import { FileField } from "./file-field";
import { FormAlert } from "./form-alert";

/** One document image to the platform: its kind and the file (multipart, works without JavaScript). */
export function UploadForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("bank");
  const [form, fields] = useSchemaForm(uploadSchema, { lastResult, defaultValue: { kind: DOCUMENT_KINDS[0] } });
  const kind = getSelectProps(fields.kind);
  return (
    <section aria-labelledby="upload-title" className="card">
      <h2 id="upload-title">{t("upload.title")}</h2>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
        <CsrfInput />
        <FormAlert id={form.errorId} errors={form.errors} />
        <div className="field">
          <label htmlFor={fields.kind.id}>{t("upload.kind")}</label>
          <select {...kind} key={kind.key}>
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
