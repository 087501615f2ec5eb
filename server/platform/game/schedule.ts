/**
 * The period schedule (server/platform/README.md, "Game rules"): periods are aligned to the UTC day
 * in `periodSeconds` steps and numbered YYYYMMDD + the index in the day from 0001. The contract
 * requires a period that divides the day, so no period straddles midnight. Times in seconds.
 *
 * Bets on a period are taken before it starts: while period N−1 runs, members bet on period N,
 * and betting on N closes `cutoffSeconds` before N starts. So when a bet is accepted, nothing that
 * decides it exists yet: N's open is the price at N's start and its close the price at N's end,
 * both after the cut-off. (The rule before it took bets on the running period against its known
 * open until a cut-off before its end, and a script that bet the side the price already stood on
 * won 11 of 11: never go back to it.)
 */
import { DAY_SECONDS } from "#rules/fairness-walk";

export interface Slot {
  periodNo: string;
  start: number;
  /** betting on this period closes at this second: `cutoffSeconds` before its start */
  cutoff: number;
  end: number;
}

function ymd(daySecond: number): string {
  const d = new Date(daySecond * 1000);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, "0")}${String(d.getUTCDate()).padStart(2, "0")}`;
}

/** The period that second `t` belongs to (the one running at `t`). */
export function slotAt(t: number, periodSeconds: number, cutoffSeconds: number): Slot {
  const day = Math.floor(t / DAY_SECONDS) * DAY_SECONDS;
  const index = Math.floor((t - day) / periodSeconds);
  const start = day + index * periodSeconds;
  const end = Math.min(start + periodSeconds, day + DAY_SECONDS);
  return {
    periodNo: `${ymd(day)}${String(index + 1).padStart(4, "0")}`,
    start,
    cutoff: start - cutoffSeconds,
    end,
  };
}

/**
 * The period that takes bets at second `t`: the one starting when the running one ends. Its
 * parameters are those of its own day (`paramsOf`), since a new day's schedule starts at
 * midnight. `open` is false during the last `cutoffSeconds` before it starts: then no period
 * takes bets.
 */
export function bettingSlot(
  t: number,
  paramsOf: (second: number) => { periodSeconds: number; cutoffSeconds: number },
): { slot: Slot; open: boolean } {
  const running = paramsOf(t);
  const runningEnd = slotAt(t, running.periodSeconds, running.cutoffSeconds).end;
  const next = paramsOf(runningEnd);
  const slot = slotAt(runningEnd, next.periodSeconds, next.cutoffSeconds);
  return { slot, open: t < slot.cutoff };
}

/** Whether a period starts (and the one before ends) at second `t`. */
export const isBoundary = (t: number, periodSeconds: number): boolean => (t % DAY_SECONDS) % periodSeconds === 0;

export const iso = (second: number): string => new Date(second * 1000).toISOString();
