import { expect } from "vitest";
import type { Order, PairConfig, Period } from "../../server/contract";
import type { BetOption } from "#rules/bet-options";
import type { Direction, Outcome } from "#rules/outcomes";
import { objectStub, type Platform, type TestMember } from "../helpers/platform";
import { DEMO_OPTION, fund, memberCall, memberIdOf, MONEY_SITE, type TestBody } from "./money-helpers";

/** A short-period pair so tests see periods end within seconds. */
export const FAST_PAIR = "TST-USDT";
export const fastPair = (overrides: Partial<PairConfig> = {}): PairConfig => ({
  name: "TST Walk",
  precision: 2,
  periodSeconds: 5,
  cutoffSeconds: 1,
  startPrice: 6_123_450,
  volatilityBp: 2,
  paused: false,
  ...overrides,
});

export const GAME_SITE = {
  ...MONEY_SITE,
  depositOptions: [DEMO_OPTION],
  games: [{ code: "binary", name: "Binary" }],
  transactionPasswordRequired: false,
  pairs: [FAST_PAIR, "BTC-USDT"],
  odds: { high: 1.95, low: 1.95, odd: 1.95, even: 1.95, rise: 1.95, fall: 1.95, counter: 1.95, draw: 9 },
  minBetAmount: 100,
  maxBetAmount: 100_000,
};

/** A member with `amount` in the game wallet (deposited, then transferred in). */
export async function gameMember(platform: Platform, siteId: string, amount: number): Promise<TestMember> {
  const m = await platform.signupMember(siteId);
  await fund(platform, m, amount);
  const moved = await memberCall(platform, m, "transfer", { body: { direction: "in", gameCode: "binary", amount } });
  expect(moved.envelope.statusCode, moved.envelope.message).toBe(200);
  return m;
}

export async function marketOf(platform: Platform, pair = FAST_PAIR) {
  const { envelope } = await platform.call("market", { params: { pair } });
  expect(envelope.statusCode, envelope.message).toBe(200);
  return envelope.data!;
}

/**
 * On a stopped clock: the period taking bets (the market's `next`, the one after the running
 * period), with at least half a second before its cut-off at `clock`. When `clock` is later than
 * that, `tick` moves it just past that period's start, where the one after it takes bets.
 */
export async function bettingPeriod(
  platform: Platform,
  clock: number,
  tick: (to: number) => Promise<void>,
): Promise<Period> {
  const { next } = await marketOf(platform);
  if (clock <= Date.parse(next.cutoffAt) - 500) return next;
  await tick(Date.parse(next.startsAt) + 100);
  return (await marketOf(platform)).next;
}

/** The number of the period after `periodNo` in its day: a bet naming it is too early (`invalid_period`). */
export const periodAfter = (periodNo: string) =>
  periodNo.slice(0, 8) + String(Number(periodNo.slice(8)) + 1).padStart(periodNo.length - 8, "0");

export function bet(platform: Platform, m: TestMember, body: TestBody<"placeOrder">, key?: string) {
  return memberCall(platform, m, "placeOrder", { body, key });
}

export async function openOrders(platform: Platform, m: TestMember): Promise<Order[]> {
  return (await memberCall(platform, m, "ticketQuery")).envelope.data!;
}

type Posting = { type: string; amount: number; account: string; reference: string };
/** The member's account records of the game (bet, payout, refund), read through the public API. */
export async function gamePostings(platform: Platform, m: TestMember): Promise<Posting[]> {
  const { envelope } = await memberCall(platform, m, "records", { query: { pageSize: "100" } as never });
  return (envelope.data!.items as Posting[]).filter((r) => ["bet", "payout", "refund"].includes(r.type));
}

/** What the settlement should have paid for an order, from the recorded outcome of its period. */
export function expectedPayout(order: Order, outcome: "win" | "lose" | "refund"): number {
  if (outcome === "lose") return 0;
  if (outcome === "refund") return order.amount;
  return Math.floor((order.amount * Math.round(order.odds * 10_000)) / 10_000);
}

export { memberIdOf };

/**
 * With a platform on forcedOutcomeEntry (tests/helpers/platform.ts): every period asked for from
 * now on has this outcome for every option (after no previous direction), or this round's
 * outcomes after this previous direction.
 */
export function forceOutcome(platform: Platform, outcome: "win" | "lose" | "refund" | ForcedRound): Promise<Response> {
  return platform.fetch("/__test__/outcome", {
    method: "POST",
    body: typeof outcome === "string" ? outcome : JSON.stringify(outcome),
  });
}

/** A round's result as the market records it: every option's outcome and the previous period's direction. */
export interface ForcedRound {
  outcomes: Record<BetOption, Outcome>;
  previous: Direction | null;
}

/** With a platform on forcedOutcomeEntry: the member object's alarm, run by hand (settling its bets). */
export async function runMemberAlarm(platform: Platform, m: TestMember): Promise<void> {
  await objectStub<{ runAlarm(): Promise<void> }>(platform, "MEMBER", memberIdOf(m)).runAlarm();
}
