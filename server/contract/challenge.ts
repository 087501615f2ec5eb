/**
 * The sign-in challenge (Cloudflare Turnstile) and the device token: rules both workers use. The
 * site shows the widget with its site key and forwards the answer; the platform checks the answer
 * with its secret key and decides (server/platform/README.md, "Security decisions").
 */

/** The form field the Turnstile widget fills with its answer. */
export const CHALLENGE_FIELD = "cf-turnstile-response";

/** The script that draws the widget (the site's Content-Security-Policy allows this origin). */
export const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";
export const TURNSTILE_SCRIPT = `${TURNSTILE_ORIGIN}/turnstile/v0/api.js`;

/**
 * Cloudflare's published test keys. The site keys draw a widget that always passes (1x…AA), always
 * fails (2x…AB) or always asks (3x…FF); the secret keys make every answer pass (1x…AA) or fail. They
 * are public, so a production worker refuses to start with any of them (server/site/env.ts,
 * server/platform/env.ts); development and tests use the passing pair.
 */
export const TURNSTILE_TEST_SITE_KEY = "1x00000000000000000000AA";
export const TURNSTILE_TEST_SECRET = "1x0000000000000000000000000000000AA";
export const TURNSTILE_FAILING_SECRET = "2x0000000000000000000000000000000AA";
/** The answer a widget drawn with a test site key puts in the form. */
export const TURNSTILE_TEST_ANSWER = "XXXX.DUMMY.TOKEN.XXXX";

/** Any of the documented test keys, site or secret (a digit, "x", then zeros and two letters). */
export function isTurnstileTestKey(key: string): boolean {
  return /^[1-3]x0{20}(0{11})?[A-F]{2}$/.test(key);
}

/**
 * A device token: 32 random bytes, base64url. The platform makes it at a successful sign-in and
 * keeps only its hash; the site keeps it in a cookie signed with its session secrets, beside the
 * account it names.
 */
export const DEVICE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
