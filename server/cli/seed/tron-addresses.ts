import { createHash } from "node:crypto";
import { base58check, isTronAddress, tronAddressOfHash } from "../../contract/hd-address";

/**
 * Deterministic, valid TRON addresses for test pools (a crypto option without an xpub takes its
 * addresses from a pool the operator loads): no wallet holds their keys, so nothing sent to them
 * can ever be spent; they are real addresses only in form, which is what a wallet app checks
 * before it lets a member send. The format is server/contract/hd-address.ts's: 0x41 and 20 bytes
 * in Base58Check; here the 20 bytes are of sha256(seed:i), not of a key.
 */

export { isTronAddress };

/** Base58Check: the payload, then the first 4 bytes of its double SHA-256. */
export const base58Check = (payload: Uint8Array): string => base58check.encode(payload);

/** Decodes a Base58Check string; null when it is not one (a bad symbol or checksum). */
export function decodeBase58Check(text: string): Uint8Array | null {
  try {
    return base58check.decode(text);
  } catch {
    return null;
  }
}

/** `count` addresses from `seed`: the i-th is 0x41 + the first 20 bytes of sha256("<seed>:<i>"). */
export function tronAddresses(seed: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) =>
    tronAddressOfHash(new Uint8Array(createHash("sha256").update(`${seed}:${i}`).digest()).slice(0, 20)),
  );
}
