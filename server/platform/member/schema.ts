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

  // --- the ledger (double entry) -------------------------------------------------------------
  // One row per account that has ever been posted to. The member's own accounts ("main",
  // "hold", "game:<code>") can never go negative, whatever code writes here later; counter
  // accounts ("external:deposit", "external:withdrawal", "fees", "house") mirror the other side
  // and are negative or positive as money flows. Each balance equals the sum of its postings.
  `CREATE TABLE IF NOT EXISTS balances (
     account TEXT PRIMARY KEY,
     own INTEGER NOT NULL CHECK (own IN (0, 1)),
     balance INTEGER NOT NULL DEFAULT 0,
     CHECK (own = 0 OR balance >= 0)
   )`,
  // One row per operation: an idempotent request of the member (key "request:<Idempotency-Key>")
  // or an operator's decision (key "<kind>:<id>:decision"). The fingerprint refuses the same key
  // with other parameters; the stored response is what a replay answers
  // (server/platform/README.md, "Idempotency").
  `CREATE TABLE IF NOT EXISTS operations (
     key TEXT PRIMARY KEY,
     call TEXT NOT NULL,
     fingerprint TEXT NOT NULL,
     response TEXT NOT NULL,
     created_at TEXT NOT NULL
   )`,
  // a refusal kept as its key's answer (contract/idempotency.ts): its envelope; null for a success,
  // whose data is in `response`. Added after the table, so objects made before it get it too.
  `ALTER TABLE operations ADD COLUMN refusal TEXT`,
  // The postings of an operation sum to zero across accounts (checked before they are written).
  `CREATE TABLE IF NOT EXISTS postings (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     operation_key TEXT NOT NULL REFERENCES operations (key),
     account TEXT NOT NULL REFERENCES balances (account),
     amount INTEGER NOT NULL CHECK (amount <> 0),
     balance_after INTEGER NOT NULL,
     type TEXT NOT NULL,
     reference TEXT NOT NULL,
     created_at TEXT NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS postings_by_account ON postings (account, id)`,
  // account records by operation gather each operation's postings (ledger.ts, listOperations)
  `CREATE INDEX IF NOT EXISTS postings_by_operation ON postings (operation_key)`,
  // Append-only: history is corrected by a new operation, never by editing an old one.
  `CREATE TRIGGER IF NOT EXISTS postings_no_update BEFORE UPDATE ON postings
     BEGIN SELECT RAISE(ABORT, 'postings are append-only'); END`,
  `CREATE TRIGGER IF NOT EXISTS postings_no_delete BEFORE DELETE ON postings
     BEGIN SELECT RAISE(ABORT, 'postings are append-only'); END`,
  `CREATE TRIGGER IF NOT EXISTS operations_no_update BEFORE UPDATE ON operations
     BEGIN SELECT RAISE(ABORT, 'operations are append-only'); END`,
  `CREATE TRIGGER IF NOT EXISTS operations_no_delete BEFORE DELETE ON operations
     BEGIN SELECT RAISE(ABORT, 'operations are append-only'); END`,

  // --- money requests --------------------------------------------------------------------------
  `CREATE TABLE IF NOT EXISTS deposits (
     id TEXT PRIMARY KEY,
     option_id TEXT NOT NULL,
     option_name TEXT NOT NULL,
     amount INTEGER NOT NULL CHECK (amount > 0),
     status TEXT NOT NULL CHECK (status IN ('pending', 'credited', 'refused')),
     reason TEXT NOT NULL DEFAULT '',
     created_at TEXT NOT NULL,
     decided_at TEXT
   )`,
  `CREATE INDEX IF NOT EXISTS deposits_by_time ON deposits (created_at)`,
  // What the member pays for a deposit (contract depositPayment, JSON), fixed when it is asked
  // for. A table beside deposits rather than a column: CREATE … IF NOT EXISTS stays idempotent
  // for objects made before it, where ALTER TABLE ADD COLUMN would fail on its second run. A
  // deposit without a row (a demo one, or one asked for before payments existed) pays nothing.
  `CREATE TABLE IF NOT EXISTS deposit_payments (
     deposit_id TEXT PRIMARY KEY REFERENCES deposits (id),
     reference TEXT NOT NULL,
     payment TEXT NOT NULL
   )`,
  `CREATE TABLE IF NOT EXISTS transfers (
     id TEXT PRIMARY KEY,
     direction TEXT NOT NULL CHECK (direction IN ('in', 'out')),
     game_code TEXT NOT NULL,
     amount INTEGER NOT NULL CHECK (amount > 0),
     created_at TEXT NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS transfers_by_time ON transfers (created_at)`,
  `CREATE TABLE IF NOT EXISTS withdrawals (
     id TEXT PRIMARY KEY,
     amount INTEGER NOT NULL CHECK (amount > 0),
     fee INTEGER NOT NULL CHECK (fee >= 0),
     limit_amount INTEGER NOT NULL,
     details TEXT NOT NULL,
     status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'rejected')),
     reason TEXT NOT NULL DEFAULT '',
     created_at TEXT NOT NULL,
     decided_at TEXT
   )`,
  `CREATE INDEX IF NOT EXISTS withdrawals_by_time ON withdrawals (created_at)`,
  // four eyes: the first approval of a withdrawal the site pays only on a second operator's
  // (JSON: operatorId, name, at); null until one is given. Added after the table.
  `ALTER TABLE withdrawals ADD COLUMN first_approval TEXT`,

  // --- bank account and documents --------------------------------------------------------------
  `CREATE TABLE IF NOT EXISTS bank_account (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     status TEXT NOT NULL CHECK (status IN ('under_review', 'approved', 'rejected')),
     reason TEXT NOT NULL DEFAULT '',
     bank TEXT NOT NULL,
     branch TEXT NOT NULL,
     account_name TEXT NOT NULL,
     account_number TEXT NOT NULL,
     currency TEXT NOT NULL,
     address TEXT NOT NULL,
     id_front_file_id TEXT NOT NULL,
     id_back_file_id TEXT NOT NULL,
     passbook_file_id TEXT NOT NULL,
     submitted_at TEXT NOT NULL,
     reviewed_at TEXT
   )`,
  `CREATE TABLE IF NOT EXISTS uploads (
     file_id TEXT PRIMARY KEY,
     kind TEXT NOT NULL,
     content_type TEXT NOT NULL,
     size INTEGER NOT NULL,
     width INTEGER NOT NULL,
     height INTEGER NOT NULL,
     object_key TEXT NOT NULL,
     created_at TEXT NOT NULL
   )`,

  // Uploads per UTC day (UPLOAD_LIMITS): counted when an upload is reserved, before its bytes are
  // stored, and given back if storing fails. Counted apart from `uploads` because old documents
  // are deleted from there.
  `CREATE TABLE IF NOT EXISTS upload_days (
     day TEXT PRIMARY KEY,
     uploads INTEGER NOT NULL CHECK (uploads >= 0),
     bytes INTEGER NOT NULL CHECK (bytes >= 0)
   )`,

  // --- outbox to the site's operator queue ----------------------------------------------------
  // Written in the same transaction as the state change it reports; an alarm delivers it
  // (at least once) and deletes it: side effects after the commit (server/platform/README.md,
  // "Durable Object rules"). `seq` is the version the site keeps, so a late re-delivery
  // of an older snapshot never overwrites a newer one.
  `CREATE TABLE IF NOT EXISTS outbox (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     kind TEXT NOT NULL,
     item_id TEXT NOT NULL,
     pending INTEGER NOT NULL,
     payload TEXT NOT NULL,
     created_at TEXT NOT NULL,
     attempts INTEGER NOT NULL DEFAULT 0
   )`,
  // --- member center ---------------------------------------------------------------------------
  // SMS codes: only a SHA-256 bound to member and purpose is kept (sms/code.ts). The rows are
  // also the send history the per-minute and per-day limits count; a send the provider refused
  // is deleted again, so it costs the member nothing. `recipient` is the number it went to: a
  // code proves control of that number only.
  `CREATE TABLE IF NOT EXISTS sms_codes (
     id TEXT PRIMARY KEY,
     purpose TEXT NOT NULL,
     code_hash TEXT NOT NULL,
     recipient TEXT NOT NULL,
     sent_at TEXT NOT NULL,
     expires_at TEXT NOT NULL,
     used_at TEXT,
     attempts INTEGER NOT NULL DEFAULT 0
   )`,
  `CREATE INDEX IF NOT EXISTS sms_codes_by_time ON sms_codes (sent_at)`,
  // Messages to customer service: a thread (title, first content) and its replies.
  // `last_from` says whose word is newest (awaiting an operator when it is the member's);
  // `unread` is set by an operator's reply and cleared when the member opens the thread.
  `CREATE TABLE IF NOT EXISTS messages (
     id TEXT PRIMARY KEY,
     title TEXT NOT NULL,
     content TEXT NOT NULL,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL,
     last_from TEXT NOT NULL CHECK (last_from IN ('member', 'operator')),
     unread INTEGER NOT NULL DEFAULT 0 CHECK (unread IN (0, 1)),
     -- grows with every word in any thread: orders by activity even within one millisecond
     activity INTEGER NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS messages_by_activity ON messages (activity)`,
  `CREATE TABLE IF NOT EXISTS message_replies (
     id TEXT PRIMARY KEY,
     message_id TEXT NOT NULL REFERENCES messages (id),
     sender TEXT NOT NULL CHECK (sender IN ('member', 'operator')),
     content TEXT NOT NULL,
     created_at TEXT NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS message_replies_by_thread ON message_replies (message_id, created_at)`,

  // --- the game (server/platform/README.md, "Game rules") ---------------------------------------
  // One row per bet. `period_start`/`period_end` (epoch seconds) say when it can be settled; the
  // stake left the game wallet in the same transaction that wrote the row (posting type "bet").
  `CREATE TABLE IF NOT EXISTS orders (
     id TEXT PRIMARY KEY,
     seq INTEGER NOT NULL,
     pair TEXT NOT NULL,
     period_no TEXT NOT NULL,
     period_start INTEGER NOT NULL,
     period_end INTEGER NOT NULL,
     option TEXT NOT NULL,
     amount INTEGER NOT NULL CHECK (amount > 0),
     odds_bp INTEGER NOT NULL CHECK (odds_bp >= 10000),
     price_at_bet INTEGER NOT NULL,
     game_code TEXT NOT NULL,
     currency TEXT NOT NULL,
     status TEXT NOT NULL CHECK (status IN ('open', 'won', 'lost', 'refunded')),
     payout INTEGER NOT NULL DEFAULT 0 CHECK (payout >= 0),
     close_price INTEGER,
     last_digit INTEGER,
     created_at TEXT NOT NULL,
     settled_at TEXT
   )`,
  // play money or real (member/practice.ts): a practice bet's stake and payout move on the
  // practice accounts, and a list answers one mode's bets only
  `ALTER TABLE orders ADD COLUMN mode TEXT NOT NULL DEFAULT 'real' CHECK (mode IN ('real', 'practice'))`,
  // why the bet's period was void (every bet on it refunded), written when it is settled
  `ALTER TABLE orders ADD COLUMN void_reason TEXT`,
  `CREATE INDEX IF NOT EXISTS orders_by_seq ON orders (seq)`,
  `CREATE INDEX IF NOT EXISTS orders_open ON orders (status, period_end)`,
  // Events for the member's live stream, written with the change they report and pushed to the
  // sockets by the alarm after the commit (server/platform/README.md, "Durable Object rules");
  // dropped when nobody is connected.
  `CREATE TABLE IF NOT EXISTS stream_outbox (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     payload TEXT NOT NULL
   )`,
  // Which session asked for a listen key: that session's sign-out closes the key's sockets.
  `CREATE TABLE IF NOT EXISTS listen_key_sessions (
     key_id TEXT PRIMARY KEY,
     session_id TEXT NOT NULL
   )`,

  // --- campaigns (member/campaigns.ts; server/platform/README.md, "Campaigns") ----------------
  // A deposit bonus paid into `bonus` and its wagering: `turnover` grows with the stakes of
  // settled bets (won or lost) until it reaches `turnover_required`, then the bonus moves to `main`.
  // One per rule and deposit: the operation key `bonus:<rule>:<deposit>` says so too.
  `CREATE TABLE IF NOT EXISTS bonus_locks (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     id TEXT NOT NULL UNIQUE,
     rule_key TEXT NOT NULL,
     deposit_id TEXT NOT NULL,
     amount INTEGER NOT NULL CHECK (amount > 0),
     turnover_required INTEGER NOT NULL CHECK (turnover_required >= 0),
     turnover INTEGER NOT NULL DEFAULT 0 CHECK (turnover >= 0),
     status TEXT NOT NULL CHECK (status IN ('locked', 'released')),
     created_at TEXT NOT NULL,
     released_at TEXT,
     UNIQUE (rule_key, deposit_id)
   )`,
  `CREATE INDEX IF NOT EXISTS bonus_locks_locked ON bonus_locks (status, seq)`,
  // Opt-in campaigns the member joined (joining twice keeps the first time).
  `CREATE TABLE IF NOT EXISTS campaign_joins (
     rule_key TEXT PRIMARY KEY,
     joined_at TEXT NOT NULL
   )`,
  // Rebate periods that may be due: written when a bet is taken (for the period its end falls in,
  // or "rounds"), read by scheduleAlarm (MIN(due_at)) and deleted once the period is credited or
  // can never be. `rounds`/`window_start` let the alarm see without the site's config whether a
  // "rounds" period can have filled up.
  `CREATE TABLE IF NOT EXISTS rebate_due (
     rule_key TEXT NOT NULL,
     period_key TEXT NOT NULL,
     due_at INTEGER NOT NULL,
     rounds INTEGER NOT NULL DEFAULT 0,
     window_start INTEGER NOT NULL DEFAULT 0,
     PRIMARY KEY (rule_key, period_key)
   )`,
  // One row per credited (or closed with nothing to pay) rebate period, written with its
  // operation `rebate:<rule>:<period>`; "rounds" periods are keyed r1, r2, … from the window start.
  `CREATE TABLE IF NOT EXISTS rebate_credits (
     rule_key TEXT NOT NULL,
     period_key TEXT NOT NULL,
     stakes INTEGER NOT NULL,
     payouts INTEGER NOT NULL,
     amount INTEGER NOT NULL CHECK (amount >= 0),
     created_at TEXT NOT NULL,
     PRIMARY KEY (rule_key, period_key)
   )`,

  // The tables of the first version, replaced by the double-entry ledger above.
  `DROP TABLE IF EXISTS ledger_entries`,
  `DROP TABLE IF EXISTS ledger_operations`,
  `DROP TABLE IF EXISTS wallets`,
];

export const MAIN = "main";
export const HOLD = "hold";
/** Deposit bonuses still locked by their wagering (server/contract/campaigns.ts): the member's money, not yet free. */
export const BONUS = "bonus";
/** The campaigns' side of a bonus or a rebate: what the site's promotions have paid out. */
export const PROMOTIONS = "promotions";
export const gameAccount = (code: string) => `game:${code}`;
/** The margin of the member's open contract positions: the member's money, on hold while they are open. */
export const POSITIONS = "positions";
/** Counter accounts: the world outside the member, so that every operation sums to zero. */
export const EXTERNAL_DEPOSIT = "external:deposit";
export const EXTERNAL_WITHDRAWAL = "external:withdrawal";
export const FEES = "fees";
/** The game's side of every bet: stakes go in, payouts and refunds come out. */
export const HOUSE = "house";
