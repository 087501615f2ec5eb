import { z } from "zod";
import { minorUnits } from "./units";
import { ACCOUNT_MODES } from "#rules/account-mode";
import { BREAK_DURATIONS, LIMIT_KINDS, LIMIT_PERIODS } from "#rules/protection-terms";

/**
 * The practice account and player protection (server/contract/README.md, "Practice account" and
 * "Player protection").
 */

const isoTime = z.string().datetime();

// practice ------------------------------------------------------------------------------------

/**
 * Which money a member call plays with. The site sends the session's mode in ACCOUNT_MODE_HEADER
 * on every member call (absent = "real"). In "practice" the game calls (placeOrder, orders,
 * ticketQuery, the position calls) use the member's practice accounts and list practice records
 * only, and records/accountRecords list practice operations only; deposit, transfer and withdraw
 * refuse with practice_mode_refused. No operation ever posts to a practice and a real account.
 */
export const accountMode = z.enum(ACCOUNT_MODES);

/** The member's play money: one balance for rounds and contracts, and the margin of open practice positions. */
export const practiceAccount = z.object({
  currency: z.string(),
  balance: minorUnits,
  /** margin held by open practice positions */
  positions: minorUnits,
  /** stakes of practice bets whose rounds have not settled */
  inBets: minorUnits,
  /** the play money in all: balance, positions and in bets (summed by the platform) */
  total: minorUnits,
  /** what a reset brings the balance back to: the site's practiceBalance */
  startingBalance: minorUnits,
  resets: z.number().int().nonnegative(),
  lastResetAt: isoTime.nullable(),
});
export type PracticeAccount = z.infer<typeof practiceAccount>;

// player protection ------------------------------------------------------------------------------

export const limitKind = z.enum(LIMIT_KINDS);
export const limitPeriod = z.enum(LIMIT_PERIODS);
export type LimitKind = z.infer<typeof limitKind>;
export type LimitPeriod = z.infer<typeof limitPeriod>;

export const realityCheckMinutes = z.union([z.literal(15), z.literal(30), z.literal(60)]);

export const breakKind = z.enum(["timeout", "exclusion"]);
export type BreakKind = z.infer<typeof breakKind>;
export const breakDuration = z.enum([...BREAK_DURATIONS.timeout, ...BREAK_DURATIONS.exclusion]);
export type BreakDuration = z.infer<typeof breakDuration>;

/**
 * Net loss (the loss limit's measure): what the member's real game wallets paid into rounds and
 * positions (stakes, margins, opening fees) minus what came back (payouts, refunds, closes) in the
 * window. An open bet or position counts as lost until it settles, so a bet or an open is allowed
 * only when the stake (margin + fee) fits in what remains.
 */
export const limitState = z.object({
  kind: limitKind,
  period: limitPeriod,
  /** the limit in force; null = none */
  amount: minorUnits.nullable(),
  /** deposits asked for (not refused), or the net loss, in the window */
  used: z.number().int(),
  /** what may still be deposited or risked now; null without a limit */
  remaining: minorUnits.nullable(),
  /**
   * an increase or removal the member asked for; amount null = removal. It waits 24 hours
   * (appliesAt), then is `ready` and applies only when the member confirms it (confirmLimit);
   * unconfirmed it never applies
   */
  pending: z.object({ amount: minorUnits.nullable(), appliesAt: isoTime, ready: z.boolean() }).nullable(),
});
export type LimitState = z.infer<typeof limitState>;

export const protectionBreak = z.object({
  kind: breakKind,
  duration: breakDuration,
  startedAt: isoTime,
  /** a time-out's end; a self-exclusion's minimum: it stays in force after it until the member returns */
  until: isoTime,
  /** a self-exclusion past its minimum: the member may ask to return (askToReturn) */
  mayReturn: z.boolean(),
  /** when a return the member asked for applies (24 hours after asking); null: none asked */
  returnAt: isoTime.nullable(),
  /** taken on a linked site by the same verified mobile number (server/platform/README.md, "Linked sites") */
  linked: z.boolean(),
});
export type ProtectionBreak = z.infer<typeof protectionBreak>;

export const PROTECTION_CHANGES = ["limit", "reality_check", "timeout", "exclusion"] as const;

/** One change, as the limits page lists it (newest first); the audit log has each too. */
export const protectionChange = z.object({
  at: isoTime,
  change: z.enum(PROTECTION_CHANGES),
  kind: limitKind.nullable(),
  period: limitPeriod.nullable(),
  /** limits: the amount before and after (null = none); reality checks: minutes; breaks: null */
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  /** breaks: the duration */
  duration: breakDuration.nullable(),
  /** when it takes (took) effect: at once, or 24 hours later for an increase or removal */
  appliesAt: isoTime,
});

export const protectionState = z.object({
  currency: z.string(),
  /** the six limits, deposit then loss, day, week, month */
  limits: z.array(limitState).length(6),
  realityCheckMinutes,
  /** true while the member has not chosen: the site's default applies */
  realityCheckIsSiteDefault: z.boolean(),
  /** the time-out or self-exclusion in force, if any */
  activeBreak: protectionBreak.nullable(),
  history: z.array(protectionChange),
});
export type ProtectionState = z.infer<typeof protectionState>;

export const setLimitBody = z
  .object({ kind: limitKind, period: limitPeriod, amount: minorUnits.pipe(z.number().int().positive()).nullable() })
  .strict();
export const setRealityCheckBody = z.object({ minutes: realityCheckMinutes }).strict();
export const startBreakBody = z
  .object({ kind: breakKind, duration: breakDuration, confirm: z.literal(true) })
  .strict()
  .refine((b) => (BREAK_DURATIONS[b.kind] as readonly string[]).includes(b.duration), {
    message: "duration_not_offered",
    path: ["duration"],
  });

/** Confirms an increase or removal whose 24 hours have passed (limit_not_ready before). */
export const confirmLimitBody = z.object({ kind: limitKind, period: limitPeriod }).strict();

/** The reality check of the member's current session. */
export const realityCheck = z.object({
  currency: z.string(),
  signedInAt: isoTime,
  intervalMinutes: realityCheckMinutes,
  /** when the next check shows; the check is due when this has passed */
  dueAt: isoTime,
  due: z.boolean(),
  /** whole minutes since signing in */
  playedMinutes: z.number().int().nonnegative(),
  /** real money won (+) or lost (−) on rounds and positions since signing in, settled and closed ones */
  net: z.number().int(),
});
export type RealityCheck = z.infer<typeof realityCheck>;

/** Sites whose members' breaks hold on each other, matched by verified mobile number (operatorSiteLinks). */
export const siteLinks = z.object({
  /** the site asked about */
  siteId: z.string(),
  /** the other sites of its group, sorted; empty: not linked */
  linked: z.array(z.string()),
});
export type SiteLinks = z.infer<typeof siteLinks>;
