/**
 * Player protection's fixed terms, zod-free so a page can offer them without shipping zod to the
 * browser (the schemas that use them are in server/contract/protection.ts).
 */

export const LIMIT_KINDS = ["deposit", "loss"] as const;
/** Rolling windows: the last 24 hours, 7 days, 30 days. */
export const LIMIT_PERIODS = ["day", "week", "month"] as const;
export const LIMIT_PERIOD_HOURS: Readonly<Record<(typeof LIMIT_PERIODS)[number], number>> = {
  day: 24,
  week: 168,
  month: 720,
};
/**
 * An increase or a removal can be confirmed this long after it was asked for, and applies only
 * when confirmed; a decrease applies at once (decision 033).
 */
export const LIMIT_INCREASE_DELAY_HOURS = 24;
/** A self-exclusion past its minimum ends this long after the member asks to return (decision 033). */
export const RETURN_COOLING_HOURS = 24;

export const REALITY_CHECK_MINUTES = [15, 30, 60] as const;

/**
 * A break from play: a time-out (ends on its date), or a self-exclusion (its duration is a
 * minimum: it lasts until the member asks to return, plus RETURN_COOLING_HOURS). Neither can end early.
 */
export const BREAK_DURATIONS = {
  timeout: ["24h", "7d", "30d", "6w"],
  exclusion: ["6m", "1y", "5y"],
} as const;
