import {
  CLIENT_LIMITS,
  type CampaignRule,
  type Deposit,
  type DepositOption,
  type DepositPayment,
} from "../../contract";
import { auditEvent, auditToOutbox } from "../audit";
import { newId } from "../auth/token";
import { depositPayment, newReference } from "../money/payment";
import type { OperatorDeposit } from "../money/queue";
import { inRange, type DepositRules } from "../money/rules";
import { fail, ok, type Failure, type Result } from "../result";
import { creditDepositBonuses } from "./bonuses";
import { dayRange, record, replay } from "./ledger";
import { decided, toOutbox, type Decided, type DecidedBy } from "./outbox";
import type { Page, PageQuery } from "./pages";
import { depositRefusal } from "./protection-checks";
import { requestKey, type Idem, type Who } from "./requests";
import { EXTERNAL_DEPOSIT, MAIN } from "./schema";

/**
 * Deposits of one member: requested (credited at once for a demo option, else waiting for an
 * operator, with the payment to make), and an operator's decision.
 * Synchronous, inside the member object's `transactionSync` (money.ts).
 */

type DepositRow = {
  id: string;
  option_id: string;
  option_name: string;
  amount: number;
  status: Deposit["status"];
  reason: string;
  created_at: string;
  decided_at: string | null;
  /** deposit_payments.payment (JSON), joined in by DEPOSIT_SELECT; null when the deposit pays nothing */
  payment: string | null;
};
export const toDeposit = (r: DepositRow): Deposit => ({
  id: r.id,
  optionId: r.option_id,
  optionName: r.option_name,
  amount: r.amount,
  status: r.status,
  reason: r.reason,
  createdAt: r.created_at,
  decidedAt: r.decided_at,
  payment: r.payment === null ? null : (JSON.parse(r.payment) as DepositPayment),
});

/** A deposit with its payment: every read of a deposit goes through this, so every view carries it. */
const DEPOSIT_SELECT =
  "SELECT deposits.*, deposit_payments.payment FROM deposits LEFT JOIN deposit_payments ON deposit_payments.deposit_id = deposits.id";
export const depositRow = (sql: SqlStorage, id: string) =>
  sql.exec<DepositRow>(`${DEPOSIT_SELECT} WHERE deposits.id = ?`, id).toArray()[0];
const depositItem = (who: Who, d: Deposit): OperatorDeposit => ({ ...d, ...who });

/**
 * The checks of a deposit request that need nothing but the rules, made before the site object is
 * asked for an address from the site (so a refused request takes none) and again in the transaction.
 */
export function depositCheck(body: { optionId: string; amount: number }, rules: DepositRules): Result<DepositOption> {
  const option = rules.depositOptions.find((o) => o.id === body.optionId);
  if (!option) return fail(400, "deposit_option_invalid");
  if (!inRange(body.amount, rules.minDepositAmount, rules.maxDepositAmount)) return fail(400, "amount_out_of_range");
  return ok(option);
}

/**
 * A deposit that would wait for an operator, while CLIENT_LIMITS.pendingDepositsPerMember already
 * wait: refused (429) until one is decided. An instant (demo) deposit waits for no one and is not
 * limited. Checked before a pool address is taken and again in the deposit's transaction, so
 * parallel requests cannot all slip under it.
 */
export function pendingDepositRefusal(sql: SqlStorage, option: DepositOption): Failure | null {
  if (option.kind === "demo") return null;
  const waiting = sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM deposits WHERE status = 'pending'").one().n;
  return waiting >= CLIENT_LIMITS.pendingDepositsPerMember ? fail(429, "pending_deposits_limit") : null;
}

/**
 * `siteAddress`: the address the site object assigned for an option whose addresses it gives (the
 * operator's pool or xpub: money/payment.ts addressFromSite), asked for before this transaction; null otherwise.
 */
