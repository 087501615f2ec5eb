import { z } from "zod";
import { cryptoAddress, minorUnits } from "./schemas";
import { cleanText } from "./text";
import { hasNoControlCharacters } from "#rules/text";
import { isDay, isKnownTimeZone, TIME_ZONE_NAME } from "#rules/days";
import { DOCUMENT_KINDS, DOCUMENT_TYPES } from "#rules/documents";
import { BANK_ACCOUNT_NUMBER, BANK_TEXT_MAX_LENGTH, CURRENCY_CODE } from "#rules/fields";

/** Money calls. Amounts are integers of minor units; times are ISO 8601 UTC. */

const positiveAmount = minorUnits.pipe(z.number().int().positive());
const isoTime = z.string().datetime();
const id = z.string().min(1).max(64);

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(isDay, "day")
  .describe("a day, YYYY-MM-DD, in `zone`");

/**
 * A date filter and a page: `from`/`to` are days (YYYY-MM-DD, inclusive) in `zone`, the member's
 * IANA time zone (UTC when absent): server/rules/days.ts turns them into instants.
 */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  from: day.optional(),
  to: day.optional(),
  zone: z
    .string()
    .regex(TIME_ZONE_NAME)
    .refine(isKnownTimeZone, "time_zone")
    .describe("the member's IANA time zone (Asia/Taipei); UTC when absent")
    .optional(),
});

export const page = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

// deposits -------------------------------------------------------------------------------------

export const depositBody = z.object({ optionId: z.string().min(1).max(32), amount: positiveAmount }).strict();

/**
 * What the member pays, fixed when the deposit is asked for (server/contract/README.md, "Deposits"):
 * the account or address and the reference the operator confirms against. A crypto deposit also
 * fixes the exact amount of the asset to send, as a decimal string ("15.625000"). A demo deposit
 * pays nothing: `payment` is null.
 */
export const depositPayment = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("bank"),
    reference: z.string(),
    bank: z.string(),
    branch: z.string(),
    accountName: z.string(),
    accountNumber: z.string(),
  }),
  z.object({
    kind: z.literal("crypto"),
    reference: z.string(),
    asset: z.string(),
    network: z.string(),
    address: z.string(),
    /** the exact amount of `asset` to send, with the asset's decimals */
    assetAmount: z.string().regex(/^\d+(\.\d+)?$/),
  }),
]);
export type DepositPayment = z.infer<typeof depositPayment>;

export const deposit = z.object({
  id,
  optionId: z.string(),
  optionName: z.string(),
  amount: minorUnits,
  status: z.enum(["pending", "credited", "refused"]),
  reason: z.string(),
  createdAt: isoTime,
  decidedAt: isoTime.nullable(),
  payment: depositPayment.nullable(),
});
export type Deposit = z.infer<typeof deposit>;

// transfers ------------------------------------------------------------------------------------

/** "in" moves points from the main account into a game wallet; "out" moves them back. */
export const transferBody = z
  .object({ direction: z.enum(["in", "out"]), gameCode: z.string().regex(/^[a-z0-9-]{1,32}$/), amount: positiveAmount })
  .strict();

export const transfer = z.object({
  id,
  direction: z.enum(["in", "out"]),
  gameCode: z.string(),
  amount: minorUnits,
  status: z.literal("done"),
  createdAt: isoTime,
});
export type Transfer = z.infer<typeof transfer>;

/** The transaction-records tab: deposits and transfers in one list, newest first. */
export const transaction = z.discriminatedUnion("kind", [
  deposit.extend({ kind: z.literal("deposit") }),
  transfer.extend({ kind: z.literal("transfer") }),
]);

// withdrawals ----------------------------------------------------------------------------------

export const withdrawBody = z
  .object({
    amount: positiveAmount,
    transactionPassword: z.string().min(1).max(128).refine(hasNoControlCharacters).optional(),
  })
  .strict();

