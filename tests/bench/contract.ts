import { performance } from "node:perf_hooks";
import { termsOf, type LedgerRecord, type Position } from "../../server/contract";
import { payoutAt } from "#rules/position-math";
import { TriggerBook } from "../../server/platform/market/trigger-book";
import { randomUUID } from "node:crypto";
import type { CallBody, CallData, Envelope } from "../../server/contract";
import { must, operator, platformCall } from "./clients";
import { PLATFORM, SITE_ID } from "./config";
import type { LiveResult } from "./live";
import type { BenchMember } from "./members";
import { pool, quantile, sleep } from "./stats";

/**
 * Contract trading under load (server/platform/README.md, "One market object and its ceiling"):
 *
 * - `triggerCheck`: the market's per-tick trigger check as the pure module it is
 *   (server/platform/market/trigger-book.ts), timed in Node: `crossedAt(price)` on a book of
 *   10,000 open positions at a price that crosses none, call by call.
 * - `stopOutBurst`: 10,000 open positions on one pair over 1,000 members, and one tick of the real
 *   simulated feed that stops out 1,000 of them at once, while 1,000 WebSocket clients watch the
 *   pair. Every close is timed from that tick's second to the `closedAt` the member's object wrote
 *   when it applied the close, and every member's books are checked afterwards.
 *
 * How one tick crosses exactly the chosen positions, within what the verifiable feed allows
 * (server/platform/README.md, "Verifiable rounds": each day's ticks come from its committed seed,
 * and a change of volatility applies only from the first day committed after it). The bench pair
 * is created moving 1 bp a second (the demo site refuses a pair whose rounds would return 100 % or
 * more, which a calm pair's do: its draw always wins) and added to the site, then set calm
 * (volatility 0), which applies from the day after tomorrow. The bench moves the platform's clock
 * (serve.ts's local-only PLATFORM_CLOCK_CONTROL, which only moves forward) into that calm day, sets
 * 3 % a second (from two days later: the calm day's successor was committed calm when the clock
 * moved), and every position opens at the one calm price; each member opens a long and a short at
 * the highest leverage (the targets) beside nine at the lowest. Then the clock moves to 20 s
 * before the 3 % day's midnight: the market catches up through the calm days, and from midnight
 * every tick moves about 3 %. Nobody knows the
 * seed, so nobody knows which way: the first tick that moves 0.9 % or more from the entry crosses
 * the stop-outs of one side, 1,000 positions at once, and the bench pauses the pair as soon as it
 * sees that tick (before the next second), so the other side and the 5× positions stay open.
 */

// the trigger check ----------------------------------------------------------------------------

export interface TriggerCheckResult {
  positions: number;
  triggers: number;
  calls: number;
  /** per call of crossedAt at a price crossing none, in ns */
  medianNs: number;
  p99Ns: number;
  maxNs: number;
  /** per call at a price crossing 1,000 stop-outs, in ns (for comparison) */
  crossing: { positions: number; medianNs: number };
}

