/**
 * A link an operator sets for members' pages (a social account, an app store page, the chat) is a
 * web address: `http:` or `https:`. A `javascript:` or `data:` URL passes a plain URL check, but
 * must never become a link on a member's page. The platform refuses any other when it is set
 * (server/contract/schemas.ts, `webUrl`); the site drops one stored before that rule.
 */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}
