import { performance } from "node:perf_hooks";
import type { Order } from "../../server/contract";
import type { BetOption } from "#rules/bet-options";
import { hiddenField, must, operator, platformCall, type Visitor } from "./clients";
import { SITE_ID } from "./config";
import type { BenchMember } from "./members";
import { pool, quantile, sleep } from "./stats";

/**
 * Bets under load: a burst of members betting through the site near a period's cut-off, and the
 * settlement of one period holding many bets. Bets on a period are taken while the one before it
 * runs, until `cutoffSeconds` before it starts (the market's `next`), and settle after it ends.
 */

const DAY = 86_400;

/** A small deterministic generator, so two runs send the same arrival pattern. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

async function market(pair: string) {
  return must("market", { params: { pair } });
}

/**
 * Waits for a period of `pair` taking bets with at least `needMs` of betting left, and returns
 * it. Too late for the one taking bets now: from its start, the one after it takes bets.
 */
export async function periodWithRoom(pair: string, needMs: number) {
  for (;;) {
    const state = await market(pair);
    const cutoff = Date.parse(state.next.cutoffAt);
    if (cutoff - Date.now() >= needMs) return state.next;
    await sleep(Date.parse(state.next.startsAt) - Date.now() + 300);
  }
}

/** Every order of a member (newest first; the bench's members have few). */
export async function ordersOf(member: BenchMember): Promise<Order[]> {
  const items: Order[] = [];
  for (let page = 1; ; page++) {
    const data = await must("orders", { token: member.token, query: { page, pageSize: 100, status: "all" } });
    items.push(...data.items);
    if (items.length >= data.total || data.items.length === 0) return items;
  }
}

/**
 * The member's books add up: every own balance equals the sum of its ledger records and its last
 * balance-after, the main account holds what was deposited less what went to the game, and the
 * game wallet holds what came in less the stakes plus what settlement paid back. Returns what is
 * wrong, or nothing.
 */
export async function ledgerProblems(member: BenchMember): Promise<string[]> {
  const problems: string[] = [];
  const [wallets, orders] = await Promise.all([must("wallets", { token: member.token }), ordersOf(member)]);
  const records = [];
  for (let page = 1; ; page++) {
    const data = await must("records", { token: member.token, query: { page, pageSize: 100 } });
    records.push(...data.items);
    if (records.length >= data.total || data.items.length === 0) break;
  }
  const game = wallets.games[0]?.balance ?? 0;
  const open = orders.filter((o) => o.status === "open").length;
  const expectedGame =
    member.gameFunds - orders.reduce((n, o) => n + o.amount, 0) + orders.reduce((n, o) => n + o.payout, 0);
  if (open > 0) problems.push(`${open} orders still open`);
  if (game !== expectedGame) problems.push(`game wallet ${game}, expected ${expectedGame}`);
  if (wallets.main.balance !== member.deposited - member.gameFunds)
    problems.push(`main ${wallets.main.balance}, expected ${member.deposited - member.gameFunds}`);
  const balances: Record<string, number> = { main: wallets.main.balance, hold: wallets.main.onHold };
  for (const g of wallets.games) balances[`game:${g.code}`] = g.balance;
  for (const [account, balance] of Object.entries(balances)) {
    const mine = records.filter((r) => r.account === account);
    const sum = mine.reduce((n, r) => n + r.amount, 0);
    if (sum !== balance) problems.push(`${account}: records sum to ${sum}, balance ${balance}`);
    const newest = mine.reduce<(typeof mine)[number] | undefined>((a, r) => (!a || r.id > a.id ? r : a), undefined);
    if (newest && newest.balanceAfter !== balance)
      problems.push(`${account}: last balance-after ${newest.balanceAfter}, balance ${balance}`);
  }
  return problems.map((p) => `${member.account}: ${p}`);
}

export interface BurstResult {
  bets: number;
  failed: number;
  failures: string[];
  p50: number;
  p99: number;
  max: number;
  windowMs: number;
  periodNo: string;
  ledgerProblems: string[];
}

/**
 * `members` (each signed in on the site) bet once each through the site's bet form (POST /game,
 * as a browser without JavaScript: Origin, CSRF field, the form's idempotency key) at arrival
 * times spread at random over the last `windowMs` before the period's cut-off. A bet counts as
 * placed when the action answers its redirect back to the game; each latency is the whole
 * request. After the period settles, every member's books are checked.
 */
