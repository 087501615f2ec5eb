import { describe, expect, it } from "vitest";
import { applySchema, runStatement, schemaVersion } from "../../server/platform/schema-version";

/**
 * A Durable Object's storage reduced to what applySchema uses: it records every statement run
 * and keeps the one row of `schema_version`, as SQLite would (a throwing transaction keeps nothing).
 */
function fakeStorage() {
  const ran: string[] = [];
  let stored: string | undefined;
  let pending: string | undefined;
  let failOn: string | null = null;
  const sql = {
    exec(query: string, ...bindings: unknown[]) {
      ran.push(query);
      if (query === failOn) throw new Error("no such table");
      if (query.startsWith("SELECT version FROM schema_version"))
        return { toArray: () => (stored === undefined ? [] : [{ version: stored }]) };
      if (query.startsWith("INSERT INTO schema_version")) pending = bindings[0] as string;
      return { toArray: () => [] };
    },
  };
  const storage = {
    sql,
    transactionSync<T>(work: () => T): T {
      pending = stored;
      const result = work();
      stored = pending;
      return result;
    },
  } as unknown as DurableObjectStorage;
  return { storage, ran, failOn: (q: string | null) => (failOn = q), version: () => stored };
}

const V1 = ["CREATE TABLE IF NOT EXISTS a (x)", "CREATE INDEX IF NOT EXISTS a_x ON a (x)"];

describe("an object's schema", () => {
  it("runs every statement on first open, then only the version check while the statements are the same", () => {
    const s = fakeStorage();
    applySchema(s.storage, V1);
    expect(V1.every((q) => s.ran.includes(q))).toBe(true);
    expect(s.version()).toBe(schemaVersion(V1));
    s.ran.length = 0;
    applySchema(s.storage, V1);
    expect(s.ran.filter((q) => V1.includes(q))).toEqual([]);
    expect(s.ran).toHaveLength(2);
  });

  it("runs the statements again when they change, and keeps the old version when one of them fails", () => {
    const s = fakeStorage();
    applySchema(s.storage, V1);
    const v2 = [...V1, "CREATE TABLE IF NOT EXISTS b (y)"];
    expect(schemaVersion(v2)).not.toBe(schemaVersion(V1));
    s.failOn("CREATE TABLE IF NOT EXISTS b (y)");
    expect(() => applySchema(s.storage, v2)).toThrow();
    expect(s.version()).toBe(schemaVersion(V1));
    s.failOn(null);
    s.ran.length = 0;
    applySchema(s.storage, v2);
    expect(v2.every((q) => s.ran.includes(q))).toBe(true);
    expect(s.version()).toBe(schemaVersion(v2));
  });

  it("tells apart statements that differ in one character or in how they are split", () => {
    expect(schemaVersion(["CREATE TABLE a (x)"])).not.toBe(schemaVersion(["CREATE TABLE a (y)"]));
    expect(schemaVersion(["A", "B"])).not.toBe(schemaVersion(["A\n;\nB"]));
  });
});

describe("a column added to an existing table", () => {
  /** SQL storage whose table has the columns given; records what ran (ALTER TABLE fails on a second run in SQLite) */
  function tableWith(columns: string[]) {
    const ran: string[] = [];
    const sql = {
      exec(query: string, ...bindings: unknown[]) {
        if (query.includes("pragma_table_info"))
          return { one: () => ({ n: columns.includes(bindings[1] as string) ? 1 : 0 }) };
        ran.push(query);
        return { toArray: () => [] };
      },
    } as unknown as SqlStorage;
    return { sql, ran };
  }
  const ADD = "ALTER TABLE orders ADD COLUMN mode TEXT NOT NULL DEFAULT 'real'";

  it("is added when the table lacks it, and skipped when it has it, so the statement can run on every schema change", () => {
    const old = tableWith(["id", "amount"]);
    runStatement(old.sql, ADD);
    expect(old.ran).toEqual([ADD]);
    const current = tableWith(["id", "amount", "mode"]);
    runStatement(current.sql, ADD);
    expect(current.ran).toEqual([]);
    // any other statement simply runs
    runStatement(current.sql, "CREATE INDEX IF NOT EXISTS x ON orders (mode)");
    expect(current.ran).toEqual(["CREATE INDEX IF NOT EXISTS x ON orders (mode)"]);
  });
});
