#!/usr/bin/env node
/**
 * Verifies one period of a pair from the command line, with nothing of the site's code: Node
 * (>= 20), node:crypto and, for the beacon's BLS signatures, the curve library @noble/curves (a
 * dependency of this repository; elsewhere `npm install @noble/curves`). It is a second,
 * independent implementation of the feed's algorithms ("hmac-sha256-walk-1" and
 * "hmac-sha256-beacon-walk-2", server/platform/README.md, "Verifiable rounds") and of the outcome
 * rules, so a bug in the platform's copy cannot hide itself here.
 *
 *   node server/cli/verify-period.mjs <site-origin> <PAIR> <periodNo>
 *   node server/cli/verify-period.mjs --proof <file.json>
 *
 * The first form fetches <site-origin>/fairness/<PAIR>/<periodNo>/proof.json (the platform's
 * periodProof answer, or an envelope holding it in `data`). It checks SHA-256(seed) = commitment,
 * checks each beacon round's signature (walk-2: against drand quicknet's public key, written below,
 * or, for a local beacon, the key the proof names, which proves only that the operator signed it),
 * recomputes every tick of the period from the revealed seed and the rounds, the close, the last digit and every
 * option's outcome, prints a table, and exits 0 when everything matches, 1 on any mismatch, 2
 * when the day's seed is not revealed yet (saying when it will be), 3 on a usage or network error.
 * A period fed by an exchange has no seed to recompute from: its proof names the exchange's opening
 * and closing trades, and the script checks that the period follows from them ("ATTESTED", 0),
 * printing each trade id to look up in the exchange's public history.
 * Its functions are exported for tests.
 */
import { createHash, createHmac } from "node:crypto";
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { bls12_381 } from "@noble/curves/bls12-381.js";

export const ALGORITHM = "hmac-sha256-walk-1";
export const BEACON_ALGORITHM = "hmac-sha256-beacon-walk-2";
const DAY = 86400;

/** drand's quicknet, as https://api.drand.sh/<hash>/info publishes it: the only key a "drand-quicknet" proof may name. */
export const QUICKNET = {
  hash: "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971",
  publicKey:
    "83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a",
  genesis: 1692803367,
  period: 3,
};

/** The round the tick of `second` mixes in: the first published at or after it (round r at genesis + (r - 1) × period). */
export function roundFor(second, chain) {
  return second <= chain.genesis ? 1 : Math.ceil((second - chain.genesis) / chain.period) + 1;
}

/** Whether `signature` (hex) is a BLS signature on G1 of SHA-256(round as 8 big-endian bytes) under `publicKey` (hex, G2). */
export function roundSignatureOk(publicKey, round, signature) {
  try {
    const message = Buffer.alloc(8);
    message.writeBigUInt64BE(BigInt(round));
    const point = bls12_381.shortSignatures.hash(createHash("sha256").update(message).digest());
    return bls12_381.shortSignatures.verify(Buffer.from(signature, "hex"), point, Buffer.from(publicKey, "hex"));
  } catch {
    return false;
  }
}

/** The UTC day and index of the tick of second t: it covers (t - 1, t]. */
export function slotOf(second) {
  const day = Math.floor((second - 1) / DAY);
  return { day, index: second - 1 - day * DAY };
}

export function labelOf(day) {
  return new Date(day * DAY * 1000).toISOString().slice(0, 10);
}

export function sha256Hex(bytes) {
  return createHash("sha256").update(bytes).digest("hex");
}

/** HMAC-SHA256(seed, "<pair>|<YYYY-MM-DD>|<index>") of the tick of `second`; walk-2 appends "|<round randomness hex>". */
export function tickDigest(seed, pair, second, randomness = null) {
  const { day, index } = slotOf(second);
  const message = `${pair}|${labelOf(day)}|${index}${randomness === null ? "" : `|${randomness}`}`;
  return createHmac("sha256", seed).update(message, "ascii").digest();
}

/** previous + round(previous × volatilityBp × c / (10000 × 65536)), halves away from zero, at least 1. */
export function stepPrice(previous, volatilityBp, digest) {
  let c = -393210n;
  for (let k = 0; k < 12; k++) c += BigInt(digest.readUInt16BE(2 * k));
  const n = BigInt(previous) * BigInt(volatilityBp) * c;
  const d = 655360000n;
  const abs = ((n < 0n ? -n : n) + d / 2n) / d;
  const price = BigInt(previous) + (n < 0n ? -abs : abs);
  return Number(price < 1n ? 1n : price);
}

