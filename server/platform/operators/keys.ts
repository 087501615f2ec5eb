/**
 * Operator keys (server/platform/README.md, "Operators"): `<key id>.<secret>`, the id `opk_` and
 * 16 hex digits, the secret 32 random bytes in base64url. The registry keeps the id in clear (to
 * find the key) and only the SHA-256 of the secret, compared in constant time; a key is shown
 * once, when it is issued, and never logged.
 */
import { randomBytes, sha256Hex, toBase64Url } from "../crypto";

const KEY = /^(opk_[0-9a-f]{16})\.([A-Za-z0-9_-]{43})$/;

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/** A new operator id (`op_` and 16 hex digits): shown in lists and named in the audit log. */
export const newOperatorId = (): string => `op_${hex(randomBytes(8))}`;

export interface IssuedKey {
  /** the whole key, for the operator's eyes only */
  key: string;
  keyId: string;
  hash: string;
}

export async function issueKey(): Promise<IssuedKey> {
  const keyId = `opk_${hex(randomBytes(8))}`;
  const secret = toBase64Url(randomBytes(32));
  return { key: `${keyId}.${secret}`, keyId, hash: await sha256Hex(secret) };
}

/** The id and the secret's hash of something shaped like a registry key; null for anything else. */
export async function keyProof(bearer: string): Promise<{ keyId: string; hash: string } | null> {
  const match = KEY.exec(bearer);
  if (!match) return null;
  return { keyId: match[1]!, hash: await sha256Hex(match[2]!) };
}
