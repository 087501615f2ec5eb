/** `text` as a regular expression that matches it literally (a translated text with dots or brackets). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
