/** Tables of one member's Durable Object. Statements are idempotent, run on every start. */
export const MEMBER_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS profile (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     member_id TEXT NOT NULL,
     site_id TEXT NOT NULL,
     account TEXT NOT NULL,
     real_name TEXT NOT NULL,
     area_code TEXT NOT NULL,
     mobile TEXT NOT NULL,
     mobile_verified INTEGER NOT NULL DEFAULT 0,
     email TEXT NOT NULL DEFAULT '',
     invite_code TEXT NOT NULL,
     referral_code TEXT NOT NULL DEFAULT '',
     password_hash TEXT NOT NULL,
     transaction_password_hash TEXT NOT NULL,
     currency TEXT NOT NULL,
     created_at TEXT NOT NULL,
     last_login_at TEXT
   )`,
  `CREATE TABLE IF NOT EXISTS sessions (
     id TEXT PRIMARY KEY,
     secret_hash TEXT NOT NULL,
     created_at TEXT NOT NULL,
     expires_at TEXT NOT NULL,
     revoked_at TEXT
   )`,
  `CREATE TABLE IF NOT EXISTS listen_keys (
     id TEXT PRIMARY KEY,
     secret_hash TEXT NOT NULL,
     expires_at TEXT NOT NULL
   )`,
  // "main" is the main account; a game wallet is "game:<code>". The checks make a negative
  // balance impossible whatever code writes here later.
  `CREATE TABLE IF NOT EXISTS wallets (
     wallet TEXT PRIMARY KEY,
     balance INTEGER NOT NULL DEFAULT 0 CHECK (balance >= 0),
     on_hold INTEGER NOT NULL DEFAULT 0 CHECK (on_hold >= 0)
   )`,
  // One row per request that moved money; the key makes a retried request a no-op, and the
  // fingerprint refuses the same key with other parameters (DESIGN.md §5).
  `CREATE TABLE IF NOT EXISTS ledger_operations (
     idempotency_key TEXT PRIMARY KEY,
     fingerprint TEXT NOT NULL,
     kind TEXT NOT NULL,
     created_at TEXT NOT NULL
   )`,
  // Each wallet bucket equals the sum of its entries (DESIGN.md §6.2).
  `CREATE TABLE IF NOT EXISTS ledger_entries (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     idempotency_key TEXT NOT NULL REFERENCES ledger_operations (idempotency_key),
     wallet TEXT NOT NULL,
     bucket TEXT NOT NULL CHECK (bucket IN ('balance', 'on_hold')),
     amount INTEGER NOT NULL,
     created_at TEXT NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS ledger_entries_by_key ON ledger_entries (idempotency_key)`,
];

export const MAIN_WALLET = "main";
export const gameWallet = (code: string) => `game:${code}`;
