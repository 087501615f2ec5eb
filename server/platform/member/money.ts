import type { z } from "zod";
import { CLIENT_LIMITS, UPLOAD_LIMITS } from "../../contract";
import type {
  BankAccount,
  bankApplyBody,
  Deposit,
  DepositOption,
  DepositPayment,
  pageQuery,
  Transfer,
  UploadedFile,
  Withdrawal,
  transaction,
} from "../../contract";
import { newId } from "../auth/token";
import { depositPayment, newReference } from "../money/payment";
import { queueTime, type OperatorBankApplication, type OperatorDeposit, type OperatorWithdrawal, type QueueEntry, type QueueKind } from "../money/queue";
import { inRange, withdrawFee, type DepositRules, type TransferRules, type WithdrawRules } from "../money/rules";
import { auditEvent, auditToOutbox } from "../audit";
import { fail, ok, type Failure, type Result } from "../result";
import { balanceOf, dayRange, record, replay } from "./ledger";
import { bonusLockedRefusal, creditDepositBonuses } from "./bonuses";
import { breakRefusal, depositRefusal } from "./protection";
import type { CampaignRule } from "../../contract";
import { EXTERNAL_DEPOSIT, EXTERNAL_WITHDRAWAL, FEES, gameAccount, HOLD, MAIN } from "./schema";

/**
 * Money of one member. Every function here is synchronous and runs inside the member object's
 * `transactionSync`: the replay check, the business checks, the state change, the ledger
 * postings and the outbox row commit together, and no other request can run in between.
 */

export interface Who {
  memberId: string;
  account: string;
}
/** An idempotent request: the key from the Idempotency-Key header and a fingerprint of its parameters. */
export interface Idem {
  key: string;
  fingerprint: string;
}
export type PageQuery = z.output<typeof pageQuery>;
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };
type Transaction = z.infer<typeof transaction>;

/** The operation key of a member's idempotent request. */
export const requestKey = (key: string) => `request:${key}`;