/** A small deterministic generator, so two runs build the same book. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

export function triggerCheck(positions = 10_000, calls = 200_000): TriggerCheckResult {
  const book = new TriggerBook();
  const next = random(18);
  const mark = 6_000_000;
  // positions around a mark of 60,000.00: long and short, at 1× to 100×, half with a take-profit and
  // a stop-loss; every trigger at least 0.1 % away from the mark, so the price checked crosses none
  for (let i = 0; i < positions; i++) {
    const long = i % 2 === 0;
    const distance = 0.001 + next() * 0.2;
    const far = 0.002 + next() * 0.2;
    const withStops = i % 4 < 2;
    book.add({
      positionId: `p${i}`,
      side: long ? "long" : "short",
      liquidationPrice: Math.round(mark * (long ? 1 - distance : 1 + distance)),
      takeProfit: withStops ? Math.round(mark * (long ? 1 + far : 1 - far)) : null,
      stopLoss: withStops ? Math.round(mark * (long ? 1 - distance / 2 : 1 + distance / 2)) : null,
    });
  }
  const triggers = positions + Math.ceil(positions / 2) * 2;
  const time = (price: number, n: number, expect: number) => {
    const samples = new Array<number>(n);
    // warm-up: the optimiser settles before anything is timed
    for (let i = 0; i < 10_000; i++) book.crossedAt(price);
    for (let i = 0; i < n; i++) {
      const start = process.hrtime.bigint();
      const crossed = book.crossedAt(price);
      samples[i] = Number(process.hrtime.bigint() - start);
      if (crossed.size !== expect) throw new Error(`crossedAt(${price}) crossed ${crossed.size}, expected ${expect}`);
    }
    return samples;
  };
  const quiet = time(mark, calls, 0);
  // a second book: the 1,000 stop-outs of the burst below, crossed by one tick
  const burst = new TriggerBook();
  for (let i = 0; i < positions; i++) {
    const target = i < 1_000;
    burst.add({
      positionId: `q${i}`,
      side: "long",
      liquidationPrice: target ? mark - 10 - i : Math.round(mark / 2),
      takeProfit: null,
      stopLoss: null,
    });
  }
  const crossingSamples: number[] = [];
  for (let i = 0; i < 2_000; i++) {
    const start = process.hrtime.bigint();
    const crossed = burst.crossedAt(mark - 2_000);
    crossingSamples.push(Number(process.hrtime.bigint() - start));
    if (crossed.size !== 1_000) throw new Error(`the burst's tick crossed ${crossed.size}`);
  }
  return {
    positions,
    triggers,
    calls,
    medianNs: quantile(quiet, 0.5),
    p99Ns: quantile(quiet, 0.99),
    maxNs: quantile(quiet, 1),
    crossing: { positions: 1_000, medianNs: quantile(crossingSamples, 0.5) },
  };
}

// the burst ---------------------------------------------------------------------------------------

export const CONTRACT_PAIR = "CTR-USDT";
/** The bench pair, calm (volatility 0) while the positions open and until the gap. */
const PAIR_CONFIG = {
  name: "CTR Walk",
  precision: 2,
  periodSeconds: 60,
  cutoffSeconds: 10,
  startPrice: 6_000_000,
  volatilityBp: 0,
  paused: false,
};
/** The volatility it is created with, so the site takes it (1 bp a second, as BTC-USDT). */
const LISTED_VOLATILITY_BP = 1;
/** The gap's volatility: 3 % a second, so one tick moves past a 100× position's stop-out (about 0.9 %) three times in four. */
const GAP_VOLATILITY_BP = 300;
/** How long before the gap's midnight the clock is put: time for the sockets to connect and settle. */
const BEFORE_MIDNIGHT_MS = 20_000;

/** Moves the platform's clock `offsetMs` ahead of this machine's (serve.ts, PLATFORM_CLOCK_CONTROL). */
async function moveClock(offsetMs: number): Promise<void> {
  const response = await fetch(`${PLATFORM}/__test__/clock-offset`, { method: "POST", body: String(offsetMs) });
  if (!response.ok)
    throw new Error(`the platform's clock cannot be moved (${response.status}): is PLATFORM_CLOCK_CONTROL=1 set?`);
}
const FAR_PER_MEMBER = 9;

export interface StopOutResult {
  members: number;
  farPositions: number;
  farLeverage: number;
  farOpenSeconds: number;
  farRefused: string[];
  targets: number;
  targetLeverage: number;
  targetOpenSeconds: number;
  targetsRefused: string[];
  entryPrice: number;
  liquidationPrice: number;
  /** the gap: its second, its price, and which side's stop-outs it crossed */
  gap: { second: number; price: number; side: "long" | "short" };
  /** ms the market took to catch up through the calm day after the clock moved */
  catchUpMs: number;
  /** closed by the gap's tick, each once, as stop-outs at its price */
  closed: number;
  /** opened but not closed by the deadline */
  lost: number;
  /** ms from the second of the tick that crossed it to each close's closedAt */
  firstMs: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** what the stopped-out positions paid back in all (a gap past the stop-out pays nothing) */
  payouts: number;
  /** the other positions (the 5× ones and the side the gap did not cross) still open afterwards (all of them should be) */
  farStillOpen: number;
  ledgerProblems: string[];
  /** requests that got no answer and were sent again with the same idempotency key (the first ten, and how many) */
  networkRetries: string[];
  networkRetryCount: number;
  live?: LiveResult;
}

