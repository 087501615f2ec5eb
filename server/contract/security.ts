import { z } from "zod";
import { AUDIT_TYPES } from "./audit-kinds";
import { actingOperatorId } from "./operators";
import { exportDay } from "./data-ops";
import { account } from "./schemas";

/** Abuse limits and the per-site audit log (server/platform/README.md, "Security decisions"). */

/**
 * Sign-in (server/platform/README.md, "Security decisions", sign-in limits). Failures are counted
 * three ways within `windowMinutes`: per account name (across every network), per network (across
 * every account; networkOf in ./network.ts: an IPv4 address, or an IPv6 /64, so the addresses of
 * one /64 are one guesser) and per known device.
 *
 * - A stranger (a browser without the account's device cookie) whose account or network has
 *   `challengeAfter` failures must send a Turnstile answer: missing, challenge_required; refused,
 *   challenge_failed. A crowd behind one address (a carrier's NAT, an office) is challenged, never
 *   locked out: the network's count asks for the challenge and nothing more.
 * - From `delayAfter` failures on the account, a stranger waits between attempts: the wait doubles
 *   with each failure from `delaySeconds`, up to `maxDelaySeconds`, counted from the last attempt
 *   (signin_too_fast names the seconds). Without JavaScript the widget cannot run; the wait is then
 *   all that slows a guesser down, and the form says the check needs JavaScript.
 * - The account's `maxFailures`-th failure locks it for `lockMinutes` against strangers only
 *   (account_locked). A device that signed in to the account before is not held off by the lock,
 *   the waits or the challenge: its own failures are counted per device, with the same waits from
 *   `delayAfter` and the same lock at `maxFailures`, so a stolen cookie is limited as well.
 * - A success never forgives strangers' failures on the account (a member signing in would reset
 *   the guessers' count); it forgives its own network's failures on that account, and a known
 *   device's success forgives that device's failures. Names that do not exist count alike.
 */
export const SIGNIN_LIMITS = {
  windowMinutes: 15,
  challengeAfter: 3,
  delayAfter: 3,
  delaySeconds: 2,
  maxDelaySeconds: 60,
  maxFailures: 10,
  lockMinutes: 15,
  /** device tokens kept per account: the oldest is forgotten past this */
  devicesPerAccount: 10,
} as const;

/** The wait after `failures` failures (0 below `delayAfter`), in whole seconds. */
export function signinDelaySeconds(failures: number): number {
  if (failures < SIGNIN_LIMITS.delayAfter) return 0;
  const doubled = SIGNIN_LIMITS.delaySeconds * 2 ** Math.min(failures - SIGNIN_LIMITS.delayAfter, 20);
  return Math.min(doubled, SIGNIN_LIMITS.maxDelaySeconds);
}

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

export { AUDIT_TYPES } from "./audit-kinds";
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

/** A UTC day that exists in the calendar, as an audit search's bound (as an export's day). */
const auditDay = exportDay;

export const auditQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  type: z.enum(AUDIT_TYPES).optional(),
  /** compared without regard to letter case, as accounts are */
  account: account.optional(),
  /** one operator's actions, by id (`op_…`, or `owner` for the owner key) */
  operator: actingOperatorId.optional(),
  /** entries from this UTC day on (YYYY-MM-DD) */
  from: auditDay.optional(),
  /** entries up to and including this UTC day (YYYY-MM-DD) */
  to: auditDay.optional(),
});
