/**
 * The options of a round (server/platform/README.md, "Game rules"), in the order every page shows
 * them: the bet panel, the quotes, the rules, a verified period's table.
 */
export const BET_OPTIONS = ["high", "low", "odd", "even", "rise", "fall", "counter", "draw"] as const;
export type BetOption = (typeof BET_OPTIONS)[number];

/** Options that cannot be held together in one period (server/platform/README.md, "Game rules"). */
export const OPPOSITES: Readonly<Record<BetOption, BetOption | null>> = {
  high: "low",
  low: "high",
  odd: "even",
  even: "odd",
  rise: "fall",
  fall: "rise",
  counter: null,
  draw: null,
};
