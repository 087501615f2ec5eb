import type { CampaignRule, MemberCampaign, RebateRule } from "../../contract";
import { auditEvent, auditToOutbox } from "../audit";
import { fail, ok, type Result } from "../result";
import { toLock, type LockRow } from "./bonuses";
import { isActive, joinedAt, percentOf, rebatePeriodAt, windowStart } from "./campaigns";
import type { Who } from "./requests";
import { countedSince, roundsBets, sumsBetween } from "./rebates";

/** The campaigns as the member sees them (campaigns.ts), and joining one. */

function currentPeriod(sql: SqlStorage, rule: RebateRule, nowMs: number): MemberCampaign["currentPeriod"] {
  const from = windowStart(sql, rule);
  const projected = (s: { stakes: number; payouts: number }) =>
    percentOf(s.stakes - s.payouts, rule.percentBp, rule.cap);
  if (rule.period !== "rounds") {
    const period = rebatePeriodAt(rule.period, nowMs);
    const sums = sumsBetween(sql, Math.max(period.start, from), period.end);
    return {
      startsAt: new Date(Math.max(period.start, from)).toISOString(),
      endsAt: new Date(period.end).toISOString(),
      rounds: sums.n,
      stakes: sums.stakes,
      payouts: sums.payouts,
      projected: projected(sums),
    };
  }
  const total = countedSince(sql, from, null);
  const full = Math.floor(total / rule.rounds) * rule.rounds;
  const previous = full === 0 ? [] : roundsBets(sql, from, null, full - 1, 1);
  const bets = roundsBets(sql, from, null, full, rule.rounds);
  const sums = { stakes: bets.reduce((s, b) => s + b.amount, 0), payouts: bets.reduce((s, b) => s + b.payout, 0) };
  return {
    startsAt: new Date(previous[0] ? previous[0].period_end * 1000 : from).toISOString(),
    endsAt: null,
    rounds: bets.length,
    ...sums,
    projected: projected(sums),
  };
}

function view(sql: SqlStorage, rule: CampaignRule, nowMs: number): MemberCampaign {
  const active = isActive(rule, nowMs);
  const at = joinedAt(sql, rule.key);
  const joined = !rule.optIn || at !== null;
  if (rule.kind === "deposit_bonus") {
    const bonuses = sql
      .exec<LockRow>("SELECT * FROM bonus_locks WHERE rule_key = ? ORDER BY seq DESC", rule.key)
      .toArray()
      .map(toLock);
    const credited = bonuses.reduce((sum, b) => sum + b.amount, 0);
    return { rule, active, joined, joinedAt: at, bonuses, currentPeriod: null, credited };
  }
  const credited = sql
    .exec<{ n: number }>("SELECT COALESCE(SUM(amount), 0) AS n FROM rebate_credits WHERE rule_key = ?", rule.key)
    .one().n;
  return {
    rule,
    active,
    joined,
    joinedAt: at,
    bonuses: [],
    currentPeriod: active && joined ? currentPeriod(sql, rule, nowMs) : null,
    credited,
  };
}

/** Every running campaign, and the ended ones the member still has a locked bonus from, with the member's part. */
export function memberCampaigns(sql: SqlStorage, rules: readonly CampaignRule[], nowMs: number): MemberCampaign[] {
  const locked = new Set(
    sql
      .exec<{ rule_key: string }>("SELECT DISTINCT rule_key FROM bonus_locks WHERE status = 'locked'")
      .toArray()
      .map((r) => r.rule_key),
  );
  return rules.filter((r) => isActive(r, nowMs) || locked.has(r.key)).map((r) => view(sql, r, nowMs));
}

/**
 * Joins a campaign (idempotent: a second join keeps the first time and changes nothing). A key
 * without a rule is campaign_not_found, a campaign not running campaign_ended. Audited once.
 */
export function joinCampaign(
  sql: SqlStorage,
  who: Who,
  rules: readonly CampaignRule[],
  key: string,
  nowMs: number,
): Result<MemberCampaign> {
  const rule = rules.find((r) => r.key === key);
  if (!rule) return fail(400, "campaign_not_found");
  if (!isActive(rule, nowMs)) return fail(400, "campaign_ended");
  const now = new Date(nowMs).toISOString();
  const joined = sql
    .exec(
      "INSERT INTO campaign_joins (rule_key, joined_at) VALUES (?, ?) ON CONFLICT (rule_key) DO NOTHING RETURNING rule_key",
      key,
      now,
    )
    .toArray();
  if (joined.length > 0) auditToOutbox(sql, auditEvent("campaign_joined", "member", who, { campaign: key }, now));
  return ok(view(sql, rule, nowMs));
}