type Live = (pair: string, untilMs: number, clockOffsetMs: number) => Promise<LiveResult>;

async function allPages<T>(read: (page: number) => Promise<{ items: T[]; total: number }>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const data = await read(page);
    items.push(...data.items);
    if (items.length >= data.total || data.items.length === 0) return items;
  }
}

const positionsOf = (member: BenchMember, status: "open" | "closed") =>
  allPages((page) => read(() => must("positions", { token: member.token, query: { status, page, pageSize: 100 } })));

/**
 * A member's books with positions in them: each own balance is the sum of its records and its last
 * balance-after; the positions account holds exactly the open positions' margins; every closed
 * position paid what the contract's payoutAt says at its close price, once, into the game wallet;
 * every position took margin + fee from it once.
 */
async function positionLedgerProblems(member: BenchMember, gameCode: string): Promise<string[]> {
  const problems: string[] = [];
  const [wallets, records, open, closed] = await Promise.all([
    read(() => must("wallets", { token: member.token })),
    allPages<LedgerRecord>((page) =>
      read(() => must("records", { token: member.token, query: { page, pageSize: 100 } })),
    ),
    positionsOf(member, "open"),
    positionsOf(member, "closed"),
  ]);
  const game = `game:${gameCode}`;
  const balances: Record<string, number> = {
    main: wallets.main.balance,
    hold: wallets.main.onHold,
    [game]: wallets.games.find((g) => g.code === gameCode)?.balance ?? 0,
    positions: open.reduce((n, p) => n + p.margin, 0),
  };
  for (const [account, balance] of Object.entries(balances)) {
    const mine = records.filter((r) => r.account === account);
    const sum = mine.reduce((n, r) => n + r.amount, 0);
    if (sum !== balance) problems.push(`${account}: records sum to ${sum}, expected ${balance}`);
    const newest = mine.reduce<LedgerRecord | undefined>((a, r) => (!a || r.id > a.id ? r : a), undefined);
    if (newest && newest.balanceAfter !== sum)
      problems.push(`${account}: last balance-after ${newest.balanceAfter}, records sum to ${sum}`);
  }
  for (const p of closed) {
    const expected = payoutAt(termsOf(p), p.closePrice!);
    if (p.payout !== expected) problems.push(`${p.id}: payout ${p.payout}, payoutAt says ${expected}`);
    if (p.net !== p.payout! - p.margin - p.openFee) problems.push(`${p.id}: net ${p.net}`);
    // the close moves the margin out of the positions account once; the payout into the game wallet
    // is a posting only when there is one (a gap past the stop-out pays nothing)
    const released = records.filter(
      (r) => r.type === "position_close" && r.reference === p.id && r.account === "positions",
    );
    if (released.length !== 1 || released[0]!.amount !== -p.margin)
      problems.push(`${p.id}: ${released.length} close records of the positions account`);
    const paid = records.filter((r) => r.type === "position_close" && r.reference === p.id && r.account === game);
    if (paid.reduce((n, r) => n + r.amount, 0) !== p.payout || paid.length > 1)
      problems.push(`${p.id}: ${paid.length} close records into the game wallet for a payout of ${p.payout}`);
  }
  for (const p of [...open, ...closed]) {
    const opens = records.filter((r) => r.type === "position_open" && r.reference === p.id && r.account === game);
    if (opens.length !== 1 || opens[0]!.amount !== -(p.margin + p.openFee))
      problems.push(`${p.id}: ${opens.length} open records from the game wallet`);
  }
  return problems.map((p) => `${member.account}: ${p}`);
}

/** Network failures (no answer at all) the bench met and sent again (opens with the same key): reported, not hidden. */
const networkRetries: string[] = [];

/**
 * openPosition as a careful client makes it: one idempotency key, and on a network failure (no
 * answer, so the member cannot know whether it opened) the same request again with that key,
 * which the platform answers with the first outcome (server/contract/README.md, "Calls").
 */
