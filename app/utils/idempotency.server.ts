import { z } from "zod";

/**
 * Money forms carry an idempotency key made when the form is rendered (app/README.md,
 * "Money forms and idempotency keys"): a double click, a back-and-resubmit or a network retry sends
 * the same key, and the platform acts once. After a failure the same key is handed back to the
 * form, because the outcome may be unknown.
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
