/**
 * The header that names the site of every member call (tenant isolation:
 * server/platform/README.md, "Security decisions").
 */
export const SITE_HEADER = "X-Site-Id";
/**
 * The address of the browser the site is serving, forwarded by the site (from CF-Connecting-IP).
 * The platform counts sign-in failures and forgotten-password requests per address with it; it
 * trusts it because only the site reaches the platform (service binding or internal URL).
 */
export const CLIENT_ADDRESS_HEADER = "X-Client-Address";
/** The header that carries a request's idempotency key (server/contract/README.md, "Calls"). */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** The money a member call plays with: "real" (or absent) or "practice" (protection.ts, ACCOUNT_MODES). */
export const ACCOUNT_MODE_HEADER = "X-Account-Mode";
/**
 * The id of the site request a platform call serves (Cloudflare's cf-ray, or one the site made):
 * both workers' log lines carry it, so one search finds the whole request (server/log/README.md).
 */
export const REQUEST_ID_HEADER = "X-Request-Id";
