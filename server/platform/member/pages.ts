import type { z } from "zod";
import type { pageQuery } from "../../contract";
import { dayRange } from "./ledger";

/** A page of a member's list (deposits, transfers, withdrawals, orders, …), newest first, filtered by day. */

export type PageQuery = z.output<typeof pageQuery>;
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

export function pageOf<R, T>(sql: SqlStorage, table: string, q: PageQuery, map: (r: R) => T): Page<T> {
  const range = dayRange(q.from, q.to, q.zone);
  const total = sql
    .exec<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE ${range.sql}`, ...range.bindings)
    .one().n;
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
