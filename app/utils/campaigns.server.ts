import { json, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { campaignKey, type DepositBonusRule, type MemberCampaign } from "../../server/contract";
import type { BetOption } from "#rules/bet-options";
import { oddsBp } from "#rules/outcomes";
import { countedTurnover } from "#rules/wagering";
import { toLocaleId } from "~/i18n";
import {
  campaignStatus,
  turnoverStillNeeded,
  type Campaign,
  type CampaignCardData,
  type DepositBonusOffer,
  type LockedBonusData,
  type WageringExample,
} from "./campaigns";
import { minorDigits } from "#rules/units";
import { failureStatus } from "./failure-status";
import { keyAfterRefusal, newIdempotencyKey, submittedIdempotencyKey } from "./idempotency.server";
import { failureMessage, messageKey } from "./messages";

/**
 * The campaigns page's data: the texts from `campaign` (the member's language) matched by key to
 * `memberCampaigns` (what each pays and the member's part). A rule without texts still shows
 * (while it runs, or while it holds something of the member's: a locked bonus, a credit); texts
 * without a rule show as texts. Each failure is reported on its own: the other half still shows.
 */
export async function campaignCards(context: AppLoadContext) {
  const [texts, mine] = await Promise.all([
    context.platform.call("campaign", {
      params: { siteId: context.siteId },
      query: { lang: toLocaleId(context.locale) },
    }),
    context.platform.call("memberCampaigns"),
  ]);
  const nowMs = Date.now();
  const members = mine.ok ? mine.data : [];
  const byKey = new Map(members.map((m) => [m.rule.key, m]));
  const card = (key: string, t: Campaign | null, member: MemberCampaign | null): CampaignCardData => {
    // the rule's dates are what the platform pays by; texts alone keep theirs
    const status = member ? campaignStatus(member.rule, nowMs) : campaignStatus(t!, nowMs);
    const canJoin = member !== null && member.rule.optIn && !member.joined && status !== "ended";
    return { key, texts: t, member, status, joinKey: canJoin ? newIdempotencyKey() : null };
  };
  const cards: CampaignCardData[] = [];
  const shown = new Set<string>();
  for (const t of texts.ok ? texts.data : []) {
    const member = t.key === null ? null : (byKey.get(t.key) ?? null);
    if (t.key !== null) shown.add(t.key);
    cards.push(card(t.key ?? t.id, t, member));
  }
  for (const m of members) {
    if (shown.has(m.rule.key)) continue;
    const holdsSomething = m.credited > 0 || m.bonuses.some((b) => b.status === "locked");
    if (m.active || holdsSomething) cards.push(card(m.rule.key, null, m));
  }
  return {
    cards,
    textsError: texts.ok ? null : { key: messageKey(texts.code), status: texts.status },
    progressError: mine.ok ? null : { key: messageKey(mine.code), status: mine.status },
  };
}

/**
 * How bets count toward a bonus's wagering, worked out by the platform's own rule
 * (server/rules/wagering.ts) at the site's odds, so the page cannot promise other figures than
 * settlement counts: Rise and Counter indicator of 250 each in the site's money after a rising
 * round, of which only what they risk together counts.
 */
export function wageringExample(site: {
  currency: string;
  odds: Readonly<Partial<Record<BetOption, number>>>;
}): WageringExample | null {
  const { rise, counter } = site.odds;
  // a site without one of the two options has no such hedge to explain
  if (rise === undefined || counter === undefined) return null;
  const stake = 250 * 10 ** minorDigits(site.currency);
  const bets = [
    { option: "rise", amount: stake, oddsBp: oddsBp(rise) },
    { option: "counter", amount: stake, oddsBp: oddsBp(counter) },
  ] as const;
  return { stake, counted: countedTurnover(bets, 1) };
}

/**
 * Joins an opt-in campaign (the page's only form): post/redirect/get with a toast; a refusal
 * (campaign_ended, campaign_not_found…) comes back to the card it was posted from, with the same
 * idempotency key (the outcome of a failed request may be unknown).
 */
export async function joinCampaignAction(context: AppLoadContext, form: FormData) {
  const key = campaignKey.safeParse(form.get("campaign"));
  const idempotencyKey = submittedIdempotencyKey(form);
  if (!key.success)
    return json({ campaign: null, error: messageKey("campaign_not_found"), idempotencyKey }, { status: 400 });
  const result = await context.platform.call("joinCampaign", { params: { key: key.data }, body: {}, idempotencyKey });
  if (!result.ok) {
    const error = failureMessage(result, { currency: context.site.currency, locale: context.locale });
    return json(
      { campaign: key.data, error, idempotencyKey: keyAfterRefusal(result, idempotencyKey) },
      { status: failureStatus(result.status) },
    );
  }
  context.session.flashToast({ kind: "success", key: "campaign_joined" });
  return redirect("/user/activity");
}

/**
 * The member's locked bonus from their wallets, with what is left to bet: asked of
 * `memberCampaigns` only when there is a locked bonus, so a member without one costs no call.
 */
export async function lockedBonus(
  context: AppLoadContext,
  wallets: { main: { bonus: number } } | null,
): Promise<LockedBonusData | null> {
  if (!wallets || wallets.main.bonus <= 0) return null;
  const mine = await context.platform.call("memberCampaigns");
  return { amount: wallets.main.bonus, remaining: mine.ok ? turnoverStillNeeded(mine.data) : null };
}

/**
 * The deposit bonuses the member's next deposit would earn (the deposit page's one line): running,
 * taken part in (joined, or no opt-in), and for a first-deposit bonus only while the member has no
 * credited deposit. The recent deposits are the deposit page's own read (the same query, so one
 * platform call); when older deposits exist beyond them, a first-deposit bonus is not promised.
 */
export async function depositBonusOffers(context: AppLoadContext): Promise<DepositBonusOffer[]> {
  const [mine, deposits] = await Promise.all([
    context.platform.call("memberCampaigns"),
    context.platform.call("deposits", { query: { page: 1, pageSize: 5 } }),
  ]);
  if (!mine.ok) return [];
  const firstStillOpen =
    deposits.ok &&
    deposits.data.total <= deposits.data.items.length &&
    !deposits.data.items.some((d) => d.status === "credited");
  return mine.data
    .filter((m) => m.active && m.joined && m.rule.kind === "deposit_bonus")
    .map((m) => m.rule as DepositBonusRule)
    .filter((r) => r.deposits === "each" || firstStillOpen)
    .map(({ key, deposits, percentBp, cap, wagering }) => ({ key, deposits, percentBp, cap, wagering }));
}
