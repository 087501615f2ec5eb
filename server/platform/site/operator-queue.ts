import type { QueueEntry, QueueKind } from "../money/queue";

/**
 * Idempotent enqueue (outbox deliveries are at least once: server/platform/README.md,
 * "Durable Object rules"): an entry replaces the stored one only when its version is higher, so
 * a repeat or an older state changes nothing.
 */
export function enqueue(sql: SqlStorage, entry: QueueEntry): void {
  sql.exec(
    `INSERT INTO operator_queue (kind, item_id, member_id, pending, version, created_at, item)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (kind, item_id) DO UPDATE SET
         member_id = excluded.member_id, pending = excluded.pending, version = excluded.version,
         created_at = excluded.created_at, item = excluded.item
       WHERE excluded.version > operator_queue.version`,
    entry.kind,
    entry.itemId,
    entry.memberId,
    entry.pending ? 1 : 0,
    entry.version,
    entry.createdAt,
    JSON.stringify(entry.item),
  );
}

/** A queue's items, newest first: only those waiting for a decision unless `all`. */
export function listQueue(sql: SqlStorage, kind: QueueKind, all: boolean): QueueEntry["item"][] {
  return sql
    .exec<{ item: string }>(
      `SELECT item FROM operator_queue WHERE kind = ? AND (? = 1 OR pending = 1) ORDER BY created_at DESC, rowid DESC LIMIT 500`,
      kind,
      all ? 1 : 0,
    )
    .toArray()
    .map((r) => JSON.parse(r.item) as QueueEntry["item"]);
}

/** Which member an item of the queue belongs to; null when the site has no such item. */
export function queueOwner(sql: SqlStorage, kind: QueueKind, itemId: string): string | null {
  const row = sql
    .exec<{ member_id: string }>("SELECT member_id FROM operator_queue WHERE kind = ? AND item_id = ?", kind, itemId)
    .toArray()[0];
  return row?.member_id ?? null;
}
