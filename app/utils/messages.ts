/** A platform message code as a translation key of the `messages` namespace. */
export function messageKey(code: string): string {
  return `messages:${code}`;
}