/**
 * The ticks of seconds from+1 … to starting at `price`, skipping seconds in `gaps` (inclusive
 * pairs). With `beacon` ({ chain, randomness: Map round → hex }), walk-2: each tick mixes its
 * round's randomness, and a second whose round is missing cannot be drawn (null is answered).
 */
export function walk(seed, pair, volatilityBp, fromSecond, price, toSecond, gaps = [], beacon = null) {
  const ticks = [];
  for (let s = fromSecond + 1; s <= toSecond; s++) {
    if (gaps.some(([a, b]) => s >= a && s <= b)) continue;
    let randomness = null;
    if (beacon) {
      randomness = beacon.randomness.get(roundFor(s, beacon.chain)) ?? null;
      if (randomness === null) return null;
    }
    price = stepPrice(price, volatilityBp, tickDigest(seed, pair, s, randomness));
    ticks.push({ second: s, price });
  }
  return ticks;
}

const sign = (open, close) => (close > open ? 1 : close < open ? -1 : 0);

/** Every option's outcome (the game's rules, written again here). */
export function outcomesOf(open, close, previousDirection) {
  const digit = close % 10;
  const moved = sign(open, close);
  const before = previousDirection ?? 0;
  const result = (won) => (won ? "win" : "lose");
  const directional = (won) => (moved === 0 ? "refund" : result(won));
  return {
    high: result(digit >= 5),
    low: result(digit <= 4),
    odd: result(digit % 2 === 1),
    even: result(digit % 2 === 0),
    rise: directional(moved === 1),
    fall: directional(moved === -1),
    draw: result(moved === 0),
    counter: moved === 0 || before === 0 ? "refund" : result(moved === -before),
  };
}

/**
 * Checks a periodProof. Answers { status: "match" | "mismatch" | "unrevealed", checks, revealAt }:
 * each check is { name, recorded, recomputed, ok }.
 */
export function verifyProof(proof) {
  const { day, period, previous, gaps = [], ticks: recordedTicks = [] } = proof;
  const checks = [];
  const check = (name, recorded, recomputed) => {
    const ok = JSON.stringify(recorded) === JSON.stringify(recomputed);
    checks.push({ name, recorded, recomputed, ok });
    return ok;
  };
  if (proof.attestation) return verifyFed(proof, check, checks);
  const start = Date.parse(period.startsAt) / 1000;
  const end = Date.parse(period.endsAt) / 1000;
  const beaconDay = day.algorithm === BEACON_ALGORITHM;
  check("algorithm", day.algorithm, beaconDay ? BEACON_ALGORITHM : ALGORITHM);
  check("pair", period.pair, day.pair);
  check("day of the period", day.day, labelOf(Math.floor(start / DAY)));
  if (!day.seed) return { status: "unrevealed", checks, revealAt: day.revealAt };
  const seed = Buffer.from(day.seed, "hex");
  check("SHA-256(seed) = commitment", day.commitment, sha256Hex(seed));
  if (previous && previous.endsAt === period.startsAt)
    check("open = previous close", period.openPrice, previous.closePrice);
  let beacon = null;
  if (beaconDay) {
    const chain = day.beacon;
    // a proof cannot bring its own key for drand: quicknet's is written in this file
    if (chain.kind === "drand-quicknet")
      check("beacon: drand quicknet's public key", chain.publicKey + chain.hash, QUICKNET.publicKey + QUICKNET.hash);
    else check("beacon: a local beacon (the operator's own key, not drand)", chain.kind, "local");
    const randomness = new Map();
    let bad = 0;
    for (const r of proof.rounds ?? []) {
      const ok = roundSignatureOk(chain.publicKey, r.round, r.signature);
      const mixed = sha256Hex(Buffer.from(r.signature, "hex"));
      if (!ok || mixed !== r.randomness) bad++;
      else randomness.set(r.round, mixed);
    }
    check(`beacon round signatures (${(proof.rounds ?? []).length})`, 0, bad);
    // every round a tick mixes in was published at or after its second, so after the betting closed
    const cutoff = Date.parse(period.cutoffAt) / 1000;
    const early = [...randomness.keys()].filter((r) => chain.genesis + (r - 1) * chain.period <= cutoff).length;
    check("beacon rounds published after betting closed", 0, early);
    beacon = { chain, randomness };
  }
  const drawn = walk(seed, day.pair, day.volatilityBp, start, period.openPrice, end, gaps, beacon);
  check("a beacon round for every tick", true, drawn !== null);
  const ticks = drawn ?? [];
  const bySecond = new Map(ticks.map((t) => [t.second, t.price]));
  let tickMismatches = 0;
  for (const t of recordedTicks) if (bySecond.get(t.second) !== t.price) tickMismatches++;
  check(`recorded ticks (${recordedTicks.length} kept, ${ticks.length} drawn)`, 0, tickMismatches);
  const close = ticks.length ? ticks[ticks.length - 1].price : period.openPrice;
  check("close", period.closePrice, close);
  check("last digit", period.lastDigit, close % 10);
  const before = previous && previous.closePrice !== null ? sign(previous.openPrice, previous.closePrice) : null;
  // A void period (an operator paused or resumed the pair after its betting closed, or the feed
  // stalled from when betting on it opened) refunds every option whatever its prices.
  const voidReason = period.voidReason ?? null;
  if (voidReason === "feed_gap") check("void: the feed stalled", true, gaps.length > 0);
  else if (voidReason === "beacon_missing") check("void: a beacon round was missing", true, gaps.length > 0);
  else if (voidReason !== null) check(`void: ${voidReason} (the operator's recorded action)`, voidReason, voidReason);
  const outcomes =
    voidReason !== null
      ? Object.fromEntries(Object.keys(outcomesOf(0, 0, null)).map((o) => [o, "refund"]))
      : outcomesOf(period.openPrice, close, before);
  for (const option of Object.keys(outcomes))
    check(`outcome ${option}`, period.outcomes?.[option] ?? null, outcomes[option]);
  return { status: checks.every((c) => c.ok) ? "match" : "mismatch", checks, revealAt: day.revealAt };
}

