/**
 * Contract trading's settings as a form's fields (contract-form.server.ts reads and checks them):
 * the names alone, so the page's browser code carries no money arithmetic (tests/bench: a module
 * the game's pages share with this page would split their first JavaScript).
 */
export const CONTRACT_NUMBERS = ["feePpm", "maxFeeShareBp", "stopOutBp", "slippageBp", "maxOpenPositions"] as const;
export const CONTRACT_AMOUNTS = ["minMargin", "maxMargin", "maxNotionalPerMember", "maxNotionalPerPair"] as const;
export type ContractField =
  (typeof CONTRACT_NUMBERS)[number] | (typeof CONTRACT_AMOUNTS)[number] | "leverageOptions" | "closeOnlyPairs";

export type ContractValues = Record<Exclude<ContractField, "closeOnlyPairs">, string> & { closeOnlyPairs: string[] };
