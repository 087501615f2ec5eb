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