// rows ------------------------------------------------------------------------------------------

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
const toDeposit = (r: DepositRow): Deposit => ({
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

type TransferRow = { id: string; direction: Transfer["direction"]; game_code: string; amount: number; created_at: string };
const toTransfer = (r: TransferRow): Transfer => ({
  id: r.id,
  direction: r.direction,
  gameCode: r.game_code,
  amount: r.amount,
  status: "done",
  createdAt: r.created_at,
});

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

type BankRow = {
  status: Exclude<BankAccount["status"], "none">;
  reason: string;
  bank: string;
  branch: string;
  account_name: string;
  account_number: string;
  currency: string;
  address: string;
  id_front_file_id: string;
  id_back_file_id: string;
  passbook_file_id: string;
  submitted_at: string;
  reviewed_at: string | null;
};
const last4 = (accountNumber: string) => accountNumber.replace(/\D/g, "").slice(-4);
export const NO_BANK_ACCOUNT: BankAccount = {
  status: "none",
  reason: "",
  bank: "",
  branch: "",
  accountName: "",
  accountNumberLast4: "",
  currency: "",
  address: "",
  submittedAt: null,
  reviewedAt: null,
};
const toBank = (r: BankRow): BankAccount => ({
  status: r.status,
  reason: r.reason,
  bank: r.bank,
  branch: r.branch,
  accountName: r.account_name,
  accountNumberLast4: last4(r.account_number),
  currency: r.currency,
  address: r.address,
  submittedAt: r.submitted_at,
  reviewedAt: r.reviewed_at,
});

type UploadRow = {
  file_id: string;
  kind: UploadedFile["kind"];
  content_type: UploadedFile["contentType"];
  size: number;
  width: number;
  height: number;
  object_key: string;
  created_at: string;
};
const toUpload = (r: UploadRow): UploadedFile => ({
  fileId: r.file_id,
  kind: r.kind,
  contentType: r.content_type,
  size: r.size,
  width: r.width,
  height: r.height,
  createdAt: r.created_at,
});

/** A deposit with its payment: every read of a deposit goes through this, so every view carries it. */
const DEPOSIT_SELECT = "SELECT deposits.*, deposit_payments.payment FROM deposits LEFT JOIN deposit_payments ON deposit_payments.deposit_id = deposits.id";
const depositRow = (sql: SqlStorage, id: string) => sql.exec<DepositRow>(`${DEPOSIT_SELECT} WHERE deposits.id = ?`, id).toArray()[0];
const withdrawalRow = (sql: SqlStorage, id: string) =>
  sql.exec<WithdrawalRow>("SELECT * FROM withdrawals WHERE id = ?", id).toArray()[0];
export const bankRow = (sql: SqlStorage) => sql.exec<BankRow>("SELECT * FROM bank_account WHERE id = 1").toArray()[0];

// outbox ----------------------------------------------------------------------------------------

type OutboxItem = QueueEntry["item"];

/** Adds the item's new state to the outbox, in the caller's transaction; returns its version. */
export function toOutbox(sql: SqlStorage, kind: QueueKind, itemId: string, pending: boolean, item: OutboxItem, now: string): number {
  return sql
    .exec<{ seq: number }>(
      "INSERT INTO outbox (kind, item_id, pending, payload, created_at) VALUES (?, ?, ?, ?, ?) RETURNING seq",
      kind,
      itemId,
      pending ? 1 : 0,
      JSON.stringify(item),
      now,
    )
    .one().seq;
}

/**
 * An outbox row: a queue item's new state, an event for the site's audit log ("audit"), or a
 * file's bytes to delete from the bucket ("file_delete", the payload is its key).
 */
export type OutboxRow = {
  seq: number;
  kind: QueueKind | "audit" | "file_delete";
  item_id: string;
  pending: number;
  payload: string;
  created_at: string;
  attempts: number;
};

export function outboxEntry(row: OutboxRow & { kind: QueueKind }, memberId: string): QueueEntry {
  const item = JSON.parse(row.payload) as OutboxItem;
  return {
    kind: row.kind,
    itemId: row.item_id,
    memberId,
    pending: row.pending === 1,
    version: row.seq,
    createdAt: queueTime(item, row.created_at),
    item,
  };
}

const depositItem = (who: Who, d: Deposit): OperatorDeposit => ({ ...d, ...who });
const withdrawalItem = (who: Who, w: Withdrawal): OperatorWithdrawal => ({ ...w, ...who });
const bankItem = (who: Who, r: BankRow): OperatorBankApplication => ({
  ...toBank(r),
  ...who,
  accountNumber: r.account_number,
  idFrontFileId: r.id_front_file_id,
  idBackFileId: r.id_back_file_id,
  passbookFileId: r.passbook_file_id,
});

/** What an operator's decision returns: the item as the queue now shows it, with its version. */
export type Decided<T> = { item: T; entry: QueueEntry };
/** The operator who made a decision, named in its audit entry (server/platform/README.md, "Operators"). */
export type DecidedBy = { id: string; name: string };

export function decided<T extends OutboxItem>(
  sql: SqlStorage,
  kind: QueueKind,
  itemId: string,
  memberId: string,
  item: T,
  pending: boolean,
  now: string,
): Decided<T> {
  const version = toOutbox(sql, kind, itemId, pending, item, now);
  return { item, entry: { kind, itemId, memberId, pending, version, createdAt: queueTime(item, now), item } };
}

// deposits --------------------------------------------------------------------------------------

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
  if (payment) sql.exec("INSERT INTO deposit_payments (deposit_id, reference, payment) VALUES (?, ?, ?)", id, payment.reference, JSON.stringify(payment));
  const result = toDeposit(depositRow(sql, id)!);
  record(
    sql,
    { key: requestKey(idem.key), call: "deposit", fingerprint: idem.fingerprint, response: result, now },
    instant
      ? { type: "deposit", reference: id, legs: [{ account: EXTERNAL_DEPOSIT, amount: -body.amount }, { account: MAIN, amount: body.amount }] }
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
    { key: `deposit:${id}:decision`, call: decision.confirm ? "operatorConfirmDeposit" : "operatorRefuseDeposit", fingerprint: id, response: result, now },
    decision.confirm
      ? { type: "deposit", reference: id, legs: [{ account: EXTERNAL_DEPOSIT, amount: -row.amount }, { account: MAIN, amount: row.amount }] }
      : undefined,
  );
  if (decision.confirm) creditDepositBonuses(sql, id, row.amount, campaignRules, now);
  const type = decision.confirm ? "deposit_confirmed" : "deposit_refused";
  auditToOutbox(sql, auditEvent(type, "operator", who, { depositId: id, amount: row.amount, reason: decision.reason }, now, decision.operator ?? null));
  return ok(decided(sql, "deposit", id, who.memberId, depositItem(who, result), false, now));
}

// transfers -------------------------------------------------------------------------------------

export function transfer(
  sql: SqlStorage,
  idem: Idem,
  body: { direction: "in" | "out"; gameCode: string; amount: number },
  rules: TransferRules,
  now: string,
): Result<Transfer> {
  const replayed = replay(sql, requestKey(idem.key), idem.fingerprint);
  if (replayed) return replayed as Result<Transfer>;
  if (!rules.games.some((g) => g.code === body.gameCode)) return fail(400, "game_not_found");
  if (!inRange(body.amount, rules.minTransferAmount, rules.maxTransferAmount)) return fail(400, "amount_out_of_range");
  // player protection: a break stops money into a game; taking it out stays open
  const refused = body.direction === "in" ? breakRefusal(sql, Date.parse(now)) : null;
  if (refused) return refused;
  const game = gameAccount(body.gameCode);
  const [from, to] = body.direction === "in" ? [MAIN, game] : [game, MAIN];
  if (balanceOf(sql, from) < body.amount) {
    // locked bonus never moves to a game wallet: say so when it is what the main balance lacks
    if (body.direction === "in") return bonusLockedRefusal(sql, body.amount) ?? fail(400, "insufficient_balance");
    return fail(400, "insufficient_game_wallet_balance");
  }
  const id = newId();
  sql.exec(
    "INSERT INTO transfers (id, direction, game_code, amount, created_at) VALUES (?, ?, ?, ?, ?)",
    id,
    body.direction,
    body.gameCode,
    body.amount,
    now,
  );
  const result = toTransfer(sql.exec<TransferRow>("SELECT * FROM transfers WHERE id = ?", id).one());
  record(
    sql,
    { key: requestKey(idem.key), call: "transfer", fingerprint: idem.fingerprint, response: result, now },
    {
      type: body.direction === "in" ? "transfer_in" : "transfer_out",
      reference: id,
      legs: [{ account: from, amount: -body.amount }, { account: to, amount: body.amount }],
    },
  );
  return ok(result);
}

// withdrawals -----------------------------------------------------------------------------------

/** A bank account a withdrawal may go to: approved, or merely applied for where the site does not verify. */
export function bankReady(row: BankRow | undefined, bankVerify: boolean): boolean {
  if (!row) return false;
  return row.status === "approved" || (!bankVerify && row.status === "under_review");
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
    { type: "withdrawal_hold", reference: id, legs: [{ account: MAIN, amount: -held }, { account: HOLD, amount: held }] },
  );
  toOutbox(sql, "withdrawal", id, true, withdrawalItem(who, result), now);
  auditToOutbox(sql, auditEvent("withdrawal_requested", "member", who, { withdrawalId: id, amount: body.amount, fee }, now));
  return ok(result);
}

