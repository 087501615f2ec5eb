/** The message forms' limits: the contract's (title 120, content 5000 characters). */
export const MESSAGE_LIMITS = { title: 120, content: 5000 } as const;

/** Instruction types the help page links to; an operator may publish others, reachable by `?type=`. */
export const INSTRUCTION_TYPES = ["help", "deposit", "rules"] as const;
