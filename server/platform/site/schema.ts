/** Tables of one site's Durable Object. Statements are idempotent, run on every start. */
export const SITE_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS site_config (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     site_id TEXT NOT NULL,
     config TEXT NOT NULL,
     chat_link TEXT NOT NULL DEFAULT '',
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL
   )`,
  // The account directory: the only place where "unique per site" can be enforced,
  // since each member lives in an object of its own. Accounts compare case-insensitively.
  `CREATE TABLE IF NOT EXISTS accounts (
     member_id TEXT PRIMARY KEY,
     account TEXT NOT NULL UNIQUE COLLATE NOCASE,
     area_code TEXT NOT NULL,
     mobile TEXT NOT NULL,
     invite_code TEXT NOT NULL UNIQUE,
     created_at TEXT NOT NULL,
     UNIQUE (area_code, mobile)
   )`,
  `CREATE TABLE IF NOT EXISTS press (
     id TEXT PRIMARY KEY,
     lang TEXT NOT NULL,
     kind TEXT NOT NULL,
     path TEXT NOT NULL,
     title TEXT NOT NULL,
     summary TEXT NOT NULL,
     content TEXT NOT NULL,
     published_at TEXT NOT NULL,
     UNIQUE (lang, path)
   )`,
  `CREATE TABLE IF NOT EXISTS campaigns (
     id TEXT PRIMARY KEY,
     lang TEXT NOT NULL,
     title TEXT NOT NULL,
     summary TEXT NOT NULL,
     content TEXT NOT NULL,
     starts_at TEXT NOT NULL,
     ends_at TEXT,
     group_key TEXT,
     UNIQUE (lang, title)
   )`,
  `CREATE TABLE IF NOT EXISTS instructions (
     id TEXT NOT NULL UNIQUE,
     lang TEXT NOT NULL,
     type TEXT NOT NULL,
     title TEXT NOT NULL,
     content TEXT NOT NULL,
     group_key TEXT,
     PRIMARY KEY (lang, type, title)
   )`,

  // The operator queues: a copy of each member's deposits, withdrawals, bank application and
  // message threads (pending = awaiting an operator's reply), fed by the members' outboxes. The member object owns the state; this is the site-wide view
  // an operator works from. `version` only grows, so re-deliveries and late arrivals are harmless.
  `CREATE TABLE IF NOT EXISTS operator_queue (
     kind TEXT NOT NULL CHECK (kind IN ('deposit', 'withdrawal', 'bank', 'message')),
     item_id TEXT NOT NULL,
     member_id TEXT NOT NULL,
     pending INTEGER NOT NULL,
     version INTEGER NOT NULL,
     created_at TEXT NOT NULL,
     item TEXT NOT NULL,
     PRIMARY KEY (kind, item_id)
   )`,
  `CREATE INDEX IF NOT EXISTS operator_queue_by_time ON operator_queue (kind, pending, created_at)`,

  // What the log SMS provider "sent", for operators to read in development (server/platform/README.md,
  // "SMS codes").
  `CREATE TABLE IF NOT EXISTS sms_log (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     recipient TEXT NOT NULL,
     mobile TEXT NOT NULL,
     purpose TEXT NOT NULL,
     code TEXT NOT NULL,
     account TEXT NOT NULL,
     sent_at TEXT NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS sms_log_by_mobile ON sms_log (mobile, id)`,
  // Forgotten-password requests per mobile number, whether or not it matched an account: the
  // public call's limit must not depend on a match, or its answer would reveal one.
  `CREATE TABLE IF NOT EXISTS forgot_requests (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     recipient TEXT NOT NULL,
     requested_at TEXT NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS forgot_requests_by_recipient ON forgot_requests (recipient, requested_at)`,
  // The home-screen icons the operator uploaded (PNG, one per size: server/contract/icons.ts).
  `CREATE TABLE IF NOT EXISTS site_icons (
     size TEXT PRIMARY KEY,
     png BLOB NOT NULL,
     updated_at TEXT NOT NULL
   )`,
];

function tableSql(sql: SqlStorage, name: string): string {
  return (
    sql.exec<{ sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", name).toArray()[0]
      ?.sql ?? ""
  );
}

/**
 * Brings tables created by an earlier version up to the current shape (SQLite cannot alter a
 * CHECK or add a UNIQUE column in place). Runs after SITE_SCHEMA, inside one transaction.
 */
export function migrateSite(sql: SqlStorage): void {
  // v1 instructions had no id; each row gets a random one, kept from then on.
  if (!/\bid TEXT\b/.test(tableSql(sql, "instructions"))) {
    sql.exec("ALTER TABLE instructions ADD COLUMN id TEXT");
    sql.exec("UPDATE instructions SET id = lower(hex(randomblob(16))) WHERE id IS NULL");
    sql.exec("CREATE UNIQUE INDEX IF NOT EXISTS instructions_by_id ON instructions (id)");
  }
  // v2: campaigns and instructions carry the key that ties one item's languages together (null:
  // an item of its own); one key per language (server/platform/README.md, "Content languages").
  for (const table of ["campaigns", "instructions"]) {
    if (!/\bgroup_key TEXT\b/.test(tableSql(sql, table))) sql.exec(`ALTER TABLE ${table} ADD COLUMN group_key TEXT`);
  }
  sql.exec("CREATE UNIQUE INDEX IF NOT EXISTS campaigns_by_key ON campaigns (lang, group_key)");
  sql.exec("CREATE UNIQUE INDEX IF NOT EXISTS instructions_by_key ON instructions (lang, type, group_key)");
  // v1 queue kinds did not include message threads.
  if (!tableSql(sql, "operator_queue").includes("'message'")) {
    sql.exec("ALTER TABLE operator_queue RENAME TO operator_queue_v1");
    sql.exec("DROP INDEX IF EXISTS operator_queue_by_time");
    for (const statement of SITE_SCHEMA.filter((s) => s.includes("operator_queue"))) sql.exec(statement);
    sql.exec("INSERT INTO operator_queue SELECT * FROM operator_queue_v1");
    sql.exec("DROP TABLE operator_queue_v1");
  }
}
