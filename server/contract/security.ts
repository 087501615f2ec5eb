import { z } from "zod";
import { account } from "./schemas";

/** Abuse limits and the per-site audit log (server/platform/README.md, "Security decisions"). */

/**
 * Sign-in: failures are counted per client address, and per account name together with the
 * address they came from. The tenth failure of an address within the window locks that address
 * for `lockMinutes`; the tenth failure on an account, from any addresses, locks the account for
 * `lockMinutes` against the addresses that failed on it (and against callers with no address),
 * while an address with no failure on it may still sign in. A success clears the failures of its
 * address on the account. An account name that does not exist is counted and locked the same way.
 */
export const SIGNIN_LIMITS = { maxFailures: 10, windowMinutes: 15, lockMinutes: 15 } as const;

/**
 * Passwords typed again during a session (the old password of a change, the transaction password
 * of a withdrawal or of its change): the fifth wrong one within the window locks that password's
 * checks for the member for `lockMinutes`; a right one resets the count. Lower than sign-in's:
 * the caller already holds a session, and only the member's own session can lock them.
 */
export const SECRET_CHECK_LIMITS = { maxFailures: 5, windowMinutes: 15, lockMinutes: 15 } as const;

/** Forgotten-password requests, on top of the per-number SMS limits (SMS_RULES). */
export const FORGOT_LIMITS = { perAccountPerHour: 5, perAddressPerHour: 20 } as const;

/** Messages to customer service: new threads and replies together, per member. */
export const MESSAGE_LIMITS = { perHour: 20 } as const;

/**
 * Limits per client (a network: `networkOf` in network.ts, an IPv4 address or an IPv6 /64) and
 * per member, each refused with a 429 and a code of its own (server/platform/README.md, "Security
 * decisions"). A network may be a whole office or a carrier's NAT, so none of these locks anyone
 * out for long, and each is high enough that people sharing one address rarely meet it:
 *
 * - `signupsPerNetworkPerHour`: accounts created from one network in an hour, per site. Twenty a
 *   staffed office or a shop's Wi-Fi does not reach (people sign up once, not every hour); eighty
 *   scripted sign-ups in a minute, as the outside test made, get twenty.
 * - `mobileChecksPerNetworkPerHour`: answers that tell whether a mobile number is registered
 *   (a sign-up that got as far as comparing the number, a change of the member's number), per
 *   site. Above the sign-up limit, so an office's own sign-ups never meet it first; a script
 *   learns 30 numbers an hour instead of thousands.
 * - `pendingDepositsPerMember`: deposits waiting for an operator at once. A member who paid needs
 *   one; three cover a retry and a second method; a fourth waits until one is decided.
 * - `streamsPerMember`: live member streams open at once (one per open game page: tabs, phone,
 *   computer).
 * - `marketSocketsPerNetwork`: market streams of one pair open at once from one network. Sixty
 *   is an office where everyone watches the same pair in one tab; two hundred from one address
 *   is a script holding the market's object busy.
 */
export const CLIENT_LIMITS = {
  signupsPerNetworkPerHour: 20,
  mobileChecksPerNetworkPerHour: 30,
  pendingDepositsPerMember: 3,
  streamsPerMember: 10,
  marketSocketsPerNetwork: 60,
} as const;

// the audit log -----------------------------------------------------------------------------------

export const AUDIT_TYPES = [
  "signin_succeeded",
  "signin_failed",
  "signin_locked",
  "password_check_failed",
  "password_check_locked",
  "password_changed",
  "password_reset",
  "transaction_password_changed",
  "bank_applied",
  "bank_approved",
  "bank_rejected",
  "deposit_requested",
  "deposit_confirmed",
  "deposit_refused",
  "withdrawal_requested",
  "withdrawal_approved",
  "withdrawal_rejected",
  // a member joined an opt-in campaign (server/contract/campaigns.ts)
  "campaign_joined",
  // a member set a limit or a reality-check interval, or started a time-out or self-exclusion
  // (server/contract/protection.ts); an operator's attempt to end a break is an operator_action
  "protection_changed",
  "operator_action",
] as const;
export type AuditType = (typeof AUDIT_TYPES)[number];

/**
 * Who did it: the member of the account; a visitor naming an account that does not exist; an
 * operator (the operator key names no person); or the platform itself (an instant demo deposit,
 * an automatic bank review).
 */
export const AUDIT_ACTORS = ["member", "anonymous", "operator", "system"] as const;

const detailValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const auditEntry = z.object({
  /** made where the event happened; the log keeps one entry per id, so a re-delivery adds nothing */
  id: z.string().min(1).max(64),
  type: z.enum(AUDIT_TYPES),
  at: z.string().datetime(),
  actor: z.enum(AUDIT_ACTORS),
  /** the account concerned ("" for an operator action on the site as a whole) */
  account: z.string(),
  memberId: z.string(),
  /** the client address the site forwarded ("" when unknown) */
  address: z.string(),
  details: z.record(detailValue),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  type: z.enum(AUDIT_TYPES).optional(),
  /** compared without regard to letter case, as accounts are */
  account: account.optional(),
});