/**
 * A period fed by an exchange (docs/decisions/032) is drawn from no seed: its open and close are
 * two of the exchange's trades, named by id and time. What can be checked here is that the
 * recorded open, close, last digit and outcomes follow from those trades' prices and that each
 * trade is from after betting closed; that the trades are real is for the exchange's public
 * history to say (status "attested": each trade's id is printed to look up).
 */
function verifyFed(proof, check, checks) {
  const { period, previous, attestation } = proof;
  const cutoff = Date.parse(period.cutoffAt);
  const { open, close } = attestation;
  if (open) {
    check("open = the exchange's opening trade", period.openPrice, open.price);
    check("opening trade after betting closed", true, open.tradeTime > cutoff);
  }
  if (close) {
    check("close = the exchange's closing trade", period.closePrice, close.price);
    check("last digit", period.lastDigit, close.price % 10);
    check("closing trade after betting closed", true, close.tradeTime > cutoff);
  }
  const voidReason = period.voidReason ?? null;
  if (voidReason === null) check("both trades named (else the period is void)", true, Boolean(open && close));
  const before = previous && previous.closePrice !== null ? sign(previous.openPrice, previous.closePrice) : null;
  const outcomes =
    voidReason !== null || !open || !close
      ? Object.fromEntries(Object.keys(outcomesOf(0, 0, null)).map((o) => [o, "refund"]))
      : outcomesOf(open.price, close.price, before);
  for (const option of Object.keys(outcomes))
    check(`outcome ${option}`, period.outcomes?.[option] ?? null, outcomes[option]);
  return { status: checks.every((c) => c.ok) ? "attested" : "mismatch", checks, revealAt: null };
}

