import type { AccountMode } from "#rules/account-mode";
import { isKeysAnswer, type AccountOperation, type LedgerRecord, type SiteInfo, type Wallets } from "../../contract";
import { fail, ok, type Failure, type Result } from "../result";
import { openStakes, totalOf } from "./balances";
import { dayBounds } from "#rules/days";
import { BONUS, gameAccount, HOLD, MAIN, POSITIONS } from "./schema";

/**
 * The member's double-entry ledger. Every function runs without an await, inside the caller's
 * `transactionSync`, so a balance check and the postings that follow it cannot be interleaved,
 * and the postings, the balance changes and the operation row commit together or not at all.
 */

export type LedgerType = LedgerRecord["type"];
export interface Leg {
  account: string;
  amount: number;
}

const isOwn = (account: string) =>
  account === "main" ||
  account === "hold" ||
  account === "bonus" ||
  account === "positions" ||
  account.startsWith("game:") ||
  // play money (member/practice.ts): the member's own too, and never below zero either
  account === "practice" ||
  account === "practice:positions";

/** The practice accounts ("practice", "practice:positions", "practice:house", "practice:bank"; member/practice.ts). */
const isPractice = (account: string) => account === "practice" || account.startsWith("practice:");

/** Which money a list shows: every operation is wholly on one side (recordAll refuses a mix). */
export type LedgerMode = AccountMode;
const modeClause = (mode: LedgerMode) =>
  mode === "practice"
    ? "(account = 'practice' OR account GLOB 'practice:*')"
    : "(account <> 'practice' AND account NOT GLOB 'practice:*')";

export function balanceOf(sql: SqlStorage, account: string): number {
  return (
    sql.exec<{ balance: number }>("SELECT balance FROM balances WHERE account = ?", account).toArray()[0]?.balance ?? 0
  );
}

/**
 * The main account (with what is on hold for withdrawals), a wallet per game, what is staked on
 * open bets and held as margin, and their total (balances.ts), from the ledger.
 */
export function walletsOf(sql: SqlStorage, currency: string, games: SiteInfo["games"]): Wallets {
  const rows = new Map(
    sql
      .exec<{ account: string; balance: number }>("SELECT account, balance FROM balances WHERE own = 1")
      .toArray()
      .map((r) => [r.account, r.balance]),
  );
  const listed = games.map((g) => ({ code: g.code, name: g.name, balance: rows.get(gameAccount(g.code)) ?? 0 }));
  // Money in a game the site no longer lists stays visible, so it can still be moved out.
  const delisted = [...rows.entries()]
    .filter(([account, balance]) => account.startsWith("game:") && balance > 0)
    .map(([account, balance]) => ({ code: account.slice("game:".length), balance }))
    .filter((w) => !games.some((g) => g.code === w.code))
    .map((w) => ({ code: w.code, name: w.code, balance: w.balance }));
  const main = { balance: rows.get(MAIN) ?? 0, onHold: rows.get(HOLD) ?? 0, bonus: rows.get(BONUS) ?? 0 };
  const gameWallets = [...listed, ...delisted];
  const inBets = openStakes(sql, "real");
  const inPositions = rows.get(POSITIONS) ?? 0;
  return {
    currency,
    main,
    games: gameWallets,
    inBets,
    inPositions,
    total: totalOf([main.balance, main.onHold, ...gameWallets.map((g) => g.balance), inBets, inPositions]),
  };
}

/** Opens a member account at zero (sign-up): zero is also the sum of its (no) postings. */
export function openAccount(sql: SqlStorage, account: string): void {
  sql.exec(
    "INSERT INTO balances (account, own, balance) VALUES (?, ?, 0) ON CONFLICT (account) DO NOTHING",
    account,
    isOwn(account) ? 1 : 0,
  );
}

/**
 * The stored answer to an operation key: null when the key is new, the stored response when
 * the same parameters were sent before, idempotency_conflict when other parameters were.
 */
export function replay(sql: SqlStorage, key: string, fingerprint: string): Result<unknown> | null {
  const row = sql
    .exec<{ fingerprint: string; response: string; refusal: string | null }>(
      "SELECT fingerprint, response, refusal FROM operations WHERE key = ?",
      key,
    )
    .toArray()[0];
  if (!row) return null;
  if (row.fingerprint !== fingerprint) return fail(400, "idempotency_conflict");
  // a stored refusal is the key's answer as much as a success (contract/idempotency.ts)
  if (row.refusal !== null) return JSON.parse(row.refusal) as Failure;
  return ok(JSON.parse(row.response) as unknown);
}

