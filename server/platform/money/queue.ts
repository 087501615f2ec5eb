import type { z } from "zod";
import type { operatorBankApplication, operatorDeposit, operatorWithdrawal } from "../../contract";

/** What a member's object tells its site's operator queue; one entry per item, replaced by version. */
export type QueueKind = "deposit" | "withdrawal" | "bank";

export type OperatorDeposit = z.infer<typeof operatorDeposit>;
export type OperatorWithdrawal = z.infer<typeof operatorWithdrawal>;
export type OperatorBankApplication = z.infer<typeof operatorBankApplication>;

export interface QueueEntry {
  kind: QueueKind;
  /** the deposit or withdrawal id; the member id for a bank application (one per member) */
  itemId: string;
  memberId: string;
  /** waiting for an operator's decision */
  pending: boolean;
  /** the member's outbox sequence number: a higher version replaces a lower one, never the reverse */
  version: number;
  createdAt: string;
  item: OperatorDeposit | OperatorWithdrawal | OperatorBankApplication;
}
