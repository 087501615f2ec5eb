import { BEACON_ALGORITHM, beaconTickMessage, roundOf, type BeaconClock } from "#rules/beacon";
import { nextPrice, tickSlot, dayLabel } from "#rules/fairness-walk";
import { ascii, hmacKey, hmacSha256, type HmacKey } from "./sha256";

/**
 * Price feeds. A feed adapter turns "the last tick" into the ticks up to a second; the market
 * object stores them. The default is the verifiable simulated market (server/platform/README.md,
 * "Verifiable rounds"): one tick a second, where the price of second t is a pure function of the
 * committed seed of t's UTC day, the pair, t's index in the day, the previous price and, for a
 * day under "hmac-sha256-beacon-walk-2", the randomness of the beacon round t mixes in
 * (server/rules/fairness-walk.ts, server/rules/beacon.ts; decision 031). Anyone holding the
 * revealed seed and the rounds can recompute them. A real exchange adapter would buffer what the
 * exchange pushes and hand it out here (its prices could not be recomputed; the pages would show
 * the recorded ticks and their source instead).
 */

export interface Tick {
  second: number;
  price: number;
}

export interface FeedAdapter {
  /** the ticks after `last`, up to and including second `until` (none when the feed has nothing) */
  ticksAfter(last: Tick, until: number): Tick[];
  /** whether its ticks need beacon rounds (the verifiable walk): the market records a second only once its round is in hand or overdue */
  mixesBeacon?: boolean;
}

/** What the walk needs of one UTC day: its seed (32 bytes), its frozen volatility, and its beacon (walk-2). */
export interface FeedDay {
  seed: Uint8Array;
  volatilityBp: number;
  algorithm: string;
  /** the chain's clock for a walk-2 day; null for walk-1 */
  beacon: BeaconClock | null;
}

/** The market's view of its days and rounds. */
export interface FeedContext {
  symbol: string;
  /** a committed day (the market commits them before it draws) */
  day(day: number): FeedDay;
  /** the randomness (hex) of a beacon round in hand, or null: the tick that needs it is not drawn */
  randomness(round: number): string | null;
}

/**
 * The committed-seed walk. Each day's HMAC key is prepared once and its message prefix
 * ("<pair>|<YYYY-MM-DD>|") encoded once, so a walk-1 tick costs two SHA-256 compressions and a
 * walk-2 tick (64 more hex characters) three or four. A walk-2 second whose round is not in hand
 * draws nothing: the market records it as a gap (market/recorder.ts), which voids the periods it
 * touches.
 */
export function fairFeed(config: { paused: boolean }, context: FeedContext): FeedAdapter {
  const keys = new Map<number, { key: HmacKey; volatilityBp: number; prefix: string; beacon: BeaconClock | null }>();
  const keyOf = (day: number) => {
    let entry = keys.get(day);
    if (!entry) {
      const { seed, volatilityBp, algorithm, beacon } = context.day(day);
      entry = {
        key: hmacKey(seed),
        volatilityBp,
        prefix: `${context.symbol}|${dayLabel(day)}|`,
        beacon: algorithm === BEACON_ALGORITHM ? beacon : null,
      };
      keys.set(day, entry);
    }
    return entry;
  };
  return {
    mixesBeacon: true,
    ticksAfter(last, until) {
      // A stalled feed (paused) produces nothing and draws nothing; the market's price goes stale.
      if (config.paused) return [];
      const ticks: Tick[] = [];
      let price = last.price;
      for (let second = last.second + 1; second <= until; second++) {
        const { day, index } = tickSlot(second);
        const { key, volatilityBp, prefix, beacon } = keyOf(day);
        let message: string;
        if (beacon) {
          const randomness = context.randomness(roundOf(second, beacon));
          if (randomness === null) continue;
          message = beaconTickMessage(context.symbol, day, index, randomness);
        } else message = `${prefix}${index}`;
        price = nextPrice(price, volatilityBp, hmacSha256(key, ascii(message)));
        ticks.push({ second, price });
      }
      return ticks;
    },
  };
}
