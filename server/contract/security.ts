import { z } from "zod";
import { actingOperatorId } from "./operators";
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
 * operator (named in the entry's `operator`); or the platform itself (an instant demo deposit, an
 * automatic bank review).
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
  /** the operator who acted (actor "operator"): registry id and name, as they were then; else null */
  operator: z.object({ id: z.string(), name: z.string() }).nullable(),
  details: z.record(detailValue),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  type: z.enum(AUDIT_TYPES).optional(),
  /** compared without regard to letter case, as accounts are */
  account: account.optional(),
  /** one operator's actions, by id (`op_…`, or `owner` for the owner key) */
  operator: actingOperatorId.optional(),
});
