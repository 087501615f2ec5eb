import type { z } from "zod";
import type { AuditEntry, AuditType, auditQuery } from "../contract";
import { newId } from "./auth/token";

/**
 * The audit log of one site: append-only, in the site's object. Events happen in two places and
 * reach it in two ways: a member's object writes its events (sign-ins, password changes, money
 * requests and decisions) to its outbox in the same transaction as the change, and its alarm
 * delivers them at least once; the worker writes what happens outside any member (a sign-in
 * naming an unknown account, a locked address, operator actions) to the site directly. The log
 * keeps one entry per event id, so a second delivery adds nothing.
 */

/** An entry leaves the log only once its month is archived in R2. */
const AUDIT_NO_DELETE = `CREATE TRIGGER IF NOT EXISTS audit_no_delete BEFORE DELETE ON audit_log
     WHEN NOT EXISTS (SELECT 1 FROM audit_archive WHERE month = substr(OLD.at, 1, 7))
     BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END`;

export const AUDIT_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS audit_log (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     id TEXT NOT NULL UNIQUE,
     type TEXT NOT NULL,
     at TEXT NOT NULL,
     actor TEXT NOT NULL,
     account TEXT NOT NULL,
     member_id TEXT NOT NULL,
     address TEXT NOT NULL,
     details TEXT NOT NULL,
     operator_id TEXT NOT NULL DEFAULT '',
     operator_name TEXT NOT NULL DEFAULT ''
   )`,
  `CREATE INDEX IF NOT EXISTS audit_by_time ON audit_log (at, seq)`,
  `CREATE INDEX IF NOT EXISTS audit_by_type ON audit_log (type, at, seq)`,
  `CREATE INDEX IF NOT EXISTS audit_by_account ON audit_log (account COLLATE NOCASE, at, seq)`,
  // one member's entries (memberAudit): operator actions on a member may name only its id
  `CREATE INDEX IF NOT EXISTS audit_by_member ON audit_log (member_id, at, seq)`,
  // Append-only, whatever code runs here later: there is no call to change or delete an entry.
  `CREATE TRIGGER IF NOT EXISTS audit_no_update BEFORE UPDATE ON audit_log
     BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END`,
  // The months moved to R2 past the site's retention (site/audit-archive.ts): only their entries
  // may leave the table, and only after their file is written.
  `CREATE TABLE IF NOT EXISTS audit_archive (
     month TEXT PRIMARY KEY,
     key TEXT NOT NULL,
     entries INTEGER NOT NULL,
     archived_at TEXT NOT NULL
   )`,
  AUDIT_NO_DELETE,
];

/**
 * Logs made before operators were people have no operator columns: they are added (entries from
 * then keep '' there, as their actor was the one shared key). Run after AUDIT_SCHEMA.
 */
export function migrateAudit(sql: SqlStorage): void {
  const columns = new Set(
    sql
      .exec<{ name: string }>("PRAGMA table_info(audit_log)")
      .toArray()
      .map((c) => c.name),
  );
  for (const column of ["operator_id", "operator_name"]) {
    if (!columns.has(column)) sql.exec(`ALTER TABLE audit_log ADD COLUMN ${column} TEXT NOT NULL DEFAULT ''`);
  }
  sql.exec("CREATE INDEX IF NOT EXISTS audit_by_operator ON audit_log (operator_id, at, seq)");
  // Logs made before the archive refused every delete; their trigger gives way to the archive's.
  const trigger = sql
    .exec<{ sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'audit_no_delete'")
    .toArray()[0];
  if (trigger && !trigger.sql.includes("audit_archive")) {
    sql.exec("DROP TRIGGER audit_no_delete");
    sql.exec(AUDIT_NO_DELETE);
  }
}

export type AuditDetails = AuditEntry["details"];
export type AuditQuery = z.output<typeof auditQuery>;

/** A new event with an id of its own, stamped now. */
export function auditEvent(
  type: AuditType,
  actor: AuditEntry["actor"],
  subject: { account?: string; memberId?: string; address?: string | null },
  details: AuditDetails = {},
  at: string = new Date().toISOString(),
  operator: AuditEntry["operator"] = null,
): AuditEntry {
  return {
    id: newId(),
    type,
    at,
    actor,
    account: subject.account ?? "",
    memberId: subject.memberId ?? "",
    address: subject.address ?? "",
    operator,
    details,
  };
}

/** Adds an event; one already in the log (a re-delivery) changes nothing. */
export function appendAudit(sql: SqlStorage, e: AuditEntry): void {
  sql.exec(
    `INSERT INTO audit_log (id, type, at, actor, account, member_id, address, details, operator_id, operator_name)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO NOTHING`,
    e.id,
    e.type,
    e.at,
    e.actor,
    e.account,
    e.memberId,
    e.address,
    JSON.stringify(e.details),
    // an event written to an outbox by an earlier version has no operator field
    e.operator?.id ?? "",
    e.operator?.name ?? "",
  );
}

type AuditRow = {
  id: string;
  type: AuditType;
  at: string;
  actor: AuditEntry["actor"];
  account: string;
  member_id: string;
  address: string;
  details: string;
  operator_id: string;
  operator_name: string;
};

const toEntry = (r: AuditRow): AuditEntry => ({
  id: r.id,
  type: r.type,
  at: r.at,
  actor: r.actor,
  account: r.account,
  memberId: r.member_id,
  address: r.address,
  operator: r.operator_id === "" ? null : { id: r.operator_id, name: r.operator_name },
  details: JSON.parse(r.details) as AuditDetails,
});

/**
 * The newest entries about one member, newest first: those naming its account (its own events,
 * and sign-ins that named it) or its id (an operator's action on the member).
 */
export function memberAudit(sql: SqlStorage, memberId: string, account: string, limit: number): AuditEntry[] {
  return sql
    .exec<AuditRow>(
      `SELECT * FROM audit_log WHERE account = ? COLLATE NOCASE OR (member_id = ? AND member_id != '')
       ORDER BY at DESC, seq DESC LIMIT ?`,
      account,
      memberId,
      limit,
    )
    .toArray()
    .map(toEntry);
}

/** Newest first (by the time of the event, then by arrival), filtered by type, account, operator and UTC days. */
export function listAudit(
  sql: SqlStorage,
  q: AuditQuery,
): { items: AuditEntry[]; total: number; page: number; pageSize: number } {
  const where: string[] = [];
  const bindings: string[] = [];
  if (q.type !== undefined) {
    where.push("type = ?");
    bindings.push(q.type);
  }
  if (q.account !== undefined) {
    where.push("account = ? COLLATE NOCASE");
    bindings.push(q.account);
  }
  if (q.operator !== undefined) {
    where.push("operator_id = ?");
    bindings.push(q.operator);
  }
  // UTC days: from the first one's start to the end of the last (times stored as ISO, which compare)
  if (q.from !== undefined) {
    where.push("at >= ?");
    bindings.push(`${q.from}T00:00:00.000Z`);
  }
  if (q.to !== undefined) {
    where.push("at < ?");
    bindings.push(new Date(Date.parse(`${q.to}T00:00:00.000Z`) + 86_400_000).toISOString());
  }
  const filter = where.length > 0 ? `WHERE ${where.join(" AND ")}` : "";
  const total = sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM audit_log ${filter}`, ...bindings).one().n;
  const items = sql
    .exec<AuditRow>(
      `SELECT * FROM audit_log ${filter} ORDER BY at DESC, seq DESC LIMIT ? OFFSET ?`,
      ...bindings,
      q.pageSize,
      (q.page - 1) * q.pageSize,
    )
    .toArray()
    .map(toEntry);
  return { items, total, page: q.page, pageSize: q.pageSize };
}

/** Entries of [from, until) in the order they happened, and the last seq read (archive, exports). */
export function auditBetween(sql: SqlStorage, from: string, until: string): { entries: AuditEntry[]; lastSeq: number } {
  const rows = sql
    .exec<AuditRow & { seq: number }>("SELECT * FROM audit_log WHERE at >= ? AND at < ? ORDER BY at, seq", from, until)
    .toArray();
  return { entries: rows.map(toEntry), lastSeq: rows.reduce((max, r) => Math.max(max, r.seq), 0) };
}

/** A member's event, written to its outbox in the caller's transaction; the alarm delivers it. */
export function auditToOutbox(sql: SqlStorage, e: AuditEntry): void {
  sql.exec(
    "INSERT INTO outbox (kind, item_id, pending, payload, created_at) VALUES ('audit', ?, 0, ?, ?)",
    e.id,
    JSON.stringify(e),
    e.at,
  );
}
