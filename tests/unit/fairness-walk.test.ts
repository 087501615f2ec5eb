import { createHash, createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { dayOfLabel, drawOf, fromHex, nextPrice, tickMessage, tickSlot, toHex } from "#rules/fairness-walk";
import { fairFeed } from "../../server/platform/game/feed";
import { ascii, hmacKey, hmacSha256, sha256 } from "../../server/platform/game/sha256";
import { stepPrice, tickDigest } from "../../server/cli/verify-period.mjs";

/**
 * The feed's primitives: the platform's synchronous SHA-256/HMAC against node:crypto, and the walk
 * ("hmac-sha256-walk-1") against fixed vectors that server/platform/README.md ("Verifiable
 * rounds") publishes for implementers in other languages, through both of the repository's
 * implementations (the platform's and the standalone script's).
 */

describe("SHA-256 and HMAC-SHA256", () => {
  it("equal node:crypto's for messages of every length from 0 to 300 bytes and keys of 0 to 150", () => {
    for (let n = 0; n <= 300; n++) {
      const data = randomBytes(n);
      const key = randomBytes(n % 151);
      expect(toHex(sha256(data)), `sha256 of ${n} bytes`).toBe(createHash("sha256").update(data).digest("hex"));
      expect(toHex(hmacSha256(hmacKey(key), data)), `hmac of ${n} bytes`).toBe(
        createHmac("sha256", key).update(data).digest("hex"),
      );
    }
  });
  it("answers the standard test vectors (FIPS 180-2 'abc', RFC 4231 case 2)", () => {
    expect(toHex(sha256(ascii("abc")))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(toHex(hmacSha256(hmacKey(ascii("Jefe")), ascii("what do ya want for nothing?")))).toBe(
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
  });
});

/** seed 00 01 … 1f, pair BTC-USDT, day 2026-11-24, from the price 6123450 (61234.50). */
const SEED = fromHex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
const DAY = dayOfLabel("2026-11-24");
const VECTORS = [
  {
    index: 0,
    digest: "bc4a6be80acc2aa1c07c4d38157de7848ebd49dbaf857cba1ba477e2aa0328a3",
    c: -37_583n,
    vol1: 6_123_099,
    vol1000: 5_772_288,
  },
  {
    index: 1,
    digest: "231e865aa06e4007f4dd4368478ded2eb9c1a61bc0982411c14c3d13487caeb9",
    c: 15_224n,
    vol1: 6_123_592,
    vol1000: 6_265_698,
  },
  {
    index: 86_399,
    digest: "307fcc19508b7007f2f3797700f82e4d28d8e1b4f6a4ec6b9f026374b907128b",
    c: 18_042n,
    vol1: 6_123_619,
    vol1000: 6_292_028,
  },
];

describe("the walk's fixed vectors", () => {
  it("has the published commitment and day number", () => {
    expect(toHex(sha256(SEED))).toBe("630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd");
    expect(DAY).toBe(20_781);
    expect(tickMessage("BTC-USDT", DAY, 86_399)).toBe("BTC-USDT|2026-11-24|86399");
    // the tick of second t covers (t − 1, t]: midnight's tick is the day before's last
    expect(tickSlot((DAY + 1) * 86_400)).toEqual({ day: DAY, index: 86_399 });
  });
  it.each(VECTORS)(
    "tick $index: digest, draw and price, the same through the platform and the script",
    ({ index, digest, c, vol1, vol1000 }) => {
      const platformDigest = hmacSha256(hmacKey(SEED), ascii(tickMessage("BTC-USDT", DAY, index)));
      expect(toHex(platformDigest)).toBe(digest);
      expect(drawOf(platformDigest)).toBe(c);
      expect([nextPrice(6_123_450, 1, platformDigest), nextPrice(6_123_450, 1000, platformDigest)]).toEqual([
        vol1,
        vol1000,
      ]);
      const second = DAY * 86_400 + index + 1;
      const scriptDigest = tickDigest(SEED, "BTC-USDT", second);
      expect(scriptDigest.toString("hex")).toBe(digest);
      expect([stepPrice(6_123_450, 1, scriptDigest), stepPrice(6_123_450, 1000, scriptDigest)]).toEqual([
        vol1,
        vol1000,
      ]);
    },
  );
  it("chains: the feed's first two ticks of the day are the vectors' prices in turn", () => {
    const feed = fairFeed(
      { paused: false },
      {
        symbol: "BTC-USDT",
        day: () => ({ seed: SEED, volatilityBp: 1, algorithm: "hmac-sha256-walk-1", beacon: null }),
        randomness: () => null,
      },
    );
    const ticks = feed.ticksAfter({ second: DAY * 86_400, price: 6_123_450 }, DAY * 86_400 + 2);
    const second = nextPrice(VECTORS[0]!.vol1, 1, fromHex(VECTORS[1]!.digest));
    expect(ticks.map((t) => t.price)).toEqual([VECTORS[0]!.vol1, second]);
  });
  it("rounds halves away from zero and never goes below 1", () => {
    // a digest whose twelve words sum to 393210 + c, spread evenly
    const withC = (c: number) => {
      const total = 393_210 + c;
      const words = Array.from({ length: 12 }, (_, k) => Math.floor(total / 12) + (k < total % 12 ? 1 : 0));
      return Uint8Array.from([...words.flatMap((w) => [w >> 8, w & 255]), ...new Array(8).fill(0)]);
    };
    expect(drawOf(withC(32_768))).toBe(32_768n);
    // previous 10000, 1 bp: the move is c / 65536 steps
    expect(nextPrice(10_000, 1, withC(32_768))).toBe(10_001); // +0.5 → +1
    expect(nextPrice(10_000, 1, withC(-32_768))).toBe(9_999); // −0.5 → −1
    expect(nextPrice(10_000, 1, withC(32_767))).toBe(10_000); // +0.49998 → 0
    expect(nextPrice(10_000, 1, withC(-98_304))).toBe(9_998); // −1.5 → −2
    expect(stepPrice(10_000, 1, Buffer.from(withC(-98_304)))).toBe(9_998);
    expect(nextPrice(1, 1000, withC(-393_210))).toBe(1);
  });
});
