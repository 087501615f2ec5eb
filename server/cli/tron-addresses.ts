import { createHash } from "node:crypto";

/**
 * Deterministic, valid TRON addresses for the demo site's deposit pool (seed-data.ts): no wallet
 * holds their keys, so nothing sent to them can ever be spent; they are real addresses only in
 * form, which is what a wallet app checks before it lets a member send. A TRON address is the
 * Base58Check encoding of 0x41 followed by 20 bytes (of a key's hash; here of sha256(seed:i)).
 */

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const sha256 = (bytes: Uint8Array) => new Uint8Array(createHash("sha256").update(bytes).digest());

export function base58(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes) n = n * 256n + BigInt(b);
  let out = "";
  while (n > 0n) {
    out = BASE58[Number(n % 58n)]! + out;
    n /= 58n;
  }
  // each leading zero byte is a leading "1"
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/** Base58Check: the payload, then the first 4 bytes of its double SHA-256. */
export function base58Check(payload: Uint8Array): string {
  const checksum = sha256(sha256(payload)).slice(0, 4);
  return base58(new Uint8Array([...payload, ...checksum]));
}

/** Decodes a Base58Check string; null when it is not one (a bad symbol or checksum). */
export function decodeBase58Check(text: string): Uint8Array | null {
  let n = 0n;
  for (const c of text) {
    const digit = BASE58.indexOf(c);
    if (digit < 0) return null;
    n = n * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n % 256n));
    n /= 256n;
  }
  for (const c of text) {
    if (c !== "1") break;
    bytes.unshift(0);
  }
  if (bytes.length < 5) return null;
  const payload = new Uint8Array(bytes.slice(0, -4));
  const checksum = sha256(sha256(payload)).slice(0, 4);
  return checksum.every((b, i) => b === bytes[bytes.length - 4 + i]) ? payload : null;
}

/** Whether `text` is a TRON address: Base58Check of 21 bytes starting with 0x41 (so it starts with "T"). */
export function isTronAddress(text: string): boolean {
  const payload = decodeBase58Check(text);
  return payload !== null && payload.length === 21 && payload[0] === 0x41;
}

/** `count` addresses from `seed`: the i-th is 0x41 + the first 20 bytes of sha256("<seed>:<i>"). */
export function tronAddresses(seed: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const body = sha256(new TextEncoder().encode(`${seed}:${i}`)).slice(0, 20);
    return base58Check(new Uint8Array([0x41, ...body]));
  });
}
