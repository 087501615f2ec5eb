import type { AuditEntry } from "../../contract";
import { appendAudit, auditBetween } from "../audit";

/**
 * Audit retention (server/platform/README.md, "Restore, exports and audit retention"): a month
 * of the site's log whose every day is older than the site's `auditRetentionDays` moves to R2 as
 * one JSON-lines file, `audit/<site>/<YYYY-MM>.jsonl`, and then leaves the table; the object keeps
 * a row per month moved. The file is written first and merged with one already there (entries
 * delivered late for a moved month join it on the next run), so a crash between the two steps
 * loses nothing; only entries read for the file are deleted, and the table's trigger lets only an
 * archived month's entries go.
 */

const DAY_MS = 86_400_000;

export const archiveKey = (siteId: string, month: string) => `audit/${siteId}/${month}.jsonl`;

const monthStart = (month: string) => `${month}-01T00:00:00.000Z`;
function nextMonthStart(month: string): string {
  const d = new Date(monthStart(month));
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString();
}

/** The months every entry of which is past retention at `nowMs`: those before the cut-off's month. */
export function expiredMonths(sql: SqlStorage, retentionDays: number, nowMs: number): string[] {
  const firstKept = new Date(nowMs - retentionDays * DAY_MS).toISOString().slice(0, 7);
  return sql
    .exec<{ month: string }>(
      "SELECT DISTINCT substr(at, 1, 7) AS month FROM audit_log WHERE at < ? ORDER BY month",
      monthStart(firstKept),
    )
    .toArray()
    .map((r) => r.month);
}

const toLines = (entries: AuditEntry[]) => entries.map((e) => `${JSON.stringify(e)}\n`).join("");
const fromLines = (text: string): AuditEntry[] =>
  text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as AuditEntry);

/** A moved month's entries, from its file. */
export async function archivedEntries(bucket: R2Bucket, siteId: string, month: string): Promise<AuditEntry[]> {
  const object = await bucket.get(archiveKey(siteId, month));
  return object ? fromLines(await object.text()) : [];
}

/**
 * Moves one month to R2. The object's storage runs `commit` synchronously after the file is
 * written: it records the month and deletes the entries that went into the file.
 */
export async function archiveMonth(
  sql: SqlStorage,
  bucket: R2Bucket,
  siteId: string,
  month: string,
  commit: (work: () => void) => void,
  nowIso: string,
): Promise<number> {
  const { entries, lastSeq } = auditBetween(sql, monthStart(month), nextMonthStart(month));
  if (entries.length === 0) return 0;
  const merged = new Map((await archivedEntries(bucket, siteId, month)).map((e) => [e.id, e]));
  for (const e of entries) merged.set(e.id, e);
  const all = [...merged.values()].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const key = archiveKey(siteId, month);
  await bucket.put(key, toLines(all), { httpMetadata: { contentType: "application/x-ndjson" } });
  commit(() => {
    sql.exec(
      `INSERT INTO audit_archive (month, key, entries, archived_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (month) DO UPDATE SET entries = excluded.entries, archived_at = excluded.archived_at`,
      month,
      key,
      all.length,
      nowIso,
    );
    sql.exec(
      "DELETE FROM audit_log WHERE at >= ? AND at < ? AND seq <= ?",
      monthStart(month),
      nextMonthStart(month),
      lastSeq,
    );
  });
  return entries.length;
}

/** The entries of [start, end) wherever they are: the table, and the files of moved months. */
export async function auditOfDay(
  sql: SqlStorage,
  bucket: R2Bucket,
  siteId: string,
  start: string,
  end: string,
): Promise<AuditEntry[]> {
  const month = start.slice(0, 7);
  const moved = sql.exec("SELECT 1 FROM audit_archive WHERE month = ?", month).toArray().length > 0;
  const byId = new Map<string, AuditEntry>();
  if (moved)
    for (const e of await archivedEntries(bucket, siteId, month)) if (e.at >= start && e.at < end) byId.set(e.id, e);
  for (const e of auditBetween(sql, start, end).entries) byId.set(e.id, e);
  return [...byId.values()].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/** Entries put back after a restore of the site (handlers/data-ops.ts): one already there changes nothing. */
export function appendAll(sql: SqlStorage, entries: AuditEntry[]): void {
  for (const e of entries) appendAudit(sql, e);
}
