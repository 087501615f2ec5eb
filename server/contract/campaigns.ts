import { z } from "zod";
import { minorUnits } from "./units";

/**
 * Campaigns the platform enforces (server/contract/README.md, "Campaigns"). A campaign's texts
 * are content (the `campaign` call, one item per language tied by its key); what it pays is a
 * rule in the site's configuration (`campaignRules` in site info) with the same key. The site
 * shows the member's progress from `memberCampaigns`.
 *
 * Percentages are basis points (1000 = 10 %), amounts integers of minor units, so every credit
 * is integer arithmetic: floor(base × bp / 10 000), then the cap.
 */

export const campaignKey = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);
const basisPoints = z.number().int().min(1).max(10_000);
const isoTime = z.string().datetime();

const common = {
  key: campaignKey,
  /** true: only members who joined (on /user/activity) take part; false: every member does */
  optIn: z.boolean(),
  startsAt: isoTime,
  /** null: no end date */
  endsAt: isoTime.nullable(),
  /** set by the operator's "end campaign": from then on the campaign credits nothing new */
  endedAt: isoTime.nullable().default(null),
  /** the most one credit pays (per deposit, per period) */
  cap: minorUnits.pipe(z.number().int().positive()),
  percentBp: basisPoints,
};

/**
 * A deposit bonus: `percentBp` of the first deposit ("first": the member's first credited deposit
 * ever) or of each deposit ("each") credited while the campaign runs, up to `cap`, paid into the
 * member's bonus balance. It stays locked until the member's bet turnover since the credit reaches
 * `wagering` × the bonus; then it moves to the main account. Locked bonus can be neither
 * withdrawn nor moved to a game wallet (`bonus_locked`, with the turnover still needed).
 */
export const depositBonusRule = z
  .object({
    kind: z.literal("deposit_bonus"),
    ...common,
    deposits: z.enum(["first", "each"]),
    /** the turnover needed, as a multiple of the bonus (0: the bonus is free at once) */
    wagering: z.number().int().min(0).max(100),
  })
  .strict();

/**
 * A rebate: `percentBp` of the member's net loss (stakes of settled bets minus what they paid back;
 * refunded bets count for neither) over each period, up to `cap`, paid into the main account
 * once per period by the member object's alarm. A period is a UTC day, a week (Monday 00:00 UTC
 * to the next), or `rounds` settled bets in a row. A period with no net loss pays nothing.
 */
export const rebateRule = z
  .object({
    kind: z.literal("rebate"),
    ...common,
    period: z.enum(["day", "week", "rounds"]),
    /** settled bets per period when `period` is "rounds"; 0 otherwise */
    rounds: z.number().int().min(0).max(100_000).default(0),
  })
  .strict()
  .refine((r) => (r.period === "rounds") === r.rounds > 0, {
    message: "rounds is set exactly when period is rounds",
    path: ["rounds"],
  });

export const campaignRule = z.union([depositBonusRule, rebateRule]);
export type CampaignRule = z.infer<typeof campaignRule>;
export type DepositBonusRule = z.infer<typeof depositBonusRule>;
export type RebateRule = z.infer<typeof rebateRule>;

/** A credited bonus and its wagering, as the member reads it. */
export const bonusLock = z.object({
  id: z.string(),
  campaignKey,
  /** the deposit the bonus was paid on */
  depositId: z.string(),
  amount: minorUnits,
  turnoverRequired: minorUnits,
  turnover: minorUnits,
  /** locked: wagering not met yet; released: moved to the main account */
  status: z.enum(["locked", "released"]),
  createdAt: isoTime,
  releasedAt: isoTime.nullable(),
});
export type BonusLock = z.infer<typeof bonusLock>;

/** One campaign with the member's part in it (`memberCampaigns`). */
export const memberCampaign = z.object({
  rule: campaignRule,
  /** running now: started, not past its end date, not ended by the operator */
  active: z.boolean(),
  /** whether the member takes part (always true for a campaign without opt-in) */
  joined: z.boolean(),
  joinedAt: isoTime.nullable(),
  /** deposit bonus: the bonuses it paid this member, newest first */
  bonuses: z.array(bonusLock),
  /** rebate: the current period (null for a deposit bonus, or when not taking part) */
  currentPeriod: z
    .object({
      startsAt: isoTime,
      /** null for a "rounds" period, which ends with its last bet */
      endsAt: isoTime.nullable(),
      /** settled bets counted so far in the period */
      rounds: z.number().int().nonnegative(),
      stakes: minorUnits,
      /** what the settled bets paid back */
      payouts: minorUnits,
      /** what the period would pay if it ended now (net loss × percent, capped; 0 when none) */
      projected: minorUnits,
    })
    .nullable(),
  /** everything the campaign has credited this member */
  credited: minorUnits,
});
export type MemberCampaign = z.infer<typeof memberCampaign>;
