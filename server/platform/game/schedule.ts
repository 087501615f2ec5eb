/**
 * The period schedule (server/platform/README.md, "Game rules"): periods are aligned to the UTC day
 * in `periodSeconds` steps and numbered YYYYMMDD + the index in the day from 0001. A day that is
 * not a whole number of periods ends with a shorter one, so every day starts a fresh schedule.
 * Times in seconds.
 */

export const DAY_SECONDS = 86_400;

export interface Slot {
  periodNo: string;
  start: number;
  /** betting closes at this second (start when the period is shorter than the cut-off) */
  cutoff: number;
  end: number;
}

function ymd(daySecond: number): string {
  const d = new Date(daySecond * 1000);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, "0")}${String(d.getUTCDate()).padStart(2, "0")}`;
}

/** The period that second `t` belongs to. */
export function slotAt(t: number, periodSeconds: number, cutoffSeconds: number): Slot {
  const day = Math.floor(t / DAY_SECONDS) * DAY_SECONDS;
  const index = Math.floor((t - day) / periodSeconds);
  const start = day + index * periodSeconds;
  const end = Math.min(start + periodSeconds, day + DAY_SECONDS);
  return {
    periodNo: `${ymd(day)}${String(index + 1).padStart(4, "0")}`,
    start,
    cutoff: Math.max(start, end - cutoffSeconds),
    end,
  };
}

/** Whether a period starts (and the one before ends) at second `t`. */
export const isBoundary = (t: number, periodSeconds: number): boolean => (t % DAY_SECONDS) % periodSeconds === 0;

export const iso = (second: number): string => new Date(second * 1000).toISOString();
