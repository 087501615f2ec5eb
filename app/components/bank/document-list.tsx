import { useTranslation } from "~/utils/translator";
import type { UploadedFile } from "../../../server/contract";
import { formatBytes } from "./format";
import { formatDateTime } from "~/utils/date-time";
import { useTimeZone } from "~/utils/time-zone";

/** Where the site serves a document's bytes to its owner (the resource route uploaderfile.$fileId). */
export function documentUrl(fileId: string): string {
  return `/uploaderfile/${encodeURIComponent(fileId)}`;
}

/** The member's uploaded documents, newest first, each with a thumbnail that opens the image. */
export function DocumentList({ uploads }: { uploads: UploadedFile[] }) {
  const { t, i18n } = useTranslation("bank");
  const zone = useTimeZone();
  if (uploads.length === 0) return <p className="muted">{t("list.empty")}</p>;
  return (
    <ul className="document-list" data-testid="documents">
      {uploads.map((file) => {
        const kind = t(`kind.${file.kind}`);
        const date = formatDateTime(file.createdAt, i18n.language, zone);
        return (
          <li key={file.fileId} className="document-item" data-testid={`document-${file.fileId}`}>
            <a href={documentUrl(file.fileId)} target="_blank" rel="noopener" className="document-thumb">
              <img
                src={documentUrl(file.fileId)}
                alt={t("list.thumbnail_alt", { kind, date })}
                loading="lazy"
                width={72}
                height={72}
              />
            </a>
            <dl className="document-facts">
              <div>
                <dt>{t("list.kind")}</dt>
                <dd>{kind}</dd>
              </div>
              <div>
                <dt>{t("list.size")}</dt>
                <dd>{formatBytes(file.size, i18n.language)}</dd>
              </div>
              <div>
                <dt>{t("list.dimensions")}</dt>
                <dd>{t("list.pixels", { width: file.width, height: file.height })}</dd>
              </div>
              <div>
                <dt>{t("list.uploaded_at")}</dt>
                <dd>{date}</dd>
              </div>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
