import {
  siteInfo,
  themeProblems,
  type FailureData,
  type MessageCode,
  type SiteConfigPatch,
  type SiteInfo,
} from "../../contract";
import { feeShareRefusal } from "./fee-share";

type Config = Omit<SiteInfo, "siteId">;

/**
 * Rules across fields that the per-field contract schema cannot state. A config that breaks one
 * would let the site offer a form nobody can submit (min above max, a default language not offered).
 */
function crossFieldProblems(c: SiteInfo): string[] {
  const problems: string[] = [];
  const ranges: [string, number, number][] = [
    ["bet", c.minBetAmount, c.maxBetAmount],
    ["deposit", c.minDepositAmount, c.maxDepositAmount],
    ["withdraw", c.minWithdrawAmount, c.maxWithdrawAmount],
    ["transfer", c.minTransferAmount, c.maxTransferAmount],
  ];
  for (const [name, min, max] of ranges) if (min > max) problems.push(`${name}: min above max`);
  if (c.defaultLanguage !== "" && !c.langOptions.includes(c.defaultLanguage)) {
    problems.push("defaultLanguage not in langOptions");
  }
  if (new Set(c.games.map((g) => g.code)).size !== c.games.length) problems.push("duplicate game code");
  if (new Set(c.depositOptions.map((o) => o.id)).size !== c.depositOptions.length) {
    problems.push("duplicate deposit option id");
  }
  // a campaign's key ties its rule to its texts and names its ledger operations: one rule per key
  if (new Set(c.campaignRules.map((r) => r.key)).size !== c.campaignRules.length)
    problems.push("duplicate campaign rule key");
  for (const r of c.campaignRules) {
    if (r.endsAt !== null && Date.parse(r.endsAt) <= Date.parse(r.startsAt))
      problems.push(`campaign ${r.key}: endsAt not after startsAt`);
  }
  const scaled = c.withdrawFeeRatio * 10_000;
  if (Math.abs(scaled - Math.round(scaled)) > 1e-6) {
    problems.push("withdrawFeeRatio has more than 4 decimal places");
  }
  return problems;
}

/**
 * Why an operator's patch cannot be stored: a theme whose colours fail WCAG AA says which pairs
 * (theme_contrast_too_low, each failing pair a line); contract settings with a leverage whose fees
 * take too much of the margin say which leverages and how much (leverage_fees_too_high); any other
 * invalid result is invalid_parameters with what broke (schema paths or cross-field rules), kept
 * from the envelope (the code says enough). `data` is what goes back to the operator.
 */
export type ConfigRefusal = { code: MessageCode; problems: string[]; data?: FailureData };

/** Merge an operator's patch over the current config: the new site, or why it is refused. */
export function mergeSiteConfig(
  siteId: string,
  current: Config,
  patch: SiteConfigPatch,
): { ok: true; site: SiteInfo } | ({ ok: false } & ConfigRefusal) {
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const parsed = siteInfo.safeParse({ ...current, ...defined, siteId });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "config"}: ${i.message}`);
    // refused for its fees alone (e.g. a new fee that a stored leverage does not fit): the operator is told which leverages
    const fees = feeShareRefusal(parsed);
    if (fees) return { ok: false, code: fees.message, problems, data: fees.data };
    return { ok: false, code: "invalid_parameters", problems };
  }
  // checked on the merged theme: the stored one is valid, so a patch can only break what it names
  const contrast = themeProblems(parsed.data.theme);
  if (contrast.length > 0)
    return { ok: false, code: "theme_contrast_too_low", problems: contrast, data: { problems: contrast } };
  const rules = crossFieldProblems(parsed.data);
  if (rules.length > 0) return { ok: false, code: "invalid_parameters", problems: rules };
  return { ok: true, site: parsed.data };
}
