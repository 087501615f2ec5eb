import { z } from "zod";

/**
 * Control characters: C0 except newline and tab (so "\r" too: a form's "\r\n" is sent as "\n"),
 * DEL and C1. They are never part of a member's or an operator's text: they cannot be typed, a
 * page cannot show them, and in a header or a log they are an injection.
 */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

export const hasNoControlCharacters = (value: string) => !CONTROL_CHARACTERS.test(value);

/** Printable text, trimmed, of `min` to `max` characters. */
export const cleanText = (max: number, min = 0) =>
  z.string().trim().min(min).max(max).refine(hasNoControlCharacters, "control_characters");
