import { DOCUMENT_TYPES, type DocumentKind } from "#rules/documents";

/** The inputs the forms offer for the documents a bank application carries (server/rules/uploads.ts). */

export const ACCEPTED_IMAGES = DOCUMENT_TYPES.join(",");

/** The application form's two inputs per document: a new file, or one already uploaded. */
export const DOCUMENT_FIELDS = {
  id_front: { file: "idFrontFile", fileId: "idFrontFileId" },
  id_back: { file: "idBackFile", fileId: "idBackFileId" },
  passbook: { file: "passbookFile", fileId: "passbookFileId" },
} as const satisfies Record<DocumentKind, { file: string; fileId: string }>;
