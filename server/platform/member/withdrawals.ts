import type { FirstApproval, MessageCode, Withdrawal } from "../../contract";
import { auditEvent, auditToOutbox } from "../audit";
import { newId } from "../auth/token";
import type { OperatorWithdrawal } from "../money/queue";
import { inRange, type WithdrawRules } from "../money/rules";
import { withdrawFee } from "#rules/withdrawal-fee";
import { fail, ok, type Result } from "../result";
import { bankReady, bankRow, last4 } from "./bank";
import { bonusLockedRefusal } from "./bonuses";
import { balanceOf, record, replay } from "./ledger";
import { decided, toOutbox, type Decided, type DecidedBy } from "./outbox";
import { pageOf, type PageQuery } from "./pages";
import { requestKey, type Idem, type Who } from "./requests";
import { EXTERNAL_WITHDRAWAL, FEES, HOLD, MAIN } from "./schema";

/**
 * Withdrawals of one member: the amount and its fee held at the request, then paid out or given
 * back by an operator's decision.
 * Synchronous, inside the member object's `transactionSync` (money.ts).
 */

type WithdrawalRow = {
  id: string;
  amount: number;
  fee: number;
  limit_amount: number;
  details: string;
  status: Withdrawal["status"];
  reason: string;
  created_at: string;
  decided_at: string | null;
  first_approval: string | null;
};
const toWithdrawal = (r: WithdrawalRow): Withdrawal => ({
  id: r.id,
  amount: r.amount,
  fee: r.fee,
  limitAmount: r.limit_amount,
  details: r.details,
  status: r.status,
  reason: r.reason,
  createdAt: r.created_at,
  decidedAt: r.decided_at,
});

const withdrawalRow = (sql: SqlStorage, id: string) =>
  sql.exec<WithdrawalRow>("SELECT * FROM withdrawals WHERE id = ?", id).toArray()[0];
const firstApprovalOf = (r: WithdrawalRow): FirstApproval | null =>
  r.first_approval ? (JSON.parse(r.first_approval) as FirstApproval) : null;
const withdrawalItem = (who: Who, w: Withdrawal, first: FirstApproval | null = null): OperatorWithdrawal => ({
  ...w,
  ...who,
  firstApproval: first,
});

/**
 * What a withdrawal needs that sign-up no longer asks for (server/platform/README.md, "Sign-up"):
 * the first one missing, as the refusal the site shows: the real name the payout is made to, a
 * mobile, and the transaction password where the site requires one.
 */
export function missingForWithdrawal(
  profile: { real_name: string; mobile: string; transaction_password_hash: string },
  transactionPasswordRequired: boolean,
): MessageCode | null {
  if (profile.real_name === "") return "update_real_name_first";
  if (profile.mobile === "") return "update_mobile_first";
  if (transactionPasswordRequired && profile.transaction_password_hash === "") return "transaction_password_required";
  return null;
}

const mobileVerified = (sql: SqlStorage) =>
  sql.exec<{ v: number }>("SELECT mobile_verified AS v FROM profile WHERE id = 1").toArray()[0]?.v === 1;

export function withdraw(
  sql: SqlStorage,
  who: Who,
  idem: Idem,
  body: { amount: number },
  rules: WithdrawRules & { verifiedPasswordHash: string | null; currentPasswordHash: string },
  now: string,
): Result<Withdrawal> {
  const replayed = replay(sql, requestKey(idem.key), idem.fingerprint);
  if (replayed) return replayed as Result<Withdrawal>;
  // smsVerify: checked inside the object (a number changed in between un-verifies it), before
  // the amount; the worker has already asked for a bank account and the transaction password
  if (rules.smsVerify && !mobileVerified(sql)) return fail(400, "verify_mobile_first");
  const bank = bankRow(sql);
  if (!bank || !bankReady(bank, rules.bankVerify)) return fail(400, "bind_bank_card_first");
  // The password was checked outside the object against this hash; it must still be the current one.
  if (rules.transactionPasswordRequired && rules.verifiedPasswordHash !== rules.currentPasswordHash) {
    return fail(400, "wrong_transaction_password");
  }
  if (!inRange(body.amount, rules.minWithdrawAmount, rules.maxWithdrawAmount)) return fail(400, "amount_out_of_range");
  const fee = withdrawFee(body.amount, rules.withdrawFeeRatio, rules.withdrawFeeFixed);
  const held = body.amount + fee;
  if (!Number.isSafeInteger(held)) return fail(400, "insufficient_balance");
  // the main balance only: locked bonus is refused with the turnover it still needs
  if (balanceOf(sql, MAIN) < held) return bonusLockedRefusal(sql, held) ?? fail(400, "insufficient_balance");

  const id = newId();
  sql.exec(
    `INSERT INTO withdrawals (id, amount, fee, limit_amount, details, status, created_at) VALUES (?, ?, ?, ?, ?, 'pending', ?)`,
    id,
    body.amount,
    fee,
    rules.maxWithdrawAmount,
    `${bank.bank} ****${last4(bank.account_number)}`,
    now,
  );
  const result = toWithdrawal(withdrawalRow(sql, id)!);
  record(
    sql,
    { key: requestKey(idem.key), call: "withdraw", fingerprint: idem.fingerprint, response: result, now },
    {
      type: "withdrawal_hold",
      reference: id,
      legs: [
        { account: MAIN, amount: -held },
        { account: HOLD, amount: held },
      ],
    },
  );
  toOutbox(sql, "withdrawal", id, true, withdrawalItem(who, result), now);
  auditToOutbox(
    sql,
    auditEvent("withdrawal_requested", "member", who, { withdrawalId: id, amount: body.amount, fee }, now),
  );
  return ok(result);
}

