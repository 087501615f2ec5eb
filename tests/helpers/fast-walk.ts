import { nextPrice } from "#rules/fairness-walk";

/**
 * The feed's walk in distribution, fast: the real `nextPrice` (fairness-walk.ts) fed with
 * uniformly random 24-byte digests from a seeded xoshiro128** instead of HMAC-SHA256 (an HMAC a
 * tick would make a million ticks take seconds). HMAC output is indistinguishable from uniform
 * bytes, and `nextPrice` reads only the first 24, so the prices follow the same law.
 */
export function fastDigests(seed: number): () => Uint8Array {
  // splitmix32 spreads the seed over the four state words
  let s = seed >>> 0;
  const split = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = split();
  let b = split();
  let c = split();
  let d = split();
  const next = () => {
    const result = Math.imul(((Math.imul(b, 5) << 7) | (Math.imul(b, 5) >>> 25)) >>> 0, 9) >>> 0;
    const t = (b << 9) >>> 0;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = ((d << 11) | (d >>> 21)) >>> 0;
    return result;
  };
  const digest = new Uint8Array(24);
  const view = new DataView(digest.buffer);
  return () => {
    for (let i = 0; i < 24; i += 4) view.setUint32(i, next());
    return digest;
  };
}

/** `ticks` prices of the walk from `start` at `volatilityBp`: prices[0] = start, prices[i] after tick i. */
export function walk(start: number, volatilityBp: number, ticks: number, digests: () => Uint8Array): Int32Array {
  const prices = new Int32Array(ticks + 1);
  prices[0] = start;
  for (let i = 1; i <= ticks; i++) prices[i] = nextPrice(prices[i - 1]!, volatilityBp, digests());
  return prices;
}
