/**
 * Runs an object's schema statements only when they differ from the ones it last ran. Each
 * statement is idempotent, but an object is opened again after every eviction, and some fifty
 * `CREATE … IF NOT EXISTS` cost more than the work a member's object is usually woken for (the
 * settlement of its bets). The statements and the version they leave commit together.
 */
export function applySchema(storage: DurableObjectStorage, statements: readonly string[]): void {
  const version = schemaVersion(statements);
  const sql = storage.sql;
  sql.exec("CREATE TABLE IF NOT EXISTS schema_version (id INTEGER PRIMARY KEY CHECK (id = 1), version TEXT NOT NULL)");
  if (
    sql.exec<{ version: string }>("SELECT version FROM schema_version WHERE id = 1").toArray()[0]?.version === version
  )
    return;
  storage.transactionSync(() => {
    for (const statement of statements) runStatement(sql, statement);
    sql.exec(
      "INSERT INTO schema_version (id, version) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET version = excluded.version",
      version,
    );
  });
}

const ADD_COLUMN = /^\s*ALTER TABLE (\w+) ADD COLUMN (\w+)\b/i;

/**
 * Runs one schema statement. `ALTER TABLE t ADD COLUMN c …` has no IF NOT EXISTS in SQLite and
 * fails the second time, so it runs only when the column is missing: a column added to a table of
 * objects made before it (member/game.ts's order `mode`) stays an idempotent statement like the rest.
 */
export function runStatement(sql: SqlStorage, statement: string): void {
  const column = statement.match(ADD_COLUMN);
  if (column) {
    const [, table, name] = column;
    const present =
      sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM pragma_table_info(?) WHERE name = ?", table!, name!).one().n >
      0;
    if (present) return;
  }
  sql.exec(statement);
}

const versions = new WeakMap<readonly string[], string>();

/** A 53-bit hash of the statements' text (cyrb53), with their count and length: computed once per isolate. */
export function schemaVersion(statements: readonly string[]): string {
  let version = versions.get(statements);
  if (version === undefined) {
    const text = statements.join("\n;\n");
    let h1 = 0xdeadbeef;
    let h2 = 0x41c6ce57;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 2_654_435_761);
      h2 = Math.imul(h2 ^ c, 1_597_334_677);
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2_246_822_507) ^ Math.imul(h2 ^ (h2 >>> 13), 3_266_489_909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2_246_822_507) ^ Math.imul(h1 ^ (h1 >>> 13), 3_266_489_909);
    version = `${statements.length}:${text.length}:${(4_294_967_296 * (2_097_151 & h2) + (h1 >>> 0)).toString(36)}`;
    versions.set(statements, version);
  }
  return version;
}
