import { BEACON_ALGORITHM, beaconTickMessage, chainIsGenuine, roundOf, roundTime } from "#rules/beacon";
import { dayLabel, fromHex, nextPrice, tickMessage, tickSlot, toHex } from "#rules/fairness-walk";
import { randomnessOf, verifyRound } from "../../server/contract/beacon-signature";
import { direction, lastDigit, outcomes, type Outcome } from "#rules/outcomes";
import type { PeriodProof } from "../../server/contract/fairness";
import { BET_OPTIONS, type BetOption } from "#rules/bet-options";

/**
 * The browser's verification of one period (app/README.md, "Verifiable rounds"). Loaded only by a
 * dynamic import() when the member presses "Verify in this browser": no route's initial JS holds
 * it, nor the curve library it checks beacon signatures with (@noble/curves, through
 * server/contract/beacon-signature.ts). It recomputes with WebCrypto (SHA-256 of the seed,
 * HMAC-SHA256 per tick, each mixing its beacon round under walk-2) and the shared
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
  | "commitment"
  | "day"
  | "beacon_key"
  | "beacon_signatures"
  | "beacon_timing"
  | "open_chain"
  | "ticks"
  | "close"
  | "last_digit"
  | "void"
  | `outcome.${BetOption}`;
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

  // walk-2 (decision 031): each round's BLS signature against the day's chain, drand's pinned key
  // for quicknet; every round mixed in published after the period's betting closed
  const chain = day.algorithm === BEACON_ALGORITHM ? day.beacon : null;
  const randomness = new Map<number, string>();
  if (chain) {
    lines.push({ key: "beacon_key", recorded: chain.kind, recomputed: chain.kind, ok: chainIsGenuine(chain) });
    let good = 0;
    for (const r of proof.rounds) {
      if (verifyRound(chain, r.round, r.signature) && randomnessOf(r.signature) === r.randomness) {
        randomness.set(r.round, r.randomness);
        good++;
      }
    }
    lines.push({
      key: "beacon_signatures",
      recorded: proof.rounds.length,
      recomputed: good,
      ok: good === proof.rounds.length,
    });
    const cutoff = secondOf(period.cutoffAt);
    const early = [...randomness.keys()].filter((r) => roundTime(r, chain) <= cutoff).length;
    lines.push({
      key: "beacon_timing",
      recorded: randomness.size,
      recomputed: randomness.size - early,
      ok: early === 0,
    });
  }

  const key = await subtle.importKey("raw", seed, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const encoder = new TextEncoder();
  const ticks: [number, number][] = [];
  let price = open ?? 0;
  if (open !== null) ticks.push([start, open]);
  let drawn = open !== null && dayOk;
  if (drawn) {
    for (let second = start + 1; second <= end; second++) {
      if (stalled(gaps, second)) continue;
      const { day: d, index } = tickSlot(second);
      let message = tickMessage(period.pair, d, index);
      if (chain) {
        const mixed = randomness.get(roundOf(second, chain));
        // a tick whose round is missing or forged cannot be recomputed
        if (mixed === undefined) {
          drawn = false;
          break;
        }
        message = beaconTickMessage(period.pair, d, index, mixed);
      }
      const digest = new Uint8Array(await subtle.sign("HMAC", key, encoder.encode(message)));
      price = nextPrice(price, day.volatilityBp, digest);
      ticks.push([second, price]);
    }
  }
  const close = drawn ? price : null;

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
    const gapReason = period.voidReason === "feed_gap" || period.voidReason === "beacon_missing";
    const recomputed = gapReason ? (gaps.length > 0 ? period.voidReason : null) : period.voidReason;
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
