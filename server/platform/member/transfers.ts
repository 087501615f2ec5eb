import type { z } from "zod";
import type { Transfer, transaction } from "../../contract";
import { newId } from "../auth/token";
import { inRange, type TransferRules } from "../money/rules";
import { fail, ok, type Result } from "../result";
import { bonusLockedRefusal } from "./bonuses";
import { depositRow, toDeposit } from "./deposits";
import { balanceOf, dayRange, record, replay } from "./ledger";
import { pageOf, type Page, type PageQuery } from "./pages";
import { breakRefusal } from "./protection-checks";
import { requestKey, type Idem } from "./requests";
import { gameAccount, MAIN } from "./schema";

/**
 * Transfers of one member between the main account and a game wallet, and the list of deposits
 * and transfers together.
 * Synchronous, inside the member object's `transactionSync` (money.ts).
 */

type Transaction = z.infer<typeof transaction>;

type TransferRow = {
  id: string;
  direction: Transfer["direction"];
  game_code: string;
  amount: number;
  created_at: string;
};
const toTransfer = (r: TransferRow): Transfer => ({
  id: r.id,
  direction: r.direction,
  gameCode: r.game_code,
  amount: r.amount,
  status: "done",
  createdAt: r.created_at,
});

export function transfer(
  sql: SqlStorage,
  idem: Idem,
  body: { direction: "in" | "out"; gameCode: string; amount: number },
  rules: TransferRules,
  now: string,
): Result<Transfer> {
  const replayed = replay(sql, requestKey(idem.key), idem.fingerprint);
  if (replayed) return replayed as Result<Transfer>;
  if (!rules.games.some((g) => g.code === body.gameCode)) return fail(400, "game_not_found");
  if (!inRange(body.amount, rules.minTransferAmount, rules.maxTransferAmount)) return fail(400, "amount_out_of_range");
  // player protection: a break stops money into a game; taking it out stays open
  const refused = body.direction === "in" ? breakRefusal(sql, Date.parse(now)) : null;
  if (refused) return refused;
  const game = gameAccount(body.gameCode);
  const [from, to] = body.direction === "in" ? [MAIN, game] : [game, MAIN];
  if (balanceOf(sql, from) < body.amount) {
    // locked bonus never moves to a game wallet: say so when it is what the main balance lacks
    if (body.direction === "in") return bonusLockedRefusal(sql, body.amount) ?? fail(400, "insufficient_balance");
    return fail(400, "insufficient_game_wallet_balance");
  }
  const id = newId();
  sql.exec(
    "INSERT INTO transfers (id, direction, game_code, amount, created_at) VALUES (?, ?, ?, ?, ?)",
    id,
    body.direction,
    body.gameCode,
    body.amount,
    now,
  );
  const result = toTransfer(sql.exec<TransferRow>("SELECT * FROM transfers WHERE id = ?", id).one());
  record(
    sql,
    { key: requestKey(idem.key), call: "transfer", fingerprint: idem.fingerprint, response: result, now },
    {
      type: body.direction === "in" ? "transfer_in" : "transfer_out",
      reference: id,
      legs: [
        { account: from, amount: -body.amount },
        { account: to, amount: body.amount },
      ],
    },
  );
  return ok(result);
}

export const listTransfers = (sql: SqlStorage, q: PageQuery) => pageOf(sql, "transfers", q, toTransfer);

/** Deposits and transfers in one list, newest first, paged in SQL over both tables. */
export function listTransactions(sql: SqlStorage, q: PageQuery): Page<Transaction> {
  const range = dayRange(q.from, q.to, q.zone);
  const union = `SELECT 'deposit' AS kind, id, created_at, rowid AS r FROM deposits WHERE ${range.sql}
                 UNION ALL SELECT 'transfer' AS kind, id, created_at, rowid AS r FROM transfers WHERE ${range.sql}`;
  const bindings = [...range.bindings, ...range.bindings];
  const total = sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM (${union})`, ...bindings).one().n;
  const keys = sql
    .exec<{ kind: "deposit" | "transfer"; id: string }>(
      `SELECT kind, id FROM (${union}) ORDER BY created_at DESC, kind DESC, r DESC LIMIT ? OFFSET ?`,
      ...bindings,
      q.pageSize,
      (q.page - 1) * q.pageSize,
    )
    .toArray();
  const items = keys.map((k): Transaction =>
    k.kind === "deposit"
      ? { ...toDeposit(depositRow(sql, k.id)!), kind: "deposit" }
      : { ...toTransfer(sql.exec<TransferRow>("SELECT * FROM transfers WHERE id = ?", k.id).one()), kind: "transfer" },
  );
  return { items, total, page: q.page, pageSize: q.pageSize };
}
