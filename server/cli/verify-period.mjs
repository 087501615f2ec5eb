#!/usr/bin/env node
/**
 * Verifies one period of a pair from the command line, with nothing of the site's code: only
 * Node (>= 20) and node:crypto. It is a second, independent implementation of the feed's
 * algorithm ("hmac-sha256-walk-1", server/platform/README.md, "Verifiable rounds") and of the
 * outcome rules, so a bug in the platform's copy cannot hide itself here.
 *
 *   node server/cli/verify-period.mjs <site-origin> <PAIR> <periodNo>
 *   node server/cli/verify-period.mjs --proof <file.json>
 *
 * The first form fetches <site-origin>/fairness/<PAIR>/<periodNo>/proof.json (the platform's
 * periodProof answer, or an envelope holding it in `data`). It checks SHA-256(seed) = commitment,
 * recomputes every tick of the period from the revealed seed, the close, the last digit and every
 * option's outcome, prints a table, and exits 0 when everything matches, 1 on any mismatch, 2
 * when the day's seed is not revealed yet (saying when it will be), 3 on a usage or network error.
 * Its functions are exported for tests.
 */
import { createHash, createHmac } from "node:crypto";
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";

export const ALGORITHM = "hmac-sha256-walk-1";
const DAY = 86400;

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

/** HMAC-SHA256(seed, "<pair>|<YYYY-MM-DD>|<index>") of the tick of `second`. */
export function tickDigest(seed, pair, second) {
  const { day, index } = slotOf(second);
  return createHmac("sha256", seed)
    .update(`${pair}|${labelOf(day)}|${index}`, "ascii")
    .digest();
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

/** The ticks of seconds from+1 … to starting at `price`, skipping seconds in `gaps` (inclusive pairs). */
export function walk(seed, pair, volatilityBp, fromSecond, price, toSecond, gaps = []) {
  const ticks = [];
  for (let s = fromSecond + 1; s <= toSecond; s++) {
    if (gaps.some(([a, b]) => s >= a && s <= b)) continue;
    price = stepPrice(price, volatilityBp, tickDigest(seed, pair, s));
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
  const start = Date.parse(period.startsAt) / 1000;
  const end = Date.parse(period.endsAt) / 1000;
  check("algorithm", day.algorithm, ALGORITHM);
  check("pair", period.pair, day.pair);
  check("day of the period", day.day, labelOf(Math.floor(start / DAY)));
  if (!day.seed) return { status: "unrevealed", checks, revealAt: day.revealAt };
  const seed = Buffer.from(day.seed, "hex");
  check("SHA-256(seed) = commitment", day.commitment, sha256Hex(seed));
  if (previous && previous.endsAt === period.startsAt)
    check("open = previous close", period.openPrice, previous.closePrice);
  const ticks = walk(seed, day.pair, day.volatilityBp, start, period.openPrice, end, gaps);
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
  else if (voidReason !== null) check(`void: ${voidReason} (the operator's recorded action)`, voidReason, voidReason);
  const outcomes =
    voidReason !== null
      ? Object.fromEntries(Object.keys(outcomesOf(0, 0, null)).map((o) => [o, "refund"]))
      : outcomesOf(period.openPrice, close, before);
  for (const option of Object.keys(outcomes))
    check(`outcome ${option}`, period.outcomes?.[option] ?? null, outcomes[option]);
  return { status: checks.every((c) => c.ok) ? "match" : "mismatch", checks, revealAt: day.revealAt };
}

/** The result as a table for a terminal. */
export function report(proof, result) {
  const { period, day, gaps = [] } = proof;
  const lines = [
    `${period.pair} period ${period.periodNo}  ${period.startsAt} → ${period.endsAt}`,
    `day ${day.day}  commitment ${day.commitment}  committed ${day.committedAt}`,
    `seed ${day.seed ?? "(not revealed yet)"}`,
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
    lines.push("MATCH: the period's ticks, close, last digit and outcomes follow from the committed seed.");
  else
    lines.push(
      `MISMATCH: ${result.checks
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
  return result.status === "match" ? 0 : result.status === "unrevealed" ? 2 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
