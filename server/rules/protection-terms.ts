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
/** An increase or a removal applies this long after it was asked for; a decrease at once. */
export const LIMIT_INCREASE_DELAY_HOURS = 24;

export const REALITY_CHECK_MINUTES = [15, 30, 60] as const;

/** A break from play: a time-out, or a self-exclusion (longer; neither can end early). */
export const BREAK_DURATIONS = {
  timeout: ["24h", "7d", "30d", "6w"],
  exclusion: ["6m", "1y", "5y"],
} as const;
