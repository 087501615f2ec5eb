/**
 * The sign-in challenge's answer, checked with Cloudflare Turnstile's siteverify by the platform,
 * which is the one that decides whether a sign-in may go on (server/platform/README.md, "Security
 * decisions"). The site only shows the widget and forwards its answer.
 *
 * With Cloudflare's always-passing test secret (development, tests) nothing is fetched: the answer
 * is checked here, and only the one a test site key's widget gives (TURNSTILE_TEST_ANSWER) passes,
 * so a test can send a wrong one and see it refused. The other test secrets fail every answer.
 * No test reaches the internet; a test of the real call injects `fetch`.
 */
import { isTurnstileTestKey, TURNSTILE_ORIGIN, TURNSTILE_TEST_ANSWER, TURNSTILE_TEST_SECRET } from "../../contract";
import { isProduction, type Env } from "../env";
import { errorFields, log } from "../../log/log";

export const SITEVERIFY_URL = `${TURNSTILE_ORIGIN}/turnstile/v0/siteverify`;
/** A siteverify that does not answer in time fails the challenge: the member may try again. */
const VERIFY_TIMEOUT_MS = 5000;

export interface TurnstileConfig {
  secret: string;
  /** the network call (injectable for tests) */
  fetch?: typeof fetch;
}

/** The secret in force: development without one uses the always-passing test secret. */
export function turnstileSecret(env: Pick<Env, "ENVIRONMENT" | "TURNSTILE_SECRET_KEY">): string {
  return env.TURNSTILE_SECRET_KEY || (isProduction(env) ? "" : TURNSTILE_TEST_SECRET);
}

/** Whether `answer` is a valid, unspent Turnstile answer for this secret, from `remoteip`. */
export async function verifyTurnstile(
  answer: string,
  remoteip: string | null,
  config: TurnstileConfig,
): Promise<boolean> {
  if (config.secret === "" || answer === "") return false;
  if (config.secret === TURNSTILE_TEST_SECRET) return answer === TURNSTILE_TEST_ANSWER;
  if (isTurnstileTestKey(config.secret)) return false;
  const form = new FormData();
  form.set("secret", config.secret);
  form.set("response", answer);
  if (remoteip !== null) form.set("remoteip", remoteip);
  try {
    const response = await (config.fetch ?? fetch)(SITEVERIFY_URL, {
      method: "POST",
      body: form,
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (!response.ok) return false;
    const body = (await response.json()) as { success?: unknown };
    return body.success === true;
  } catch (error) {
    log("error", "turnstile siteverify failed", errorFields(error));
    return false;
  }
}
