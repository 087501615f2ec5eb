import { errorFields, log } from "../log/log";
import type { Env } from "./env";

/**
 * Business metrics in Workers Analytics Engine (docs/deploy.md, "Logs and metrics"): one data
 * point per accepted bet, settled batch of bets, deposit request, withdrawal request and failure,
 * per site. The columns, the same for every kind, so one query reads them all:
 *
 * | column  | holds                                                                            |
 * | ------- | -------------------------------------------------------------------------------- |
 * | index1  | the siteId (Analytics Engine samples per index, so each site keeps its share)    |
 * | blob1   | the kind: `bet`, `settlement`, `deposit`, `withdrawal`, `error`                  |
 * | blob2   | the siteId                                                                       |
 * | blob3   | the account mode (`real`, `practice`); a settlement's pair; where an error arose |
 * | double1 | how many (1, or the bets a settlement settled)                                   |
 * | double2 | the amount in the currency's minor units (0 when none)                           |
 *
 * Without a METRICS binding (a test's platform that names none) nothing is written. Locally,
 * Miniflare and `wrangler dev` provide the binding and drop what is written.
 */
export type MetricKind = "bet" | "settlement" | "deposit" | "withdrawal" | "error";

export function recordMetric(
  env: Pick<Env, "METRICS">,
  kind: MetricKind,
  siteId: string | undefined,
  detail: string,
  figures: { count?: number; amount?: number } = {},
): void {
  if (!env.METRICS) return;
  const site = siteId ?? "";
  try {
    env.METRICS.writeDataPoint({
      indexes: [site],
      blobs: [kind, site, detail],
      doubles: [figures.count ?? 1, figures.amount ?? 0],
    });
  } catch (error) {
    // a metric never fails the work it counts
    log("warn", "metric not written", { kind, siteId: site, ...errorFields(error) });
  }
}
