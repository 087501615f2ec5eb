import { HDKey } from "@scure/bip32";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { createBase58check } from "@scure/base";

/**
 * Deposit addresses from the operator's extended public key (server/platform/README.md, "Deposit
 * addresses from an xpub"): BIP-32 public derivation and TRON's address format. Zod-free and
 * pure; the platform derives members' addresses with it and the operator CLI checks a key with it
 * before sending anything. Not re-exported from index.ts: the site never derives an address, and
 * its bundle stays without the curve code.
 */

/** Base58Check with the double SHA-256 checksum, as BIP-32 keys and TRON addresses use it. */
export const base58check = createBase58check(sha256);

/** The byte before the 20-byte hash of every TRON mainnet address (so each starts with "T"). */
export const TRON_ADDRESS_PREFIX = 0x41;

/**
 * The TRON address of a secp256k1 public key (33 bytes compressed or 65 uncompressed): the last 20
 * bytes of keccak-256 over the uncompressed point without its 0x04 tag, after 0x41, in Base58Check.
 */
export function tronAddress(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  const hash = keccak_256(uncompressed.subarray(1));
  return tronAddressOfHash(hash.subarray(hash.length - 20));
}

/** The TRON address of a 20-byte account hash. */
export function tronAddressOfHash(hash20: Uint8Array): string {
  if (hash20.length !== 20) throw new Error("a TRON address holds 20 bytes");
  return base58check.encode(new Uint8Array([TRON_ADDRESS_PREFIX, ...hash20]));
}

/** Base58Check of 21 bytes starting with 0x41. */
export function isTronAddress(text: string): boolean {
  try {
    const payload = base58check.decode(text);
    return payload.length === 21 && payload[0] === TRON_ADDRESS_PREFIX;
  } catch {
    return false;
  }
}

/** BIP-32's version bytes of a mainnet extended public key ("xpub…"). */
const XPUB_VERSION = 0x0488b21e;
/** BIP-44's account level (m / purpose' / coin_type' / account'): the key a wallet exports for receiving. */
export const ACCOUNT_DEPTH = 3;
/** The highest non-hardened index: public derivation can reach 0 … 2³¹ − 1 and nothing above. */
export const MAX_CHILD_INDEX = 0x7fffffff;
/** BIP-44's external chain (receiving addresses) under an account: xpub/0/i. */
const RECEIVING_CHAIN = 0;

/** An extended key's 78 bytes: version 4, depth 1, parent fingerprint 4, child number 4, chain code 32, key 33. */
const EXTENDED_KEY_BYTES = 78;
const KEY_OFFSET = 45;

/** Why a text is not an account xpub the platform can use. */
export type XpubRefusal = "deposit_xprv_refused" | "deposit_xpub_invalid";
export type XpubReading = { ok: true; key: HDKey; xpub: string } | { ok: false; code: XpubRefusal };

/**
 * The four letters that open a private extended key in the serializations wallets use (BIP-32's
 * xprv and tprv, SLIP-132's yprv, zprv, Yprv, Zprv, uprv, vprv, Uprv, Vprv). Checked before the
 * checksum: a private key with one mistyped character is still a private key, and must be named as
 * one, never stored, and never echoed.
 */
const PRIVATE_PREFIX = /^[xtyzuvYZUV]prv/;

/**
 * Reads the operator's account-level extended public key. Refuses a private extended key whatever
 * its version bytes say (its key field starts with 0x00 where a public one holds a point), and
 * anything that is not a mainnet xpub of depth 3 with a valid checksum and a point on the curve:
 * an xpub of another level would give addresses the operator's wallet does not scan.
 */
export function readAccountXpub(text: string): XpubReading {
  const trimmed = text.trim();
  if (PRIVATE_PREFIX.test(trimmed)) return { ok: false, code: "deposit_xprv_refused" };
  let bytes: Uint8Array;
  try {
    bytes = base58check.decode(trimmed);
  } catch {
    return { ok: false, code: "deposit_xpub_invalid" };
  }
  if (bytes.length !== EXTENDED_KEY_BYTES) return { ok: false, code: "deposit_xpub_invalid" };
  if (bytes[KEY_OFFSET] === 0x00) return { ok: false, code: "deposit_xprv_refused" };
  const version = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0);
  if (version !== XPUB_VERSION || bytes[4] !== ACCOUNT_DEPTH) return { ok: false, code: "deposit_xpub_invalid" };
  try {
    const key = HDKey.fromExtendedKey(trimmed);
    if (key.privateKey) return { ok: false, code: "deposit_xprv_refused" };
    return { ok: true, key, xpub: key.publicExtendedKey };
  } catch {
    return { ok: false, code: "deposit_xpub_invalid" };
  }
}

/** The receiving chain (xpub/0) of an account key: derive it once, then each address is one step. */
export const receivingChain = (account: HDKey): HDKey => account.deriveChild(RECEIVING_CHAIN);

/** The TRON address at xpub/0/`index` of an account key's receiving chain. */
export function tronDepositAddress(chain: HDKey, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index > MAX_CHILD_INDEX)
    throw new Error(`no non-hardened index ${index}`);
  const child = chain.deriveChild(index);
  if (!child.publicKey) throw new Error("a derived key without its public key");
  return tronAddress(child.publicKey);
}
