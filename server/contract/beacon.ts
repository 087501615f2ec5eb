import { z } from "zod";

/**
 * The randomness beacon on the wire (decision 031; the arithmetic is server/rules/beacon.ts, the
 * signature check beacon-signature.ts, kept apart so a schema never carries the curve library).
 */

const hex = (bytes: number) => z.string().regex(new RegExp(`^[0-9a-f]{${bytes * 2}}$`));

/** A chain as a day's record names it: drand's quicknet, or the platform's local stand-in. */
export const beaconChain = z.object({
  /** "drand-quicknet": the League of Entropy's network; "local": a key the operator holds (development only) */
  kind: z.enum(["drand-quicknet", "local"]),
  /** the chain's hash (drand's chain hash; for the local beacon, SHA-256 of its public key) */
  hash: hex(32),
  /** the group's public key on G2, compressed (96 bytes) */
  publicKey: hex(96),
  genesis: z.number().int().positive(),
  period: z.number().int().positive(),
});
export type BeaconChain = z.infer<typeof beaconChain>;

/** One round as a proof carries it: its number, its signature (48 bytes) and its randomness. */
export const beaconRound = z.object({
  round: z.number().int().positive(),
  signature: hex(48),
  randomness: hex(32),
});
export type BeaconRound = z.infer<typeof beaconRound>;

/**
 * drand's quicknet, as its `/info` publishes it: a round every 3 s since 2023-08-23 15:09:27 UTC.
 * Pinned here: a proof naming another key for "drand-quicknet" fails the check.
 */
export const QUICKNET: BeaconChain = {
  kind: "drand-quicknet",
  hash: "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971",
  publicKey:
    "83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a",
  genesis: 1_692_803_367,
  period: 3,
};

/** Whether a chain is what its kind claims: a "drand-quicknet" chain must be quicknet's own key and clock. */
export function chainIsGenuine(chain: BeaconChain): boolean {
  if (chain.kind !== "drand-quicknet") return true;
  return (
    chain.hash === QUICKNET.hash &&
    chain.publicKey === QUICKNET.publicKey &&
    chain.genesis === QUICKNET.genesis &&
    chain.period === QUICKNET.period
  );
}
