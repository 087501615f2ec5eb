import type { PairAction, PairConfig, VoidReason } from "../../contract/game";
import { DAY_SECONDS } from "#rules/fairness-walk";
import { readsAsAssetPair } from "#rules/pair-names";
import { exchangeSource } from "./exchange-feed";
import { bettingSlot, iso, slotAt } from "../game/schedule";
import { fail, ok, type Result } from "../result";
import { paramsOf, sameParams, type DayRow } from "./market-rows";
import type { MarketState } from "./market-state";
import { pairInfoOf as info, type PairInfo } from "./pairs";
import { catchUp, create } from "./recorder";

/**
 * An operator's configuration of the pair (operatorPutPair), the periods a pause or a resume
 * voids, and the pair's own audit log of what operators did to it.
 */

/**
 * operatorPutPair's answer: the pair as it runs now, when the rest of the change applies, and the
 * periods the change voided (their betting had closed when it happened).
 */
export type ConfiguredPair = PairInfo & { changesFrom: string | null; voided: string[] };

/** One entry of the pair's audit log. */
export interface PairAuditEntry {
  at: string;
  actor: string;
  action: PairAction;
  details: Record<string, string | number | boolean | null>;
}

/**
 * operatorPutPair: create the pair (at once), or change it. `paused` and `name` apply at once;
 * the feed's parameters (volatility, precision, period, cut-off) apply from the first day whose
 * seed is committed after the change, because a day's parameters are frozen with its seed: an
 * operator who saw tomorrow's seed could otherwise choose tomorrow's volatility knowing the
 * walk. The market has already committed today's and tomorrow's seeds (catchUp), so a change
 * made on day D applies from D+2 00:00 UTC (changesFrom); the period boundary at midnight is the
 * switch, as periods divide a day.
 */
export function configure(
  m: MarketState,
  symbol: string,
  config: PairConfig,
  actor = "operator",
  by: { id: string; name: string } | null = null,
): Result<ConfiguredPair> {
  // the operator who acted, by registry id and name (server/platform/README.md, "Operators")
  const who: PairAuditEntry["details"] = by ? { operatorId: by.id, operatorName: by.name } : {};
  const existing = m.stored();
  if (existing && existing.symbol !== symbol) return fail(400, "invalid_trading_pair");
  // price sources (docs/decisions/032): a synthetic pair is named as one; an exchange-fed pair's
  // cut-off stays above its feed's accepted staleness
  const source = existing ? exchangeSource(m) : null;
  if (!source && readsAsAssetPair(config.name)) return fail(400, "pair_name_reads_as_asset");
  if (source && config.cutoffSeconds <= source.maxStaleSeconds) return fail(400, "feed_cutoff_too_short");
  const nowMs = Date.now();
  const now = Math.floor(nowMs / 1000);
  return m.atomically(() => {
    if (!existing) {
      create(m, symbol, config, nowMs);
      audit(m, actor, "pair_created", { paused: config.paused, ...who }, nowMs);
      return ok({ ...info(symbol, config.name, config), changesFrom: null, voided: [] });
    }
    catchUp(m, existing, nowMs);
    m.sql.exec("UPDATE config SET config = ?, updated_at = ? WHERE id = 1", JSON.stringify(config), iso(now));
    // the operator now holds the pause: the feed no longer lifts one it made (exchange-link.ts)
    m.sql.exec("UPDATE feed_link SET paused_by_feed = NULL WHERE id = 1");
    // A pause or a resume applies at once, so it touches the periods whose betting has closed
    // and which have not ended: they are void. (A resumed feed draws again from the next second;
    // the stalled seconds stay a recorded gap.)
    const action = existing.config.paused === config.paused ? null : config.paused ? "pair_paused" : "pair_resumed";
    const voided = action ? voidClosedPeriods(m, action, now) : [];
    const newest = m.sql.exec<DayRow>("SELECT * FROM days ORDER BY day DESC LIMIT 1").one();
    const changesFrom = sameParams(paramsOf(newest), config) ? null : iso((newest.day + 1) * DAY_SECONDS);
    audit(
      m,
      actor,
      action ?? "pair_configured",
      { voided: voided.join(",") || null, changesFrom, name: config.name, ...who },
      nowMs,
    );
    return ok({
      ...info(symbol, config.name, m.paramsAt(now), source ? "exchange" : "synthetic"),
      changesFrom,
      voided,
    });
  });
}

/**
 * Voids every period whose betting has closed by second `now` and which has not ended: the
 * running one (its betting closed before it started) and the next one once its cut-off has
 * passed. Returns their numbers. Only a pause or a resume can reach them: every other change
 * waits for a day whose seed is committed after it, and bets on that day's first period open
 * long after.
 */
export function voidClosedPeriods(m: MarketState, reason: VoidReason, now: number): string[] {
  const running = slotAt(now, m.paramsAt(now).periodSeconds, m.paramsAt(now).cutoffSeconds);
  const { slot: next } = bettingSlot(now, (second) => m.paramsAt(second));
  const touched = [running, next].filter((slot) => slot.cutoff <= now && now < slot.end);
  for (const slot of touched) {
    m.sql.exec(
      "INSERT OR IGNORE INTO voids (start, period_no, reason, at) VALUES (?, ?, ?, ?)",
      slot.start,
      slot.periodNo,
      reason,
      now,
    );
  }
  return touched.map((slot) => slot.periodNo);
}

export function audit(
  m: MarketState,
  actor: string,
  action: PairAction,
  details: PairAuditEntry["details"],
  nowMs: number,
): void {
  m.sql.exec(
    "INSERT INTO pair_audit (at, actor, action, details) VALUES (?, ?, ?, ?)",
    new Date(nowMs).toISOString(),
    actor,
    action,
    JSON.stringify(details),
  );
}

/** The pair's audit log, newest first. */
export function pairAudit(m: MarketState, symbol: string, q: { limit: number }): Result<PairAuditEntry[]> {
  if (m.stored()?.symbol !== symbol && !m.ensure(symbol)) return fail(400, "invalid_trading_pair");
  const rows = m.sql
    .exec<{ at: string; actor: string; action: PairAction; details: string }>(
      "SELECT at, actor, action, details FROM pair_audit ORDER BY seq DESC LIMIT ?",
      q.limit,
    )
    .toArray();
  return ok(
    rows.map((r) => ({
      at: r.at,
      actor: r.actor,
      action: r.action,
      details: JSON.parse(r.details) as PairAuditEntry["details"],
    })),
  );
}
