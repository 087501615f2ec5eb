/**
 * Control characters, as the contract defines them (server/contract/text.ts): C0 except newline
 * and tab, DEL and C1. The platform refuses text holding one; the forms say so at the field first.
 */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

export const hasNoControlCharacters = (value: string) => !CONTROL_CHARACTERS.test(value);

/** The message of a field holding a control character (common namespace). */
export const CONTROL_CHARACTERS_KEY = "validation.control_characters";
