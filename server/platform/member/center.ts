import type { z } from "zod";
import { MESSAGE_LIMITS, SMS_RULES, type MessageThread, type messageSummary, type smsSent } from "../../contract";
import { newId } from "../auth/token";
import { constantTimeEqual, utf8 } from "../crypto";
import type { OperatorMessage } from "../money/queue";
import { fail, ok, type Result } from "../result";
import type { SmsPurpose } from "../sms/code";
import { dayRange, record, replay } from "./ledger";
import { decided, toOutbox, type Decided } from "./outbox";
import type { Page, PageQuery } from "./pages";
import { requestKey, type Idem, type Who } from "./requests";

/**
 * The member center of one member: SMS codes and messages to customer service. Like money.ts,
 * every function is synchronous and runs inside the member object's `transactionSync`.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Wrong guesses a code survives; the next one kills it (5 tries at 1 in 10^6 each). */
export const MAX_CODE_ATTEMPTS = 5;

// SMS codes -------------------------------------------------------------------------------------

export type SmsSent = z.infer<typeof smsSent>;

const utcDayStart = (now: Date) => new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS).toISOString();

/**
 * Takes one send from the member's allowance and stores the code's hash: at most one per
 * SMS_RULES.resendSeconds and SMS_RULES.perDay per UTC day, whatever the purpose. Reserved before
 * the provider is called, so two concurrent requests cannot both pass the limits; a send that
 * then fails is released (releaseSms) and costs nothing.
 */
export function reserveSms(
  sql: SqlStorage,
  purpose: SmsPurpose,
  codeHash: string,
  recipient: string,
  now: Date,
): Result<{ id: string } & SmsSent> {
  // Two days cover today's count and the 60 s window across midnight; older rows are history nobody reads.
  sql.exec("DELETE FROM sms_codes WHERE sent_at < ?", new Date(now.getTime() - 2 * DAY_MS).toISOString());
  const last = sql
    .exec<{ sent_at: string }>("SELECT sent_at FROM sms_codes ORDER BY sent_at DESC LIMIT 1")
    .toArray()[0];
  if (last && now.getTime() - Date.parse(last.sent_at) < SMS_RULES.resendSeconds * 1000)
    return fail(400, "sms_too_frequent");
  const today = sql
    .exec<{ n: number }>("SELECT COUNT(*) AS n FROM sms_codes WHERE sent_at >= ?", utcDayStart(now))
    .one().n;
  if (today >= SMS_RULES.perDay) return fail(400, "sms_send_limit_reached");

  const id = newId();
  const expiresAt = new Date(now.getTime() + SMS_RULES.validSeconds * 1000).toISOString();
  sql.exec(
    "INSERT INTO sms_codes (id, purpose, code_hash, recipient, sent_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)",
    id,
    purpose,
    codeHash,
    recipient,
    now.toISOString(),
    expiresAt,
  );
  return ok({
    id,
    expiresAt,
    resendAt: new Date(now.getTime() + SMS_RULES.resendSeconds * 1000).toISOString(),
    remainingToday: SMS_RULES.perDay - today - 1,
  });
}

/** Gives a reserved send back after the provider failed: the member never received that code. */
export function releaseSms(sql: SqlStorage, id: string): void {
  sql.exec("DELETE FROM sms_codes WHERE id = ? AND used_at IS NULL AND attempts = 0", id);
}

type CodeRow = {
  id: string;
  code_hash: string;
  recipient: string;
  expires_at: string;
  used_at: string | null;
  attempts: number;
};

/**
 * Uses the member's newest code of a purpose (a new code replaces the one before). No code at all
 * is a wrong code, so a stranger's guess tells nothing; a code that is used, expired, sent to a
 * number the member no longer has, or out of attempts is `otp_error`; a wrong one counts an attempt.
 */
