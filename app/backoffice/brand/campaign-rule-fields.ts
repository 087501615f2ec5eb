/**
 * The campaign rule form's fields (brand › content › campaigns, `content/rule`): what the page
 * draws, with no schema here so the page's JavaScript stays small. Reading a form into a rule and
 * the patch it makes are campaign-rule-form.server.ts's.
 */

export const RULE_KINDS = ["deposit_bonus", "rebate"] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

/** The form's fields as typed: dates in UTC (`YYYY-MM-DDTHH:MM`), money and percent as decimals. */
export interface RuleValues {
  kind: RuleKind;
  key: string;
  /** true: the rule is added (its key is chosen now); false: one not started yet is edited */
  isNew: boolean;
  optIn: boolean;
  startsAt: string;
  endsAt: string;
  cap: string;
  percent: string;
  deposits: "first" | "each";
  wagering: string;
  period: "day" | "week" | "rounds";
  rounds: string;
}

/** What the form can get wrong, each said at its field. */
export const RULE_ERRORS = [
  "key",
  "key_taken",
  "starts_at",
  "starts_past",
  "ends_at",
  "ends_before_start",
  "cap",
  "percent",
  "wagering",
  "rounds",
] as const;
export type RuleError = (typeof RULE_ERRORS)[number];

export const ruleKindOf = (value: string | null): RuleKind | null =>
  RULE_KINDS.includes(value as RuleKind) ? (value as RuleKind) : null;
