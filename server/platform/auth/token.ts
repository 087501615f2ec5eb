import { fromBase64Url, randomBytes, sha256Hex, toBase64Url, utf8 } from "../crypto";

/**
 * A bearer credential names its site, member and session, plus a secret of which the member
 * object keeps only a SHA-256. Used for session tokens and listen keys alike.
 */
export interface Credential {
  siteId: string;
  memberId: string;
  /** session id, or listen key id */
  id: string;
  secret: string;
}

const PART = /^[A-Za-z0-9_-]{1,64}$/;
const decoder = new TextDecoder("utf-8", { fatal: true });

export function newSecret(): string {
  return toBase64Url(randomBytes(32));
}

export function newId(): string {
  return toBase64Url(randomBytes(16));
}

export function encodeCredential(c: Credential): string {
  return toBase64Url(utf8([c.siteId, c.memberId, c.id, c.secret].join(".")));
}

/** Returns null for anything that is not a well-formed credential. */
export function decodeCredential(token: string): Credential | null {
  if (token.length > 400) return null;
  const bytes = fromBase64Url(token);
  if (!bytes) return null;
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return null;
  }
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((p) => PART.test(p))) return null;
  const [siteId, memberId, id, secret] = parts as [string, string, string, string];
  return { siteId, memberId, id, secret };
}

export function hashSecret(secret: string): Promise<string> {
  return sha256Hex(secret);
}

/** What a member object needs to check a session: never the secret itself. */
export interface SessionProof {
  siteId: string;
  sessionId: string;
  secretHash: string;
}

export async function sessionProof(c: Credential): Promise<SessionProof> {
  return { siteId: c.siteId, sessionId: c.id, secretHash: await hashSecret(c.secret) };
}
