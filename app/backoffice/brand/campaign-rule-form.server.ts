import {
  depositBonusRule,
  rebateRule,
  siteConfigPatch,
  type CampaignRule,
  type SiteConfigPatch,
  type SiteInfo,
} from "../../../server/contract";
import { decimalString, minorDigits, parseAmount } from "#rules/units";
import { campaignStatus } from "../../utils/campaigns";
import type { RuleError, RuleKind, RuleValues } from "./campaign-rule-fields";
import { listVersion } from "./list-version";

/**
 * What a campaign pays (site info's `campaignRules`) as a plain form, and the `operatorPutSite`
 * patch a change makes. The rule that governs editing: a campaign's terms are what members were
 * told when they joined or deposited, so a rule can be written until it starts and not after; a
 * running one can only be ended (End now), and a new rule with a new key takes its place. A new
 * or edited rule cannot start in the past, for the same reason. Every draft is checked with the
 * contract's own schema before anything is sent; the platform checks again.
 */

/** `2026-11-27T09:30` (the form's UTC minutes) from an ISO time, and back. */
const toField = (iso: string | null) => (iso ? iso.slice(0, 16) : "");
const fromField = (text: string): string | null =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text) && Number.isFinite(Date.parse(`${text}:00Z`))
    ? new Date(`${text}:00Z`).toISOString()
    : null;

/** The next whole minute after `nowMs`, as the form writes it: a new rule's start by default. */
const nextMinute = (nowMs: number) => toField(new Date(Math.ceil((nowMs + 1) / 60_000) * 60_000).toISOString());

export function newRuleValues(kind: RuleKind, nowMs: number): RuleValues {
  return {
    kind,
    key: "",
    isNew: true,
    optIn: false,
    startsAt: nextMinute(nowMs),
    endsAt: "",
    cap: "",
    percent: "",
    deposits: "first",
    wagering: "0",
    period: "day",
    rounds: "",
  };
}

export function ruleValues(rule: CampaignRule, currency: string): RuleValues {
  return {
    kind: rule.kind,
    key: rule.key,
    isNew: false,
    optIn: rule.optIn,
    startsAt: toField(rule.startsAt),
    endsAt: toField(rule.endsAt),
    cap: decimalString(rule.cap, minorDigits(currency)),
    percent: decimalString(rule.percentBp, 2),
    deposits: rule.kind === "deposit_bonus" ? rule.deposits : "first",
    wagering: rule.kind === "deposit_bonus" ? String(rule.wagering) : "0",
    period: rule.kind === "rebate" ? rule.period : "day",
    rounds: rule.kind === "rebate" && rule.rounds > 0 ? String(rule.rounds) : "",
  };
}

/** A rule may be written while it has not started (and was not ended). */
export const editable = (rule: CampaignRule, nowMs: number) => campaignStatus(rule, nowMs) === "upcoming";

export type RuleDraft =
  { ok: true; rule: CampaignRule; values: RuleValues } | { ok: false; values: RuleValues; errors: RuleError[] };

const whole = (text: string) => (/^\d{1,9}$/.test(text) ? Number(text) : Number.NaN);

/**
 * The rule a submitted form describes, or what it got wrong (nothing is sent then). `editing`: the
 * rule being edited (its key and kind are kept whatever the form says), null when one is added.
 */
export function ruleDraftOf(
  form: FormData,
  site: SiteInfo,
  editing: CampaignRule | null,
  kindAsked: RuleKind,
  nowMs: number,
): RuleDraft {
  const str = (name: string) => String(form.get(name) ?? "").trim();
  const kind = editing?.kind ?? kindAsked;
  const values: RuleValues = {
    kind,
    key: editing?.key ?? str("key"),
    isNew: editing === null,
    optIn: form.get("optIn") === "on",
    startsAt: str("startsAt"),
    endsAt: str("endsAt"),
    cap: str("cap"),
    percent: str("percent"),
    deposits: str("deposits") === "each" ? "each" : "first",
    wagering: str("wagering"),
    period: str("period") === "week" ? "week" : str("period") === "rounds" ? "rounds" : "day",
    rounds: str("rounds"),
  };
  const errors = new Set<RuleError>();
  if (editing === null && site.campaignRules.some((r) => r.key === values.key)) errors.add("key_taken");
  const startsAt = fromField(values.startsAt);
  const endsAt = values.endsAt === "" ? null : fromField(values.endsAt);
  if (startsAt === null) errors.add("starts_at");
  else if (Date.parse(startsAt) < nowMs - 60_000) errors.add("starts_past");
  if (values.endsAt !== "" && endsAt === null) errors.add("ends_at");
  else if (startsAt !== null && endsAt !== null && Date.parse(endsAt) <= Date.parse(startsAt))
    errors.add("ends_before_start");
  // a percent with at most two decimals is a whole number of basis points
  const percentBp = parseAmount(values.percent, 2);
  const raw = {
    kind,
    key: values.key,
    optIn: values.optIn,
    startsAt: startsAt ?? "",
    endsAt,
    endedAt: null,
    cap: parseAmount(values.cap, minorDigits(site.currency)) ?? Number.NaN,
    percentBp: percentBp ?? Number.NaN,
    ...(kind === "deposit_bonus"
      ? { deposits: values.deposits, wagering: whole(values.wagering) }
      : { period: values.period, rounds: values.period === "rounds" ? whole(values.rounds) : 0 }),
  };
  // the kind's own schema, so each refusal names its field (the union of both would name none)
  const parsed = (kind === "deposit_bonus" ? depositBonusRule : rebateRule).safeParse(raw);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "");
      if (field === "key") errors.add("key");
      else if (field === "cap") errors.add("cap");
      else if (field === "percentBp") errors.add("percent");
      else if (field === "wagering") errors.add("wagering");
      else if (field === "rounds") errors.add("rounds");
      else if (field === "startsAt" && startsAt !== null) errors.add("starts_at");
    }
  if (!parsed.success || errors.size > 0) return { ok: false, values, errors: [...errors] };
  return { ok: true, rule: parsed.data, values };
}

/** The patch that saves a rule: in place when it is edited, last when it is added; the others as they are. */
export function saveRulePatch(site: SiteInfo, rule: CampaignRule): SiteConfigPatch | null {
  const exists = site.campaignRules.some((r) => r.key === rule.key);
  const campaignRules = exists
    ? site.campaignRules.map((r) => (r.key === rule.key ? rule : r))
    : [...site.campaignRules, rule];
  const checked = siteConfigPatch.safeParse({ campaignRules });
  return checked.success ? checked.data : null;
}

/** What the rules were when the form was drawn (list-version.ts): an End now meanwhile counts too. */
export const rulesVersion = (site: SiteInfo): string => listVersion(site.campaignRules);
