import { z } from "zod";
import { idempotencyKeyField } from "./idempotency.server";
import { MESSAGE_LENGTHS } from "#rules/messages";
import { hasNoControlCharacters } from "#rules/text";

/**
 * The message forms (a message needs title and content, a reply needs content: app/README.md,
 * "Validation rules"), checked by the actions only. Messages are translation keys of the `support`
 * namespace.
 */

/**
 * Trimmed text with line breaks as "\n": a textarea posts "\r\n", and "\r" is a control character
 * to the platform. Length is checked after that, as the platform counts it.
 */
function text(requiredKey: string, tooLongKey: string, max: number) {
  return z
    .string({ required_error: requiredKey })
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(
      // conform reads an empty string as missing here too
      z
        .string({ required_error: requiredKey })
        .min(1, requiredKey)
        .max(max, tooLongKey)
        .refine(hasNoControlCharacters, "support:validation.control_characters"),
    );
}

export const messageSchema = z.object({
  idempotencyKey: idempotencyKeyField,
  title: text("support:validation.title_required", "support:validation.title_too_long", MESSAGE_LENGTHS.title),
  content: text("support:validation.content_required", "support:validation.content_too_long", MESSAGE_LENGTHS.content),
});

export const replySchema = z.object({
  idempotencyKey: idempotencyKeyField,
  content: text("support:validation.reply_required", "support:validation.content_too_long", MESSAGE_LENGTHS.content),
});

const instructionType = z.string().regex(/^[a-z0-9-]{1,40}$/);

/** `?type=` of the help page; a hand-typed bad value falls back to "help" rather than an error page. */
export function parseInstructionType(params: URLSearchParams): string {
  const parsed = instructionType.safeParse(params.get("type") ?? "");
  return parsed.success ? parsed.data : "help";
}

/** `?page=` of a list; a bad value is page 1. */
export function parsePage(params: URLSearchParams): number {
  const parsed = z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .safeParse(params.get("page") ?? "1");
  return parsed.success ? parsed.data : 1;
}
