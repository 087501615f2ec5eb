/**
 * What a restore of a pair's market object carries across (server/platform/README.md, "Restore,
 * exports and audit retention"): the days' seeds and commitments, which members may already have
 * seen (a day committed after the point must keep its seed, or its periods would no longer verify),
 * and the pair's audit entries, so the log still shows what operators did after the point and the
 * restore itself. Everything else (ticks, periods, results, positions' triggers) goes back.
 */

type Row = Record<string, SqlStorageValue>;
export interface MarketCarried {
  days: Row[];
  audit: Row[];
}

export function readCarried(sql: SqlStorage, sinceIso: string): MarketCarried {
  return {
    days: sql.exec<Row>("SELECT * FROM days").toArray(),
    audit: sql.exec<Row>("SELECT * FROM pair_audit WHERE at >= ? ORDER BY seq", sinceIso).toArray(),
  };
}

/** Run in one transaction after the restart: a row the restored state has already is left as it is. */
export function writeCarried(sql: SqlStorage, carried: MarketCarried): void {
  for (const [table, rows] of [
    ["days", carried.days],
    ["pair_audit", carried.audit],
  ] as const)
    for (const row of rows) {
      const columns = Object.keys(row);
      sql.exec(
        `INSERT OR IGNORE INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
        ...columns.map((c) => row[c]),
      );
    }
}
