import { bls12_381 } from "@noble/curves/bls12-381.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { roundBytes } from "#rules/beacon";
import { fromHex, toHex } from "#rules/fairness-walk";
import { QUICKNET, type BeaconChainInfo } from "#rules/beacon";

/**
 * A beacon round's signature check (decision 031), one for every side: the platform before it
 * uses a round, the browser's verifier (loaded only on /fairness, on demand) and the tests.
 * Signatures are BLS on G1 with public keys on G2, the message hashed to the curve by RFC 9380:
 * drand's "bls-unchained-g1-rfc9380", which is @noble/curves' `shortSignatures` with its default
 * G1 tag (BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_).
 */

const sigs = bls12_381.shortSignatures;

/** The round's point to sign: SHA-256 of its number hashed to G1. */
const roundPoint = (round: number) => sigs.hash(sha256(roundBytes(round)));

/** SHA-256 of a signature: the round's randomness, lower-case hex. */
export function randomnessOf(signatureHex: string): string {
  return toHex(sha256(fromHex(signatureHex)));
}

/** Whether `signatureHex` is the chain's signature of round `round` (false for anything malformed). */
export function verifyRound(chain: Pick<BeaconChainInfo, "publicKey">, round: number, signatureHex: string): boolean {
  if (!/^[0-9a-f]{96}$/.test(signatureHex) || !Number.isSafeInteger(round) || round < 1) return false;
  try {
    return sigs.verify(fromHex(signatureHex), roundPoint(round), fromHex(chain.publicKey));
  } catch {
    return false;
  }
}

/**
 * A local beacon's key pair from its secret (hex): the secret key is SHA-256("local-beacon|" +
 * secret) reduced into the scalar field. Same format as drand's rounds, its own key.
 */
export function localBeaconKey(secretHex: string): { secretKey: Uint8Array; chain: BeaconChainInfo } {
  const Fr = bls12_381.fields.Fr;
  const digest = sha256(new TextEncoder().encode(`local-beacon|${secretHex}`));
  let scalar = Fr.create(BigInt(`0x${toHex(digest)}`));
  if (scalar === 0n) scalar = 1n;
  const secretKey = Fr.toBytes(scalar);
  const publicKey = toHex(sigs.getPublicKey(secretKey).toBytes());
  return {
    secretKey,
    chain: {
      kind: "local",
      hash: toHex(sha256(fromHex(publicKey))),
      publicKey,
      genesis: QUICKNET.genesis,
      period: QUICKNET.period,
    },
  };
}

/** The local beacon's signature of round `round`. */
export function signRound(secretKey: Uint8Array, round: number): string {
  return toHex(sigs.sign(roundPoint(round), secretKey).toBytes());
}