/** The result as a table for a terminal. */
export function report(proof, result) {
  const { period, day, gaps = [] } = proof;
  if (proof.attestation) return reportFed(proof, result);
  const lines = [
    `${period.pair} period ${period.periodNo}  ${period.startsAt} → ${period.endsAt}`,
    `day ${day.day}  commitment ${day.commitment}  committed ${day.committedAt}`,
    `seed ${day.seed ?? "(not revealed yet)"}`,
    day.beacon
      ? `beacon ${day.beacon.kind === "local" ? "LOCAL (the operator's own key, not drand)" : "drand quicknet"} ${day.beacon.hash}  rounds ${(proof.rounds ?? []).length}`
      : "beacon none (hmac-sha256-walk-1: the seed alone)",
    `volatility ${day.volatilityBp} bp  precision ${day.precision}  stalled seconds ${gaps.reduce((n, [a, b]) => n + b - a + 1, 0)}`,
    "",
  ];
  const width = Math.max(...result.checks.map((c) => c.name.length), 5);
  lines.push(`${"check".padEnd(width)}  ${"recorded".padEnd(66)}  ${"recomputed".padEnd(66)}  ok`);
  for (const c of result.checks) {
    lines.push(
      `${c.name.padEnd(width)}  ${String(c.recorded).padEnd(66)}  ${String(c.recomputed).padEnd(66)}  ${c.ok ? "yes" : "NO"}`,
    );
  }
  lines.push("");
  if (result.status === "unrevealed")
    lines.push(`The seed of ${day.day} is not revealed yet: it will be at ${result.revealAt}.`);
  else if (result.status === "match")
    lines.push(
      day.beacon
        ? "MATCH: the period's ticks, close, last digit and outcomes follow from the committed seed and the signed beacon rounds."
        : "MATCH: the period's ticks, close, last digit and outcomes follow from the committed seed.",
    );
  else
    lines.push(
      `MISMATCH: ${result.checks
        .filter((c) => !c.ok)
        .map((c) => c.name)
        .join(", ")}.`,
    );
  return lines.join("\n");
}

function reportFed(proof, result) {
  const { period, attestation } = proof;
  const trade = (name, t) =>
    t
      ? `${name}: price ${t.price} at second ${t.second}, ${t.via === "trade" ? `trade id ${t.tradeId}` : "a 1-second kline (no trade id)"}, traded ${new Date(t.tradeTime).toISOString()}`
      : `${name}: none (no trade decided it: the period is void)`;
  const lines = [
    `${period.pair} period ${period.periodNo}  ${period.startsAt} → ${period.endsAt}`,
    `fed by ${attestation.exchange} ${attestation.symbol}: not drawn from a seed, so nothing to recompute from one`,
    trade("open", attestation.open),
    trade("close", attestation.close),
    "",
  ];
  const width = Math.max(...result.checks.map((c) => c.name.length), 5);
  for (const c of result.checks)
    lines.push(
      `${c.name.padEnd(width)}  ${String(c.recorded).padEnd(20)}  ${String(c.recomputed).padEnd(20)}  ${c.ok ? "yes" : "NO"}`,
    );
  lines.push("");
  lines.push(
    result.status === "attested"
      ? `ATTESTED: the close, last digit and outcomes follow from the two trades above, both after betting closed. Look each trade id up in ${attestation.exchange}'s public trade history for ${attestation.symbol} to check the trades themselves.`
      : `MISMATCH: ${result.checks
          .filter((c) => !c.ok)
          .map((c) => c.name)
          .join(", ")}.`,
  );
  return lines.join("\n");
}

async function loadProof(argv) {
  const at = argv.indexOf("--proof");
  const body =
    at >= 0
      ? JSON.parse(await readFile(argv[at + 1], "utf8"))
      : await (async () => {
          const [origin, pair, periodNo] = argv;
          if (!origin || !pair || !periodNo) throw new Error("usage");
          const url = `${origin.replace(/\/$/, "")}/fairness/${encodeURIComponent(pair)}/${encodeURIComponent(periodNo)}/proof.json`;
          const response = await fetch(url, { headers: { accept: "application/json" } });
          if (!response.ok) throw new Error(`${url} answered ${response.status}`);
          return response.json();
        })();
  return body && body.data && body.data.period ? body.data : body;
}

export async function main(argv = process.argv.slice(2)) {
  let proof;
  try {
    proof = await loadProof(argv);
  } catch (error) {
    if (error.message === "usage") {
      console.error(
        "usage: node server/cli/verify-period.mjs <site-origin> <PAIR> <periodNo>\n       node server/cli/verify-period.mjs --proof <file.json>",
      );
    } else console.error(`verify-period: ${error.message}`);
    return 3;
  }
  const result = verifyProof(proof);
  console.log(report(proof, result));
  return result.status === "match" || result.status === "attested" ? 0 : result.status === "unrevealed" ? 2 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
