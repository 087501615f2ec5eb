import { BEACON_ALGORITHM, roundOf, roundTime, type BeaconClock } from "#rules/beacon";
import { DAY_SECONDS, tickSlot } from "#rules/fairness-walk";
import type { BeaconChain, BeaconRound } from "../../contract/beacon";
import { randomnessOf } from "../../contract/beacon-signature";
import { BACKFILL_SECONDS, ROUND_GRACE_SECONDS, verified } from "../beacon/source";
import type { DayRow } from "./market-rows";
import type { MarketState } from "./market-state";

/**
 * The beacon rounds a pair's feed mixes in (decision 031): which rounds its next seconds need,
 * which of them are in hand, how far the feed may be recorded now, and the rounds a proof carries.
 *
 * The rule that decides when a second is recorded: the tick of second s needs round roundOf(s).
 * With that round in hand (fetched and verified, or signed by the local beacon) the tick is drawn;
 * without it the market waits until ROUND_GRACE_SECONDS after the round's time, then records s as
 * a gap ("beacon"), which voids every period it touches (recorder.ts voidReasonOf). A round that
 * comes after that changes nothing: a recorded gap stays a gap.
 */

/** Rounds are kept three days: a day's seed is revealed after its end, so a proof of yesterday still has its rounds. */
export const ROUND_KEEP_SECONDS = 3 * DAY_SECONDS;

/** A walk-2 day's chain, or null for a walk-1 day. */
export function chainOf(row: DayRow): BeaconChain | null {
  return row.algorithm === BEACON_ALGORITHM && row.beacon !== null ? (JSON.parse(row.beacon) as BeaconChain) : null;
}

export function storedSignature(m: MarketState, round: number): string | null {
  return (
    m.sql.exec<{ signature: string }>("SELECT signature FROM beacon_rounds WHERE round = ?", round).toArray()[0]
      ?.signature ?? null
  );
}

export function storeRound(m: MarketState, round: number, signature: string): void {
  m.sql.exec("INSERT OR IGNORE INTO beacon_rounds (round, signature) VALUES (?, ?)", round, signature);
}

/**
 * Walks the seconds `from` … `to` and answers the last one the feed may record at `nowMs`, with
 * the randomness of every round in hand for them. The local beacon signs what is due on the way.
 */
export function roundsFor(
  m: MarketState,
  from: number,
  to: number,
  nowMs: number,
  dayOf: (day: number) => DayRow,
): { ready: number; randomness: Map<number, string> } {
  const randomness = new Map<number, string>();
  const now = Math.floor(nowMs / 1000);
  let checked = 0;
  let currentDay = Number.NaN;
  let chain: BeaconClock | null = null;
  for (let s = from; s <= to; s++) {
    const { day } = tickSlot(s);
    if (day !== currentDay) {
      currentDay = day;
      chain = chainOf(dayOf(day));
    }
    if (!chain) continue;
    const round = roundOf(s, chain);
    if (round === checked) continue;
    checked = round;
    let signature = storedSignature(m, round);
    if (signature === null && m.beacon().sign) {
      signature = m.beacon().sign!(round, nowMs);
      if (signature !== null) storeRound(m, round, signature);
    }
    if (signature !== null) randomness.set(round, randomnessOf(signature));
    // not in hand and still within its grace: the feed stops before this round's first second
    else if (now < roundTime(round, chain) + ROUND_GRACE_SECONDS) return { ready: s - 1, randomness };
  }
  return { ready: to, randomness };
}

/**
 * Fetches (drand) the rounds the feed needs after `recordedUntil` up to now, at most
 * BACKFILL_SECONDS back, the newest last. Runs outside any transaction (the alarm, before it
 * catches up). A round is stored only once its signature verifies against the source's chain: a
 * forged or garbled one is as good as missing.
 */
export async function fetchRounds(m: MarketState, recordedUntil: number, nowMs: number): Promise<void> {
  const source = m.beacon();
  if (!source.fetch) return;
  const now = Math.floor(nowMs / 1000);
  const chain = source.chain;
  const first = roundOf(Math.max(recordedUntil + 1, now - BACKFILL_SECONDS), chain);
  const wanted: number[] = [];
  for (let round = first; roundTime(round, chain) <= now; round++) {
    if (storedSignature(m, round) === null) wanted.push(round);
  }
  const fetched = await Promise.all(wanted.map(async (round) => [round, await source.fetch!(round)] as const));
  for (const [round, signature] of fetched) {
    if (signature !== null && verified(chain, round, signature)) storeRound(m, round, signature);
  }
}

/** The rounds of the seconds `from` … `to` that are in hand, for a proof. */
export function proofRounds(m: MarketState, chain: BeaconClock, from: number, to: number): BeaconRound[] {
  if (to < from) return [];
  return m.sql
    .exec<{ round: number; signature: string }>(
      "SELECT round, signature FROM beacon_rounds WHERE round >= ? AND round <= ? ORDER BY round",
      roundOf(from, chain),
      roundOf(to, chain),
    )
    .toArray()
    .map((r) => ({ round: r.round, signature: r.signature, randomness: randomnessOf(r.signature) }));
}

export function pruneRounds(m: MarketState, target: number): void {
  const chain = m.beacon().chain;
  m.sql.exec("DELETE FROM beacon_rounds WHERE round < ?", roundOf(target - ROUND_KEEP_SECONDS, chain));
}
