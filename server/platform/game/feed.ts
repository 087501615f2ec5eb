import { nextPrice, tickSlot, dayLabel } from "#rules/fairness-walk";
import { ascii, hmacKey, hmacSha256, type HmacKey } from "./sha256";

/**
 * Price feeds. A feed adapter turns "the last tick" into the ticks up to a second; the market
 * object stores them. The default is the verifiable simulated market (server/platform/README.md,
 * "Verifiable rounds"): one tick a second, where the price of second t is a pure function of the
 * committed seed of t's UTC day, the pair, t's index in the day and the previous price
 * (server/rules/fairness-walk.ts), so the market can be caught up lazily to "now" and still give
 * exactly the prices it would have given live, and anyone holding the revealed seed can recompute
 * them. A real exchange adapter would buffer what the exchange pushes and hand it out here (its
 * prices could not be recomputed; the pages would show the recorded ticks and their source instead).
 */

export interface Tick {
  second: number;
  price: number;
}

export interface FeedAdapter {
  /** the ticks after `last`, up to and including second `until` (none when the feed has nothing) */
  ticksAfter(last: Tick, until: number): Tick[];
}

/** What the walk needs of one UTC day: its seed (32 bytes) and its frozen volatility. */
export interface FeedDay {
  seed: Uint8Array;
  volatilityBp: number;
}

/** The market's view of its days: `day(d)` answers a committed day (the market commits them before it draws). */
export interface FeedContext {
  symbol: string;
  day(day: number): FeedDay;
}

/**
 * The committed-seed walk. Each day's HMAC key is prepared once and its message prefix
 * ("<pair>|<YYYY-MM-DD>|") encoded once, so a tick costs two SHA-256 compressions.
 */
export function fairFeed(config: { paused: boolean }, context: FeedContext): FeedAdapter {
  const keys = new Map<number, { key: HmacKey; volatilityBp: number; prefix: Uint8Array }>();
  const keyOf = (day: number) => {
    let entry = keys.get(day);
    if (!entry) {
      const { seed, volatilityBp } = context.day(day);
      entry = { key: hmacKey(seed), volatilityBp, prefix: ascii(`${context.symbol}|${dayLabel(day)}|`) };
      keys.set(day, entry);
    }
    return entry;
  };
  return {
    ticksAfter(last, until) {
      // A stalled feed (paused) produces nothing and draws nothing; the market's price goes stale.
      if (config.paused) return [];
      const ticks: Tick[] = [];
      let price = last.price;
      for (let second = last.second + 1; second <= until; second++) {
        const { day, index } = tickSlot(second);
        const { key, volatilityBp, prefix } = keyOf(day);
        const digits = ascii(String(index));
        const message = new Uint8Array(prefix.length + digits.length);
        message.set(prefix);
        message.set(digits, prefix.length);
        price = nextPrice(price, volatilityBp, hmacSha256(key, message));
        ticks.push({ second, price });
      }
      return ticks;
    },
  };
}
