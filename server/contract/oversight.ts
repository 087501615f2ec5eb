import { z } from "zod";
import { account } from "./schemas";
import { exportDay } from "./data-ops";

/**
 * What the back office's members and oversight sections ask that no other call answers
 * (app/backoffice/README.md; decision 036): a member found by account, mobile number or id, and a
 * site's day in four figures from the ledger.
 */

const memberId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
/**
 * A mobile number as support types it: the national form (0912 345 678) or the international one
 * with its area code (+886 912 345 678); spaces, dashes, dots and brackets between digits.
 */
const typedMobile = z
  .string()
  .trim()
  .regex(/^\+?[0-9 .()-]{4,32}$/);

/** Exactly one of account, mobile or member id: a member is found by one of them. */
export const memberLookupQuery = z
  .object({ account: account.optional(), mobile: typedMobile.optional(), memberId: memberId.optional() })
  .refine((q) => [q.account, q.mobile, q.memberId].filter((v) => v !== undefined).length === 1, "invalid_parameters");
export type MemberLookupQuery = z.infer<typeof memberLookupQuery>;

const sum = z.object({
  /** how many (deposits credited, withdrawals paid, bets placed) */
  count: z.number().int().nonnegative(),
  /** their amounts, in minor units */
  amount: z.number().int().nonnegative(),
});

/**
 * A site's UTC day from its members' ledgers (real money only): what came in, what went out, what
 * was staked, and the house's net from the games (stakes and position fees and losses kept, less
 * payouts, refunds and position gains paid).
 */
export const siteDayTotals = z.object({
  siteId: z.string(),
  day: exportDay,
  currency: z.string(),
  /** deposits credited to members in the day */
  deposits: sum,
  /** withdrawals paid out in the day (the amount the member receives, fees apart) */
  withdrawals: sum,
  /** real bets placed in the day and their stakes */
  bets: sum,
  /** the house's result from bets and positions in the day; negative when members won */
  net: z.number().int(),
  /** members whose ledger moved in the day */
  activeMembers: z.number().int().nonnegative(),
});
export type SiteDayTotals = z.infer<typeof siteDayTotals>;
