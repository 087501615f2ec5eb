import type { AccountOperation } from "../../server/contract";

/**
 * The side of an operation a member reads first in the account records and the overview's recent
 * activity. The platform heads an operation with the main account's side, else the first own
 * account it posted to; a contract close posts to the positions account (the margin leaving it)
 * before the game wallet (the payout arriving), so its headline would read "−US$10.00" for a
 * close that paid US$9.97 back. The game wallet is the balance the member counts their trading
 * in, so an operation that touched it and the positions account is headed by the wallet's side:
 * what arrived or left there in all, and its balance after.
 */
export function memberHeadline<T extends Pick<AccountOperation, "account" | "amount" | "balanceAfter" | "entries">>(op: T): T {
  if (op.account !== "positions") return op;
  const wallet = op.entries.find((e) => e.account.startsWith("game:"))?.account;
  if (!wallet) return op;
  const legs = op.entries.filter((e) => e.account === wallet);
  return { ...op, account: wallet, amount: legs.reduce((sum, e) => sum + e.amount, 0), balanceAfter: legs.at(-1)!.balanceAfter };
}