export const withdrawal = z.object({
  id,
  amount: minorUnits,
  fee: minorUnits,
  /** the site's maximum for one withdrawal when it was requested ("limit amount") */
  limitAmount: minorUnits,
  /** where the money goes: bank name and the last digits of the account */
  details: z.string(),
  status: z.enum(["pending", "paid", "rejected"]),
  reason: z.string(),
  createdAt: isoTime,
  decidedAt: isoTime.nullable(),
});
export type Withdrawal = z.infer<typeof withdrawal>;

// bank account and uploads ---------------------------------------------------------------------

export const documentKind = z.enum(DOCUMENT_KINDS);

export const uploadedFile = z.object({
  fileId: id,
  kind: documentKind,
  contentType: z.enum(DOCUMENT_TYPES),
  size: z.number().int().positive(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  createdAt: isoTime,
});
export type UploadedFile = z.infer<typeof uploadedFile>;

/**
 * One file's limits, and each member's quota: uploads and bytes per UTC day (a refused file counts
 * against neither), and the documents kept per kind: past `keepPerKind`, a new upload deletes the
 * oldest one of its kind that the bank application does not name.
 */
export const UPLOAD_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxPixels: 20_000_000,
  perDay: 20,
  bytesPerDay: 40 * 1024 * 1024,
  keepPerKind: 5,
} as const;

const bankText = (max: number) => cleanText(max, 1);

export const bankApplyBody = z
  .object({
    bank: bankText(BANK_TEXT_MAX_LENGTH.bank),
    branch: bankText(BANK_TEXT_MAX_LENGTH.branch),
    accountName: bankText(BANK_TEXT_MAX_LENGTH.accountName),
    accountNumber: z.string().trim().regex(BANK_ACCOUNT_NUMBER),
    currency: z.string().regex(CURRENCY_CODE),
    address: bankText(BANK_TEXT_MAX_LENGTH.address),
    idFrontFileId: id,
    idBackFileId: id,
    passbookFileId: id,
  })
  .strict();

export const bankAccount = z.object({
  status: z.enum(["none", "under_review", "approved", "rejected"]),
  reason: z.string(),
  bank: z.string(),
  branch: z.string(),
  accountName: z.string(),
  /** only the last four digits leave the platform */
  accountNumberLast4: z.string(),
  currency: z.string(),
  address: z.string(),
  submittedAt: isoTime.nullable(),
  reviewedAt: isoTime.nullable(),
});
export type BankAccount = z.infer<typeof bankAccount>;

// account records (the ledger) -----------------------------------------------------------------

export const LEDGER_TYPES = [
  "deposit",
  "transfer_in",
  "transfer_out",
  "withdrawal_hold",
  "withdrawal_paid",
  "withdrawal_returned",
  "bet",
  "payout",
  "refund",
  // campaigns (campaigns.ts): a deposit bonus into the bonus balance, its release to the main
  // account once wagered, and a rebate into the main account
  "bonus",
  "bonus_release",
  "rebate",
  // contract trading (positions.ts): margin and opening fee out of the game wallet, and the
  // close's payout back into it
  "position_open",
  "position_close",
  // the practice account (protection.ts): play money into "practice" when it opens and at each
  // reset (from the non-own account "practice:bank"); bets, payouts, refunds and positions in
  // practice use the types above on the practice accounts
  "practice_fund",
] as const;

/** One movement of one of the member's own balances. */
export const ledgerRecord = z.object({
  id: z.number().int(),
  time: isoTime,
  type: z.enum(LEDGER_TYPES),
  /**
   * "main", "hold", "bonus", "positions" (open positions' margin) or "game:<code>"; in practice
   * mode "practice" (the play money) and "practice:positions"
   */
  account: z.string(),
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  reference: z.string(),
});
export type LedgerRecord = z.infer<typeof ledgerRecord>;

