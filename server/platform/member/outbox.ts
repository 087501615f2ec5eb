import { queueTime, type QueueEntry, type QueueKind } from "../money/queue";

/**
 * The member's outbox: what the member object's alarm delivers after the commit that wrote it,
 * at least once. Queue items' new states go to the site's operator queue; audit events and files
 * to delete are written by audit.ts and uploads.ts.
 */

type OutboxItem = QueueEntry["item"];

/** Adds the item's new state to the outbox, in the caller's transaction; returns its version. */
export function toOutbox(
  sql: SqlStorage,
  kind: QueueKind,
  itemId: string,
  pending: boolean,
  item: OutboxItem,
  now: string,
): number {
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
 * An outbox row: a queue item's new state, an event for the site's audit log ("audit"), a
 * file's bytes to delete from the bucket ("file_delete", the payload is its key), or a break to
 * carry to linked sites and a verified number's call for theirs (linked-breaks.ts).
 */
export type OutboxRow = {
  seq: number;
  kind: QueueKind | "audit" | "file_delete" | "share_break" | "fetch_linked_breaks";
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
