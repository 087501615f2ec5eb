import { z } from "zod";
import { order } from "./game";
import { deposit, withdrawal } from "./money";
import { position } from "./positions";
import { protectionState } from "./protection";
import { walletsData } from "./schemas";
import { auditEntry } from "./security";

/**
 * One member as customer service sees them (`operatorMember`): everything a support operator is
 * asked about on one page, read at one moment. Real money only: practice bets and positions are
 * play money and the member sees them on the site.
 */

/** How many of the newest deposits, withdrawals and audit entries the answer carries. */
export const MEMBER_OVERVIEW_LATEST = { deposits: 5, withdrawals: 5, audit: 20 } as const;

export const memberOverview = z.object({
  memberId: z.string(),
  account: z.string(),
  currency: z.string(),
  createdAt: z.string().datetime(),
  lastLoginAt: z.string().datetime().nullable(),
  /** main (free, on hold for withdrawals, locked bonus), game wallets, in bets, in positions, total */
  wallets: walletsData,
  /** real bets whose rounds have not settled, newest first */
  openBets: z.array(order),
  /** open real positions, newest first */
  positions: z.array(position),
  /** the newest deposits and withdrawals, whatever their status */
  deposits: z.array(deposit).max(MEMBER_OVERVIEW_LATEST.deposits),
  withdrawals: z.array(withdrawal).max(MEMBER_OVERVIEW_LATEST.withdrawals),
  /** limits, reality check, the break in force and the latest changes */
  protection: protectionState,
  /** the newest entries of the site's audit log about this member (their account or their id), newest first */
  audit: z.array(auditEntry).max(MEMBER_OVERVIEW_LATEST.audit),
});
export type MemberOverview = z.infer<typeof memberOverview>;
