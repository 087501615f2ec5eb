/**
 * What a restore of a site's object carries across (server/platform/README.md, "Restore, exports
 * and audit retention"). The site object holds two kinds of state: its own (configuration,
 * content, icons, limits, the SMS log), which a restore takes back to the point, and mirrors of
 * facts that other objects or the world hold (the account directory of member objects that live
 * on, the operator queues fed by their outboxes, deposit addresses given out and derived, the
 * audit log). Those are read before the restart and written back after it as they were, so a
 * restore can never hand an address to two members, lose a sign-up whose member exists, or drop
 * an audit entry.
 */

/** Tables copied whole: after the restart, the table is emptied and refilled. */
const MIRRORS = ["accounts", "operator_queue", "deposit_addresses", "deposit_xpubs", "deposit_derived"] as const;

export type Rows = Record<string, unknown>[];
export type CarriedState = Record<(typeof MIRRORS)[number], Rows>;

export function readMirrors(sql: SqlStorage): CarriedState {
  return Object.fromEntries(
    MIRRORS.map((table) => [table, sql.exec<Record<string, SqlStorageValue>>(`SELECT * FROM ${table}`).toArray()]),
  ) as CarriedState;
}

/** Run in one transaction after the restart. */
export function writeMirrors(sql: SqlStorage, state: CarriedState): void {
  for (const table of MIRRORS) {
    sql.exec(`DELETE FROM ${table}`);
    for (const row of state[table]) {
      const columns = Object.keys(row);
      sql.exec(
        `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
        ...columns.map((c) => row[c]),
      );
    }
  }
}
