/**
 * The public randomness beacon each tick mixes in ("hmac-sha256-beacon-walk-2"; decision 031),
 * zod-free and crypto-free: the platform, the browser's verifier and the tests share the round
 * arithmetic and the tick message here; server/cli/verify-period.mjs has its own copy on purpose.
 *
 * A beacon chain (drand's quicknet, or the local stand-in) publishes round r at
 * `genesis + (r − 1) · period` (Unix seconds). Its signature is a BLS signature on G1 of
 * SHA-256(r as 8 big-endian bytes) under the chain's public key on G2, and the round's randomness
 * is SHA-256(signature). Checking a signature needs a curve library: server/contract/beacon.ts.
 *
 * The tick of second t mixes the first round published at or after t (`roundOf`): nobody, the
 * seed's holder included, can compute it before its second, and every tick that decides a period
 * (its start + 1 … its end) mixes a round published after the period's betting closed.
 */
import { dayLabel } from "./fairness-walk";

/** A chain as a day's record names it (the wire's schema: server/contract/beacon.ts). */
export interface BeaconChainInfo extends BeaconClock {
  /** "drand-quicknet": the League of Entropy's network; "local": a key the operator holds (development only) */
  kind: "drand-quicknet" | "local";
  hash: string;
  /** the public key on G2, compressed, hex */
  publicKey: string;
}

export const BEACON_ALGORITHM = "hmac-sha256-beacon-walk-2";

/** What the arithmetic needs of a chain: when its first round was published, and its period. */
export interface BeaconClock {
  genesis: number;
  period: number;
}

/** When round `round` is published (drand's own definition: round 1 at genesis). */
export function roundTime(round: number, chain: BeaconClock): number {
  return chain.genesis + (round - 1) * chain.period;
}

/** The round the tick of second `second` mixes in: the first one published at or after `second`. */
export function roundOf(second: number, chain: BeaconClock): number {
  if (second <= chain.genesis) return 1;
  return Math.ceil((second - chain.genesis) / chain.period) + 1;
}

/** The bytes whose SHA-256 a round's signature signs: the round number, 8 bytes big-endian. */
export function roundBytes(round: number): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, BigInt(round));
  return out;
}

/** The HMAC message of a tick under walk-2: walk-1's message, then "|" and the round's randomness in hex. */
export function beaconTickMessage(pair: string, day: number, index: number, randomnessHex: string): string {
  return `${pair}|${dayLabel(day)}|${index}|${randomnessHex}`;
}

/**
 * drand's quicknet, as its `/info` publishes it: a round every 3 s since 2023-08-23 15:09:27 UTC.
 * Pinned here: a proof naming another key for "drand-quicknet" fails the check.
 */
export const QUICKNET: BeaconChainInfo = {
  kind: "drand-quicknet",
  hash: "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971",
  publicKey:
    "83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a",
  genesis: 1_692_803_367,
  period: 3,
};

/** Whether a chain is what its kind claims: a "drand-quicknet" chain must be quicknet's own key and clock. */
export function chainIsGenuine(chain: BeaconChainInfo): boolean {
  if (chain.kind !== "drand-quicknet") return true;
  return (
    chain.hash === QUICKNET.hash &&
    chain.publicKey === QUICKNET.publicKey &&
    chain.genesis === QUICKNET.genesis &&
    chain.period === QUICKNET.period
  );
}