export async function betBurst(
  members: { member: BenchMember; visitor: Visitor }[],
  pair: string,
  windowMs: number,
  log: (line: string) => void,
): Promise<BurstResult> {
  // each member's bet form, fetched beforehand as a member would have the page open
  const forms = await pool(members, 4, async ({ visitor }) => {
    const html = await visitor.page(`/game?pair=${pair}`);
    return { csrf: hiddenField(html, "csrf"), idempotencyKey: hiddenField(html, "idempotencyKey") };
  });
  const period = await periodWithRoom(pair, windowMs + 1_000);
  const windowStart = Date.parse(period.cutoffAt) - windowMs;
  log(
    `  burst on ${pair} period ${period.periodNo}: ${members.length} bets from ${new Date(windowStart).toISOString()}`,
  );
  const next = random(20_240_101);
  // the last bet leaves 500 ms before the cut-off, so its own latency decides, not the clock
  const offsets = members.map(() => next() * (windowMs - 500)).sort((a, b) => a - b);
  const options: BetOption[] = ["high", "low", "odd", "even", "rise", "fall", "counter", "draw"];
  await sleep(windowStart - Date.now());

  const outcomes = await Promise.all(
    members.map(async ({ member, visitor }, i) => {
      await sleep(windowStart + offsets[i]! - Date.now());
      const started = performance.now();
      try {
        const response = await visitor.post(`/game?pair=${pair}`, {
          csrf: forms[i]!.csrf,
          idempotencyKey: forms[i]!.idempotencyKey,
          // the mode the page was rendered in (real): a post without it is refused as from another mode
          mode: "real",
          pair,
          periodNo: period.periodNo,
          option: options[i % options.length]!,
          amount: "1.00",
        });
        const body = await response.text();
        const elapsed = performance.now() - started;
        const location = response.headers.get("location") ?? "";
        const ok = response.status === 302 && location.startsWith("/game");
        const reason = ok
          ? ""
          : `${member.account}: ${response.status} ${/role="alert"[^>]*>([^<]+)/.exec(body)?.[1] ?? location}`;
        return { ok, elapsed, reason, unanswered: false };
      } catch (error) {
        // no answer at all (the client's timeout): a failed bet whose fate the member cannot know
        const reason = `${member.account}: no answer (${error instanceof Error ? error.message : String(error)})`;
        return { ok: false, elapsed: performance.now() - started, reason, unanswered: true };
      }
    }),
  );
  const latencies = outcomes.map((o) => o.elapsed);
  const failures = outcomes.filter((o) => !o.ok).map((o) => o.reason);

  // the period ends, its bets settle; then every member's books must add up
  await sleep(Date.parse(period.endsAt) - Date.now() + 3_000);
  await waitUntilSettled(
    members.map((m) => m.member),
    30_000,
  );
  const problems = (await pool(members, 8, ({ member }) => ledgerProblems(member))).flat();
  const placed = (
    await pool(
      members,
      8,
      async ({ member }) => (await ordersOf(member)).filter((o) => o.periodNo === period.periodNo).length,
    )
  ).reduce((n, c) => n + c, 0);
  const accepted = outcomes.length - failures.length;
  const unanswered = outcomes.filter((o) => o.unanswered).length;
  if (placed < accepted || placed > accepted + unanswered) {
    problems.push(`${placed} orders recorded for ${accepted} accepted bets (${unanswered} unanswered)`);
  }
  return {
    bets: outcomes.length,
    failed: failures.length,
    failures: failures.slice(0, 10),
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    max: quantile(latencies, 1),
    windowMs,
    periodNo: period.periodNo,
    ledgerProblems: problems.slice(0, 10),
  };
}

