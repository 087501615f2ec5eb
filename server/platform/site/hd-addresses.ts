import type { HDKey } from "@scure/bip32";
import { MAX_CHILD_INDEX, readAccountXpub, receivingChain, tronDepositAddress } from "../../contract/hd-address";
import { fail, ok, type Result } from "../result";

/**
 * Deposit addresses derived from the operator's extended public key, per crypto deposit option
 * (server/platform/README.md, "Deposit addresses from an xpub"). The site object owns the index
 * counter, so that one index goes to one member across the whole site; each member's index is
 * handed out once, stored with the member's id and the address, and never reused. Only the xpub
 * is stored: the platform can derive addresses but never spend from them. Synchronous SQL, called
 * inside the site object's transaction.
 */

export const HD_SCHEMA = [
  // next_index: the index the next member gets; every index below it is held by a member
  `CREATE TABLE IF NOT EXISTS deposit_xpubs (
     option_id TEXT PRIMARY KEY,
     xpub TEXT NOT NULL,
     next_index INTEGER NOT NULL DEFAULT 0,
     set_at TEXT NOT NULL
   )`,
  // a member's address of an option, for good; the unique index stops two members sharing one
  `CREATE TABLE IF NOT EXISTS deposit_derived (
     option_id TEXT NOT NULL,
     member_id TEXT NOT NULL,
     derivation_index INTEGER NOT NULL,
     address TEXT NOT NULL,
     assigned_at TEXT NOT NULL,
     PRIMARY KEY (option_id, member_id),
     UNIQUE (option_id, derivation_index)
   )`,
];

type XpubRow = { xpub: string; next_index: number };

export function xpubOf(sql: SqlStorage, optionId: string): XpubRow | null {
  return (
    sql.exec<XpubRow>("SELECT xpub, next_index FROM deposit_xpubs WHERE option_id = ?", optionId).toArray()[0] ?? null
  );
}

/**
 * Sets an option's xpub. The same key again changes nothing (the seed runs twice); another key is
 * refused once an address was derived from the current one (deposit_xpub_in_use): members were
 * told to pay there, and a second key would restart at index 0 where the wallet already scans.
 * The text is checked first, so a private key is refused before anything is written.
 */
export function setXpub(sql: SqlStorage, optionId: string, text: string, now: string): Result<string> {
  const read = readAccountXpub(text);
  if (!read.ok) return fail(400, read.code);
  const current = xpubOf(sql, optionId);
  if (current?.xpub === read.xpub) return ok(read.xpub);
  if (current && current.next_index > 0) return fail(400, "deposit_xpub_in_use");
  sql.exec(
    "INSERT INTO deposit_xpubs (option_id, xpub, next_index, set_at) VALUES (?, ?, 0, ?) ON CONFLICT (option_id) DO UPDATE SET xpub = excluded.xpub, set_at = excluded.set_at",
    optionId,
    read.xpub,
    now,
  );
  return ok(read.xpub);
}

/** Receiving chains by xpub: parsing and the first derivation step once per object, not per deposit. */
const chains = new Map<string, HDKey>();
function chainOf(xpub: string): HDKey {
  let chain = chains.get(xpub);
  if (!chain) {
    const read = readAccountXpub(xpub);
    if (!read.ok) throw new Error(`stored xpub refused: ${read.code}`);
    chain = receivingChain(read.key);
    chains.set(xpub, chain);
  }
  return chain;
}

/**
 * The member's address of the option: the one they hold, else the next index's, now theirs.
 * Runs in the site object's transaction with no await, so two first deposits of one member, however
 * close, get one index. BIP-32 skips an index whose key would be invalid (odds about 1 in 2¹²⁷);
 * so does this, leaving no row for it.
 */
export function assignDerived(sql: SqlStorage, optionId: string, memberId: string, now: string): Result<string> {
  const held = sql
    .exec<{ address: string }>(
      "SELECT address FROM deposit_derived WHERE option_id = ? AND member_id = ?",
      optionId,
      memberId,
    )
    .toArray()[0];
  if (held) return ok(held.address);
  const row = xpubOf(sql, optionId);
  if (!row) return fail(400, "deposit_option_invalid");
  const chain = chainOf(row.xpub);
  for (let index = row.next_index; index <= MAX_CHILD_INDEX; index++) {
    let address: string;
    try {
      address = tronDepositAddress(chain, index);
    } catch {
      continue;
    }
    sql.exec(
      "INSERT INTO deposit_derived (option_id, member_id, derivation_index, address, assigned_at) VALUES (?, ?, ?, ?, ?)",
      optionId,
      memberId,
      index,
      address,
      now,
    );
    sql.exec("UPDATE deposit_xpubs SET next_index = ? WHERE option_id = ?", index + 1, optionId);
    return ok(address);
  }
  // 2³¹ members of one option: the only way an xpub runs out
  return fail(400, "deposit_address_unavailable");
}

export type Holder = { memberId: string; account: string; address: string; index: number | null; assignedAt: string };

/**
 * Who holds which address of an option, derived and pool addresses together, newest first: how an
 * operator matches money arriving on an address (or at an index of their wallet) to a member. A
 * pool address given to one deposit names that deposit's member.
 */
export function listHolders(
  sql: SqlStorage,
  optionId: string,
  q: { page: number; pageSize: number; address?: string },
): { items: Holder[]; total: number; page: number; pageSize: number } {
  const held = `SELECT member_id, address, derivation_index AS idx, assigned_at FROM deposit_derived WHERE option_id = ?1
     UNION ALL
     SELECT member_id, address, NULL AS idx, assigned_at FROM deposit_addresses WHERE option_id = ?1 AND assign_key IS NOT NULL`;
  const filter = q.address === undefined ? "" : "WHERE h.address = ?2";
  const args = q.address === undefined ? [optionId] : [optionId, q.address];
  const total = sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM (${held}) h ${filter}`, ...args).one().n;
  const rows = sql
    .exec<{ member_id: string; account: string | null; address: string; idx: number | null; assigned_at: string }>(
      `SELECT h.member_id, a.account, h.address, h.idx, h.assigned_at FROM (${held}) h LEFT JOIN accounts a ON a.member_id = h.member_id ${filter}
       ORDER BY h.assigned_at DESC, h.idx DESC LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
      ...args,
    )
    .toArray();
  const items = rows.map((r) => ({
    memberId: r.member_id,
    account: r.account ?? "",
    address: r.address,
    index: r.idx,
    assignedAt: r.assigned_at,
  }));
  return { items, total, page: q.page, pageSize: q.pageSize };
}
