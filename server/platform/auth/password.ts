import { constantTimeEqual, fromBase64, randomBytes, toBase64, utf8, type Bytes } from "../crypto";

/**
 * Login and transaction passwords: PBKDF2-HMAC-SHA256 through WebCrypto.
 * Workers cap PBKDF2 at 100,000 iterations, so that is the count; the format carries the
 * algorithm and count so a later version can raise them and still verify old hashes.
 */
export const PASSWORD_ITERATIONS = 100_000;
const ALGORITHM = "pbkdf2-sha256";
const SALT_BYTES = 16;
const HASH_BITS = 256;

async function derive(password: string, salt: Bytes, iterations: number): Promise<Bytes> {
  const key = await crypto.subtle.importKey("raw", utf8(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

/** `pbkdf2-sha256$100000$<salt base64>$<hash base64>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, PASSWORD_ITERATIONS);
  return [ALGORITHM, PASSWORD_ITERATIONS, toBase64(salt), toBase64(hash)].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, iterationsText, saltText, hashText, ...rest] = stored.split("$");
  if (algorithm !== ALGORITHM || rest.length > 0 || !saltText || !hashText) return false;
  const iterations = Number(iterationsText);
  // Refuse counts above the Workers cap: deriveBits would throw on the deployed runtime.
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > PASSWORD_ITERATIONS) return false;
  const salt = fromBase64(saltText);
  const expected = fromBase64(hashText);
  if (!salt || !expected) return false;
  return constantTimeEqual(await derive(password, salt, iterations), expected);
}

let unmatchable: string | undefined;

/**
 * A well-formed hash that no password matches (its bytes are random, derived from nothing), for
 * checking a password where there is no account: the work, and so the time, of a wrong password.
 * Made on first use, since Workers allow no random values at the top level of a module.
 */
export function unmatchableHash(): string {
  unmatchable ??= [
    ALGORITHM,
    PASSWORD_ITERATIONS,
    toBase64(randomBytes(SALT_BYTES)),
    toBase64(randomBytes(HASH_BITS / 8)),
  ].join("$");
  return unmatchable;
}