export async function waitUntilSettled(members: BenchMember[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let waiting = members;
  while (waiting.length > 0 && Date.now() < deadline) {
    const open = await pool(waiting, 8, async (m) => (await must("ticketQuery", { token: m.token })).length);
    waiting = waiting.filter((_, i) => open[i]! > 0);
    if (waiting.length > 0) await sleep(1_000);
  }
}

/**
 * A period schedule for the settlement's pair: a length from `minSeconds` up that divides the UTC
 * day (the contract takes no other), and its first period starting at least `leadSeconds` from
 * now. Bets go to the period after that first one, so of the lengths that fit, the one whose
 * second period ends soonest. Periods are aligned to the UTC day.
 */
export function planPeriod(
  nowMs: number,
  minSeconds: number,
  leadSeconds: number,
): { periodSeconds: number; startsAt: number } {
  const now = nowMs / 1000;
  let best: { periodSeconds: number; startsAt: number } | undefined;
  const betsEnd = (plan: { periodSeconds: number; startsAt: number }) => plan.startsAt + 2 * plan.periodSeconds;
  for (let length = minSeconds; length <= minSeconds + 600; length++) {
    if (DAY % length !== 0) continue;
    const plan = { periodSeconds: length, startsAt: Math.ceil((now + leadSeconds) / length) * length };
    if (!best || betsEnd(plan) < betsEnd(best)) best = plan;
  }
  if (!best) throw new Error(`no period length from ${minSeconds} s divides the day`);
  return best;
}

export interface SettlementResult {
  members: number;
  bets: number;
  placed: number;
  refused: string[];
  placeSeconds: number;
  betsPerSecond: number;
  /** bets a second the platform took in the short calibration (one per member, straight to the platform) */
  calibrationRate: number;
  periodSeconds: number;
  periodNo: string;
  /** ms after the period's end when the last / the median bet was settled (the platform's settledAt) */
  lastSettledMs: number;
  medianSettledMs: number;
  stillOpen: number;
  ledgerProblems: string[];
}

/** The longest period the bench gives the settlement's bets. */
const MAX_PERIOD_SECONDS = 300;

/**
 * Many open bets of one period, settled after its end. The bench creates the pair with periods
 * long enough to place every bet at the rate this machine manages, measured with a short
 * calibration on another pair first (a new pair's schedule applies at once, where a change of an
 * existing pair's waits for the first day committed after it), and adds it to the demo site: the
 * bets name the period after the first one of that schedule and are placed while that first one
 * runs. Bets go
 * straight to the platform with each member's token (one in flight per member, as the platform
 * allows). Settlement time is read from the platform: each order's settledAt against the
 * period's end.
 */
export async function settlement(
  deadlineMs: number,
  members: BenchMember[],
  betsPerMember: number,
  pair: { symbol: string; name: string; precision: number; startPrice: number; volatilityBp: number },
  calibrationPair: string,
  concurrency: number,
  log: (line: string) => void,
): Promise<SettlementResult> {
  const options: BetOption[] = ["high", "odd", "rise", "counter", "draw"];
  const place = (member: BenchMember, periodNo: string, symbol: string, option: BetOption) =>
    platformCall("placeOrder", {
      token: member.token,
      body: { pair: symbol, periodNo, option, amount: 100, mode: "real" },
    });

  // calibration: one bet per member on another pair for about 5 s, to size the period
  const calPeriod = await periodWithRoom(calibrationPair, 12_000);
  const calStart = performance.now();
  let calPlaced = 0;
  await pool(members, concurrency, async (member) => {
    if (performance.now() - calStart > 5_000) return;
    const r = await place(member, calPeriod.periodNo, calibrationPair, "high");
    if (r.statusCode === 200) calPlaced += 1;
  });
  const rate = calPlaced / ((performance.now() - calStart) / 1000);
  const total = members.length * betsPerMember;
  const cutoffSeconds = 10;
  // room for the measured rate to drop by a third on a shared machine
  const wanted = Math.max(60, Math.ceil((total / rate) * 1.5) + cutoffSeconds + 5);
  // a machine too busy to place every bet in five minutes gets five minutes; the shortfall is reported
  const plan = planPeriod(Date.now(), Math.min(wanted, MAX_PERIOD_SECONDS), 4);
  // the bets' period is the second of the plan: it takes bets while the first runs
  if ((plan.startsAt + 2 * plan.periodSeconds) * 1000 + 30_000 > deadlineMs) {
    throw new Error(
      `not enough time left for two ${plan.periodSeconds}-second periods before the run's time limit (BENCH_TIMEOUT_SECONDS)`,
    );
  }
  log(
    `  calibration: ${calPlaced} bets at ${rate.toFixed(0)}/s; ${pair.symbol} periods of ${plan.periodSeconds} s, next from ${new Date(
      plan.startsAt * 1000,
    ).toISOString()}`,
  );
  const put = await operator()("operatorPutPair", {
    params: { pair: pair.symbol },
    body: {
      name: pair.name,
      precision: pair.precision,
      periodSeconds: plan.periodSeconds,
      cutoffSeconds,
      startPrice: pair.startPrice,
      volatilityBp: pair.volatilityBp,
      paused: false,
    },
  });
  if (put.statusCode !== 200) throw new Error(`operatorPutPair ${pair.symbol}: ${put.statusCode} ${put.message}`);
  if (put.data?.changesFrom)
    throw new Error(`${pair.symbol} existed already: its new schedule applies only from ${put.data.changesFrom}`);
  const site = await must("siteInfo", { params: { siteId: SITE_ID } });
  if (!site.pairs.includes(pair.symbol)) {
    const added = await operator()("operatorPutSite", {
      params: { siteId: SITE_ID },
      body: { pairs: [...site.pairs, pair.symbol] },
    });
    if (added.statusCode !== 200)
      throw new Error(`operatorPutSite (${pair.symbol}): ${added.statusCode} ${added.message}`);
  }
  // Betting on the plan's first period closed before the schedule was set (it starts within
  // seconds): the bets go to the one after it, from the first one's start until its cut-off.
  await sleep(plan.startsAt * 1000 - Date.now() + 200);
  const state = await market(pair.symbol);
  if (Date.parse(state.current.startsAt) !== plan.startsAt * 1000)
    throw new Error(`${pair.symbol}: expected a period from ${plan.startsAt}, got ${state.current.startsAt}`);
  const period = state.next;

  const started = performance.now();
  const refused: string[] = [];
  let placed = 0;
  await pool(members, concurrency, async (member) => {
    for (let i = 0; i < betsPerMember; i++) {
      const r = await place(member, period.periodNo, pair.symbol, options[i % options.length]!);
      if (r.statusCode === 200) placed += 1;
      else {
        refused.push(`${member.account}: ${r.statusCode} ${r.message}`);
        // past the cut-off (or the start) nothing more fits in this period
        if (r.message === "betting_forbidden" || r.message === "period_started") break;
      }
    }
  });
  const placeSeconds = (performance.now() - started) / 1000;
  log(
    `  ${placed} bets placed in ${placeSeconds.toFixed(1)} s (${(placed / placeSeconds).toFixed(0)}/s); period ${period.periodNo} ends ${
      period.endsAt
    }`,
  );

  // nothing runs against the platform from here until the settlement budget has passed
  const end = Date.parse(period.endsAt);
  await sleep(end - Date.now() + 6_000);
  let settledAt: number[] = [];
  let stillOpen = 0;
  const deadline = end + 60_000;
  let pending = members;
  for (;;) {
    const rows = await pool(pending, 8, async (member) =>
      (await ordersOf(member)).filter((o) => o.periodNo === period.periodNo),
    );
    const next: BenchMember[] = [];
    stillOpen = 0;
    rows.forEach((orders, i) => {
      const open = orders.filter((o) => o.status === "open").length;
      if (open > 0) {
        stillOpen += open;
        next.push(pending[i]!);
      } else settledAt.push(...orders.map((o) => Date.parse(o.settledAt!) - end));
    });
    pending = next;
    if (pending.length === 0 || Date.now() > deadline) break;
    await sleep(1_000);
  }
  settledAt = settledAt.sort((a, b) => a - b);
  const problems = (await pool(members, 8, (member) => ledgerProblems(member))).flat();
  return {
    members: members.length,
    bets: total,
    placed,
    refused: refused.slice(0, 10),
    placeSeconds,
    betsPerSecond: placed / placeSeconds,
    calibrationRate: rate,
    periodSeconds: plan.periodSeconds,
    periodNo: period.periodNo,
    lastSettledMs: settledAt.length ? settledAt[settledAt.length - 1]! : Number.NaN,
    medianSettledMs: quantile(settledAt, 0.5),
    stillOpen,
    ledgerProblems: problems.slice(0, 10),
  };
}
