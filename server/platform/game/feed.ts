/**
 * Price feeds. A feed adapter turns "the last tick" into the ticks up to a second; the market
 * object stores them. The default is the simulated market: a seeded random walk, one tick a
 * second, where the price of second t is a pure function of (seed, t, previous price), so the
 * market can be caught up lazily to "now" and still give exactly the prices it would have given
 * live. A real exchange adapter would buffer what the exchange pushes and hand it out here.
 */

export interface Tick {
  second: number;
  price: number;
}

export interface FeedAdapter {
  /** the ticks after `last`, up to and including second `until` (none when the feed has nothing) */
  ticksAfter(last: Tick, until: number): Tick[];
}

/** murmur3's finaliser: a well-mixed 32-bit hash of a 32-bit value. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * A standard-normal-like draw for (seed, second): the sum of 12 uniform 16-bit numbers, centred
 * (Irwin–Hall, variance 1). Only integer hashing and exact IEEE arithmetic, no Math.log/sin, so
 * every engine gives the same number.
 */
function gaussian(seed: number, second: number): number {
  let sum = 0;
  for (let i = 0; i < 6; i++) {
    const h = fmix32((fmix32((seed + Math.imul(i + 1, 0x9e3779b9)) >>> 0) ^ second) >>> 0);
    sum += (h & 0xffff) + (h >>> 16);
  }
  return (sum - 6 * 65_535) / 65_536;
}

/** The price of second `second` after `previous`: a move of N(0, volatilityBp) basis points. */
export function nextPrice(seed: number, volatilityBp: number, second: number, previous: number): number {
  const move = Math.round((previous * volatilityBp * gaussian(seed, second)) / 10_000);
  return Math.max(1, previous + move);
}

export function simulatedFeed(config: { seed: number; volatilityBp: number; paused: boolean }): FeedAdapter {
  return {
    ticksAfter(last, until) {
      // A stalled feed (paused) produces nothing; the market's price goes stale.
      if (config.paused) return [];
      const ticks: Tick[] = [];
      let price = last.price;
      for (let second = last.second + 1; second <= until; second++) {
        price = nextPrice(config.seed, config.volatilityBp, second, price);
        ticks.push({ second, price });
      }
      return ticks;
    },
  };
}
