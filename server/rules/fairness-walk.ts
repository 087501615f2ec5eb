/**
 * The verifiable feed's algorithm ("hmac-sha256-walk-1"), zod-free and crypto-free: the platform
 * (a synchronous HMAC inside the market object's transaction), the browser (WebCrypto, loaded only
 * when a member verifies) and any other program supply HMAC-SHA256 and share the arithmetic here.
 * server/platform/README.md, "Verifiable rounds", states it in prose for other languages; the
 * standalone script server/cli/verify-period.mjs is a second, independent implementation.
 *
 * 1. The tick of Unix second t covers (t − 1, t]: it belongs to UTC day d = floor((t − 1) / 86400)
 *    and has index i = t − 1 − 86400·d (0 … 86399). So a period [s, s + P) with P dividing 86400
 *    has its ticks s + 1 … s + P on one day, even the day's last period, whose close is the tick
 *    at midnight.
 * 2. digest = HMAC-SHA256(key = the day's 32-byte seed, message = ASCII "<pair>|<YYYY-MM-DD>|<i>"),
 *    e.g. "BTC-USDT|2026-11-24|0".
 * 3. u0 … u11 = the digest's first 24 bytes as twelve big-endian unsigned 16-bit integers;
 *    c = u0 + … + u11 − 393210 (an integer whose distribution is close to normal with a standard
 *    deviation of 65536).
 * 4. n = previous × volatilityBp × c (exact: 64-bit or arbitrary-precision integers);
 *    d = 10000 × 65536; move = n / d rounded to the nearest integer, halves away from zero.
 * 5. price = max(1, previous + move). A second without a tick (the operator stalled the feed)
 *    draws nothing; the next tick moves from the last price there was.
 *
 * A period's open is the price after the tick of its start second; its close the price after the
 * tick of its end second; outcomes follow from them (outcomes.ts).
 */

export const FAIRNESS_ALGORITHM = "hmac-sha256-walk-1";
export const DAY_SECONDS = 86_400;
/** c's offset: twelve uniform 16-bit draws average 32767.5 each */
const CENTRE = (12n * 65_535n) / 2n;
const DIVISOR = 10_000n * 65_536n;

/** The UTC day (days since 1970-01-01) and index of the tick of second `second`. */
export function tickSlot(second: number): { day: number; index: number } {
  const day = Math.floor((second - 1) / DAY_SECONDS);
  return { day, index: second - 1 - day * DAY_SECONDS };
}

/** A day number as the message and the pages write it: 2026-11-24. */
export function dayLabel(day: number): string {
  return new Date(day * DAY_SECONDS * 1000).toISOString().slice(0, 10);
}

/** The day number of a label (the inverse of dayLabel); NaN for anything else. */
export function dayOfLabel(label: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(label)) return Number.NaN;
  const ms = Date.parse(`${label}T00:00:00Z`);
  return Number.isNaN(ms) || dayLabel(ms / 1000 / DAY_SECONDS) !== label ? Number.NaN : ms / 1000 / DAY_SECONDS;
}

/** The HMAC message of a tick. */
export function tickMessage(pair: string, day: number, index: number): string {
  return `${pair}|${dayLabel(day)}|${index}`;
}

/** Step 3: the centred sum of the digest's first twelve 16-bit words. */
export function drawOf(digest: Uint8Array): bigint {
  if (digest.length < 24) throw new Error("fairness: an HMAC-SHA256 digest has 32 bytes");
  let sum = 0n;
  for (let k = 0; k < 12; k++) sum += BigInt(digest[2 * k]! * 256 + digest[2 * k + 1]!);
  return sum - CENTRE;
}

/** Steps 4–5: the price after `previous` for a tick whose digest is `digest`. */
export function nextPrice(previous: number, volatilityBp: number, digest: Uint8Array): number {
  const n = BigInt(previous) * BigInt(volatilityBp) * drawOf(digest);
  const magnitude = ((n < 0n ? -n : n) + DIVISOR / 2n) / DIVISOR;
  const move = Number(n < 0n ? -magnitude : magnitude);
  return Math.max(1, previous + move);
}

/** Hex of bytes, lower case (seeds, commitments and digests are shown this way). */
export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
}

/** Bytes of a hex string (even length, 0-9a-f). */
export function fromHex(hex: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})*$/i.test(hex)) throw new Error("fairness: not a hex string");
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}