/**
 * Account records as the member reads them: one operation (a deposit, a transfer, a withdrawal
 * request, a bet, a payout...) with the postings it made to the member's own balances. The
 * headline (`account`, `amount`, `balanceAfter`) is the main account's side when the operation
 * touched it, else the side of the one own account it touched (a game wallet for bets and
 * payouts, "hold" for a paid withdrawal: amount and fee together); `entries` are the double-entry
 * detail, oldest first.
 */
export const accountOperation = ledgerRecord.extend({
  /** the operation's newest posting id: the list is ordered by it, newest first */
  id: z.number().int(),
  entries: z.array(ledgerRecord.omit({ type: true, reference: true })).min(1),
});
export type AccountOperation = z.infer<typeof accountOperation>;

// operator queues ------------------------------------------------------------------------------

export const operatorDecision = z.object({ reason: cleanText(500).default("") }).strict();
export const pendingQuery = z.object({ status: z.enum(["pending", "all"]).default("pending") });
const queued = { memberId: z.string(), account: z.string() };
export const operatorDeposit = deposit.extend(queued);
/**
 * A withdrawal's first approval, when the site needs two (withdrawalSecondApprovalAbove): who gave
 * it and when. Operators see it in the queue; the member's own view has no operator in it.
 */
export const firstApproval = z.object({ operatorId: z.string(), name: z.string(), at: isoTime });
export type FirstApproval = z.infer<typeof firstApproval>;
export const operatorWithdrawal = withdrawal.extend({
  ...queued,
  /** null: none yet, or the site needs one approval for this amount; items queued before four eyes have none */
  firstApproval: firstApproval.nullable().default(null),
});
export const operatorBankApplication = bankAccount.extend({
  ...queued,
  accountNumber: z.string(),
  idFrontFileId: z.string(),
  idBackFileId: z.string(),
  passbookFileId: z.string(),
});

/** The operator's pool of deposit addresses for a crypto option with `assign` "member" or "deposit". */
export const depositAddressesBody = z.object({ addresses: z.array(cryptoAddress).min(1).max(10_000) }).strict();
/**
 * Where a crypto option's addresses come from, and how many it gave out. Once an operator set an
 * xpub, every member without an address gets xpub/0/<index>; the pool only serves an option
 * without one (server/contract/README.md, "Deposits").
 */
export const depositAddressPool = z.object({
  optionId: z.string(),
  /** "xpub": new members' addresses are derived from the operator's xpub; "pool": taken from the pool */
  source: z.enum(["pool", "xpub"]),
  /** the account-level extended public key the addresses are derived from; null for a pool */
  xpub: z.string().nullable(),
  /** pool addresses not given out yet */
  free: z.number().int().nonnegative(),
  /** pool addresses given to a member or a deposit */
  assigned: z.number().int().nonnegative(),
  /** addresses derived from the xpub: indexes 0 … derived − 1 are in use, so the wallet must watch all of them */
  derived: z.number().int().nonnegative(),
});

/**
 * The operator's account-level extended public key (BIP-32 "xpub…", e.g. of m/44'/195'/0'). Only
 * base58 symbols get through; the platform then refuses a private key (deposit_xprv_refused) and
 * a key that is not a mainnet account xpub (deposit_xpub_invalid), server/contract/hd-address.ts.
 */
export const depositXpubBody = z
  .object({
    xpub: z
      .string()
      .trim()
      .regex(/^[1-9A-HJ-NP-Za-km-z]{100,120}$/),
  })
  .strict();

/** Who holds which address of an option: how the operator matches money arriving on an address to a member. */
export const depositAddressHolder = z.object({
  memberId: z.string(),
  account: z.string(),
  address: z.string(),
  /** the derivation index (xpub/0/index) of a derived address; null for a pool address */
  index: z.number().int().nonnegative().nullable(),
  assignedAt: isoTime,
});
export const depositAddressesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
  /** only the holder of this address */
  address: cryptoAddress.optional(),
});
export const depositAddressView = depositAddressPool.extend({ holders: page(depositAddressHolder) });
export type DepositAddressPool = z.infer<typeof depositAddressPool>;
export type DepositAddressView = z.infer<typeof depositAddressView>;
