import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { PeriodProof } from "../../server/contract/fairness";
import { DAY_SECONDS, dayLabel, toHex } from "#rules/fairness-walk";
import { direction, lastDigit, outcomes } from "#rules/outcomes";
import { fairFeed } from "../../server/platform/game/feed";
import { verifyPeriod } from "../../app/utils/fairness-verify";

/**
 * The browser's verifier (app/utils/fairness-verify.ts, WebCrypto: Node has crypto.subtle) against
 * the platform's own feed (server/platform/game/feed.ts: its synchronous SHA-256 and HMAC): the
 * periods the platform's walk produces verify line by line; a seed differing in one bit, a changed
 * close, a recorded tick that differs and a seed not yet revealed do not.
 */
const PAIR = "BTC-USDT";
const DAY = 20_000; // 2024-10-04
const PERIOD = 60;
const VOLATILITY = 8;
const seed = new Uint8Array(32).map((_, i) => (i * 37 + 11) & 0xff);

/** Two consecutive periods as the platform records them, from its feed with this seed. */
function platformProof(options: { gaps?: [number, number][] } = {}): PeriodProof {
  const feed = fairFeed(
    { paused: false },
    {
      symbol: PAIR,
      day: () => ({ seed, volatilityBp: VOLATILITY, algorithm: "hmac-sha256-walk-1", beacon: null }),
      randomness: () => null,
    },
  );
  const dayStart = DAY * DAY_SECONDS;
  // the previous period's ticks from a start price, then this period's: the market's own catch-up
  const previousStart = dayStart + 10 * PERIOD;
  const start = previousStart + PERIOD;
  const end = start + PERIOD;
  const first = { second: previousStart, price: 6_123_450 };
  const ticks = [first, ...feed.ticksAfter(first, end)].filter(
    (t) => !options.gaps?.some(([a, b]) => t.second >= a && t.second <= b),
  );
  // a stalled second draws nothing: the walk after a gap moves from the last price there was
  let walked = ticks;
  if (options.gaps?.length) {
    walked = [first];
    for (let s = previousStart + 1; s <= end; s++) {
      if (options.gaps.some(([a, b]) => s >= a && s <= b)) continue;
      const [next] = feed.ticksAfter({ second: s - 1, price: walked.at(-1)!.price }, s);
      walked.push(next!);
    }
  }
  const priceAt = (second: number) => [...walked].reverse().find((t) => t.second <= second)!.price;
  const period = (from: number, before: ReturnType<typeof direction> | null) => {
    const open = priceAt(from);
    const close = priceAt(from + PERIOD);
    return {
      pair: PAIR,
      periodNo: `${dayLabel(DAY).replaceAll("-", "")}${String((from - dayStart) / PERIOD + 1).padStart(4, "0")}`,
      startsAt: new Date(from * 1000).toISOString(),
      cutoffAt: new Date((from + PERIOD - 5) * 1000).toISOString(),
      endsAt: new Date((from + PERIOD) * 1000).toISOString(),
      openPrice: open,
      closePrice: close,
      lastDigit: lastDigit(close),
      outcomes: outcomes(open, close, before),
    };
  };
  const previous = period(previousStart, null);
  const current = period(start, direction(previous.openPrice, previous.closePrice));
  return {
    day: {
      pair: PAIR,
      day: dayLabel(DAY),
      algorithm: "hmac-sha256-walk-1",
      beacon: null,
      commitment: createHash("sha256").update(seed).digest("hex"),
      committedAt: new Date((dayStart - 3600) * 1000).toISOString(),
      seed: toHex(seed),
      revealAt: new Date((dayStart + DAY_SECONDS) * 1000).toISOString(),
      volatilityBp: VOLATILITY,
      precision: 2,
      periodSeconds: PERIOD,
      cutoffSeconds: 5,
    },
    period: { ...current, voidReason: null },
    previous: previous && { ...previous, voidReason: null },
    gaps: options.gaps ?? [],
    ticks: walked.filter((t) => t.second >= start && t.second <= end),
    rounds: [],
  };
}

const failing = (lines: { key: string; ok: boolean }[]) => lines.filter((l) => !l.ok).map((l) => l.key);

describe("the browser's verifier", () => {
  it("verifies every line of a period the platform's feed produced, and recomputes its ticks", async () => {
    const proof = platformProof();
    const result = await verifyPeriod(proof);
    expect(failing(result.lines)).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.lines.map((l) => l.key)).toEqual([
      "commitment",
      "day",
      "open_chain",
      "ticks",
      "close",
      "last_digit",
      "outcome.high",
      "outcome.low",
      "outcome.odd",
      "outcome.even",
      "outcome.rise",
      "outcome.fall",
      "outcome.counter",
      "outcome.draw",
    ]);
    // the open's second and all 60 ticks of the period, equal to the platform's
    expect(result.ticks).toEqual(proof.ticks.map((t) => [t.second, t.price]));
    expect(result.ticks).toHaveLength(PERIOD + 1);
    // the walk moved: a verification of a flat line would prove little
    expect(new Set(result.ticks.map(([, p]) => p)).size).toBeGreaterThan(10);
  });

  it("fails with a seed differing in one bit: the commitment and the recomputed prices no longer match", async () => {
    const proof = platformProof();
    const flipped = Uint8Array.from(seed);
    flipped[17]! ^= 0x04;
    const result = await verifyPeriod({ ...proof, day: { ...proof.day, seed: toHex(flipped) } });
    expect(result.ok).toBe(false);
    expect(failing(result.lines)).toContain("commitment");
    expect(failing(result.lines)).toContain("ticks");
    expect(failing(result.lines)).toContain("close");
  });

  it("fails when the recorded close or an outcome was changed, naming the line", async () => {
    const proof = platformProof();
    const changed = await verifyPeriod({
      ...proof,
      period: { ...proof.period, closePrice: proof.period.closePrice! + 1 },
    });
    expect(failing(changed.lines)).toEqual(["close"]);
    const flippedOutcome = proof.period.outcomes!.high === "win" ? "lose" : "win";
    const outcome = await verifyPeriod({
      ...proof,
      period: { ...proof.period, outcomes: { ...proof.period.outcomes!, high: flippedOutcome } },
    });
    expect(failing(outcome.lines)).toEqual(["outcome.high"]);
  });

  it("skips stalled seconds as the platform's feed does (a gap draws nothing)", async () => {
    const base = platformProof();
    const start = Date.parse(base.period.startsAt) / 1000;
    const proof = platformProof({ gaps: [[start + 10, start + 19]] });
    const result = await verifyPeriod(proof);
    expect(failing(result.lines)).toEqual([]);
    expect(result.ticks).toHaveLength(PERIOD + 1 - 10);
    // the same proof read without its gaps draws ten more ticks and lands elsewhere
    const ignored = await verifyPeriod({ ...proof, gaps: [] });
    expect(failing(ignored.lines)).toContain("close");
  });

  it("computes nothing before the seed is revealed", async () => {
    const proof = platformProof();
    await expect(verifyPeriod({ ...proof, day: { ...proof.day, seed: null } })).rejects.toThrow(/not revealed/);
  });
});
