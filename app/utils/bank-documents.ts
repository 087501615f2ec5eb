import type { UploadedFile } from "../../server/contract";

/** The documents a bank application carries, and the inputs the forms offer for them. */

export const DOCUMENT_KINDS = ["id_front", "id_back", "passbook"] as const satisfies readonly UploadedFile["kind"][];
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The contract's UPLOAD_LIMITS.maxBytes: 5 MB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const ACCEPTED_IMAGES = "image/jpeg,image/png,image/webp";

/** The application form's two inputs per document: a new file, or one already uploaded. */
export const DOCUMENT_FIELDS = {
  id_front: { file: "idFrontFile", fileId: "idFrontFileId" },
  id_back: { file: "idBackFile", fileId: "idBackFileId" },
  passbook: { file: "passbookFile", fileId: "passbookFileId" },
} as const satisfies Record<DocumentKind, { file: string; fileId: string }>;
