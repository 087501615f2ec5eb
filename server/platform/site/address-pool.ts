import { fail, ok, type Result } from "../result";

/**
 * The operator's pool of deposit addresses, per crypto deposit option (server/contract/README.md,
 * "Deposits"). The site object owns it because an address must go to exactly one member (or one
 * deposit) across the whole site, which no member's object alone can promise. Synchronous SQL,
 * called inside the site object's transaction.
 */

export const POOL_SCHEMA = [
  // assign_key: who holds the address: "member:<memberId>" for an option that gives each member
  // one address, "deposit:<memberId>:<idempotency key>" for one that gives each deposit its own;
  // null while free. Once given, an address is never taken back (a payment may still arrive on it).
  `CREATE TABLE IF NOT EXISTS deposit_addresses (
     option_id TEXT NOT NULL,
     address TEXT NOT NULL,
     assign_key TEXT,
     member_id TEXT,
     added_at TEXT NOT NULL,
     assigned_at TEXT,
     PRIMARY KEY (option_id, address),
     UNIQUE (option_id, assign_key)
   )`,
  `CREATE INDEX IF NOT EXISTS deposit_addresses_free ON deposit_addresses (option_id, assign_key, added_at)`,
];

export type Pool = { optionId: string; free: number; assigned: number };
export type Assign = "member" | "deposit";

export function poolCounts(sql: SqlStorage, optionId: string): Pool {
  const row = sql
    .exec<{ free: number | null; assigned: number | null }>(
      `SELECT SUM(assign_key IS NULL) AS free, SUM(assign_key IS NOT NULL) AS assigned FROM deposit_addresses WHERE option_id = ?`,
      optionId,
    )
    .one();
  return { optionId, free: row.free ?? 0, assigned: row.assigned ?? 0 };
}

/** Adds addresses to an option's pool; one already there (free or given out) is skipped. */
export function addAddresses(sql: SqlStorage, optionId: string, addresses: string[], now: string): Pool {
  for (const address of addresses) {
    sql.exec(
      "INSERT INTO deposit_addresses (option_id, address, added_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
      optionId,
      address,
      now,
    );
  }
  return poolCounts(sql, optionId);
}

/** The key an address is held by: the member for "member", the member's request for "deposit". */
export const assignKey = (assign: Assign, memberId: string, idempotencyKey: string) =>
  assign === "member" ? `member:${memberId}` : `deposit:${memberId}:${idempotencyKey}`;

/** The address a key already holds, or null. */
export function heldAddress(sql: SqlStorage, optionId: string, key: string): string | null {
  return (
    sql
      .exec<{ address: string }>(
        "SELECT address FROM deposit_addresses WHERE option_id = ? AND assign_key = ?",
        optionId,
        key,
      )
      .toArray()[0]?.address ?? null
  );
}

/**
 * The address for a key: the one it already holds (the same member, or a retry of the same
 * request), else the oldest free one, now held by it. An empty pool refuses with
 * deposit_address_unavailable and changes nothing.
 */
export function assignAddress(
  sql: SqlStorage,
  optionId: string,
  key: string,
  memberId: string,
  now: string,
): Result<string> {
  const held = heldAddress(sql, optionId, key);
  if (held) return ok(held);
  const free = sql
    .exec<{ address: string }>(
      "SELECT address FROM deposit_addresses WHERE option_id = ? AND assign_key IS NULL ORDER BY added_at, rowid LIMIT 1",
      optionId,
    )
    .toArray()[0];
  if (!free) return fail(400, "deposit_address_unavailable");
  sql.exec(
    "UPDATE deposit_addresses SET assign_key = ?, member_id = ?, assigned_at = ? WHERE option_id = ? AND address = ?",
    key,
    memberId,
    now,
    optionId,
    free.address,
  );
  return ok(free.address);
}
