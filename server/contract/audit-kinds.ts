/**
 * The audit log's entry types and the accounting export's kinds as plain lists, with no schema: a
 * page that lists them (the back office's oversight) imports this file alone, so its browser
 * code carries neither zod nor the contract's schemas (security.ts and data-ops.ts build theirs
 * from these).
 */

export const AUDIT_TYPES = [
  "signin_succeeded",
  "signin_failed",
  "signin_locked",
  "password_check_failed",
  "password_check_locked",
  "password_changed",
  "password_reset",
  "transaction_password_changed",
  "bank_applied",
  "bank_approved",
  "bank_rejected",
  "deposit_requested",
  "deposit_confirmed",
  "deposit_refused",
  "withdrawal_requested",
  "withdrawal_approved",
  // the first of the two approvals a withdrawal above the site's withdrawalSecondApprovalAbove needs
  "withdrawal_first_approval",
  "withdrawal_rejected",
  // a member joined an opt-in campaign (server/contract/campaigns.ts)
  "campaign_joined",
  // a member set a limit or a reality-check interval, or started a time-out or self-exclusion
  // (server/contract/protection.ts); an operator's attempt to end a break is an operator_action
  "protection_changed",
  "operator_action",
] as const;

/** The files of a site's day, each one kind of row. */
export const EXPORT_KINDS = ["ledger", "balances", "deposits", "withdrawals", "positions", "audit"] as const;
