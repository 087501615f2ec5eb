/**
 * Operator-set links are shown only when they are web addresses: a `javascript:` or `data:` URL
 * passes a plain URL check, but must never become a link on a member's page.
 */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}
