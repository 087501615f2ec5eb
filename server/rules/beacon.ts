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