export function deposit(
  sql: SqlStorage,
  who: Who,
  idem: Idem,
  body: { optionId: string; amount: number },
  rules: DepositRules,
  now: string,
  siteAddress: string | null = null,
): Result<Deposit> {
  const replayed = replay(sql, requestKey(idem.key), idem.fingerprint);
  if (replayed) return replayed as Result<Deposit>;
  const checked = depositCheck(body, rules);
  if (!checked.ok) return checked;
  const option = checked.data;
  // player protection: a break, or the deposit limits (this row counts toward them once written)
  const refused = depositRefusal(sql, body.amount, Date.parse(now)) ?? pendingDepositRefusal(sql, option);
  if (refused) return refused;

  const id = newId();
  // A demo option is play money: credited at once, with no operator in the loop.
  const instant = option.kind === "demo";
  sql.exec(
    `INSERT INTO deposits (id, option_id, option_name, amount, status, created_at, decided_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    id,
    option.id,
    option.name,
    body.amount,
    instant ? "credited" : "pending",
    now,
    instant ? now : null,
  );
  const payment = instant ? null : depositPayment(option, body.amount, newReference(), siteAddress);
  if (payment)
    sql.exec(
      "INSERT INTO deposit_payments (deposit_id, reference, payment) VALUES (?, ?, ?)",
      id,
      payment.reference,
      JSON.stringify(payment),
    );
  const result = toDeposit(depositRow(sql, id)!);
  record(
    sql,
    { key: requestKey(idem.key), call: "deposit", fingerprint: idem.fingerprint, response: result, now },
    instant
      ? {
          type: "deposit",
          reference: id,
          legs: [
            { account: EXTERNAL_DEPOSIT, amount: -body.amount },
            { account: MAIN, amount: body.amount },
          ],
        }
      : undefined,
  );
  // campaigns: a credited deposit may earn a deposit bonus (after its own credit, in this transaction)
  if (instant) creditDepositBonuses(sql, id, body.amount, rules.campaignRules ?? [], now);
  toOutbox(sql, "deposit", id, !instant, depositItem(who, result), now);
  const details = { depositId: id, option: option.id, amount: body.amount, reference: payment?.reference ?? "" };
  auditToOutbox(sql, auditEvent("deposit_requested", "member", who, details, now));
  if (instant) auditToOutbox(sql, auditEvent("deposit_confirmed", "system", who, details, now));
  return ok(result);
}

export function decideDeposit(
  sql: SqlStorage,
  who: Who,
  id: string,
  decision: { confirm: boolean; reason: string; operator?: DecidedBy },
  now: string,
  campaignRules: readonly CampaignRule[] = [],
): Result<Decided<OperatorDeposit>> {
  const row = depositRow(sql, id);
  if (!row) return fail(400, "invalid_parameters");
  if (row.status !== "pending") return fail(400, "already_decided");
  sql.exec(
    "UPDATE deposits SET status = ?, reason = ?, decided_at = ? WHERE id = ? AND status = 'pending'",
    decision.confirm ? "credited" : "refused",
    decision.reason,
    now,
    id,
  );
  const result = toDeposit(depositRow(sql, id)!);
  // The operation key makes "credited exactly once" a property of the ledger, not only of the status.
  record(
    sql,
    {
      key: `deposit:${id}:decision`,
      call: decision.confirm ? "operatorConfirmDeposit" : "operatorRefuseDeposit",
      fingerprint: id,
      response: result,
      now,
    },
    decision.confirm
      ? {
          type: "deposit",
          reference: id,
          legs: [
            { account: EXTERNAL_DEPOSIT, amount: -row.amount },
            { account: MAIN, amount: row.amount },
          ],
        }
      : undefined,
  );
  if (decision.confirm) creditDepositBonuses(sql, id, row.amount, campaignRules, now);
  const type = decision.confirm ? "deposit_confirmed" : "deposit_refused";
  auditToOutbox(
    sql,
    auditEvent(
      type,
      "operator",
      who,
      { depositId: id, amount: row.amount, reason: decision.reason },
      now,
      decision.operator ?? null,
    ),
  );
  return ok(decided(sql, "deposit", id, who.memberId, depositItem(who, result), false, now));
}

export function listDeposits(sql: SqlStorage, q: PageQuery): Page<Deposit> {
  const range = dayRange(q.from, q.to, q.zone);
  const total = sql
    .exec<{ n: number }>(`SELECT COUNT(*) AS n FROM deposits WHERE ${range.sql}`, ...range.bindings)
    .one().n;
  const items = sql
    .exec<DepositRow>(
      `${DEPOSIT_SELECT} WHERE ${range.sql} ORDER BY deposits.created_at DESC, deposits.rowid DESC LIMIT ? OFFSET ?`,
      ...range.bindings,
      q.pageSize,
      (q.page - 1) * q.pageSize,
    )
    .toArray()
    .map(toDeposit);
  return { items, total, page: q.page, pageSize: q.pageSize };
}
