import type { z } from "zod";
import type {
  AccountOperation,
  BankAccount,
  bankApplyBody,
  CampaignRule,
  Deposit,
  LedgerRecord,
  SiteInfo,
  Transfer,
  UploadedFile,
  Wallets,
  Withdrawal,
} from "../../contract";
import type { PracticeAccount } from "../../contract/protection";
import type { AccountMode } from "#rules/account-mode";
import type { SessionProof } from "../auth/token";
import { addressFromSite } from "../money/payment";
import type { OperatorBankApplication, OperatorDeposit, OperatorWithdrawal } from "../money/queue";
import type { DepositRules, TransferRules, WithdrawRules } from "../money/rules";
import { fail, ok, type Result } from "../result";
import type { SecretBusy } from "../secret-checks";
import { siteStub } from "../stubs";
import { listOperations, listRecords, replay, walletsOf } from "./ledger";
import type { MemberState } from "./member-state";
import * as money from "./money";
import { passSecretCheck, takeSecretCheck, type SecretCheck } from "./passwords";
import * as practice from "./practice";
import { missingForWithdrawal } from "./withdrawals";
import * as protection from "./protection-checks";

/**
 * The member's money calls as the member object runs them: the gate, then the transactions of
 * money.ts (and of practice.ts, for play money). A deposit may ask the site for an address
 * first, and a withdrawal's transaction password is verified by the worker between its two calls.
 */

/**
 * A deposit. When the site gives the option's address (the operator's pool, or derived from the
 * operator's xpub), the site object assigns it first (an await: the same member, or for a pool's
 * per-deposit option the same request, always gets the same address, so a request that runs twice
 * meanwhile takes nothing twice); then one transaction re-checks the replay and every rule, fixes
 * the payment and records the deposit.
 */
export async function deposit(
  m: MemberState,
  proof: SessionProof,
  idem: money.Idem,
  body: { optionId: string; amount: number },
  rules: DepositRules,
): Promise<Result<Deposit>> {
  return m.asMember(proof, async (member) => {
    const replayed = m.ctx.storage.transactionSync(() => replay(m.sql, money.requestKey(idem.key), idem.fingerprint));
    if (replayed) return replayed as Result<Deposit>;
    const checked = money.depositCheck(body, rules);
    if (!checked.ok) return checked;
    // a break or a deposit limit refuses before an address is taken (checked again in the transaction)
    const refused =
      protection.depositRefusal(m.sql, body.amount, Date.now()) ?? money.pendingDepositRefusal(m.sql, checked.data);
    if (refused) return refused;
    let siteAddress: string | null = null;
    if (addressFromSite(checked.data)) {
      const assigned = await siteStub(m.env, member.site_id).assignDepositAddress(
        body.optionId,
        member.member_id,
        idem.key,
      );
      if (!assigned.ok) return assigned;
      siteAddress = assigned.data;
      // The session may have ended while the site answered.
      const again = m.authorize(proof);
      if (!again.ok) return again;
    }
    const now = new Date().toISOString();
    return m.atomically(() => money.deposit(m.sql, m.who(member), idem, body, rules, now, siteAddress));
  });
}

/**
 * What the worker needs before a withdrawal: whether a bank account can be paid to (so the
 * member hears "bind a bank card" before "wrong password") and, when a transaction password is
 * to be checked, that check begun (see beginSecretCheck): the hash to verify against, outside
 * this object so PBKDF2 never holds up its requests, and the attempt counted.
 */
export function withdrawPreflight(
  m: MemberState,
  proof: SessionProof,
  bankVerify: boolean,
  checkPassword: boolean,
  transactionPasswordRequired: boolean,
): Result<{ bankReady: boolean; check: SecretCheck | null } | SecretBusy> {
  return m.asMember(proof, (member) => {
    // before the bank and the password: what sign-up left for now is asked first
    const missing = missingForWithdrawal(member, transactionPasswordRequired);
    if (missing) return fail(400, missing);
    const bankReady = money.bankReady(money.bankRow(m.sql), bankVerify);
    if (!bankReady || !checkPassword) return ok({ bankReady, check: null });
    const check = m.ctx.storage.transactionSync(() => takeSecretCheck(m, member, "transaction_password"));
    if (!check.ok) return check;
    return "busy" in check.data ? ok(check.data) : ok({ bankReady, check: check.data });
  });
}

export function withdraw(
  m: MemberState,
  proof: SessionProof,
  idem: money.Idem,
  body: { amount: number },
  rules: WithdrawRules & { verifiedPasswordHash: string | null; attemptId: number | null },
): Result<Withdrawal> {
  return m.asMember(proof, (member) => {
    const now = new Date().toISOString();
    const all = { ...rules, currentPasswordHash: member.transaction_password_hash };
    const missing = missingForWithdrawal(member, rules.transactionPasswordRequired);
    if (missing) return fail(400, missing);
    return m.atomically(() => {
      // the worker verified the password: the check is settled whatever the withdrawal answers
      passSecretCheck(m, "transaction_password", rules.attemptId);
      return money.withdraw(m.sql, m.who(member), idem, body, all, now);
    });
  });
}

export function transfer(
  m: MemberState,
  proof: SessionProof,
  idem: money.Idem,
  body: { direction: "in" | "out"; gameCode: string; amount: number },
  rules: TransferRules,
): Result<Transfer> {
  return m.asMember(proof, () => {
    const now = new Date().toISOString();
    return m.atomically(() => money.transfer(m.sql, idem, body, rules, now));
  });
}

/** The play-money account, opened at the site's practiceBalance on first use. */
export function practiceAccount(m: MemberState, proof: SessionProof, startingBalance: number): Result<PracticeAccount> {
  return m.asMember(proof, (member) =>
    m.ctx.storage.transactionSync(() =>
      ok(practice.practiceAccount(m.sql, member.currency, startingBalance, new Date().toISOString())),
    ),
  );
}

