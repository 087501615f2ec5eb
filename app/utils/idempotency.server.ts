import { isKeysAnswer } from "../../server/contract/idempotency";
import { z } from "zod";

/**
 * Money forms carry an idempotency key made when the form is rendered (app/README.md,
 * "Money forms and idempotency keys"): a double click, a back-and-resubmit or a network retry sends
 * the same key, and the platform acts once. After a refusal, keyAfterRefusal says which key the
 * form gets back.
 */
export const idempotencyKeyField = z
  .string({ required_error: "common:forms.form_expired" })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, "common:forms.form_expired");

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** The key a posted form carries, or a new one when it carries none (a form from an older page). */
export function submittedIdempotencyKey(form: FormData): string {
  const key = form.get("idempotencyKey");
  return typeof key === "string" && key !== "" ? key : newIdempotencyKey();
}

/**
 * The key a form gets back with a refusal. A refusal the platform decided is its key's answer for
 * good (server/contract/idempotency.ts): sent again, the same key would only answer it again, so
 * the member correcting the form (another amount, the right password) sends a new intent under a
 * new key. When the outcome is unknown (the answer was lost, the platform failed) or the answer
 * means "send it again" (a 429, another bet still running), the form keeps its key, so a second
 * tap is the same request and acts at most once.
 */
export function keyAfterRefusal(failure: { status: number; code: string }, key: string): string {
  return failure.code !== "connection_failed" && isKeysAnswer(failure.status, failure.code) ? newIdempotencyKey() : key;
}
