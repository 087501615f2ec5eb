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
     UNIQUE (lang, title)
   )`,
  `CREATE TABLE IF NOT EXISTS instructions (
     lang TEXT NOT NULL,
     type TEXT NOT NULL,
     title TEXT NOT NULL,
     content TEXT NOT NULL,
     PRIMARY KEY (lang, type, title)
   )`,

  // The operator queues: a copy of each member's deposits, withdrawals and bank application,
  // fed by the members' outboxes. The member object owns the state; this is the site-wide view
  // an operator works from. `version` only grows, so re-deliveries and late arrivals are harmless.
  `CREATE TABLE IF NOT EXISTS operator_queue (
     kind TEXT NOT NULL CHECK (kind IN ('deposit', 'withdrawal', 'bank')),
     item_id TEXT NOT NULL,
     member_id TEXT NOT NULL,
     pending INTEGER NOT NULL,
     version INTEGER NOT NULL,
     created_at TEXT NOT NULL,
     item TEXT NOT NULL,
     PRIMARY KEY (kind, item_id)
   )`,
  `CREATE INDEX IF NOT EXISTS operator_queue_by_time ON operator_queue (kind, pending, created_at)`,
];
