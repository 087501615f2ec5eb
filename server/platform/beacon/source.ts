import { roundTime } from "#rules/beacon";
import { QUICKNET } from "#rules/beacon";
import type { BeaconChain } from "../../contract/beacon";
import { localBeaconKey, signRound, verifyRound } from "../../contract/beacon-signature";
import { isProduction, type Env } from "../env";

/**
 * Where the market gets beacon rounds (decision 031; server/platform/README.md, "Verifiable
 * rounds"). Two sources with one chain format:
 *
 * - drand's quicknet over HTTP (production, and any run with BEACON=drand): each round is fetched
 *   from the configured endpoints in turn, the next endpoint tried when one is down or answers a
 *   signature that does not verify against quicknet's pinned public key; the market verifies again
 *   before it stores a round, and rounds verified are kept in the isolate's memory, so the pairs of
 *   one isolate verify a round once.
 * - the local beacon (development and tests, which have no network): the platform signs each round
 *   with its own key, made from LOCAL_BEACON_SECRET, and never a round before its time. Its key is
 *   the operator's: it stands in for drand's format and schedule, not for its trust, and every page
 *   it touches says so. Production refuses it (env.ts, productionProblems).
 */
export interface BeaconSource {
  chain: BeaconChain;
  /**
   * The local beacon: the round's signature now, or null when the round is not due yet at
   * `nowMs` or is older than the market catches up (BACKFILL_SECONDS).
   */
  sign?(round: number, nowMs: number): string | null;
  /**
   * drand: the round's signature as an endpoint answers it, or null when none has it yet. Not
   * trusted: the market verifies it against `chain` before storing it (market/beacon-rounds.ts).
   */
  fetch?(round: number): Promise<string | null>;
}

/**
 * How far back a market fetches or signs rounds when it catches up: a market nobody watched for
 * longer has no ticks for the seconds before (a gap, like an outage: no bet can stand on them,
 * since a bet keeps its market awake until its period is recorded).
 */
export const BACKFILL_SECONDS = 120;
/**
 * How long a market waits for a round after its time before the seconds that need it become a gap
 * (and the periods they touch void): drand publishes within a second, so 10 s is an outage.
 */
export const ROUND_GRACE_SECONDS = 10;

/** drand's public HTTP endpoints for quicknet, tried in order (BEACON_URLS overrides). */
export const DRAND_URLS = [
  "https://api.drand.sh",
  "https://api2.drand.sh",
  "https://api3.drand.sh",
  "https://drand.cloudflare.com",
];
const FETCH_TIMEOUT_MS = 2_500;
const CACHE_SIZE = 512;

/** Rounds verified or signed in this isolate, per chain: shared by every market object it runs. */
const cache = new Map<string, string>();
function remember(key: string, signature: string): void {
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, signature);
}

/** Whether a round's signature is the chain's, remembered in this isolate once it is. */
export function verified(chain: BeaconChain, round: number, signature: string): boolean {
  const id = `${chain.hash}:${round}`;
  if (cache.get(id) === signature) return true;
  if (!verifyRound(chain, round, signature)) return false;
  remember(id, signature);
  return true;
}

/** Which beacon this configuration runs with (beaconOf makes it): BEACON, default drand in production and local in development. */
export function beaconKind(env: Pick<Env, "ENVIRONMENT" | "BEACON">): "drand" | "local" {
  return (env.BEACON ?? (isProduction(env) ? "drand" : "local")) === "local" ? "local" : "drand";
}

/** The beacon this configuration runs with: BEACON=drand|local, default drand in production and local in development. */
export function beaconOf(
  env: Pick<Env, "ENVIRONMENT" | "BEACON" | "BEACON_URLS" | "LOCAL_BEACON_SECRET">,
): BeaconSource {
  const kind = env.BEACON ?? (isProduction(env) ? "drand" : "local");
  if (kind === "drand") return drandSource(urlsOf(env.BEACON_URLS));
  if (kind !== "local") throw new Error(`beacon: BEACON must be "drand" or "local", not "${kind}"`);
  if (isProduction(env)) throw new Error("beacon: production refuses the local beacon");
  if (!env.LOCAL_BEACON_SECRET) throw new Error("beacon: the local beacon needs LOCAL_BEACON_SECRET (.dev.vars)");
  return localSource(env.LOCAL_BEACON_SECRET);
}

export function urlsOf(list: string | undefined): string[] {
  const urls = (list ?? "")
    .split(",")
    .map((u) => u.trim().replace(/\/+$/, ""))
    .filter((u) => u !== "");
  return urls.length > 0 ? urls : DRAND_URLS;
}

const keys = new Map<string, ReturnType<typeof localBeaconKey>>();

export function localSource(secret: string): BeaconSource {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = localBeaconKey(secret)));
  const { chain, secretKey } = key;
  return {
    chain,
    sign(round, nowMs) {
      const now = Math.floor(nowMs / 1000);
      const at = roundTime(round, chain);
      // never a round before its time, and no more than a market catching up would fetch from drand
      if (at > now || at < now - BACKFILL_SECONDS) return null;
      const id = `${chain.hash}:${round}`;
      let signature = cache.get(id);
      if (signature === undefined) remember(id, (signature = signRound(secretKey, round)));
      return signature;
    },
  };
}

/** drand's quicknet over HTTP: `GET <url>/<chain hash>/public/<round>` answers `{ round, signature, … }`. */
export function drandSource(urls: string[], chain: BeaconChain = QUICKNET): BeaconSource {
  return {
    chain,
    async fetch(round) {
      const known = cache.get(`${chain.hash}:${round}`);
      if (known !== undefined) return known;
      for (const url of urls) {
        try {
          const response = await fetch(`${url}/${chain.hash}/public/${round}`, {
            signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
          });
          if (!response.ok) continue;
          const body: unknown = await response.json();
          const signature = (body as { signature?: unknown }).signature;
          const answered = (body as { round?: unknown }).round;
          // an endpoint that answers another round, or a signature the chain's key did not make, is skipped
          if (answered !== round || typeof signature !== "string" || !verified(chain, round, signature)) continue;
          return signature;
        } catch {
          // unreachable, slow or not JSON: the next endpoint
        }
      }
      return null;
    },
  };
}
