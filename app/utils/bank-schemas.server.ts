import { z } from "zod";
import { DOCUMENT_FIELDS } from "./bank-documents";
import { UPLOAD_LIMITS } from "../../server/contract";
import { DOCUMENT_KINDS } from "#rules/documents";
import { BANK_ACCOUNT_NUMBER, BANK_TEXT_MAX_LENGTH, CURRENCY_CODE } from "#rules/fields";
import { idempotencyKeyField } from "./idempotency.server";
import { CONTROL_CHARACTERS_KEY } from "./text";
import { hasNoControlCharacters } from "#rules/text";

/**
 * The bank-binding forms, checked by the actions only. Messages are translation keys.
 * Whether an image really is a JPEG, PNG or WebP, and its pixel count, only the platform can tell
 * (by content); the site checks what it can without reading the bytes: the size.
 */

/** An image file; conform turns an empty file input into undefined, which this refuses with `requiredKey`. */
const image = (requiredKey: string) =>
  z
    .instanceof(File, { message: requiredKey })
    .refine((file) => file.size <= UPLOAD_LIMITS.maxBytes, "messages:file_too_large");

export const uploadSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS, { errorMap: () => ({ message: "bank:validation.kind_required" }) }),
  file: image("bank:validation.file_required"),
});

const text = (name: string, max: number) =>
  z
    .string({ required_error: `bank:validation.${name}_required` })
    .trim()
    .min(1, `bank:validation.${name}_required`)
    .max(max, `bank:validation.${name}_too_long`)
    .refine(hasNoControlCharacters, CONTROL_CHARACTERS_KEY);

const fileId = z.string().max(64, "bank:validation.document_required").optional();

const accountDetails = z.object({
  idempotencyKey: idempotencyKeyField,
  bank: text("bank", BANK_TEXT_MAX_LENGTH.bank),
  branch: text("branch", BANK_TEXT_MAX_LENGTH.branch),
  accountName: text("account_name", BANK_TEXT_MAX_LENGTH.accountName),
  accountNumber: z
    .string({ required_error: "bank:validation.account_number_required" })
    // members copy numbers with spaces; the platform stores digits and dashes only
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(
      z
        .string()
        .min(1, "bank:validation.account_number_required")
        .regex(BANK_ACCOUNT_NUMBER, "bank:validation.account_number_invalid"),
    ),
  currency: z
    .string({ required_error: "bank:validation.currency_invalid" })
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(CURRENCY_CODE, "bank:validation.currency_invalid")),
  address: text("address", BANK_TEXT_MAX_LENGTH.address),
});

const documents = z
  .object({
    idFrontFile: image("bank:validation.document_required").optional(),
    idFrontFileId: fileId,
    idBackFile: image("bank:validation.document_required").optional(),
    idBackFileId: fileId,
    passbookFile: image("bank:validation.document_required").optional(),
    passbookFileId: fileId,
  })
  .superRefine((v, ctx) => {
    // a chosen file wins over an uploaded one; one of the two is needed for each document
    for (const kind of DOCUMENT_KINDS) {
      const names = DOCUMENT_FIELDS[kind];
      if (!v[names.file] && !v[names.fileId]) {
        ctx.addIssue({ code: "custom", path: [names.file], message: `bank:validation.${kind}_required` });
      }
    }
  });

/** Two halves, so that a missing document is reported together with a missing detail, not after it. */
export const bankApplySchema = accountDetails.and(documents);
export type BankApplication = z.infer<typeof bankApplySchema>;

/** Platform codes that are about the file itself: shown at its input rather than above the form. */
const FILE_PROBLEMS = ["file_invalid_type", "file_too_large", "file_too_many_pixels", "bank_upload_error"];
export function isFileProblem(code: string): boolean {
  return FILE_PROBLEMS.includes(code);
}
