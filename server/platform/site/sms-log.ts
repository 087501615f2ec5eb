import type { z } from "zod";
import type { smsLogEntry } from "../../contract";

type SmsLogEntry = z.infer<typeof smsLogEntry>;

/** What the log SMS provider records: the entry, plus the national number to filter by. */
export type SmsLogInput = SmsLogEntry & { mobile: string };

/** How many log entries a site keeps: enough to find any recent code, never an unbounded table. */
const SMS_LOG_KEEP = 1000;

export function logSms(sql: SqlStorage, entry: SmsLogInput): void {
  sql.exec(
    "INSERT INTO sms_log (recipient, mobile, purpose, code, account, sent_at) VALUES (?, ?, ?, ?, ?, ?)",
    entry.to,
    entry.mobile,
    entry.purpose,
    entry.code,
    entry.account,
    entry.sentAt,
  );
  sql.exec("DELETE FROM sms_log WHERE id <= (SELECT MAX(id) FROM sms_log) - ?", SMS_LOG_KEEP);
}

/** Newest first; `mobile` matches the national number (09…) or the full international one. */
export function smsLog(sql: SqlStorage, mobile?: string): SmsLogEntry[] {
  const filter = mobile === undefined ? "1" : "(mobile = ?1 OR recipient = ?1)";
  return sql
    .exec<{ recipient: string; purpose: SmsLogEntry["purpose"]; code: string; account: string; sent_at: string }>(
      `SELECT recipient, purpose, code, account, sent_at FROM sms_log WHERE ${filter} ORDER BY id DESC LIMIT 100`,
      ...(mobile === undefined ? [] : [mobile]),
    )
    .toArray()
    .map((r) => ({ to: r.recipient, purpose: r.purpose, code: r.code, account: r.account, sentAt: r.sent_at }));
}
