/**
 * Limits per client network in the site's object (CLIENT_LIMITS; server/platform/README.md,
 * "Security decisions"): accounts created, and answers that tell whether a mobile number is
 * registered. Counted in the same tables as the sign-in limits (limits.ts), under scopes of their
 * own, by the synchronous check/record there, inside the caller's transactionSync: a check and the
 * count that follows it cannot interleave with another request, so parallel requests cannot all
 * slip under a limit.
 *
 * A request without an address (one the site did not forward) has no network and is not counted;
 * in production the site forwards every browser's address.
 */

import { CLIENT_LIMITS } from "../contract";
import { networkOf } from "../contract/network";
import * as limits from "./limits";
import type { Limit } from "./limits";
import { fail, type Failure } from "./result";

const HOUR_MS = 60 * 60 * 1000;

const SIGNUPS: Limit = { max: CLIENT_LIMITS.signupsPerNetworkPerHour, windowMs: HOUR_MS };
const MOBILE_CHECKS: Limit = { max: CLIENT_LIMITS.mobileChecksPerNetworkPerHour, windowMs: HOUR_MS };

const SIGNUP_SCOPE = "signup-network";
const MOBILE_SCOPE = "mobile-check-network";

/** The network a forwarded address counts under, or null (no address, or not an address). */
export const clientNetwork = (address: string | null): string | null => (address === null ? null : networkOf(address));

/** A sign-up from `network` now: refused when the network has created its hour's accounts, or asked its hour's numbers. */
export function signupRefusal(sql: SqlStorage, network: string | null, now: number): Failure | null {
  if (network === null) return null;
  if (!limits.check(sql, SIGNUPS, SIGNUP_SCOPE, network, now).ok) return fail(429, "signup_limit_reached");
  return mobileCheckRefusal(sql, network, now);
}

/** An answer about a mobile number for `network` now: refused once the network has had its hour's answers. */
export function mobileCheckRefusal(sql: SqlStorage, network: string | null, now: number): Failure | null {
  if (network === null) return null;
  return limits.check(sql, MOBILE_CHECKS, MOBILE_SCOPE, network, now).ok
    ? null
    : fail(429, "mobile_check_limit_reached");
}

/** The network was told whether a number is registered (`mobile_registered`, or a sign-up or change that took it). */
export function countMobileCheck(sql: SqlStorage, network: string | null, now: number): void {
  if (network !== null) limits.record(sql, MOBILE_SCOPE, network, now);
}

/** The network created an account. */
export function countSignup(sql: SqlStorage, network: string | null, now: number): void {
  if (network !== null) limits.record(sql, SIGNUP_SCOPE, network, now);
}
