import { dayLabel, fromHex, nextPrice, tickMessage, tickSlot, toHex } from "#rules/fairness-walk";
import { direction, lastDigit, outcomes, type Outcome } from "#rules/outcomes";
import type { PeriodProof } from "../../server/contract/fairness";
import { BET_OPTIONS, type BetOption } from "#rules/bet-options";

/**
 * The browser's verification of one period (app/README.md, "Verifiable rounds"). Loaded only by a
 * dynamic import() when the member presses "Verify in this browser": no route's initial JS holds
 * it. It recomputes with WebCrypto (SHA-256 of the seed, HMAC-SHA256 per tick) and the shared
 * rules (server/rules: fairness-walk.ts, outcomes.ts), which the platform's feed uses too; the
 * command-line script server/cli/verify-period.mjs is the independent second implementation.
 *
 * What it can check from one proof: the seed against the day's commitment; from the recorded open
 * (the price after the tick of the period's start second, which is the previous period's close),
 * every tick of the period, so the close, the last digit and every option's outcome; the recorded
 * ticks while the platform still keeps them. The open itself is the previous period's close: the
 * chain of periods is checked one link at a time, each on its own page.
 */

export type VerifyLineKey =
  "commitment" | "day" | "open_chain" | "ticks" | "close" | "last_digit" | "void" | `outcome.${BetOption}`;
export interface VerifyLine {
  key: VerifyLineKey;
  /** what the platform recorded: a price (integer steps), a digit, an outcome or hex */
  recorded: string | number | null;
  recomputed: string | number | null;
  ok: boolean;
}
export interface Verification {
  ok: boolean;
  lines: VerifyLine[];
  /** the recomputed prices, [unix second, price], from the open's second to the close's */
  ticks: [number, number][];
}

type Subtle = Pick<SubtleCrypto, "digest" | "importKey" | "sign">;

const refundedAll = (): Record<BetOption, Outcome> =>
  Object.fromEntries(BET_OPTIONS.map((o) => [o, "refund"])) as Record<BetOption, Outcome>;

/** Unix seconds of an ISO time. */
const secondOf = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** Whether `second` lies in one of the proof's stalled ranges (no tick: nothing drawn). */
function stalled(gaps: PeriodProof["gaps"], second: number): boolean {
  return gaps.some(([from, to]) => second >= from && second <= to);
}

/**
 * Verifies `proof` (the periodProof call's data, as /fairness/<pair>/<periodNo>/proof.json
 * answers it). Throws when the seed is not revealed yet: nothing can be computed before.
 */
export async function verifyPeriod(
  proof: PeriodProof,
  subtle: Subtle = globalThis.crypto.subtle,
): Promise<Verification> {
  const { day, period, previous, gaps } = proof;
  if (!day.seed) throw new Error("fairness: the seed is not revealed yet");
  // a fresh ArrayBuffer: WebCrypto takes no view of a shared buffer
  const seed = new Uint8Array(fromHex(day.seed)).buffer as ArrayBuffer;
  const lines: VerifyLine[] = [];

  const commitment = toHex(new Uint8Array(await subtle.digest("SHA-256", seed)));
  lines.push({
    key: "commitment",
    recorded: day.commitment,
    recomputed: commitment,
    ok: commitment === day.commitment,
  });

  const start = secondOf(period.startsAt);
  const end = secondOf(period.endsAt);
  // every tick of the period (start + 1 … end) is a tick of the proof's day (fairness-walk.ts, step 1)
  const firstDay = tickSlot(start + 1).day;
  const lastDay = tickSlot(end).day;
  const dayOk = dayLabel(firstDay) === day.day && lastDay === firstDay;
  lines.push({ key: "day", recorded: day.day, recomputed: dayLabel(firstDay), ok: dayOk });

  const open = period.openPrice;
  // the open is the price after the start second's tick: the previous period's close, when there is one
  if (previous && previous.closePrice !== null) {
    lines.push({
      key: "open_chain",
      recorded: open,
      recomputed: previous.closePrice,
      ok: open === previous.closePrice,
    });
  }

  const key = await subtle.importKey("raw", seed, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const encoder = new TextEncoder();
  const ticks: [number, number][] = [];
  let price = open ?? 0;
  if (open !== null) ticks.push([start, open]);
  if (open !== null && dayOk) {
    for (let second = start + 1; second <= end; second++) {
      if (stalled(gaps, second)) continue;
      const { day: d, index } = tickSlot(second);
      const digest = new Uint8Array(await subtle.sign("HMAC", key, encoder.encode(tickMessage(period.pair, d, index))));
      price = nextPrice(price, day.volatilityBp, digest);
      ticks.push([second, price]);
    }
  }
  const close = open !== null && dayOk ? price : null;

  // the recorded ticks (kept an hour by the platform): each must be the recomputed price of its second
  if (proof.ticks.length > 0) {
    const recomputedAt = new Map(ticks);
    const matching = proof.ticks.filter((t) => recomputedAt.get(t.second) === t.price).length;
    lines.push({
      key: "ticks",
      recorded: proof.ticks.length,
      recomputed: matching,
      ok: matching === proof.ticks.length,
    });
  }

  lines.push({
    key: "close",
    recorded: period.closePrice,
    recomputed: close,
    ok: close !== null && close === period.closePrice,
  });
  const digit = close === null ? null : lastDigit(close);
  lines.push({
    key: "last_digit",
    recorded: period.lastDigit,
    recomputed: digit,
    ok: digit !== null && digit === period.lastDigit,
  });

  // A void period refunds every option whatever its prices. A feed gap shows in the proof (its
  // gaps cover the seconds from when betting on the period opened); a pause or resume after the
  // cut-off is the operator's recorded action, which the proof can only name.
  if (period.voidReason !== null) {
    const gapSeen = gaps.length > 0 ? "feed_gap" : null;
    const recomputed = period.voidReason === "feed_gap" ? gapSeen : period.voidReason;
    lines.push({ key: "void", recorded: period.voidReason, recomputed, ok: recomputed === period.voidReason });
  }
  const before =
    previous && previous.openPrice !== null && previous.closePrice !== null
      ? direction(previous.openPrice, previous.closePrice)
      : null;
  const expected: Record<BetOption, Outcome> | null =
    close === null || open === null ? null : period.voidReason !== null ? refundedAll() : outcomes(open, close, before);
  for (const option of BET_OPTIONS) {
    const recorded = period.outcomes?.[option] ?? null;
    const recomputed = expected?.[option] ?? null;
    lines.push({ key: `outcome.${option}`, recorded, recomputed, ok: recomputed !== null && recorded === recomputed });
  }
  return { ok: lines.every((l) => l.ok), lines, ticks };
}
