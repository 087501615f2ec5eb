import type { z } from "zod";
import { DEFAULT_MAX_FEE_SHARE_BP, feeShareBreachOf, type ContractSettings } from "../../contract";
import { feeShareFits, feeSharePpm, highestLeverageWithin } from "#rules/position-math";
import type { Failure } from "../result";

/**
 * The fee share on the platform (server/platform/README.md, "Contract trading"): how an operator's
 * settings refused for their fees are answered, and what a site offers from settings stored
 * before the rule. The rule itself is server/rules/position-math.ts (the schema's check: contract/positions.ts).
 */

/**
 * The answer to contract settings refused for their fees alone: leverage_fees_too_high, with the
 * lowest leverage refused in figures (data.feeShare), a line per leverage refused and one saying
 * the highest that fits (data.problems). Null when nothing, or anything else, is wrong: a config
 * broken in other ways too is invalid_parameters, whose problems come first. Used where the
 * operator's body is read (router.ts) and where it is merged over the stored config (config.ts).
 */
export function feeShareRefusal(parsed: z.SafeParseReturnType<unknown, unknown>): Failure | null {
  if (parsed.success) return null;
  const breaches = parsed.error.issues.map(feeShareBreachOf);
  const [lowest] = breaches;
  if (!lowest || breaches.some((b) => b === null)) return null;
  const highest = highestLeverageWithin(lowest.sharePpm / (2 * lowest.leverage), lowest.maxPpm / 100);
  const problems = [
    ...parsed.error.issues.map((i) => i.message),
    highest >= 1
      ? `at this fee the highest leverage that fits is ${highest}×`
      : "at this fee not even 1× fits: lower the fee or raise maxFeeShareBp",
  ];
  return { ok: false, statusCode: 400, message: "leverage_fees_too_high", data: { problems, feeShare: lowest } };
}

/** Contract settings as a site object may hold them: stored before `maxFeeShareBp` existed, it is absent. */
export type StoredContractSettings = Omit<ContractSettings, "maxFeeShareBp"> & { maxFeeShareBp?: number };

/** What a site offers from its stored settings, and what reading them changed (nothing, for any site stored since). */
export interface OfferedContractSettings {
  settings: ContractSettings;
  /** stored leverages no longer offered: their fees take more of the margin than the site allows */
  dropped: number[];
  /** pairs made close-only because no stored leverage was left to offer */
  closed: string[];
}

/**
 * The settings a site offers, from what it stored. Every operator change since the fee share
 * existed passed the rule (server/platform/README.md, "Contract trading", settings stored before
 * the fee share); a site stored before it gets the default share, and a stored leverage that
 * breaks it is no longer offered: site info leaves it out, so the ticket never shows it and an
 * open at it is refused as leverage_not_offered. Open positions keep the terms they opened with.
 * When no stored leverage fits, nothing new can open: every pair of the site becomes close-only
 * and 1× stands in the list (site info needs one leverage); in the one case where even 1× breaks
 * the share (a fee above half of it), the share is raised to what 1× takes, which changes nothing
 * while every pair is close-only. The stored row is left as it was; the operator's next change
 * stores what is offered.
 */
export function offeredContractSettings(
  stored: StoredContractSettings,
  pairs: readonly string[],
): OfferedContractSettings {
  const maxFeeShareBp = stored.maxFeeShareBp ?? DEFAULT_MAX_FEE_SHARE_BP;
  const fair = stored.leverageOptions.filter((l) => feeShareFits(l, stored.feePpm, maxFeeShareBp));
  const dropped = stored.leverageOptions.filter((l) => !fair.includes(l));
  if (fair.length > 0) return { settings: { ...stored, maxFeeShareBp, leverageOptions: fair }, dropped, closed: [] };
  const closed = pairs.filter((p) => !stored.closeOnlyPairs.includes(p));
  return {
    settings: {
      ...stored,
      leverageOptions: [1],
      maxFeeShareBp: feeShareFits(1, stored.feePpm, maxFeeShareBp)
        ? maxFeeShareBp
        : Math.floor((feeSharePpm(1, stored.feePpm) + 99) / 100),
      closeOnlyPairs: [...stored.closeOnlyPairs, ...closed],
    },
    dropped,
    closed,
  };
}

/** The platform's log line for a site whose stored settings were not offered as stored, or null. */
export function offeredSettingsNote(
  siteId: string,
  stored: StoredContractSettings,
  offered: OfferedContractSettings,
): string | null {
  if (offered.dropped.length === 0) return null;
  const limit = stored.maxFeeShareBp ?? DEFAULT_MAX_FEE_SHARE_BP;
  const leverages = offered.dropped.map((l) => `${l}×`).join(", ");
  const closed = offered.closed.length > 0 ? `; no leverage fits, so ${offered.closed.join(", ")} are close-only` : "";
  return (
    `contract settings of ${siteId}: stored leverages ${leverages} take more than ${limit} bp of the margin ` +
    `in opening and closing fees at ${stored.feePpm} ppm and are not offered${closed} (until the operator's next change stores this)`
  );
}
