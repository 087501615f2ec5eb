import type { CallData, CampaignRule, DepositBonusRule, MemberCampaign } from "../../server/contract";
import { numberFormat } from "./intl";
import { formatMoney } from "./money";
import type { TFunction } from "./translator";

/**
 * Campaign rules in plain words (app/README.md, "Campaigns"): what a rule pays, computed from the
 * rule itself (server/contract/campaigns.ts), never from the operator's texts, so the page says
 * what the platform will do.
 */

/** 1000 basis points → "10%" in the page's language (percent sign and spacing are Intl's). */
export function formatPercent(percentBp: number, locale: string): string {
  return numberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(percentBp / 10_000);
}

/** "10% of your first deposit, up to US$100.00 · bet 5 × the bonus to unlock it", or a rebate's one sentence. */
export function ruleSentence(
  rule: CampaignRule,
  t: TFunction<"campaigns">,
  money: { currency: string; locale: string },
): string {
  const values = {
    percent: formatPercent(rule.percentBp, money.locale),
    cap: formatMoney(rule.cap, money.currency, money.locale),
  };
  if (rule.kind === "deposit_bonus") {
    const pays = t(rule.deposits === "first" ? "rule.deposit_first" : "rule.deposit_each", values);
    const unlock = rule.wagering > 0 ? t("rule.wagering", { times: rule.wagering }) : t("rule.no_wagering");
    return `${pays} · ${unlock}`;
  }
  if (rule.period === "rounds") return t("rule.rebate_rounds", { ...values, rounds: rule.rounds });
  return t(rule.period === "day" ? "rule.rebate_day" : "rule.rebate_week", values);
}

/**
 * The turnover still needed to free every locked bonus: the sum over the locks, since the
 * platform counts a stake toward the oldest lock first and carries the surplus to the next
 * (server/platform/member/bonuses.ts, `countTurnover`), the same figure as bonus_locked's.
 */
export function turnoverStillNeeded(campaigns: readonly MemberCampaign[]): number {
  let needed = 0;
  for (const c of campaigns)
    for (const b of c.bonuses) if (b.status === "locked") needed += Math.max(0, b.turnoverRequired - b.turnover);
  return needed;
}

/** Where a campaign stands at `nowMs`: running, not started yet, or over (its end date passed, or the operator ended it). */
export type CampaignStatus = "active" | "upcoming" | "ended";

export function campaignStatus(
  dates: { startsAt: string; endsAt: string | null; endedAt?: string | null },
  nowMs: number,
): CampaignStatus {
  if (dates.endedAt || (dates.endsAt !== null && Date.parse(dates.endsAt) <= nowMs)) return "ended";
  return Date.parse(dates.startsAt) > nowMs ? "upcoming" : "active";
}

/** A campaign's texts in the member's language (the `campaign` call). */
export type Campaign = CallData<"campaign">[number];

/** One campaign as /user/activity shows it: its texts (by key), its rule and the member's part, or either alone. */
export interface CampaignCardData {
  /** the campaign key; for texts published without one, the texts' id */
  key: string;
  texts: Campaign | null;
  member: MemberCampaign | null;
  status: CampaignStatus;
  /** the Join form's key, when the member can join (an opt-in campaign not joined, not over) */
  joinKey: string | null;
}

/**
 * The worked example of how bets count toward a bonus's wagering: Rise and Counter indicator of
 * `stake` each after a rising round, at the site's odds, and what the platform counts of them.
 */
export interface WageringExample {
  stake: number;
  counted: number;
}

/** The locked bonus beside a main balance, with the turnover still needed (null when unknown). */
export interface LockedBonusData {
  amount: number;
  remaining: number | null;
}

export type DepositBonusOffer = Pick<DepositBonusRule, "key" | "deposits" | "percentBp" | "cap" | "wagering">;
