/** Instruction types the help page links to; an operator may publish others, reachable by `?type=`. */
export const INSTRUCTION_TYPES = ["help", "deposit", "rules"] as const;
