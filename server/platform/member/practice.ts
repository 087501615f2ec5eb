import type { PracticeAccount } from "../../contract/protection";
import type { AccountMode } from "#rules/account-mode";
import { fail, type Failure } from "../result";
import { openStakes, totalOf } from "./balances";
import { balanceOf, record, replay } from "./ledger";
import { requestKey, type Idem } from "./requests";
import { gameAccount, HOUSE, POSITIONS } from "./schema";

/**
 * The member's practice account (server/platform/README.md, "Practice account"): play money on
 * accounts of its own, so that no operation can move value between it and real money.
 *
 * - "practice" (own): the play-money balance bets and positions take from and pay into;
 * - "practice:positions" (own): the margin of open practice positions;
 * - "practice:house" (not own): the other side of practice stakes, fees and payouts;
 * - "practice:bank" (not own): where play money comes from when the account opens or is reset.
 *
 * Every practice operation posts to practice accounts only; the ledger refuses (throws) an
 * operation whose legs touch both (ledger.ts, recordAll), so a bug here cannot leak value across.
 * Like the rest of the member's object, every function runs inside its `transactionSync`.
 */

export const PRACTICE = "practice";
export const PRACTICE_POSITIONS = "practice:positions";
export const PRACTICE_HOUSE = "practice:house";
export const PRACTICE_BANK = "practice:bank";

/** Whether an account is one of the practice accounts (they all start with "practice"). */
export const isPracticeAccount = (account: string) => account === PRACTICE || account.startsWith(`${PRACTICE}:`);

/** The accounts a bet or a position of a mode uses: its wallet, the house, the margin account. */
export function accountsOf(mode: AccountMode, gameCode: string): { wallet: string; house: string; positions: string } {
  return mode === "practice"
    ? { wallet: PRACTICE, house: PRACTICE_HOUSE, positions: PRACTICE_POSITIONS }
    : { wallet: gameAccount(gameCode), house: HOUSE, positions: POSITIONS };
}

/** The operation key of the practice account's first funding: it opens once, whatever runs twice. */
const OPEN_KEY = "practice:open";
const RESET_CALL = "resetPractice";

/**
 * Opens the practice account on its first use (the `practice` call, a practice bet or open): the
 * site's practiceBalance comes from "practice:bank". Does nothing once it is open.
 */
export function ensurePractice(sql: SqlStorage, startingBalance: number, now: string): void {
  if (sql.exec("SELECT 1 FROM operations WHERE key = ?", OPEN_KEY).toArray().length > 0) return;
  record(
    sql,
    { key: OPEN_KEY, call: "practice", fingerprint: "", response: null, now },
    {
      type: "practice_fund",
      reference: "open",
      legs: [
        { account: PRACTICE_BANK, amount: -startingBalance },
        { account: PRACTICE, amount: startingBalance },
      ],
    },
  );
}

/** The practice account as the member reads it (opened first if it was not). */
export function practiceAccount(
  sql: SqlStorage,
  currency: string,
  startingBalance: number,
  now: string,
): PracticeAccount {
  ensurePractice(sql, startingBalance, now);
  const resets = sql
    .exec<{ n: number; last: string | null }>(
      "SELECT COUNT(*) AS n, MAX(created_at) AS last FROM operations WHERE call = ? AND refusal IS NULL",
      RESET_CALL,
    )
    .one();
  const balance = balanceOf(sql, PRACTICE);
  const positions = balanceOf(sql, PRACTICE_POSITIONS);
  const inBets = openStakes(sql, "practice");
  return {
    currency,
    balance,
    positions,
    inBets,
    total: totalOf([balance, positions, inBets]),
    startingBalance,
    resets: resets.n,
    lastResetAt: resets.last,
  };
}

/**
 * Brings "practice" back to the site's practiceBalance, by a practice_fund posting either way
 * (from or back to "practice:bank"). Open practice bets and positions run on: their margin stays
 * in "practice:positions", and what they pay comes into "practice" later. Idempotent by its key:
 * a retry answers the first reset, and changes nothing.
 */
export function resetPractice(sql: SqlStorage, idem: Idem, currency: string, startingBalance: number, now: string) {
  const replayed = replay(sql, requestKey(idem.key), idem.fingerprint);
  if (replayed) return replayed as { ok: true; data: PracticeAccount } | Failure;
  const before = practiceAccount(sql, currency, startingBalance, now);
  const change = startingBalance - before.balance;
  const after: PracticeAccount = { ...before, balance: startingBalance, resets: before.resets + 1, lastResetAt: now };
  record(
    sql,
    { key: requestKey(idem.key), call: RESET_CALL, fingerprint: idem.fingerprint, response: after, now },
    // a reset at the starting balance posts nothing (the ledger drops zero legs) but still counts
    {
      type: "practice_fund",
      reference: "reset",
      legs: [
        { account: PRACTICE_BANK, amount: -change },
        { account: PRACTICE, amount: change },
      ],
    },
  );
  return { ok: true as const, data: after };
}

/** The answer of a money call made with play money: deposits, transfers, withdrawals, campaigns refuse it. */
export const practiceRefused = (): Failure => fail(400, "practice_mode_refused");