/** Back to the site's practiceBalance; idempotent by its key. */
export function resetPractice(
  m: MemberState,
  proof: SessionProof,
  idem: money.Idem,
  startingBalance: number,
): Result<PracticeAccount> {
  return m.asMember(proof, (member) =>
    m.atomically(() => practice.resetPractice(m.sql, idem, member.currency, startingBalance, new Date().toISOString())),
  );
}

export function bankApply(
  m: MemberState,
  proof: SessionProof,
  idem: money.Idem,
  body: z.output<typeof bankApplyBody>,
  autoReview: boolean,
): Result<BankAccount> {
  return m.asMember(proof, (member) => {
    const now = new Date().toISOString();
    return m.atomically(() => money.bankApply(m.sql, m.who(member), idem, body, autoReview, now));
  });
}

/**
 * Takes one upload of `size` bytes from the member's quota of the UTC day, before the bytes are
 * stored, so concurrent uploads cannot all pass it; `releaseUpload` gives it back when storing
 * fails, so only stored files count.
 */
export function reserveUpload(m: MemberState, proof: SessionProof, size: number): Result<{ day: string }> {
  return m.asMember(proof, () => {
    return m.ctx.storage.transactionSync(() => money.reserveUpload(m.sql, size, new Date()));
  });
}

/** Records a stored upload; older documents of its kind beyond the number kept are deleted (the bytes by the outbox). */
export function addUpload(
  m: MemberState,
  proof: SessionProof,
  file: UploadedFile & { objectKey: string },
): Result<UploadedFile> {
  return m.asMember(proof, () => {
    return m.atomically(() => ok(money.addUpload(m.sql, file)));
  });
}

/** One of the member's own files; anyone else's id is simply not found. */
export function upload(
  m: MemberState,
  proof: SessionProof,
  fileId: string,
): Result<UploadedFile & { objectKey: string }> {
  return m.asMember(proof, () => {
    const file = money.upload(m.sql, fileId);
    return file ? ok(file) : fail(400, "file_not_found");
  });
}

/** The main account (with what is on hold for withdrawals) and a wallet per game, from the ledger. */
export function wallets(m: MemberState, proof: SessionProof, games: SiteInfo["games"]): Result<Wallets> {
  return m.asMember(proof, (member) => ok(walletsOf(m.sql, member.currency, games)));
}

export function deposits(m: MemberState, proof: SessionProof, q: money.PageQuery): Result<money.Page<Deposit>> {
  return m.asMember(proof, () => ok(money.listDeposits(m.sql, q)));
}

export function transfers(m: MemberState, proof: SessionProof, q: money.PageQuery): Result<money.Page<Transfer>> {
  return m.asMember(proof, () => ok(money.listTransfers(m.sql, q)));
}

export function withdrawals(m: MemberState, proof: SessionProof, q: money.PageQuery): Result<money.Page<Withdrawal>> {
  return m.asMember(proof, () => ok(money.listWithdrawals(m.sql, q)));
}

export function transactions(m: MemberState, proof: SessionProof, q: money.PageQuery) {
  return m.asMember(proof, () => ok(money.listTransactions(m.sql, q)));
}

/** One mode's postings: in practice the practice accounts' only, else every other own account's. */
export function records(
  m: MemberState,
  proof: SessionProof,
  q: money.PageQuery,
  mode: AccountMode = "real",
): Result<money.Page<LedgerRecord>> {
  return m.asMember(proof, () => ok({ ...listRecords(m.sql, q, mode), page: q.page, pageSize: q.pageSize }));
}

export function accountRecords(
  m: MemberState,
  proof: SessionProof,
  q: money.PageQuery,
  mode: AccountMode = "real",
): Result<money.Page<AccountOperation>> {
  return m.asMember(proof, () => ok({ ...listOperations(m.sql, q, mode), page: q.page, pageSize: q.pageSize }));
}

export function bank(m: MemberState, proof: SessionProof): Result<BankAccount> {
  return m.asMember(proof, () => ok(money.bank(m.sql)));
}

export function releaseUpload(m: MemberState, day: string, size: number): void {
  money.releaseUpload(m.sql, day, size);
}

export function uploads(m: MemberState, proof: SessionProof): Result<UploadedFile[]> {
  return m.asMember(proof, () => ok(money.uploads(m.sql)));
}

// operator decisions (member-state.ts `decide`)

/** `campaignRules`: the site's, so that a confirmed deposit earns its deposit bonus in the same transaction. */
export function decideDeposit(
  m: MemberState,
  siteId: string,
  id: string,
  decision: { confirm: boolean; reason: string; operator?: money.DecidedBy },
  campaignRules: CampaignRule[] = [],
): Result<money.Decided<OperatorDeposit>> {
  return m.decide(siteId, (p, now) => money.decideDeposit(m.sql, m.who(p), id, decision, now, campaignRules));
}

export function decideWithdrawal(
  m: MemberState,
  siteId: string,
  id: string,
  decision: { approve: boolean; reason: string; operator?: money.DecidedBy; secondApprovalAbove?: number },
): Result<money.Decided<OperatorWithdrawal>> {
  return m.decide(siteId, (p, now) => money.decideWithdrawal(m.sql, m.who(p), id, decision, now));
}

export function decideBank(
  m: MemberState,
  siteId: string,
  decision: { approve: boolean; reason: string; operator?: money.DecidedBy },
): Result<money.Decided<OperatorBankApplication>> {
  return m.decide(siteId, (p, now) => money.decideBank(m.sql, m.who(p), decision, now));
}