export function decideWithdrawal(
  sql: SqlStorage,
  who: Who,
  id: string,
  decision: { approve: boolean; reason: string; operator?: DecidedBy },
  now: string,
): Result<Decided<OperatorWithdrawal>> {
  const row = withdrawalRow(sql, id);
  if (!row) return fail(400, "invalid_parameters");
  if (row.status !== "pending") return fail(400, "already_decided");
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
  const details = { withdrawalId: id, amount: row.amount, fee: row.fee, reason: decision.reason };
  auditToOutbox(sql, auditEvent(type, "operator", who, details, now, decision.operator ?? null));
  return ok(decided(sql, "withdrawal", id, who.memberId, withdrawalItem(who, result), false, now));
}

// bank account and uploads ----------------------------------------------------------------------

export function bank(sql: SqlStorage): BankAccount {
  const row = bankRow(sql);
  return row ? toBank(row) : NO_BANK_ACCOUNT;
}

export function bankApply(
  sql: SqlStorage,
  who: Who,
  idem: Idem,
  body: z.output<typeof bankApplyBody>,
  autoReview: boolean,
  now: string,
): Result<BankAccount> {
  const replayed = replay(sql, requestKey(idem.key), idem.fingerprint);
  if (replayed) return replayed as Result<BankAccount>;
  // An approved account is what withdrawals are paid to: changing it goes through customer
  // service (who can reject it first), never through a member's form alone.
  const current = bankRow(sql);
  if (current?.status === "approved") return fail(400, "contact_customer_service");
  const wanted: [string, UploadedFile["kind"]][] = [
    [body.idFrontFileId, "id_front"],
    [body.idBackFileId, "id_back"],
    [body.passbookFileId, "passbook"],
  ];
  for (const [fileId, kind] of wanted) {
    const upload = sql.exec<{ kind: string }>("SELECT kind FROM uploads WHERE file_id = ?", fileId).toArray()[0];
    if (!upload) return fail(400, "file_not_found");
    if (upload.kind !== kind) return fail(400, "bank_upload_error");
  }
  sql.exec(
    `INSERT OR REPLACE INTO bank_account (id, status, reason, bank, branch, account_name, account_number, currency, address,
       id_front_file_id, id_back_file_id, passbook_file_id, submitted_at, reviewed_at)
     VALUES (1, ?, '', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    autoReview ? "approved" : "under_review",
    body.bank,
    body.branch,
    body.accountName,
    body.accountNumber,
    body.currency,
    body.address,
    body.idFrontFileId,
    body.idBackFileId,
    body.passbookFileId,
    now,
    autoReview ? now : null,
  );
  const row = bankRow(sql)!;
  const result = toBank(row);
  record(sql, { key: requestKey(idem.key), call: "bankApply", fingerprint: idem.fingerprint, response: result, now });
  toOutbox(sql, "bank", who.memberId, !autoReview, bankItem(who, row), now);
  const details = { bank: body.bank, accountNumberLast4: result.accountNumberLast4 };
  auditToOutbox(sql, auditEvent("bank_applied", "member", who, details, now));
  if (autoReview) auditToOutbox(sql, auditEvent("bank_approved", "system", who, details, now));
  return ok(result);
}

export function decideBank(
  sql: SqlStorage,
  who: Who,
  decision: { approve: boolean; reason: string; operator?: DecidedBy },
  now: string,
): Result<Decided<OperatorBankApplication>> {
  const row = bankRow(sql);
  if (!row) return fail(400, "invalid_parameters");
  if (row.status !== "under_review") return fail(400, "already_decided");
  sql.exec(
    "UPDATE bank_account SET status = ?, reason = ?, reviewed_at = ? WHERE id = 1",
    decision.approve ? "approved" : "rejected",
    decision.reason,
    now,
  );
  const type = decision.approve ? "bank_approved" : "bank_rejected";
  auditToOutbox(sql, auditEvent(type, "operator", who, { bank: row.bank, accountNumberLast4: last4(row.account_number), reason: decision.reason }, now, decision.operator ?? null));
  return ok(decided(sql, "bank", who.memberId, who.memberId, bankItem(who, bankRow(sql)!), false, now));
}

/**
 * Takes one upload of `size` bytes from the quota of the UTC day (UPLOAD_LIMITS.perDay and
 * bytesPerDay), or refuses with upload_limit_reached (429: a limit, never a status that ends
 * the site session).
 */
export function reserveUpload(sql: SqlStorage, size: number, now: Date): Result<{ day: string }> {
  const day = now.toISOString().slice(0, 10);
  sql.exec("DELETE FROM upload_days WHERE day < ?", day);
  const today = sql.exec<{ uploads: number; bytes: number }>("SELECT uploads, bytes FROM upload_days WHERE day = ?", day).toArray()[0];
  const uploads = today?.uploads ?? 0;
  const bytes = today?.bytes ?? 0;
  if (uploads + 1 > UPLOAD_LIMITS.perDay || bytes + size > UPLOAD_LIMITS.bytesPerDay) return fail(429, "upload_limit_reached");
  sql.exec(
    `INSERT INTO upload_days (day, uploads, bytes) VALUES (?, 1, ?)
     ON CONFLICT (day) DO UPDATE SET uploads = uploads + 1, bytes = bytes + excluded.bytes`,
    day,
    size,
  );
  return ok({ day });
}

/** Gives back a reservation whose bytes were never stored. */
export function releaseUpload(sql: SqlStorage, day: string, size: number): void {
  sql.exec("UPDATE upload_days SET uploads = MAX(uploads - 1, 0), bytes = MAX(bytes - ?, 0) WHERE day = ?", size, day);
}

/**
 * Records a stored upload. A member keeps UPLOAD_LIMITS.keepPerKind documents of a kind: past
 * that, the oldest ones that the bank application does not name are deleted, the row here and the
 * bytes by the outbox (the alarm deletes them from the bucket, at least once), so a member's
 * files never pile up while an application always keeps the documents it names.
 */
export function addUpload(sql: SqlStorage, file: UploadedFile & { objectKey: string }): UploadedFile {
  sql.exec(
    `INSERT INTO uploads (file_id, kind, content_type, size, width, height, object_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    file.fileId,
    file.kind,
    file.contentType,
    file.size,
    file.width,
    file.height,
    file.objectKey,
    file.createdAt,
  );
  const bank = bankRow(sql);
  const named = new Set(bank ? [bank.id_front_file_id, bank.id_back_file_id, bank.passbook_file_id] : []);
  const oldestFirst = sql
    .exec<{ file_id: string; object_key: string }>("SELECT file_id, object_key FROM uploads WHERE kind = ? ORDER BY created_at, rowid", file.kind)
    .toArray();
  let excess = oldestFirst.length - UPLOAD_LIMITS.keepPerKind;
  for (const old of oldestFirst) {
    if (excess <= 0) break;
    if (named.has(old.file_id)) continue;
    sql.exec("DELETE FROM uploads WHERE file_id = ?", old.file_id);
    sql.exec("INSERT INTO outbox (kind, item_id, pending, payload, created_at) VALUES ('file_delete', ?, 0, ?, ?)", old.file_id, old.object_key, file.createdAt);
    excess -= 1;
  }
  return toUpload(sql.exec<UploadRow>("SELECT * FROM uploads WHERE file_id = ?", file.fileId).one());
}

export function uploads(sql: SqlStorage): UploadedFile[] {
  return sql.exec<UploadRow>("SELECT * FROM uploads ORDER BY created_at DESC, rowid DESC").toArray().map(toUpload);
}

export function upload(sql: SqlStorage, fileId: string): (UploadedFile & { objectKey: string }) | undefined {
  const row = sql.exec<UploadRow>("SELECT * FROM uploads WHERE file_id = ?", fileId).toArray()[0];
  return row ? { ...toUpload(row), objectKey: row.object_key } : undefined;
}

// lists -----------------------------------------------------------------------------------------

function pageOf<R, T>(sql: SqlStorage, table: string, q: PageQuery, map: (r: R) => T): Page<T> {
  const range = dayRange(q.from, q.to);
  const total = sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE ${range.sql}`, ...range.bindings).one().n;
  const items = sql
    .exec<R & Record<string, SqlStorageValue>>(
      `SELECT * FROM ${table} WHERE ${range.sql} ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`,
      ...range.bindings,
      q.pageSize,
      (q.page - 1) * q.pageSize,
    )
    .toArray()
    .map((r) => map(r as R));
  return { items, total, page: q.page, pageSize: q.pageSize };
}

export function listDeposits(sql: SqlStorage, q: PageQuery): Page<Deposit> {
  const range = dayRange(q.from, q.to);
  const total = sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM deposits WHERE ${range.sql}`, ...range.bindings).one().n;
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
export const listTransfers = (sql: SqlStorage, q: PageQuery) => pageOf(sql, "transfers", q, toTransfer);
export const listWithdrawals = (sql: SqlStorage, q: PageQuery) => pageOf(sql, "withdrawals", q, toWithdrawal);

/** Deposits and transfers in one list, newest first, paged in SQL over both tables. */
export function listTransactions(sql: SqlStorage, q: PageQuery): Page<Transaction> {
  const range = dayRange(q.from, q.to);
  const union = `SELECT 'deposit' AS kind, id, created_at, rowid AS r FROM deposits WHERE ${range.sql}
                 UNION ALL SELECT 'transfer' AS kind, id, created_at, rowid AS r FROM transfers WHERE ${range.sql}`;
  const bindings = [...range.bindings, ...range.bindings];
  const total = sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM (${union})`, ...bindings).one().n;
  const keys = sql
    .exec<{ kind: "deposit" | "transfer"; id: string }>(
      `SELECT kind, id FROM (${union}) ORDER BY created_at DESC, kind DESC, r DESC LIMIT ? OFFSET ?`,
      ...bindings,
      q.pageSize,
      (q.page - 1) * q.pageSize,
    )
    .toArray();
  const items = keys.map((k): Transaction =>
    k.kind === "deposit"
      ? { ...toDeposit(depositRow(sql, k.id)!), kind: "deposit" }
      : { ...toTransfer(sql.exec<TransferRow>("SELECT * FROM transfers WHERE id = ?", k.id).one()), kind: "transfer" },
  );
  return { items, total, page: q.page, pageSize: q.pageSize };
}
