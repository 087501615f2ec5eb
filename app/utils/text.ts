/** The message of a field holding a control character (common namespace; the rule: server/rules/text.ts). */
export const CONTROL_CHARACTERS_KEY = "validation.control_characters";
