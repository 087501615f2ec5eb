import { z } from "zod";
import { hasNoControlCharacters } from "#rules/text";

/** Printable text, trimmed, of `min` to `max` characters: no control character (server/rules/text.ts). */
export const cleanText = (max: number, min = 0) =>
  z.string().trim().min(min).max(max).refine(hasNoControlCharacters, "control_characters");
