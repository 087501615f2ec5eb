import { fail, type Result } from "../result";
import type { SecretBusy } from "../secret-checks";

/**
 * Begins a password check that may have to wait (SecretBusy, secret-checks.ts): asked again
 * while the member's other checks in flight fill the limit. Those take one PBKDF2 each, tens of
 * milliseconds, so the wait is short; a member who keeps more than the limit in flight for
 * WAIT_MS (no person does: a script of the member's own session) is answered 429
 * `too_many_requests`, never a lock the member did not earn.
 */
const WAIT_MS = 15_000;
const FIRST_PAUSE_MS = 10;
const LONGEST_PAUSE_MS = 200;

const isBusy = (data: unknown): data is SecretBusy => typeof data === "object" && data !== null && "busy" in data;

export async function whenNotBusy<T>(begin: () => Promise<Result<T | SecretBusy>>): Promise<Result<T>> {
  let pause = FIRST_PAUSE_MS;
  // counted in pauses, not by the clock: a test may stop the isolate's clock
  for (let waited = 0; ; waited += pause, pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
    const begun = await begin();
    if (!begun.ok) return begun;
    const data = begun.data;
    if (!isBusy(data)) return { ok: true, data };
    if (waited >= WAIT_MS) return fail(429, "too_many_requests");
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
