import type { RealityCheck } from "../../contract/protection";
import { iso } from "./protection-checks";

/**
 * The reality check of one member's sessions (server/platform/README.md, "Player protection"):
 * when the next one is due and what the session has won or lost. Synchronous, like protection.ts;
 * the interval is the member's (protection_settings), else the site's.
 */

/** The member's chosen reality-check interval, or null for the site's. */
export function intervalOf(sql: SqlStorage): number | null {
  return (
    sql
      .exec<{ m: number | null }>("SELECT reality_check_minutes AS m FROM protection_settings WHERE id = 1")
      .toArray()[0]?.m ?? null
  );
}

/**
 * Settled and closed real play begun in this session: bets placed since sign-in and settled
 * (payout − stake), positions opened since sign-in and closed (their net); practice play is not
 * money and does not count.
 */
const REAL_ROWS = "mode = 'real'";

function sessionNet(sql: SqlStorage, signedInAt: string): number {
  const bets = sql
    .exec<{ n: number }>(
      `SELECT COALESCE(SUM(payout - amount), 0) AS n FROM orders WHERE ${REAL_ROWS} AND status <> 'open' AND created_at >= ?`,
      signedInAt,
    )
    .one().n;
  const positions = sql
    .exec<{ n: number }>(
      `SELECT COALESCE(SUM(net), 0) AS n FROM positions WHERE ${REAL_ROWS} AND status = 'closed' AND created_at >= ?`,
      signedInAt,
    )
    .one().n;
  return bets + positions;
}

/** The reality check of one session: null when the session is unknown here. */
export function realityCheck(
  sql: SqlStorage,
  sessionId: string,
  currency: string,
  siteMinutes: 15 | 30 | 60,
  nowMs: number,
): RealityCheck | null {
  const session = sql
    .exec<{ created_at: string }>("SELECT created_at FROM sessions WHERE id = ?", sessionId)
    .toArray()[0];
  if (!session) return null;
  const acknowledged = sql
    .exec<{ at: string }>("SELECT acknowledged_at AS at FROM reality_checks WHERE session_id = ?", sessionId)
    .toArray()[0]?.at;
  const interval = (intervalOf(sql) ?? siteMinutes) as 15 | 30 | 60;
  const from = Date.parse(acknowledged ?? session.created_at);
  const dueAt = from + interval * 60_000;
  return {
    currency,
    signedInAt: session.created_at,
    intervalMinutes: interval,
    dueAt: iso(dueAt),
    due: nowMs >= dueAt,
    playedMinutes: Math.max(0, Math.floor((nowMs - Date.parse(session.created_at)) / 60_000)),
    net: sessionNet(sql, session.created_at),
  };
}

/** "Continue": the next check is one interval from now. */
export function continueRealityCheck(sql: SqlStorage, sessionId: string, nowMs: number): void {
  // sessions ended and cleared at a later sign-in take their acknowledgements with them
  sql.exec("DELETE FROM reality_checks WHERE session_id NOT IN (SELECT id FROM sessions)");
  sql.exec(
    "INSERT INTO reality_checks (session_id, acknowledged_at) VALUES (?, ?) ON CONFLICT (session_id) DO UPDATE SET acknowledged_at = excluded.acknowledged_at",
    sessionId,
    iso(nowMs),
  );
}
