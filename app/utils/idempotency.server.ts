import { z } from "zod";

/**
 * Money forms carry an idempotency key made when the form is rendered (DESIGN.md §5): a double
 * click, a back-and-resubmit or a network retry sends the same key, and the platform acts once.
 * After a failure the same key is handed back to the form, because the outcome may be unknown.
 */
export const idempotencyKeyField = z
  .string({ required_error: "money:validation.form_expired" })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, "money:validation.form_expired");

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
