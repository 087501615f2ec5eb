/** Types of the standalone script's exports (verify-period.mjs stays plain JavaScript, runnable by Node alone). */
import type { PeriodProof } from "../contract/fairness";

export interface Check {
  name: string;
  recorded: unknown;
  recomputed: unknown;
  ok: boolean;
}
export interface Verification {
  /** "attested": a period fed by an exchange, which follows from the two trades its proof names */
  status: "match" | "mismatch" | "unrevealed" | "attested";
  checks: Check[];
  revealAt: string | null;
}
export const ALGORITHM: "hmac-sha256-walk-1";
export const BEACON_ALGORITHM: "hmac-sha256-beacon-walk-2";
export const QUICKNET: { hash: string; publicKey: string; genesis: number; period: number };
export function roundFor(second: number, chain: { genesis: number; period: number }): number;
export function roundSignatureOk(publicKey: string, round: number, signature: string): boolean;
export function slotOf(second: number): { day: number; index: number };
export function labelOf(day: number): string;
export function sha256Hex(bytes: Uint8Array): string;
export function tickDigest(seed: Uint8Array, pair: string, second: number, randomness?: string | null): Buffer;
export function stepPrice(previous: number, volatilityBp: number, digest: Buffer): number;
export function walk(
  seed: Uint8Array,
  pair: string,
  volatilityBp: number,
  fromSecond: number,
  price: number,
  toSecond: number,
  gaps?: [number, number][],
  beacon?: { chain: { genesis: number; period: number }; randomness: Map<number, string> } | null,
): { second: number; price: number }[] | null;
export function outcomesOf(
  open: number,
  close: number,
  previousDirection: number | null,
): Record<string, "win" | "lose" | "refund">;
export function verifyProof(proof: PeriodProof): Verification;
export function report(proof: PeriodProof, result: Verification): string;
export function main(argv?: string[]): Promise<number>;