/**
 * Keeps `answer` as the key's answer unless the key has one already, and returns the key's answer
 * (contract/idempotency.ts). Run in a transaction: of two copies of one request, whichever is
 * kept first is what both answer. An answer that is not for good (isKeysAnswer) is kept nowhere
 * and returned as it is. No postings: whatever money moved was recorded by the call itself.
 */
export function keepAnswer(
  sql: SqlStorage,
  op: { key: string; call: string; fingerprint: string; now: string },
  answer: Result<unknown>,
): Result<unknown> {
  const stored = replay(sql, op.key, op.fingerprint);
  if (stored) return stored;
  if (answer.ok) {
    sql.exec(
      "INSERT INTO operations (key, call, fingerprint, response, created_at) VALUES (?, ?, ?, ?, ?)",
      op.key,
      op.call,
      op.fingerprint,
      JSON.stringify(answer.data),
      op.now,
    );
  } else if (isKeysAnswer(answer.statusCode, answer.message)) {
    const refusal: Failure = {
      ok: false,
      statusCode: answer.statusCode,
      message: answer.message,
      ...(answer.data ? { data: answer.data } : {}),
    };
    sql.exec(
      "INSERT INTO operations (key, call, fingerprint, response, refusal, created_at) VALUES (?, ?, ?, 'null', ?, ?)",
      op.key,
      op.call,
      op.fingerprint,
      JSON.stringify(refusal),
      op.now,
    );
  }
  return answer;
}

/** Records an operation and its postings. Throws (rolling the transaction back) on an unbalanced set. */
export function record(
  sql: SqlStorage,
  op: { key: string; call: string; fingerprint: string; response: unknown; now: string },
  posting?: { type: LedgerType; reference: string; legs: Leg[] },
): void {
  recordAll(sql, [{ op, posting }]);
}

export interface Entry {
  op: { key: string; call: string; fingerprint: string; response: unknown; now: string };
  posting?: { type: LedgerType; reference: string; legs: Leg[] };
}

/**
 * Records operations and their postings in order, one statement per table whatever their number
 * (a settlement records one per bet): each posting's balance-after is what posting them one by
 * one leaves. Throws, rolling the transaction back, on an operation whose postings do not sum to
 * zero, whose legs touch both practice and real accounts (member/practice.ts), or that would take
 * a member account below zero on the way, even if later postings made up for it.
 */
