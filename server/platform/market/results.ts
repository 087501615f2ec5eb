/**
 * The results' outbox (server/platform/README.md, "Settlement"): the market hands each member
 * object with bets in a period that period's result, instead of every such member asking the one
 * market object for it at the period's end. A member's bet registers the member for its period
 * (betSnapshot, before the member commits the bet; a bet then refused leaves a registration that
 * settles nothing). When the period's close is recorded, the market delivers the result to every
 * registered member, at least once: a delivery that fails stays and is retried on the next alarm,
 * and the member's own alarm still asks the market a few seconds later if nothing came. Settling
 * is idempotent on the member's side, so a result delivered twice pays nothing twice.
 */

export const RESULT_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS bettors (
     start INTEGER NOT NULL,
     member_id TEXT NOT NULL,
     delivered INTEGER NOT NULL DEFAULT 0,
     attempts INTEGER NOT NULL DEFAULT 0,
     PRIMARY KEY (start, member_id)
   )`,
  `CREATE INDEX IF NOT EXISTS bettors_due ON bettors (delivered, start)`,
];

/** Registers a member for the results of the period starting at `start`. */
export function registerBettor(sql: SqlStorage, start: number, memberId: string): void {
  sql.exec("INSERT OR IGNORE INTO bettors (start, member_id) VALUES (?, ?)", start, memberId);
}

/**
 * Undelivered registrations of recorded periods, oldest first: period start → member ids. A
 * registration that failed `attempts` times waits 2^attempts seconds (at most a minute) after its
 * period's end before the next try.
 */
export function dueResults(sql: SqlStorage, nowSecond: number, limit: number): Map<number, string[]> {
  const rows = sql
    .exec<{ start: number; member_id: string }>(
      `SELECT b.start, b.member_id FROM bettors b JOIN periods p ON p.start = b.start
       WHERE b.delivered = 0 AND p.close_price IS NOT NULL AND p.end_at + MIN(60, (1 << b.attempts) - 1) <= ?
       ORDER BY b.start LIMIT ?`,
      nowSecond,
      limit,
    )
    .toArray();
  const byPeriod = new Map<number, string[]>();
  for (const r of rows) byPeriod.set(r.start, [...(byPeriod.get(r.start) ?? []), r.member_id]);
  return byPeriod;
}

export function markResultDelivered(sql: SqlStorage, start: number, memberId: string): void {
  sql.exec("UPDATE bettors SET delivered = 1 WHERE start = ? AND member_id = ?", start, memberId);
}

export function markResultAttempt(sql: SqlStorage, start: number, memberId: string): void {
  sql.exec("UPDATE bettors SET attempts = attempts + 1 WHERE start = ? AND member_id = ?", start, memberId);
}

/** Whether a registration still waits for its delivery (the market keeps its alarm for it). */
export function resultsPending(sql: SqlStorage): boolean {
  return sql.exec("SELECT 1 FROM bettors WHERE delivered = 0 LIMIT 1").toArray().length > 0;
}

/** Delivered registrations are forgotten with their periods' ticks. */
export function pruneResults(sql: SqlStorage, beforeSecond: number): void {
  sql.exec("DELETE FROM bettors WHERE delivered = 1 AND start < ?", beforeSecond);
}
