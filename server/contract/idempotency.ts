import type { MessageCode } from "./messages";

/**
 * What a client may rely on when it sends an `Idempotency-Key` (server/platform/README.md,
 * "Idempotency"). The key's stored answer is looked up before anything else is checked, so a
 * replay of a request answers exactly what its first answer was, whatever changed since (a pair
 * taken off the site, a password changed, a balance that grew); the same key with another body
 * is `idempotency_conflict`.
 *
 * A key's first answer is its only answer, refusals included, with these exceptions, which mean
 * "nothing was decided, send the same request again" and are never stored:
 * - the session ended (402, 404, 409): the request was not taken as the member's at all;
 * - 429: a limit or a lock that lifts by itself (too many requests, checks in flight, deposits
 *   waiting for an operator);
 * - the platform failed (5xx), or the answer never arrived;
 * - UNSTORED_REFUSALS: the member's previous bet or open is still being taken (a copy with the
 *   same key waits for it instead, and answers its answer), and the conflict itself.
 * A client that wants to try again after a stored refusal (e.g. with a corrected amount) sends a
 * new key: it is a new intent.
 */
export const UNSTORED_REFUSALS = [
  "idempotency_conflict",
  "order_in_progress",
  "position_in_progress",
] as const satisfies readonly MessageCode[];

const UNSTORED = new Set<string>(UNSTORED_REFUSALS);

/** Whether an answer with this status and message is the key's answer for good. */
export function isKeysAnswer(statusCode: number, message: string): boolean {
  if (statusCode === 200) return true;
  if (statusCode === 402 || statusCode === 404 || statusCode === 409 || statusCode === 429 || statusCode >= 500)
    return false;
  return !UNSTORED.has(message);
}
