import type { CampaignRule, RebateRule } from "../../contract";

/**
 * Campaigns of one member (server/contract/campaigns.ts; server/platform/README.md, "Campaigns").
 * Like money.ts, every function is synchronous and runs inside the member object's
 * `transactionSync`. The rules are the site's (`campaignRules`), handed in by the caller; what
 * the member object keeps is its own part: joins, bonus locks and their wagering (bonuses.ts),
 * rebate periods that may be due, and rebate credits (rebates.ts); the member's view of them is
 * campaign-view.ts. Every credit is a ledger operation with its own key, so it happens once
 * whatever runs twice:
 *
 * - `bonus:<rule>:<deposit>`   PROMOTIONS → BONUS when a deposit is credited
 * - `bonus:<lock>:release`     BONUS → MAIN when the lock's turnover is met
 * - `rebate:<rule>:<period>`   PROMOTIONS → MAIN once per period (the period's start, or r<n>)
 *
 * This file: the rules' arithmetic and the member's joins, which the others share.
 */

const DAY_MS = 86_400_000;

// rule arithmetic (pure) ---------------------------------------------------------------------------

/** floor(base × bp / 10 000), capped; in BigInt so that no product leaves the safe integers. */
export function percentOf(base: number, percentBp: number, cap: number): number {
  if (base <= 0) return 0;
  return Math.min(cap, Number((BigInt(base) * BigInt(percentBp)) / 10_000n));
}

/** When a rule stops crediting (ms): its end date or the operator's end, whichever is first; null = never. */
export function ruleEnd(rule: CampaignRule): number | null {
  const ends = [rule.endsAt, rule.endedAt].filter((t): t is string => t !== null).map(Date.parse);
  return ends.length === 0 ? null : Math.min(...ends);
}

/** Running at `nowMs`: started, not past its end date, not ended by the operator. */
export function isActive(rule: CampaignRule, nowMs: number): boolean {
  const end = ruleEnd(rule);
  return Date.parse(rule.startsAt) <= nowMs && (end === null || nowMs < end);
}

/**
 * The UTC day, or the week from Monday 00:00 UTC, that `ms` falls in: [start, end). A bet belongs
 * to the period its own period's end falls in, an end exactly at midnight to the day before
 * (`betPeriod`): the last round of a day is played in that day.
 */
export function rebatePeriodAt(period: "day" | "week", ms: number): { start: number; end: number } {
  const day = Math.floor(ms / DAY_MS);
  if (period === "day") return { start: day * DAY_MS, end: (day + 1) * DAY_MS };
  // 1970-01-01 was a Thursday: with Monday as 0 it is weekday 3.
  const monday = day - ((day + 3) % 7);
  return { start: monday * DAY_MS, end: (monday + 7) * DAY_MS };
}

/** The rebate period a bet ending at `endMs` counts in: (start, end]. */
export const betPeriod = (period: "day" | "week", endMs: number) => rebatePeriodAt(period, endMs - 1);

// joins --------------------------------------------------------------------------------------------

export function joinedAt(sql: SqlStorage, key: string): string | null {
  return (
    sql.exec<{ joined_at: string }>("SELECT joined_at FROM campaign_joins WHERE rule_key = ?", key).toArray()[0]
      ?.joined_at ?? null
  );
}

/** Whether the member takes part at `nowMs`: every member when the rule has no opt-in, else those who joined by then. */
export function takesPart(sql: SqlStorage, rule: CampaignRule, nowMs: number): boolean {
  if (!rule.optIn) return true;
  const at = joinedAt(sql, rule.key);
  return at !== null && Date.parse(at) <= nowMs;
}

/** Where a rebate's counting starts (ms): the rule's start, or the member's join when it needs one. */
export function windowStart(sql: SqlStorage, rule: RebateRule): number {
  const start = Date.parse(rule.startsAt);
  const joined = rule.optIn ? joinedAt(sql, rule.key) : null;
  return joined === null ? start : Math.max(start, Date.parse(joined));
}

export const operationExists = (sql: SqlStorage, key: string) =>
  sql.exec("SELECT 1 FROM operations WHERE key = ?", key).toArray().length > 0;
