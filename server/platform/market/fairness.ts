import type { FairnessDay, PeriodProof } from "../../contract/fairness";
import { BEACON_ALGORITHM } from "#rules/beacon";
import { DAY_SECONDS, FAIRNESS_ALGORITHM, dayLabel, dayOfLabel } from "#rules/fairness-walk";
import type { BeaconChain } from "../../contract/beacon";
import { iso } from "../game/schedule";
import { chainOf, proofRounds } from "./beacon-rounds";
import { fail, ok, type Result } from "../result";
import { paramsOf, type DayRow, type PeriodRow } from "./market-rows";
import { fedPeriod } from "./exchange-feed";
import type { MarketState } from "./market-state";
import { toPeriod } from "./reads";

/** Verifiable rounds (server/platform/README.md, "Verifiable rounds"): the days' commitments and seeds, and a period's proof. */

export function toFairnessDay(symbol: string, row: DayRow, recordedUntil: number): FairnessDay {
  const end = (row.day + 1) * DAY_SECONDS;
  return {
    pair: symbol,
    day: dayLabel(row.day),
    algorithm: row.algorithm === FAIRNESS_ALGORITHM ? FAIRNESS_ALGORITHM : BEACON_ALGORITHM,
    beacon: chainOf(row) satisfies BeaconChain | null,
    commitment: row.commitment,
    committedAt: new Date(row.committed_at).toISOString(),
    // revealed once the day's last period is recorded: its close is the tick at midnight
    seed: recordedUntil >= end ? row.seed : null,
    revealAt: iso(end),
    ...paramsOf(row),
  };
}

/** fairnessDays: newest first (tomorrow's commitment, today's, then past days with their seeds). */
export function fairnessDays(
  m: MarketState,
  symbol: string,
  q: { limit: number; before?: string },
): Result<FairnessDay[]> {
  const pair = m.live(symbol);
  if (!pair) return fail(400, "invalid_trading_pair");
  const before = q.before === undefined ? Number.MAX_SAFE_INTEGER : dayOfLabel(q.before);
  if (Number.isNaN(before)) return fail(400, "invalid_parameters");
  const recordedUntil = m.feedRow().recorded_until;
  const rows = m.sql
    .exec<DayRow>("SELECT * FROM days WHERE day < ? ORDER BY day DESC LIMIT ?", before, q.limit)
    .toArray();
  return ok(rows.map((row) => toFairnessDay(symbol, row, recordedUntil)));
}

/** periodProof: an ended period with its day, the period before, its stalled seconds and its kept ticks. */
export function periodProof(m: MarketState, symbol: string, periodNo: string): Result<PeriodProof> {
  const pair = m.live(symbol);
  if (!pair) return fail(400, "invalid_trading_pair");
  const row = m.sql
    .exec<PeriodRow>("SELECT * FROM periods WHERE period_no = ? AND close_price IS NOT NULL", periodNo)
    .toArray()[0];
  const day = row ? m.dayRow(Math.floor(row.start / DAY_SECONDS)) : undefined;
  if (!row || !day) return fail(400, "invalid_period");
  // the gaps from when betting on the period opened (the previous period's start): any of them
  // voids it (voidReasonOf); only those from start + 1 skip one of its own ticks
  const first = row.start - (row.end_at - row.start) + 1;
  const gaps = m.sql
    .exec<{ start: number; end_at: number }>(
      "SELECT start, end_at FROM gaps WHERE end_at >= ? AND start <= ? ORDER BY start",
      first,
      row.end_at,
    )
    .toArray()
    .map((g): [number, number] => [Math.max(g.start, first), Math.min(g.end_at, row.end_at)]);
  const inGap = (second: number) => gaps.some(([a, b]) => second >= a && second <= b);
  const ticks = m.sql
    .exec<{ second: number; price: number }>(
      "SELECT second, price FROM ticks WHERE second >= ? AND second <= ? ORDER BY second",
      row.start + 1,
      row.end_at,
    )
    .toArray()
    .filter((t) => !inGap(t.second))
    .map((t) => ({ second: t.second, price: t.price }));
  const previous = m.sql
    .exec<PeriodRow>(
      "SELECT * FROM periods WHERE start < ? AND close_price IS NOT NULL ORDER BY start DESC LIMIT 1",
      row.start,
    )
    .toArray()[0];
  const chain = chainOf(day);
  const rounds = chain ? proofRounds(m, chain, row.start + 1, row.end_at) : [];
  return ok({
    day: toFairnessDay(symbol, day, m.feedRow().recorded_until),
    period: toPeriod(m, symbol, row),
    previous: previous ? toPeriod(m, symbol, previous) : null,
    gaps,
    ticks,
    // a fed period is no walk: its open and close are the exchange's trades, named here (exchange-feed.ts)
    attestation: fedPeriod(m, row.start),
    rounds,
  });
}
