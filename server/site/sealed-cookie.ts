/**
 * The session cookie's seal (server/site/README.md, "Session"): AES-256-GCM through WebCrypto, so
 * nothing in the cookie (the platform token, the account, the CSRF token) can be read, or changed,
 * without a session secret.
 *
 * - One key per secret of SESSION_SECRETS, derived with HKDF-SHA-256 and a fixed info string (the
 *   secrets are long random strings, so no password stretching is needed). The first key seals;
 *   every key opens, so rolling a secret (`new,old`) keeps members signed in.
 * - A random 96-bit IV per cookie, sent in front of the ciphertext.
 * - The siteId is the additional data: a cookie carried to another tenant fails to open there,
 *   whatever its content says.
 * - Key import and derivation cost a few milliseconds on a slow server: they are done once per
 *   isolate per secret list, and every request reuses the keys.
 *
 * The value is base64url (no `=`), which a cookie carries without escaping. Anything that does not
 * open (a tampered cookie, another site's, a rotated-out secret's, the signed cookie of before
 * this seal) is `undefined`: the caller starts an empty session.
 */

const INFO = new TextEncoder().encode("member-site session cookie v1");
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keyCache = new Map<string, Promise<CryptoKey[]>>();

/** The keys of a secret list, first one first; derived once per isolate per list. */
export function sessionKeys(secrets: readonly string[]): Promise<CryptoKey[]> {
  const id = secrets.join(",");
  let keys = keyCache.get(id);
  if (!keys) {
    // a worker sees one list (two during a roll-out at most); the bound only guards against growth
    if (keyCache.size >= 8) keyCache.clear();
    keys = Promise.all(secrets.map(deriveKey));
    keyCache.set(id, keys);
    // a failed derivation is not kept: the next request tries again
    keys.catch(() => keyCache.delete(id));
  }
  return keys;
}

async function deriveKey(secret: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: INFO },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/** `plaintext` sealed with the first key for `siteId`: base64url of IV ‖ ciphertext ‖ tag. */
export async function seal(plaintext: string, keys: readonly CryptoKey[], siteId: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(siteId) },
      keys[0]!,
      new TextEncoder().encode(plaintext),
    ),
  );
  const out = new Uint8Array(IV_BYTES + sealed.byteLength);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return toBase64Url(out);
}

/** The plaintext of a value `seal` made for `siteId` with any of `keys`, else undefined. */
export async function open(value: string, keys: readonly CryptoKey[], siteId: string): Promise<string | undefined> {
  const bytes = fromBase64Url(value);
  if (!bytes || bytes.byteLength < IV_BYTES + TAG_BYTES) return undefined;
  const iv = bytes.subarray(0, IV_BYTES);
  const data = bytes.subarray(IV_BYTES);
  const additionalData = new TextEncoder().encode(siteId);
  for (const key of keys) {
    try {
      const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv, additionalData }, key, data);
      return new TextDecoder("utf-8", { fatal: true }).decode(plain);
    } catch {
      // another key, or nothing: GCM's tag refuses any key, site or byte but the right ones
    }
  }
  return undefined;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(value: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return undefined;
  try {
    const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    // only the one spelling `seal` writes: the last character's spare bits must be zero, or two
    // cookie values would open alike (a changed last character could leave the bytes as they were)
    return toBase64Url(bytes) === value ? bytes : undefined;
  } catch {
    return undefined;
  }
}
