import type { BonusLock, CampaignRule, DepositBonusRule } from "../../contract";
import { countedTurnover, isVoidRound, type WagerBet } from "#rules/wagering";
import { newId } from "../auth/token";
import type { PeriodResult } from "../market/reads";
import { failWithAmount, type Failure } from "../result";
import { isActive, operationExists, percentOf, takesPart } from "./campaigns";
import { balanceOf, record } from "./ledger";
import { BONUS, MAIN, PROMOTIONS } from "./schema";

/**
 * Deposit bonuses of one member (campaigns.ts): credited into the bonus balance with a deposit,
 * locked until the member's wagering reaches the rule's turnover, then released to the main
 * account. Synchronous, inside the member object's transaction.
 */

export type LockRow = {
  seq: number;
  id: string;
  rule_key: string;
  deposit_id: string;
  amount: number;
  turnover_required: number;
  turnover: number;
  status: BonusLock["status"];
  created_at: string;
  released_at: string | null;
};
export const toLock = (r: LockRow): BonusLock => ({
  id: r.id,
  campaignKey: r.rule_key,
  depositId: r.deposit_id,
  amount: r.amount,
  turnoverRequired: r.turnover_required,
  turnover: r.turnover,
  status: r.status,
  createdAt: r.created_at,
  releasedAt: r.released_at,
});

/** Moves a met lock's bonus to the main account, once (its own operation key). */
function release(sql: SqlStorage, lock: LockRow, now: string): void {
  const key = `bonus:${lock.id}:release`;
  if (operationExists(sql, key)) return;
  sql.exec(
    "UPDATE bonus_locks SET status = 'released', released_at = ? WHERE id = ? AND status = 'locked'",
    now,
    lock.id,
  );
  record(
    sql,
    { key, call: "bonus_release", fingerprint: lock.id, response: { lockId: lock.id }, now },
    {
      type: "bonus_release",
      reference: lock.deposit_id,
      legs: [
        { account: BONUS, amount: -lock.amount },
        { account: MAIN, amount: lock.amount },
      ],
    },
  );
}

/**
 * A deposit was just credited (an operator's confirmation, or a demo deposit): every deposit
 * bonus rule running now that the member takes part in and that applies ("first": no other
 * deposit of the member was ever credited) pays min(cap, amount × percent) into the bonus
 * balance, locked until the member's turnover reaches wagering × the bonus (none: free at once).
 */
export function creditDepositBonuses(
  sql: SqlStorage,
  depositId: string,
  amount: number,
  rules: readonly CampaignRule[],
  now: string,
): void {
  const nowMs = Date.parse(now);
  const applying = rules.filter(
    (r): r is DepositBonusRule => r.kind === "deposit_bonus" && isActive(r, nowMs) && takesPart(sql, r, nowMs),
  );
  if (applying.length === 0) return;
  const earlier = sql
    .exec<{ n: number }>("SELECT COUNT(*) AS n FROM deposits WHERE status = 'credited' AND id <> ?", depositId)
    .one().n;
  for (const rule of applying) {
    if (rule.deposits === "first" && earlier > 0) continue;
    const bonus = percentOf(amount, rule.percentBp, rule.cap);
    const key = `bonus:${rule.key}:${depositId}`;
    if (bonus <= 0 || operationExists(sql, key)) continue;
    const lock: LockRow = {
      seq: 0,
      id: newId(),
      rule_key: rule.key,
      deposit_id: depositId,
      amount: bonus,
      turnover_required: bonus * rule.wagering,
      turnover: 0,
      status: "locked",
      created_at: now,
      released_at: null,
    };
    record(
      sql,
      { key, call: "bonus", fingerprint: depositId, response: { lockId: lock.id, amount: bonus }, now },
      {
        type: "bonus",
        reference: depositId,
        legs: [
          { account: PROMOTIONS, amount: -bonus },
          { account: BONUS, amount: bonus },
        ],
      },
    );
    sql.exec(
      `INSERT INTO bonus_locks (id, rule_key, deposit_id, amount, turnover_required, turnover, status, created_at)
       VALUES (?, ?, ?, ?, ?, 0, 'locked', ?)`,
      lock.id,
      lock.rule_key,
      lock.deposit_id,
      lock.amount,
      lock.turnover_required,
      now,
    );
    if (lock.turnover_required === 0) release(sql, lock, now);
  }
}

/** A settled real-money bet as the wagering counts it (practice bets never count). */
export interface SettledBet extends WagerBet {
  /** when the bet was taken: the round counts only for bonuses credited before the member's first bet in it */
  createdAt: string;
}

/** What the wagering needs of a settled round: its recorded outcomes (a void round counts nothing) and the previous round's direction. */
export type SettledRound = Pick<PeriodResult, "outcomes" | "previous">;

/**
 * Settlement (same transaction) of one member's bets of one round (one pair, one period: the
 * member object settles them together, once): their stake at risk (server/rules/wagering.ts: total
 * stake minus the least they would pay back, whatever the round's result) counts toward the
 * locked bonuses, oldest lock first, the surplus over one lock's need going on to the next; a
 * lock whose turnover reaches its requirement is released.
 *
 * The round counts only for bonuses credited before the member's first bet in it. Counting per
 * bet, as the whole stakes once were, would let a hedge through again: Rise before the deposit is
 * credited and Counter after it would count Counter's whole stake for the new bonus, though the
 * two together risk only the margin. One query when nothing is locked, so settlement stays as
 * cheap as before.
 */
export function countTurnover(sql: SqlStorage, bets: readonly SettledBet[], round: SettledRound, now: string): void {
  if (bets.length === 0) return;
  const locks = sql.exec<LockRow>("SELECT * FROM bonus_locks WHERE status = 'locked' ORDER BY seq").toArray();
  if (locks.length === 0) return;
  const firstBet = bets.reduce((first, b) => (b.createdAt < first ? b.createdAt : first), bets[0]!.createdAt);
  let left = countedTurnover(bets, round.previous, isVoidRound(round.outcomes));
  const changed: LockRow[] = [];
  for (const lock of locks) {
    if (left === 0) break;
    const need = lock.turnover_required - lock.turnover;
    if (need <= 0 || lock.created_at > firstBet) continue;
    const take = Math.min(left, need);
    lock.turnover += take;
    left -= take;
    changed.push(lock);
  }
  for (const lock of changed) {
    sql.exec("UPDATE bonus_locks SET turnover = ? WHERE id = ?", lock.turnover, lock.id);
    if (lock.turnover >= lock.turnover_required) release(sql, lock, now);
  }
}

/** The turnover still needed to free every locked bonus. */
export function turnoverStillNeeded(sql: SqlStorage): number {
  return sql
    .exec<{ n: number }>(
      "SELECT COALESCE(SUM(turnover_required - turnover), 0) AS n FROM bonus_locks WHERE status = 'locked'",
    )
    .one().n;
}

/**
 * Withdrawals and transfers into a game wallet spend the main balance only. When it cannot cover
 * `needed` but main + locked bonus could, the refusal says so (bonus_locked, with the turnover
 * still needed); otherwise null and the caller's own code stands (insufficient_balance).
 */
export function bonusLockedRefusal(sql: SqlStorage, needed: number): Failure | null {
  const main = balanceOf(sql, MAIN);
  if (main >= needed) return null;
  const bonus = balanceOf(sql, BONUS);
  if (bonus === 0 || main + bonus < needed) return null;
  return failWithAmount(400, "bonus_locked", turnoverStillNeeded(sql));
}
