import { useTranslation } from "~/utils/translator";
import { controlProps, ErrorList, type FieldMeta } from "~/components/forms";
import type { DocumentKind } from "#rules/documents";
import type { UploadedFile } from "../../../server/contract";
import { FileField } from "./file-field";
import { formatDateTime } from "~/utils/date-time";
import { useTimeZone } from "~/utils/time-zone";

/**
 * One document of the application: an image the member uploaded before (the latest is chosen),
 * or a new file, which wins when both are given. Without earlier uploads only the file input shows.
 */
export function DocumentChoice({
  kind,
  uploads,
  fileMeta,
  fileIdMeta,
}: {
  kind: DocumentKind;
  /** the member's documents of this kind, newest first */
  uploads: UploadedFile[];
  fileMeta: FieldMeta;
  fileIdMeta: FieldMeta;
}) {
  const { t, i18n } = useTranslation("bank");
  const zone = useTimeZone();
  return (
    <fieldset className="document-choice">
      <legend>{t(`kind.${kind}`)}</legend>
      {uploads.length > 0 ? (
        <div className="field">
          <label htmlFor={fileIdMeta.id}>{t("document.use_uploaded")}</label>
          <select {...controlProps(fileIdMeta)} key={fileIdMeta.key} defaultValue={fileIdMeta.initialValue}>
            {uploads.map((file) => (
              <option key={file.fileId} value={file.fileId}>
                {t("document.option", {
                  date: formatDateTime(file.createdAt, i18n.language, zone),
                  pixels: t("list.pixels", { width: file.width, height: file.height }),
                })}
              </option>
            ))}
            <option value="">{t("document.none_option")}</option>
          </select>
          <ErrorList id={fileIdMeta.errorId} errors={fileIdMeta.errors} />
        </div>
      ) : null}
      <FileField
        meta={fileMeta}
        label={uploads.length > 0 ? t("document.new_file") : t("document.file")}
        hint={uploads.length > 0 ? t("document.replace_hint") : t("upload.hint")}
      />
    </fieldset>
  );
}
