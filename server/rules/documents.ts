/**
 * A member's documents: the kinds a bank application carries and the images a document may be.
 * The site's forms offer these (in the browser too); the platform takes nothing else. A file's
 * size and each member's quota are the contract's (UPLOAD_LIMITS in server/contract/money.ts).
 */

export const DOCUMENT_KINDS = ["id_front", "id_back", "passbook"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
