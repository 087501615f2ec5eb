import type { z } from "zod";
import type { BankAccount, bankApplyBody, UploadedFile } from "../../contract";
import { auditEvent, auditToOutbox } from "../audit";
import type { OperatorBankApplication } from "../money/queue";
import { fail, ok, type Result } from "../result";
import { record, replay } from "./ledger";
import { decided, toOutbox, type Decided, type DecidedBy } from "./outbox";
import { requestKey, type Idem, type Who } from "./requests";

/**
 * The member's bank account: the application (with its documents), an operator's review, and
 * whether a withdrawal can be paid to it.
 * Synchronous, inside the member object's `transactionSync` (money.ts).
 */

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
export const last4 = (accountNumber: string) => accountNumber.replace(/\D/g, "").slice(-4);
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

export const bankRow = (sql: SqlStorage) => sql.exec<BankRow>("SELECT * FROM bank_account WHERE id = 1").toArray()[0];
const bankItem = (who: Who, r: BankRow): OperatorBankApplication => ({
  ...toBank(r),
  ...who,
  accountNumber: r.account_number,
  idFrontFileId: r.id_front_file_id,
  idBackFileId: r.id_back_file_id,
  passbookFileId: r.passbook_file_id,
});

/** A bank account a withdrawal may go to: approved, or merely applied for where the site does not verify. */
export function bankReady(row: BankRow | undefined, bankVerify: boolean): boolean {
  if (!row) return false;
  return row.status === "approved" || (!bankVerify && row.status === "under_review");
}

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
  auditToOutbox(
    sql,
    auditEvent(
      type,
      "operator",
      who,
      { bank: row.bank, accountNumberLast4: last4(row.account_number), reason: decision.reason },
      now,
      decision.operator ?? null,
    ),
  );
  return ok(decided(sql, "bank", who.memberId, who.memberId, bankItem(who, bankRow(sql)!), false, now));
}