/**
 * An operator's decision on a pending withdrawal. Four eyes (`secondApprovalAbove`, the site's
 * withdrawalSecondApprovalAbove; 0 = off): an approval of a larger amount is first only recorded
 * (who and when; the hold stays, the withdrawal stays pending, an audit entry says so); the money
 * moves on a second approval by another operator. The same operator's second approval is refused
 * (`second_approver_required`) and changes nothing, also after the threshold changed: a recorded
 * first approval always needs another operator's to pay; a rejection needs no second person.
 */
export function decideWithdrawal(
  sql: SqlStorage,
  who: Who,
  id: string,
  decision: { approve: boolean; reason: string; operator?: DecidedBy; secondApprovalAbove?: number },
  now: string,
): Result<Decided<OperatorWithdrawal>> {
  const row = withdrawalRow(sql, id);
  if (!row) return fail(400, "invalid_parameters");
  if (row.status !== "pending") return fail(400, "already_decided");
  const threshold = decision.secondApprovalAbove ?? 0;
  const first = firstApprovalOf(row);
  // Once a first approval is recorded, its giver never pays the withdrawal alone, whatever the
  // threshold has become since (raised above the amount, or four eyes turned off): the entry
  // would otherwise name one person as both approvers. An approval that names no operator cannot
  // be told apart from the first: it is never the second either.
  if (decision.approve && first && (!decision.operator || decision.operator.id === first.operatorId))
    return fail(400, "second_approver_required");
  if (decision.approve && threshold > 0 && row.amount > threshold) {
    if (!first) {
      if (!decision.operator) return fail(400, "second_approver_required");
      const given: FirstApproval = { operatorId: decision.operator.id, name: decision.operator.name, at: now };
      sql.exec(
        "UPDATE withdrawals SET first_approval = ? WHERE id = ? AND status = 'pending' AND first_approval IS NULL",
        JSON.stringify(given),
        id,
      );
      const details = { withdrawalId: id, amount: row.amount, fee: row.fee, secondApprovalAbove: threshold };
      auditToOutbox(sql, auditEvent("withdrawal_first_approval", "operator", who, details, now, decision.operator));
      const pending = toWithdrawal(withdrawalRow(sql, id)!);
      return ok(decided(sql, "withdrawal", id, who.memberId, withdrawalItem(who, pending, given), true, now));
    }
  }
  sql.exec(
    "UPDATE withdrawals SET status = ?, reason = ?, decided_at = ? WHERE id = ? AND status = 'pending'",
    decision.approve ? "paid" : "rejected",
    decision.reason,
    now,
    id,
  );
  const result = toWithdrawal(withdrawalRow(sql, id)!);
  const legs = decision.approve
    ? [
        { account: HOLD, amount: -row.amount },
        { account: EXTERNAL_WITHDRAWAL, amount: row.amount },
        { account: HOLD, amount: -row.fee },
        { account: FEES, amount: row.fee },
      ]
    : [
        { account: HOLD, amount: -(row.amount + row.fee) },
        { account: MAIN, amount: row.amount + row.fee },
      ];
  // One decision key per withdrawal: the hold is released exactly once whichever decision wins.
  record(
    sql,
    {
      key: `withdrawal:${id}:decision`,
      call: decision.approve ? "operatorApproveWithdrawal" : "operatorRejectWithdrawal",
      fingerprint: id,
      response: result,
      now,
    },
    { type: decision.approve ? "withdrawal_paid" : "withdrawal_returned", reference: id, legs },
  );
  const type = decision.approve ? "withdrawal_approved" : "withdrawal_rejected";
  const details = {
    withdrawalId: id,
    amount: row.amount,
    fee: row.fee,
    reason: decision.reason,
    // a paid withdrawal that needed two names its first approver beside the entry's operator
    ...(decision.approve && first ? { firstApprovalBy: first.operatorId, firstApprovalName: first.name } : {}),
  };
  auditToOutbox(sql, auditEvent(type, "operator", who, details, now, decision.operator ?? null));
  return ok(decided(sql, "withdrawal", id, who.memberId, withdrawalItem(who, result, first), false, now));
}

export const listWithdrawals = (sql: SqlStorage, q: PageQuery) => pageOf(sql, "withdrawals", q, toWithdrawal);
