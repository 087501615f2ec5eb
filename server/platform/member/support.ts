import type { SiteInfo } from "../../contract";
import { MEMBER_OVERVIEW_LATEST, type MemberOverview } from "../../contract/support";
import { ok, type Result } from "../result";
import { openOrders } from "./game";
import { walletsOf } from "./ledger";
import type { MemberState } from "./member-state";
import { listDeposits, listWithdrawals } from "./money";
import { listPositions } from "./positions";
import { protectionState } from "./protection";

/** The member's part of customer service's view (the audit entries are the site's: the worker adds them). */
export type MemberPart = Omit<MemberOverview, "audit">;

type RealityMinutes = 15 | 30 | 60;

/** The first page of one of the member's lists, newest first, at most `pageSize` items. */
const newest = (pageSize: number) => ({ page: 1, pageSize });

/**
 * Read in one synchronous pass, so balances, bets and positions are of one moment. A member of
 * another site is not found (invalid_parameters, as for every operator call on a member).
 */
export function operatorOverview(
  m: MemberState,
  siteId: string,
  games: SiteInfo["games"],
  siteMinutes: RealityMinutes,
): Result<MemberPart> {
  const member = m.memberOf(siteId);
  if (!member.ok) return member;
  const p = member.data;
  return ok({
    memberId: p.member_id,
    account: p.account,
    currency: p.currency,
    createdAt: p.created_at,
    lastLoginAt: p.last_login_at,
    wallets: walletsOf(m.sql, p.currency, games),
    openBets: openOrders(m.sql, "real"),
    positions: listPositions(m.sql, { ...newest(100), status: "open" }, "real").items,
    deposits: listDeposits(m.sql, newest(MEMBER_OVERVIEW_LATEST.deposits)).items,
    withdrawals: listWithdrawals(m.sql, newest(MEMBER_OVERVIEW_LATEST.withdrawals)).items,
    protection: protectionState(m.sql, p.currency, siteMinutes, Date.now()),
  });
}
