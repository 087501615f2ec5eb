/** A session lasts 7 days from sign-in, as the site's session cookie does (server/site/README.md, "Session"). */
export const SESSION_DAYS = 7;
export const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;
/** A listen key opens the member's live stream for an hour; the site asks for a new one after. */
export const LISTEN_KEY_MS = 60 * 60 * 1000;

export type SessionRow = {
  expires_at: string;
  revoked_at: string | null;
};

export function isSessionLive(row: SessionRow, now: Date): boolean {
  return row.revoked_at === null && Date.parse(row.expires_at) > now.getTime();
}

export function expiryFrom(now: Date, ms: number): string {
  return new Date(now.getTime() + ms).toISOString();
}
