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

/**
 * The key of one bet intent (app/README.md, "Money forms and idempotency keys"): the form's key
 * and what the bet is (its step, pair, round, option, stake, mode). The page's form carries one
 * key for as long as it lives, and a member taps several different bets on it before the page
 * reads its data again: each is a request of its own, so each gets a key of its own, while the
 * same bet tapped twice (a double tap, a resubmitted page, a retry) derives the same key and the
 * platform acts once. It is derived here, in the action, so a form posted without JavaScript is
 * covered too; the browser only sends the form's key. `step` tells apart the calls of one intent
 * ("bet", "move": a transfer before the bet). The result is the form's key, a dot and 32 hex
 * digits of SHA-256 (69 printable characters: within the platform's 8–128).
 */
export async function intentKey(
  formKey: string,
  step: string,
  details: Record<string, string | number>,
): Promise<string> {
  const canonical = JSON.stringify([
    step,
    ...Object.keys(details)
      .sort()
      .map((k) => [k, details[k]]),
  ]);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${formKey}\n${canonical}`));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${formKey}.${hex.slice(0, 32)}`;
}