export function useCode(
  sql: SqlStorage,
  purpose: SmsPurpose,
  codeHash: string,
  recipient: string,
  now: Date,
): Result<null> {
  const row = sql
    .exec<CodeRow>(
      "SELECT id, code_hash, recipient, expires_at, used_at, attempts FROM sms_codes WHERE purpose = ? ORDER BY sent_at DESC, rowid DESC LIMIT 1",
      purpose,
    )
    .toArray()[0];
  if (!row) return fail(400, "wrong_verification_code");
  const dead =
    row.used_at !== null ||
    Date.parse(row.expires_at) <= now.getTime() ||
    row.attempts >= MAX_CODE_ATTEMPTS ||
    row.recipient !== recipient;
  if (dead) return fail(400, "otp_error");
  if (!constantTimeEqual(utf8(row.code_hash), utf8(codeHash))) {
    sql.exec("UPDATE sms_codes SET attempts = attempts + 1 WHERE id = ?", row.id);
    return fail(400, "wrong_verification_code");
  }
  sql.exec("UPDATE sms_codes SET used_at = ? WHERE id = ?", now.toISOString(), row.id);
  return ok(null);
}

// messages --------------------------------------------------------------------------------------

type MessageSummary = z.infer<typeof messageSummary>;
type MessageRow = {
  id: string;
  title: string;
  content: string;
  created_at: string;
  updated_at: string;
  last_from: "member" | "operator";
  unread: number;
  reply_count: number;
};
type ReplyRow = { id: string; sender: "member" | "operator"; content: string; created_at: string };

const NEXT_ACTIVITY = "(SELECT COALESCE(MAX(activity), 0) + 1 FROM messages)";
const SELECT_MESSAGE = `SELECT m.*, (SELECT COUNT(*) FROM message_replies r WHERE r.message_id = m.id) AS reply_count FROM messages m`;

const toSummary = (r: MessageRow): MessageSummary => ({
  id: r.id,
  title: r.title,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  unread: r.unread === 1,
  replyCount: r.reply_count,
});

const messageRow = (sql: SqlStorage, id: string) =>
  sql.exec<MessageRow>(`${SELECT_MESSAGE} WHERE m.id = ?`, id).toArray()[0];

function toThread(sql: SqlStorage, r: MessageRow): MessageThread {
  const replies = sql
    .exec<ReplyRow>(
      "SELECT id, sender, content, created_at FROM message_replies WHERE message_id = ? ORDER BY created_at, rowid",
      r.id,
    )
    .toArray()
    .map((x) => ({ id: x.id, from: x.sender, content: x.content, createdAt: x.created_at }));
  return { ...toSummary(r), content: r.content, replies };
}

/** The thread as the site's operator queue shows it; pending while the member's word is the newest. */
const queueItem = (who: Who, r: MessageRow): OperatorMessage => ({
  ...toSummary(r),
  ...who,
  awaitingReply: r.last_from === "member",
});

export function thread(sql: SqlStorage, id: string): Result<MessageThread> {
  const row = messageRow(sql, id);
  return row ? ok(toThread(sql, row)) : fail(400, "message_not_found");
}