export function recordAll(sql: SqlStorage, entries: Entry[]): void {
  if (entries.length === 0) return;
  // every check before the first write: a refused set writes nothing, even outside a transaction
  const legsOf = entries.map(({ op, posting }) => {
    const legs = posting?.legs.filter((l) => l.amount !== 0) ?? [];
    if (legs.some((l) => !Number.isSafeInteger(l.amount)))
      throw new Error("ledger: amounts are integers of minor units");
    if (legs.reduce((sum, l) => sum + l.amount, 0) !== 0)
      throw new Error(`ledger: postings of ${op.key} do not sum to zero`);
    // Play money and real money never meet: an operation whose legs touch both sides would move
    // value between them (server/platform/README.md, "Practice account")
    const practice = legs.filter((l) => isPractice(l.account)).length;
    if (practice > 0 && practice < legs.length) throw new Error(`ledger: ${op.key} mixes practice and real accounts`);
    return legs;
  });
  sql.exec(
    `INSERT INTO operations (key, call, fingerprint, response, created_at)
     SELECT o.value ->> 0, o.value ->> 1, o.value ->> 2, o.value ->> 3, o.value ->> 4 FROM json_each(?) o`,
    JSON.stringify(entries.map(({ op }) => [op.key, op.call, op.fingerprint, JSON.stringify(op.response), op.now])),
  );
  const accounts = [...new Set(legsOf.flat().map((l) => l.account))];
  if (accounts.length === 0) return;
  const balances = new Map(
    sql
      .exec<{ account: string; balance: number }>(
        "SELECT account, balance FROM balances WHERE account IN (SELECT value FROM json_each(?))",
        JSON.stringify(accounts),
      )
      .toArray()
      .map((r) => [r.account, r.balance]),
  );
  const postings: [string, string, number, number, LedgerType, string, string][] = [];
  entries.forEach(({ op, posting }, i) => {
    for (const leg of legsOf[i]!) {
      const after = (balances.get(leg.account) ?? 0) + leg.amount;
      // The CHECK on `balances` sees only the final balance; callers check funds first and answer
      // with a message code, so this is the last line of defence for every step in between.
      if (isOwn(leg.account) && after < 0) throw new Error(`ledger: ${op.key} would take ${leg.account} below zero`);
      balances.set(leg.account, after);
      postings.push([op.key, leg.account, leg.amount, after, posting!.type, posting!.reference, op.now]);
    }
  });
  // Balances first, since a posting refers to its account's row. The candidate row holds the final
  // balance, so the CHECK judges the same value whether the row is inserted or updated.
  sql.exec(
    `INSERT INTO balances (account, own, balance)
     SELECT b.value ->> 0, b.value ->> 1, b.value ->> 2 FROM json_each(?) b WHERE true
     ON CONFLICT (account) DO UPDATE SET balance = excluded.balance`,
    JSON.stringify(accounts.map((a) => [a, isOwn(a) ? 1 : 0, balances.get(a)!])),
  );
  sql.exec(
    `INSERT INTO postings (operation_key, account, amount, balance_after, type, reference, created_at)
     SELECT p.value ->> 0, p.value ->> 1, p.value ->> 2, p.value ->> 3, p.value ->> 4, p.value ->> 5, p.value ->> 6 FROM json_each(?) p`,
    JSON.stringify(postings),
  );
}

export interface LedgerCheck {
  /** accounts whose stored balance differs from the sum of their postings */
  mismatches: { account: string; balance: number; postings: number }[];
  /** the sum of every posting of the member: zero in a double-entry ledger */
  total: number;
  /** member accounts below zero (the CHECK makes this impossible; reported, not assumed) */
  negative: { account: string; balance: number }[];
  balances: Record<string, number>;
}

/**
 * Invariant 2 (server/platform/README.md, "Invariants") for this member; used by the tests after
 * every money scenario.
 */
export function checkLedger(sql: SqlStorage): LedgerCheck {
  const rows = sql
    .exec<{ account: string; own: number; balance: number; postings: number }>(
      `SELECT b.account, b.own, b.balance,
              COALESCE((SELECT SUM(p.amount) FROM postings p WHERE p.account = b.account), 0) AS postings
       FROM balances b`,
    )
    .toArray();
  const orphan = sql
    .exec<{ n: number }>("SELECT COUNT(*) AS n FROM postings WHERE account NOT IN (SELECT account FROM balances)")
    .one().n;
  const total = sql.exec<{ total: number }>("SELECT COALESCE(SUM(amount), 0) AS total FROM postings").one().total;
  return {
    mismatches: [
      ...rows
        .filter((r) => r.balance !== r.postings)
        .map((r) => ({ account: r.account, balance: r.balance, postings: r.postings })),
      ...(orphan > 0 ? [{ account: "(no balance row)", balance: 0, postings: orphan }] : []),
    ],
    total,
    negative: rows.filter((r) => r.own === 1 && r.balance < 0).map((r) => ({ account: r.account, balance: r.balance })),
    balances: Object.fromEntries(rows.map((r) => [r.account, r.balance])),
  };
}

/** `from`/`to` days (inclusive) in the member's zone as bounds on ISO timestamps, which compare as strings. */
export function dayRange(from?: string, to?: string, zone?: string): { sql: string; bindings: string[] } {
  const bounds = dayBounds(from, to, zone);
  const clauses: string[] = [];
  const bindings: string[] = [];
  if (bounds.from) {
    clauses.push("created_at >= ?");
    bindings.push(bounds.from);
  }
  if (bounds.until) {
    clauses.push("created_at < ?");
    bindings.push(bounds.until);
  }
  return { sql: clauses.length ? clauses.join(" AND ") : "1", bindings };
}

type PostingRow = {
  id: number;
  created_at: string;
  type: LedgerType;
  account: string;
  amount: number;
  balance_after: number;
  reference: string;
};

