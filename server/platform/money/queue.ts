import type { z } from "zod";
import type { operatorBankApplication, operatorDeposit, operatorMessage, operatorWithdrawal } from "../../contract";

/** What a member's object tells its site's operator queue; one entry per item, replaced by version. */
export type QueueKind = "deposit" | "withdrawal" | "bank" | "message";

export type OperatorDeposit = z.infer<typeof operatorDeposit>;
export type OperatorWithdrawal = z.infer<typeof operatorWithdrawal>;
export type OperatorBankApplication = z.infer<typeof operatorBankApplication>;
export type OperatorMessage = z.infer<typeof operatorMessage>;

export interface QueueEntry {
  kind: QueueKind;
  /** the deposit, withdrawal or message id; the member id for a bank application (one per member) */
  itemId: string;
  memberId: string;
  /** waiting for an operator: a decision, or (a message) a reply */
  pending: boolean;
  /** the member's outbox sequence number: a higher version replaces a lower one, never the reverse */
  version: number;
  /** what the queue sorts by: when the item was made, or (a message) its latest activity */
  createdAt: string;
  item: OperatorDeposit | OperatorWithdrawal | OperatorBankApplication | OperatorMessage;
}

/** A message thread sorts by its latest word; every other item by when it was made. */
export function queueTime(item: QueueEntry["item"], fallback: string): string {
  if ("updatedAt" in item) return item.updatedAt;
  return "createdAt" in item ? item.createdAt : fallback;
}
