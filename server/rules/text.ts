/**
 * Control characters: C0 except newline and tab (so "\r" too: a form's "\r\n" is sent as "\n"),
 * DEL and C1. They are never part of a member's or an operator's text: they cannot be typed, a
 * page cannot show them, and in a header or a log they are an injection. The platform refuses
 * text holding one (server/contract/text.ts); the site's forms say so at the field first.
 */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

export const hasNoControlCharacters = (value: string) => !CONTROL_CHARACTERS.test(value);