/** Newest activity first; `from`/`to` pick threads by the day they were opened. */
export function listMessages(sql: SqlStorage, q: PageQuery): Page<MessageSummary> {
  const range = dayRange(q.from, q.to, q.zone);
  const where = range.sql.replace(/created_at/g, "m.created_at");
  const total = sql
    .exec<{ n: number }>(`SELECT COUNT(*) AS n FROM messages m WHERE ${where}`, ...range.bindings)
    .one().n;
  const items = sql
    .exec<MessageRow>(
      `${SELECT_MESSAGE} WHERE ${where} ORDER BY m.activity DESC LIMIT ? OFFSET ?`,
      ...range.bindings,
      q.pageSize,
      (q.page - 1) * q.pageSize,
    )
    .toArray()
    .map(toSummary);
  return { items, total, page: q.page, pageSize: q.pageSize };
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * What the member wrote in the hour before `now` (threads opened and replies), counted from the
 * messages themselves in the caller's transaction: only posts that happened count, and two
 * concurrent posts cannot both pass the limit.
 */
function postingAllowed(sql: SqlStorage, now: string): boolean {
  const since = new Date(Date.parse(now) - HOUR_MS).toISOString();
  const threads = sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM messages WHERE created_at > ?", since).one().n;
  const replies = sql
    .exec<{ n: number }>("SELECT COUNT(*) AS n FROM message_replies WHERE sender = 'member' AND created_at > ?", since)
    .one().n;
  return threads + replies < MESSAGE_LIMITS.perHour;
}

/** A new thread; the Idempotency-Key makes a double submit open it once (server/platform/README.md, "Idempotency"). */
export function sendMessage(
  sql: SqlStorage,
  who: Who,
  idem: Idem,
  body: { title: string; content: string },
  now: string,
): Result<MessageThread> {
  const replayed = replay(sql, requestKey(idem.key), idem.fingerprint);
  if (replayed) return replayed as Result<MessageThread>;
  if (!postingAllowed(sql, now)) return fail(429, "too_many_requests");
  const id = newId();
  sql.exec(
    `INSERT INTO messages (id, title, content, created_at, updated_at, last_from, activity)
     VALUES (?, ?, ?, ?, ?, 'member', ${NEXT_ACTIVITY})`,
    id,
    body.title,
    body.content,
    now,
    now,
  );
  const row = messageRow(sql, id)!;
  const result = toThread(sql, row);
  record(sql, { key: requestKey(idem.key), call: "sendMessage", fingerprint: idem.fingerprint, response: result, now });
  toOutbox(sql, "message", id, true, queueItem(who, row), now);
  return ok(result);
}

function addReply(sql: SqlStorage, id: string, from: "member" | "operator", content: string, now: string): MessageRow {
  sql.exec(
    "INSERT INTO message_replies (id, message_id, sender, content, created_at) VALUES (?, ?, ?, ?, ?)",
    newId(),
    id,
    from,
    content,
    now,
  );
  // An operator's word is news to the member; the member's own word leaves the flag as it was.
  sql.exec(
    `UPDATE messages SET updated_at = ?, last_from = ?, unread = CASE WHEN ? = 'operator' THEN 1 ELSE unread END,
       activity = ${NEXT_ACTIVITY} WHERE id = ?`,
    now,
    from,
    from,
    id,
  );
  return messageRow(sql, id)!;
}

export function replyMessage(
  sql: SqlStorage,
  who: Who,
  idem: Idem,
  id: string,
  body: { content: string },
  now: string,
): Result<MessageThread> {
  const replayed = replay(sql, requestKey(idem.key), idem.fingerprint);
  if (replayed) return replayed as Result<MessageThread>;
  if (!messageRow(sql, id)) return fail(400, "message_not_found");
  if (!postingAllowed(sql, now)) return fail(429, "too_many_requests");
  const row = addReply(sql, id, "member", body.content, now);
  const result = toThread(sql, row);
  record(sql, {
    key: requestKey(idem.key),
    call: "replyMessage",
    fingerprint: idem.fingerprint,
    response: result,
    now,
  });
  toOutbox(sql, "message", id, true, queueItem(who, row), now);
  return ok(result);
}

/** Opening a thread reads the operator's replies in it. */
export function readMessage(sql: SqlStorage, id: string): Result<MessageThread> {
  if (!messageRow(sql, id)) return fail(400, "message_not_found");
  sql.exec("UPDATE messages SET unread = 0 WHERE id = ?", id);
  return thread(sql, id);
}

/** An operator's reply: the thread leaves the queue of those awaiting a reply, at once and through the outbox. */
export function operatorReply(
  sql: SqlStorage,
  who: Who,
  id: string,
  content: string,
  now: string,
): Result<{ thread: MessageThread; queued: Decided<OperatorMessage> }> {
  if (!messageRow(sql, id)) return fail(400, "message_not_found");
  const row = addReply(sql, id, "operator", content, now);
  return ok({
    thread: toThread(sql, row),
    queued: decided(sql, "message", id, who.memberId, queueItem(who, row), false, now),
  });
}