async function openOnce(token: string, body: CallBody<"openPosition">): Promise<Envelope<CallData<"openPosition">>> {
  const idempotencyKey = randomUUID();
  for (let attempt = 1; ; attempt++) {
    try {
      return await platformCall("openPosition", { token, body, idempotencyKey });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      networkRetries.push(`${(error as Error).message}${cause ? ` (${cause.code ?? ""} ${cause.message ?? ""})` : ""}`);
      if (attempt >= 4) throw error;
      await sleep(250 * attempt);
    }
  }
}

/** A read sent again when it got no answer at all (a reset connection under load); reads change nothing. */
async function read<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause;
      if (!(error instanceof TypeError) || attempt >= 4) throw error;
      networkRetries.push(`${error.message}${cause?.code ? ` (${cause.code})` : ""}`);
      await sleep(250 * attempt);
    }
  }
}

const latestPrice = async (pair: string) => {
  const state = await read(() => must("market", { params: { pair } }));
  if (state.price === null) throw new Error(`${pair} has no price`);
  return state.price;
};

export async function stopOutBurst(
  members: BenchMember[],
  gameCode: string,
  live: Live | null,
  log: (line: string) => void,
): Promise<StopOutResult> {
  const ops = operator();
  const put = async (volatilityBp: number, what: string) => {
    const r = await ops("operatorPutPair", { params: { pair: CONTRACT_PAIR }, body: { ...PAIR_CONFIG, volatilityBp } });
    if (r.statusCode !== 200 || !r.data) throw new Error(`operatorPutPair (${what}): ${r.statusCode} ${r.message}`);
    return r.data;
  };
  // the bench pair, moving as BTC-USDT does, on the demo site (with the site's own contract settings)
  await put(LISTED_VOLATILITY_BP, "the pair");
  const site = await must("siteInfo", { params: { siteId: SITE_ID } });
  // the site relays a pair's stream once its cached site info lists the pair (SITE_INFO_TTL_SECONDS)
  const siteKnowsPairAt = Date.now() + 31_000;
  if (!site.pairs.includes(CONTRACT_PAIR)) {
    const added = await ops("operatorPutSite", {
      params: { siteId: SITE_ID },
      body: { pairs: [...site.pairs, CONTRACT_PAIR] },
    });
    if (added.statusCode !== 200) throw new Error(`operatorPutSite: ${added.statusCode} ${added.message}`);
  }
  // calm from the first day committed after now, and the clock into it
  const calmFrom = Date.parse((await put(0, "calm")).changesFrom ?? "");
  if (Number.isNaN(calmFrom)) throw new Error("the calm volatility applies at once: the pair existed calm already");
  const calmOffsetMs = calmFrom + 5_000 - Date.now();
  await moveClock(calmOffsetMs);
  // the gap's volatility, from the first day committed after this change
  const midnight = Date.parse((await put(GAP_VOLATILITY_BP, "the gap's volatility")).changesFrom ?? "");
  if (midnight - calmFrom !== 2 * 86_400_000)
    throw new Error(
      `the gap's day starts ${new Date(midnight).toISOString()}, expected two calm days from ${new Date(calmFrom).toISOString()}`,
    );
  const settings = site.contractSettings;
  const farLeverage = settings.leverageOptions[0]!;
  const targetLeverage = settings.leverageOptions[settings.leverageOptions.length - 1]!;
  const margin = settings.minMargin;
  const price = await latestPrice(CONTRACT_PAIR);

  // the others: nine per member at the lowest leverage, long and short alternating. A member's
  // object opens one position at a time (another open meanwhile is refused with
  // position_in_progress), so each member's go one after another, 32 members at once.
  const farRefused: string[] = [];
  const farStart = performance.now();
  let done = 0;
  await pool(members, 32, async (member) => {
    for (let i = 0; i < FAR_PER_MEMBER; i++) {
      const side = i % 2 === 0 ? ("long" as const) : ("short" as const);
      const r = await openOnce(member.token, {
        pair: CONTRACT_PAIR,
        side,
        margin,
        leverage: farLeverage,
        seenPrice: price,
        takeProfit: null,
        stopLoss: null,
        mode: "real",
      });
      if (r.statusCode !== 200) farRefused.push(`${member.account}: ${r.statusCode} ${r.message}`);
      if (++done % 1_000 === 0) log(`  ${done} positions at ${farLeverage}×`);
    }
  });
  const farOpenSeconds = (performance.now() - farStart) / 1000;
  const farCount = members.length * FAR_PER_MEMBER - farRefused.length;
  log(`  ${farCount} positions at ${farLeverage}× in ${farOpenSeconds.toFixed(1)} s`);

  // the targets: a long and a short per member at the highest leverage; the gap crosses one side
  const targetsRefused: string[] = [];
  const sides: Record<"long" | "short", Array<{ member: BenchMember; position: Position }>> = { long: [], short: [] };
  const targetStart = performance.now();
  await pool(members, 32, async (member) => {
    for (const side of ["long", "short"] as const) {
      const r = await openOnce(member.token, {
        pair: CONTRACT_PAIR,
        side,
        margin,
        leverage: targetLeverage,
        seenPrice: price,
        takeProfit: null,
        stopLoss: null,
        mode: "real",
      });
      if (r.statusCode === 200 && r.data) sides[side].push({ member, position: r.data });
      else targetsRefused.push(`${member.account}: ${r.statusCode} ${r.message}`);
    }
  });
  const targetOpenSeconds = (performance.now() - targetStart) / 1000;
  const entries = new Set([...sides.long, ...sides.short].map((t) => t.position.entryPrice));
  if (entries.size !== 1 || !entries.has(price))
    throw new Error(`the calm pair's entries are ${[...entries].join(", ")}, expected ${price}`);
  const liquidation = {
    long: sides.long[0]!.position.liquidationPrice,
    short: sides.short[0]!.position.liquidationPrice,
  };
  log(
    `  ${sides.long.length} longs and ${sides.short.length} shorts at ${targetLeverage}× in ${targetOpenSeconds.toFixed(1)} s, entry ${price}, liquidation ${liquidation.long} / ${liquidation.short}`,
  );

  // the clock to 20 s before the gap's midnight: the market catches up through the calm day
  const offsetMs = Math.max(
    calmOffsetMs,
    midnight - BEFORE_MIDNIGHT_MS - Math.max(0, siteKnowsPairAt - Date.now()) - Date.now(),
  );
  await moveClock(offsetMs);
  const catchUpStart = performance.now();
  if ((await latestPrice(CONTRACT_PAIR)) !== price) throw new Error("the calm day moved the price");
  const catchUpMs = performance.now() - catchUpStart;
  log(
    `  clock moved ${(offsetMs / 3_600_000).toFixed(1)} h ahead; the market caught up in ${(catchUpMs / 1000).toFixed(1)} s`,
  );

  // the sockets connect (a few seconds), settle, then are measured until 10 s after midnight
  await sleep(siteKnowsPairAt - Date.now());
  const realMidnight = midnight - offsetMs;
  const watching = live ? live(CONTRACT_PAIR, realMidnight + 10_000, offsetMs) : null;
  watching?.catch(() => undefined);
  await sleep(realMidnight - Date.now());

  // the first tick past one side's stop-out; then the pair is paused. Under the burst's load the
  // pause may land a tick or two later, and one of those may cross the other side too: each
  // side's stop-outs are timed from the tick that crossed them.
  const deadline = Date.now() + 60_000;
  let seen = price;
  while (seen > liquidation.long && seen < liquidation.short) {
    if (Date.now() > deadline)
      throw new Error(`no tick crossed a stop-out within 60 s of the gap's midnight (last ${seen})`);
    await sleep(50);
    seen = await latestPrice(CONTRACT_PAIR);
  }
  const paused = await ops("operatorPutPair", {
    params: { pair: CONTRACT_PAIR },
    body: { ...PAIR_CONFIG, volatilityBp: GAP_VOLATILITY_BP, paused: true },
  });
  if (paused.statusCode !== 200) throw new Error(`operatorPutPair (the pause): ${paused.statusCode} ${paused.message}`);
  const ticks = (
    await read(() => must("candles", { params: { pair: CONTRACT_PAIR }, query: { interval: "1s", limit: 120 } }))
  ).filter((c) => Date.parse(c.time) > midnight - 1_000);
  const crossingOf = {
    long: ticks.find((c) => c.close <= liquidation.long),
    short: ticks.find((c) => c.close >= liquidation.short),
  };
  const crossedSides = (["long", "short"] as const).filter((side) => crossingOf[side]);
  const first = crossedSides
    .map((side) => crossingOf[side]!)
    .sort((a, b) => Date.parse(a.time) - Date.parse(b.time))[0];
  if (!first) throw new Error("no 1-second candle past a stop-out");
  const crossed: "long" | "short" = crossingOf.long === first ? "long" : "short";
  const gapTick = first;
  const gapMs = Date.parse(gapTick.time);
  const targets = crossedSides.flatMap((side) => sides[side].map((t) => ({ ...t, tick: crossingOf[side]! })));
  for (const side of crossedSides)
    log(
      `  the tick of ${crossingOf[side]!.time} moved from ${price} to ${crossingOf[side]!.close}: the ${side}s' stop-outs`,
    );

  // the closes: read back after the budget has passed (reading sooner would load what is measured)
  await sleep(Math.max(...targets.map((t) => Date.parse(t.tick.time))) - offsetMs + 5_000 - Date.now());
  const closedAt = new Map<string, number>();
  let payouts = 0;
  const wrong: string[] = [];
  const readDeadline = Date.now() + 60_000;
  let pending = targets;
  for (;;) {
    const rows = await pool(pending, 8, async ({ member, position }) =>
      (await positionsOf(member, "closed")).filter((p) => p.id === position.id),
    );
    const next: typeof pending = [];
    rows.forEach((found, i) => {
      if (found.length === 0) return void next.push(pending[i]!);
      const p = found[0]!;
      if (found.length > 1) wrong.push(`${p.id}: listed closed ${found.length} times`);
      const tick = pending[i]!.tick;
      if (p.closeReason !== "stop_out" || p.closePrice !== tick.close) {
        wrong.push(`${p.id}: closed by ${p.closeReason} at ${p.closePrice}, expected stop_out at ${tick.close}`);
      }
      closedAt.set(p.id, Date.parse(p.closedAt!) - Date.parse(tick.time));
      payouts += p.payout ?? 0;
    });
    pending = next;
    if (pending.length === 0 || Date.now() > readDeadline) break;
    await sleep(1_000);
  }
  const liveResult = watching
    ? await watching.catch((error: Error) => {
        wrong.push(`live: ${error.message}`);
        return undefined;
      })
    : undefined;

  const others =
    farCount +
    (["long", "short"] as const).filter((side) => !crossingOf[side]).reduce((n, side) => n + sides[side].length, 0);
  const stillOpen = (await pool(members, 8, async (member) => (await positionsOf(member, "open")).length)).reduce(
    (n, c) => n + c,
    0,
  );
  const problems = [...wrong, ...(await pool(members, 8, (member) => positionLedgerProblems(member, gameCode))).flat()];
  const delays = [...closedAt.values()];
  return {
    members: members.length,
    farPositions: others,
    farLeverage,
    farOpenSeconds,
    farRefused: farRefused.slice(0, 10),
    targets: targets.length,
    targetLeverage,
    targetOpenSeconds,
    targetsRefused: targetsRefused.slice(0, 10),
    entryPrice: price,
    liquidationPrice: liquidation[crossed],
    gap: { second: gapMs / 1000, price: gapTick.close, side: crossed },
    catchUpMs,
    closed: closedAt.size,
    lost: pending.length,
    firstMs: quantile(delays, 0),
    p50Ms: quantile(delays, 0.5),
    p95Ms: quantile(delays, 0.95),
    maxMs: quantile(delays, 1),
    payouts,
    farStillOpen: stillOpen,
    ledgerProblems: problems.slice(0, 10),
    networkRetries: networkRetries.slice(0, 10),
    networkRetryCount: networkRetries.length,
    live: liveResult,
  };
}
