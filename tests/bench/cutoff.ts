import type { BetOption } from "#rules/bet-options";
import { ledgerProblems, ordersOf, periodWithRoom, waitUntilSettled } from "./bets";
import { must, platformCall } from "./clients";
import type { BenchMember } from "./members";
import { pool, sleep } from "./stats";

/**
 * The cut-off crowd (`BENCH_ONLY=cutoff`): every member bets at once, straight on the platform,
 * `leadMs` before a period's cut-off, one bet each across the eight options. It was a 40-second
 * scenario of the platform tests (tests/platform/game.test.ts) on two cores, so it lives here,
 * and its assertions became the checks below: a refusal may only say the cut-off or the start
 * passed; more than half of the crowd gets in; every accepted bet is settled exactly once and no
 * refused one is recorded; each member's game wallet is what they had, less the stake, plus
 * the payout, and their books add up (bets.ts, ledgerProblems). The house's own account is not
 * readable over the API; the members' side of it is: what the crowd lost in all equals the
 * stakes less the payouts.
 */
export interface CutoffResult {
  members: number;
  periodNo: string;
  /** answers by message ("ok", "betting_forbidden", "period_started", anything else is a problem) */
  answers: Record<string, number>;
  accepted: number;
  /** seconds from the first bet sent to the last answer */
  seconds: number;
  problems: string[];
}

const OPTIONS: BetOption[] = ["high", "low", "odd", "even", "rise", "fall", "counter", "draw"];
const STAKE = 1000;

export async function cutoffCrowd(
  members: BenchMember[],
  pair: string,
  leadMs: number,
  log: (line: string) => void,
): Promise<CutoffResult> {
  const before = await pool(
    members,
    8,
    async (m) => (await must("wallets", { token: m.token })).games[0]?.balance ?? 0,
  );
  // fired `leadMs` before the cut-off: that many bets through one market object take a while
  const period = await periodWithRoom(pair, leadMs + 2_000);
  await sleep(Date.parse(period.cutoffAt) - leadMs - Date.now());
  log(`  ${members.length} bets on ${pair} period ${period.periodNo}, ${leadMs} ms before its cut-off`);
  const started = Date.now();
  const answers = await Promise.all(
    members.map((m, i) =>
      platformCall("placeOrder", {
        token: m.token,
        body: { pair, periodNo: period.periodNo, option: OPTIONS[i % OPTIONS.length]!, amount: STAKE, mode: "real" },
      }),
    ),
  );
  const seconds = (Date.now() - started) / 1000;
  const counts = answers.reduce<Record<string, number>>((n, a) => ({ ...n, [a.message]: (n[a.message] ?? 0) + 1 }), {});
  const problems: string[] = [];
  // a bet that reached its commit after the cut-off is refused, after the start as started
  const unexpected = Object.keys(counts).filter(
    (message) => !["ok", "betting_forbidden", "period_started"].includes(message),
  );
  if (unexpected.length)
    problems.push(
      `answers other than ok, betting_forbidden and period_started: ${unexpected.map((m) => `${m} × ${counts[m]}`).join(", ")}`,
    );
  const accepted = counts.ok ?? 0;
  if (accepted * 2 <= members.length) problems.push(`only ${accepted} of ${members.length} bets accepted`);

  // the period starts at its cut-off's end and runs its length; then every bet settles
  await sleep(Date.parse(period.endsAt) - Date.now() + 3_000);
  await waitUntilSettled(members, 30_000);
  let lost = 0;
  await pool(members, 8, async (m, i) => {
    const placed = answers[i]!.statusCode === 200;
    const orders = (await ordersOf(m)).filter((o) => o.periodNo === period.periodNo);
    if (orders.length !== (placed ? 1 : 0))
      problems.push(
        `${m.account}: ${orders.length} orders on the period for ${placed ? "an accepted" : "a refused"} bet`,
      );
    if (orders.some((o) => o.status === "open")) problems.push(`${m.account}: a bet still open`);
    const payout = orders.reduce((n, o) => n + o.payout, 0);
    const wallet = (await must("wallets", { token: m.token })).games[0]?.balance ?? 0;
    const expected = before[i]! - (placed ? STAKE : 0) + payout;
    if (wallet !== expected) problems.push(`${m.account}: game wallet ${wallet}, expected ${expected}`);
    problems.push(...(await ledgerProblems(m)));
    lost += before[i]! - wallet;
  });
  const stakes = accepted * STAKE;
  const payouts = await pool(members, 8, async (m) =>
    (await ordersOf(m)).filter((o) => o.periodNo === period.periodNo).reduce((n, o) => n + o.payout, 0),
  );
  const paid = payouts.reduce((n, p) => n + p, 0);
  if (lost !== stakes - paid)
    problems.push(`the crowd lost ${lost} in all, the stakes less the payouts are ${stakes - paid}`);
  return { members: members.length, periodNo: period.periodNo, answers: counts, accepted, seconds, problems };
}