/** Account records: postings to the member's own accounts, newest first. */
export function listRecords(
  sql: SqlStorage,
  q: { page: number; pageSize: number; from?: string; to?: string; zone?: string },
  mode: LedgerMode = "real",
): { items: LedgerRecord[]; total: number } {
  const range = dayRange(q.from, q.to, q.zone);
  const where = `account IN (SELECT account FROM balances WHERE own = 1) AND ${modeClause(mode)} AND ${range.sql}`;
  const total = sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM postings WHERE ${where}`, ...range.bindings).one().n;
  const items = sql
    .exec<PostingRow>(
      `SELECT id, created_at, type, account, amount, balance_after, reference FROM postings WHERE ${where}
       ORDER BY id DESC LIMIT ? OFFSET ?`,
      ...range.bindings,
      q.pageSize,
      (q.page - 1) * q.pageSize,
    )
    .toArray()
    .map((r) => ({
      id: r.id,
      time: r.created_at,
      type: r.type,
      account: r.account,
      amount: r.amount,
      balanceAfter: r.balance_after,
      reference: r.reference,
    }));
  return { items, total };
}

/**
 * Account records by operation (the member's "one row per thing that happened"): the operations
 * that posted to the member's own accounts, newest first, paged by operation, each with its own
 * postings. The headline is the main account's side when the operation touched it (a transfer or
 * a withdrawal request moves money between two own accounts, and the member counts in the main
 * account), else the side of the one own account it touched: what the operation moved there in
 * all, and that account's balance after it; between a game wallet and the positions account, the
 * wallet. The day filter applies to the operation's time.
 */
export function listOperations(
  sql: SqlStorage,
  q: { page: number; pageSize: number; from?: string; to?: string; zone?: string },
  mode: LedgerMode = "real",
): { items: AccountOperation[]; total: number } {
  const range = dayRange(q.from, q.to, q.zone);
  // an operation is practice when it touches a practice account, and then touches nothing else
  const own = `account IN (SELECT account FROM balances WHERE own = 1) AND ${modeClause(mode)}`;
  const where = `${own} AND ${range.sql}`;
  const total = sql
    .exec<{ n: number }>(`SELECT COUNT(DISTINCT operation_key) AS n FROM postings WHERE ${where}`, ...range.bindings)
    .one().n;
  const rows = sql
    .exec<PostingRow & { operation_key: string; last: number }>(
      `WITH ops AS (
         SELECT operation_key, MAX(id) AS last FROM postings WHERE ${where}
         GROUP BY operation_key ORDER BY last DESC LIMIT ? OFFSET ?
       )
       SELECT p.id, p.created_at, p.type, p.account, p.amount, p.balance_after, p.reference, p.operation_key, ops.last
       FROM ops JOIN postings p ON p.operation_key = ops.operation_key
       WHERE p.${own}
       ORDER BY ops.last DESC, p.id`,
      ...range.bindings,
      q.pageSize,
      (q.page - 1) * q.pageSize,
    )
    .toArray();
  // rows come grouped by operation, in the list's order
  const groups = new Map<string, typeof rows>();
  for (const row of rows) groups.set(row.operation_key, [...(groups.get(row.operation_key) ?? []), row]);
  const items = [...groups.values()].map((group): AccountOperation => {
    const first = group[0]!;
    // an operation may post twice to one account (a paid withdrawal: the amount, then the fee)
    // a contract open or close touches the game wallet and the positions account: the member
    // counts their trading in the wallet, so it heads the row (what came back, not the margin)
    // (in practice the play-money balance heads the row, as a wallet does)
    const account = group.some((r) => r.account === "main")
      ? "main"
      : (group.find((r) => r.account.startsWith("game:") || r.account === "practice")?.account ?? first.account);
    const legs = group.filter((r) => r.account === account);
    return {
      id: first.last,
      time: first.created_at,
      type: first.type,
      account,
      amount: legs.reduce((sum, r) => sum + r.amount, 0),
      balanceAfter: legs.at(-1)!.balance_after,
      reference: first.reference,
      entries: group.map((r) => ({
        id: r.id,
        time: r.created_at,
        account: r.account,
        amount: r.amount,
        balanceAfter: r.balance_after,
      })),
    };
  });
  return { items, total };
}
