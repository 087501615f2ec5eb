import { DurableObject } from "cloudflare:workers";
import type { z } from "zod";
import type {
  BankAccount,
  bankApplyBody,
  Deposit,
  LedgerRecord,
  AccountOperation,
  MessageThread,
  PlayerInfo,
  SiteInfo,
  Transfer,
  UploadedFile,
  Wallets,
  Withdrawal,
  Order,
  MemberStreamEvent,
  AuditEntry,
  CallName,
  MessageCode,
  CampaignRule,
  MemberCampaign,
  OpenPositionBody,
  Position,
  PositionTriggersBody,
} from "../../contract";
import { CLIENT_LIMITS } from "../../contract";
import { verifyPassword } from "../auth/password";
import { encodeCredential, hashSecret, newId, newSecret, type SessionProof } from "../auth/token";
import { constantTimeEqual, utf8 } from "../crypto";
import type { Env } from "../env";
import { fail, ok, type Failure, type Result } from "../result";
import type { OperatorBankApplication, OperatorDeposit, OperatorMessage, OperatorWithdrawal } from "../money/queue";
import type { DepositRules, TransferRules, WithdrawRules } from "../money/rules";
import { marketStub, siteStub } from "../stubs";
import { addressFromSite } from "../money/payment";
import * as game from "./game";
import { checkLedger, keepAnswer, listOperations, listRecords, openAccount, record, replay, type LedgerCheck } from "./ledger";
import * as money from "./money";
import * as center from "./center";
import * as campaigns from "./campaign-view";
import * as rebates from "./rebates";
import * as positions from "./positions";
import * as protection from "./protection";
import * as practice from "./practice";
import type { AccountMode, PracticeAccount, ProtectionState, RealityCheck, setLimitBody, startBreakBody } from "../../contract/protection";
import type { MarketClose, MarketPosition } from "../market/positions";
import type { PeriodResult } from "../market/market-object";
import { internationalNumber, type SmsPurpose } from "../sms/code";

export type { money };

/** An open's intent older than this has lost its request (a crash); the alarm completes or drops it. */
const INTENT_STALE_MS = 15_000;
/**
 * How long after a period's end the member's own alarm asks the market for the result, in case
 * the market's delivery (applyResult, normally within a second of the end) has not come.
 */
const SETTLE_FALLBACK_MS = 2_000;
import { BONUS, gameAccount, HOLD, MAIN, MEMBER_SCHEMA } from "./schema";
import { expiryFrom, isSessionLive, LISTEN_KEY_MS, SESSION_MS, type SessionRow } from "./session";
import { answerClose, openSockets } from "../websocket";
import { auditEvent, auditToOutbox } from "../audit";
import * as secretChecks from "../secret-checks";
import type { SecretBusy } from "../secret-checks";
import { LIMIT_SCHEMA, SECRET_CHECK_LIMIT } from "../limits";
import { applySchema } from "../schema-version";

const MEMBER_OBJECT_SCHEMA = [
  ...MEMBER_SCHEMA,
  ...positions.POSITION_SCHEMA,
  ...protection.PROTECTION_SCHEMA,
  ...LIMIT_SCHEMA,
  // Sign-in failures are counted by the site's object now (per account name and address); the
  // rows of the account-wide count this object kept before are dropped once.
  `DELETE FROM attempts WHERE scope = 'signin'`,
  `DELETE FROM locks WHERE scope = 'signin'`,
];

export interface NewMember {
  memberId: string;
  siteId: string;
  account: string;
  realName: string;
  areaCode: string;
  mobile: string;
  inviteCode: string;
  referralCode: string;
  passwordHash: string;
  transactionPasswordHash: string;
  currency: string;
  games: string[];
}

type RealityMinutes = 15 | 30 | 60;

/** Fields the site's member may change; mobile changes were cleared with the site directory first. */
export type InfoChanges = Partial<Pick<PlayerInfo, "realName" | "areaCode" | "mobile" | "email">>;

type ProfileRow = {
  member_id: string;
  site_id: string;
  account: string;
  real_name: string;
  area_code: string;
  mobile: string;
  mobile_verified: number;
  email: string;
  invite_code: string;
  referral_code: string;
  password_hash: string;
  transaction_password_hash: string;
  currency: string;
  created_at: string;
  last_login_at: string | null;
};


const toPlayerInfo = (p: ProfileRow): PlayerInfo => ({
  account: p.account,
  realName: p.real_name,
  areaCode: p.area_code,
  mobile: p.mobile,
  mobileVerified: p.mobile_verified === 1,
  email: p.email,
  inviteCode: p.invite_code,
  referralCode: p.referral_code,
  hasTransactionPassword: p.transaction_password_hash !== "",
  currency: p.currency,
  createdAt: p.created_at,
  lastLoginAt: p.last_login_at,
});

const sessionInvalid = () => fail(402, "invalid_permission");

/** What the worker needs to check passwords outside the object (PBKDF2 would hold up its requests). */
export interface Credentials {
  account: string;
  passwordHash: string;
  transactionPasswordHash: string;
}

/** The passwords a member types again during a session, each counted and locked on its own (SECRET_CHECK_LIMITS). */
export type Secret = "password" | "transaction_password";

const SECRETS: Record<Secret, { scope: string; wrong: MessageCode; locked: MessageCode }> = {
  password: { scope: "password", wrong: "old_password_wrong", locked: "password_change_locked" },
  transaction_password: { scope: "transaction-password", wrong: "wrong_transaction_password", locked: "transaction_password_locked" },
};
/** The subject of this member's own counts (the object holds one member). */
const MEMBER = "member";

/** A password check begun: the hashes to verify against, and its counted attempt (null: there is no such password yet). */
export type SecretCheck = Credentials & { attemptId: number | null };

/** A reserved SMS send: where it goes, and what the member is told about the next one. */
export type SmsReservation = { id: string; to: string; mobile: string; account: string } & center.SmsSent;

/**
 * One member: profile, credentials, sessions and money. A member's requests are serialised by
 * the object, so balance changes need no locks; every check that follows an await is redone.
 */
export class MemberObject extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    applySchema(ctx.storage, MEMBER_OBJECT_SCHEMA);
  }

  private profile(): ProfileRow | undefined {
    return this.sql.exec<ProfileRow>("SELECT * FROM profile WHERE id = 1").toArray()[0];
  }

  /**
   * A member call: the gate first (`authorize`), then the work, in the same call of the member's
   * object, so no request runs on a session that ended. Every member call goes through here.
   */
  private asMember<T>(proof: SessionProof, work: (member: ProfileRow) => T): T | Failure {
    const auth = this.authorize(proof);
    return auth.ok ? work(auth.data) : auth;
  }

  /** The gate of every member call: the member exists, belongs to the site, and the session is live. */
  private authorize(proof: SessionProof): Result<ProfileRow> {
    const profile = this.profile();
    if (!profile) return fail(404, "account_not_found");
    if (profile.site_id !== proof.siteId) return sessionInvalid();
    const session = this.sql
      .exec<SessionRow & { secret_hash: string }>(
        "SELECT secret_hash, expires_at, revoked_at FROM sessions WHERE id = ?",
        proof.sessionId,
      )
      .toArray()[0];
    if (!session || !constantTimeEqual(utf8(session.secret_hash), utf8(proof.secretHash))) return sessionInvalid();
    if (!isSessionLive(session, new Date())) {
      // an expired session's streams end when it is first refused, if no alarm ended them before
      this.closeSockets(proof.sessionId);
      return sessionInvalid();
    }
    return ok(profile);
  }

  create(m: NewMember): Result<null> {
    if (this.profile()) return fail(400, "account_exists");
    const now = new Date().toISOString();
    this.ctx.storage.transactionSync(() => {
      this.sql.exec(
        `INSERT INTO profile (id, member_id, site_id, account, real_name, area_code, mobile, invite_code,
           referral_code, password_hash, transaction_password_hash, currency, created_at)
         VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        m.memberId,
        m.siteId,
        m.account,
        m.realName,
        m.areaCode,
        m.mobile,
        m.inviteCode,
        m.referralCode,
        m.passwordHash,
        m.transactionPasswordHash,
        m.currency,
        now,
      );
      // Every account starts at zero, which is also the sum of its (no) postings.
      for (const account of [MAIN, HOLD, ...m.games.map(gameAccount)]) openAccount(this.sql, account);
    });
    return ok(null);
  }

  /**
   * Sign-in's password check and new session. The failure limits were applied by the site's
   * object, which settles them with this answer and logs a failure; a wrong password writes
   * nothing here. It answers as an unknown account does, so the answer tells nothing.
   */
  async signin(siteId: string, password: string, address: string | null): Promise<Result<{ token: string }>> {
    const before = this.profile();
    if (!before || before.site_id !== siteId) return fail(400, "wrong_account_or_password");
    const verified = await verifyPassword(password, before.password_hash);
    const sessionId = newId();
    const secret = newSecret();
    const secretHash = await hashSecret(secret);

    // The password may have changed while the hash was computed; only issue against the same one.
    const profile = this.profile()!;
    if (!verified || profile.password_hash !== before.password_hash) return fail(400, "wrong_account_or_password");
    const now = new Date();
    this.atomically(() => {
      this.sql.exec("DELETE FROM sessions WHERE expires_at <= ? OR revoked_at IS NOT NULL", now.toISOString());
      // their listen keys go with them (a key without its session opens nothing either)
      this.sql.exec("DELETE FROM listen_keys WHERE id IN (SELECT key_id FROM listen_key_sessions WHERE session_id NOT IN (SELECT id FROM sessions))");
      this.sql.exec("DELETE FROM listen_key_sessions WHERE session_id NOT IN (SELECT id FROM sessions)");
      this.sql.exec(
        "INSERT INTO sessions (id, secret_hash, created_at, expires_at) VALUES (?, ?, ?, ?)",
        sessionId,
        secretHash,
        now.toISOString(),
        expiryFrom(now, SESSION_MS),
      );
      this.sql.exec("UPDATE profile SET last_login_at = ? WHERE id = 1", now.toISOString());
      auditToOutbox(this.sql, auditEvent("signin_succeeded", "member", this.subject(profile, address), {}, now.toISOString()));
      return ok(null);
    });
    return ok({ token: encodeCredential({ siteId, memberId: profile.member_id, id: sessionId, secret }) });
  }

  verify(proof: SessionProof): Result<null> {
    return this.asMember(proof, () => ok(null));
  }

  signout(proof: SessionProof): Result<null> {
    return this.asMember(proof, () => {
      this.ctx.storage.transactionSync(() => {
        this.sql.exec("UPDATE sessions SET revoked_at = ? WHERE id = ?", new Date().toISOString(), proof.sessionId);
        // the session's listen keys die now, not when the session's row is cleared at a later sign-in
        this.sql.exec("DELETE FROM listen_keys WHERE id IN (SELECT key_id FROM listen_key_sessions WHERE session_id = ?)", proof.sessionId);
        this.sql.exec("DELETE FROM listen_key_sessions WHERE session_id = ?", proof.sessionId);
      });
      this.closeSockets(proof.sessionId);
      return ok(null);
    });
  }

  info(proof: SessionProof): Result<PlayerInfo> {
    return this.asMember(proof, (member) => ok(toPlayerInfo(member)));
  }

  updateInfo(proof: SessionProof, changes: InfoChanges): Result<PlayerInfo> {
    return this.asMember(proof, (member) => {
      const p = member;
      const mobileChanged =
        (changes.areaCode ?? p.area_code) !== p.area_code || (changes.mobile ?? p.mobile) !== p.mobile;
      this.sql.exec(
        `UPDATE profile SET real_name = ?, area_code = ?, mobile = ?, email = ?, mobile_verified = ? WHERE id = 1`,
        changes.realName ?? p.real_name,
        changes.areaCode ?? p.area_code,
        changes.mobile ?? p.mobile,
        changes.email ?? p.email,
        // A new number has not been verified yet.
        mobileChanged ? 0 : p.mobile_verified,
      );
      return ok(toPlayerInfo(this.profile()!));
    });
  }

  async listenKey(proof: SessionProof): Promise<Result<string>> {
    return this.asMember(proof, async (member) => {
      const now = new Date();
      const id = newId();
      const secret = newSecret();
      const secretHash = await hashSecret(secret);
      this.ctx.storage.transactionSync(() => {
        this.sql.exec("DELETE FROM listen_keys WHERE expires_at <= ?", now.toISOString());
        this.sql.exec(
          "INSERT INTO listen_keys (id, secret_hash, expires_at) VALUES (?, ?, ?)",
          id,
          secretHash,
          expiryFrom(now, LISTEN_KEY_MS),
        );
        this.sql.exec("DELETE FROM listen_key_sessions WHERE key_id NOT IN (SELECT id FROM listen_keys)");
        this.sql.exec("INSERT INTO listen_key_sessions (key_id, session_id) VALUES (?, ?)", id, proof.sessionId);
      });
      return ok(encodeCredential({ siteId: proof.siteId, memberId: member.member_id, id, secret }));
    });
  }

  /** Whether a listen key of this member is live: the check the live stream makes before it opens. */
  checkListenKey(siteId: string, id: string, secretHash: string): boolean {
    const profile = this.profile();
    if (!profile || profile.site_id !== siteId) return false;
    const row = this.sql
      .exec<{ secret_hash: string; expires_at: string }>("SELECT secret_hash, expires_at FROM listen_keys WHERE id = ?", id)
      .toArray()[0];
    if (!row || !constantTimeEqual(utf8(row.secret_hash), utf8(secretHash)) || Date.parse(row.expires_at) <= Date.now()) return false;
    // A key dies with the session that asked for it: revoked, expired, or gone. A key whose
    // session row is gone (a later sign-in clears ended sessions) was once let through here, so
    // an old key opened the stream again after a sign-out and a sign-in.
    const session = this.sql
      .exec<SessionRow>(
        "SELECT s.expires_at, s.revoked_at FROM listen_key_sessions k JOIN sessions s ON s.id = k.session_id WHERE k.key_id = ?",
        id,
      )
      .toArray()[0];
    return session !== undefined && isSessionLive(session, new Date());
  }

  /** The main account (with what is on hold for withdrawals) and a wallet per game, from the ledger. */
  wallets(proof: SessionProof, games: SiteInfo["games"]): Result<Wallets> {
    return this.asMember(proof, (member) => ok(this.walletsOf(member, games)));
  }

  private walletsOf(profile: ProfileRow, games: SiteInfo["games"]): Wallets {
    const rows = new Map(
      this.sql
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
    return {
      currency: profile.currency,
      main: { balance: rows.get(MAIN) ?? 0, onHold: rows.get(HOLD) ?? 0, bonus: rows.get(BONUS) ?? 0 },
      games: [...listed, ...delisted],
    };
  }

  /**
   * Invariant 2 (server/platform/README.md, "Invariants") for this member: balances against
   * postings, postings against zero. Read by the tests.
   */
  checkLedger(): LedgerCheck {
    return checkLedger(this.sql);
  }

  // money requests of the member ---------------------------------------------------------------

  private who(p: ProfileRow): money.Who {
    return { memberId: p.member_id, account: p.account };
  }

  /**
   * Runs a money change atomically: the SQL of `work` commits as one, and when it wrote to the
   * outbox an alarm is set to deliver it. A failure value rolls nothing back because a failing
   * path writes nothing; a thrown error (a CHECK) rolls everything back.
   */
  private atomically<T>(work: () => Result<T>): Result<T> {
    const result = this.ctx.storage.transactionSync(work);
    if (result.ok) this.scheduleAlarm();
    return result;
  }

  /**
   * A deposit. When the site gives the option's address (the operator's pool, or derived from the
   * operator's xpub), the site object assigns it first (an await: the same member, or for a pool's
   * per-deposit option the same request, always gets the same address, so a request that runs twice
   * meanwhile takes nothing twice); then one transaction re-checks the replay and every rule, fixes
   * the payment and records the deposit.
   */
  async deposit(proof: SessionProof, idem: money.Idem, body: { optionId: string; amount: number }, rules: DepositRules): Promise<Result<Deposit>> {
    return this.asMember(proof, async (member) => {
      const replayed = this.ctx.storage.transactionSync(() => replay(this.sql, money.requestKey(idem.key), idem.fingerprint));
      if (replayed) return replayed as Result<Deposit>;
      const checked = money.depositCheck(body, rules);
      if (!checked.ok) return checked;
      // a break or a deposit limit refuses before an address is taken (checked again in the transaction)
      const refused = protection.depositRefusal(this.sql, body.amount, Date.now()) ?? money.pendingDepositRefusal(this.sql, checked.data);
      if (refused) return refused;
      let siteAddress: string | null = null;
      if (addressFromSite(checked.data)) {
        const assigned = await siteStub(this.env, member.site_id).assignDepositAddress(body.optionId, member.member_id, idem.key);
        if (!assigned.ok) return assigned;
        siteAddress = assigned.data;
        // The session may have ended while the site answered.
        const again = this.authorize(proof);
        if (!again.ok) return again;
      }
      const now = new Date().toISOString();
      return this.atomically(() => money.deposit(this.sql, this.who(member), idem, body, rules, now, siteAddress));
    });
  }

  transfer(
    proof: SessionProof,
    idem: money.Idem,
    body: { direction: "in" | "out"; gameCode: string; amount: number },
    rules: TransferRules,
  ): Result<Transfer> {
    return this.asMember(proof, () => {
      const now = new Date().toISOString();
      return this.atomically(() => money.transfer(this.sql, idem, body, rules, now));
    });
  }

  /**
   * What the worker needs before a withdrawal: whether a bank account can be paid to (so the
   * member hears "bind a bank card" before "wrong password") and, when a transaction password is
   * to be checked, that check begun (see beginSecretCheck): the hash to verify against, outside
   * this object so PBKDF2 never holds up its requests, and the attempt counted.
   */
  withdrawPreflight(
    proof: SessionProof,
    bankVerify: boolean,
    checkPassword: boolean,
  ): Result<{ bankReady: boolean; check: SecretCheck | null } | SecretBusy> {
    return this.asMember(proof, (member) => {
      const bankReady = money.bankReady(money.bankRow(this.sql), bankVerify);
      if (!bankReady || !checkPassword) return ok({ bankReady, check: null });
      const check = this.ctx.storage.transactionSync(() => this.takeSecretCheck(member, "transaction_password"));
      if (!check.ok) return check;
      return "busy" in check.data ? ok(check.data) : ok({ bankReady, check: check.data });
    });
  }

  withdraw(
    proof: SessionProof,
    idem: money.Idem,
    body: { amount: number },
    rules: WithdrawRules & { verifiedPasswordHash: string | null; attemptId: number | null },
  ): Result<Withdrawal> {
    return this.asMember(proof, (member) => {
      const now = new Date().toISOString();
      const all = { ...rules, currentPasswordHash: member.transaction_password_hash };
      return this.atomically(() => {
        // the worker verified the password: the check is settled whatever the withdrawal answers
        this.passSecretCheck("transaction_password", rules.attemptId);
        return money.withdraw(this.sql, this.who(member), idem, body, all, now);
      });
    });
  }

  deposits(proof: SessionProof, q: money.PageQuery): Result<money.Page<Deposit>> {
    return this.asMember(proof, () => ok(money.listDeposits(this.sql, q)));
  }

  transfers(proof: SessionProof, q: money.PageQuery): Result<money.Page<Transfer>> {
    return this.asMember(proof, () => ok(money.listTransfers(this.sql, q)));
  }

  withdrawals(proof: SessionProof, q: money.PageQuery): Result<money.Page<Withdrawal>> {
    return this.asMember(proof, () => ok(money.listWithdrawals(this.sql, q)));
  }

  transactions(proof: SessionProof, q: money.PageQuery) {
    return this.asMember(proof, () => ok(money.listTransactions(this.sql, q)));
  }

  /** One mode's postings: in practice the practice accounts' only, else every other own account's. */
  records(proof: SessionProof, q: money.PageQuery, mode: AccountMode = "real"): Result<money.Page<LedgerRecord>> {
    return this.asMember(proof, () => ok({ ...listRecords(this.sql, q, mode), page: q.page, pageSize: q.pageSize }));
  }

  accountRecords(proof: SessionProof, q: money.PageQuery, mode: AccountMode = "real"): Result<money.Page<AccountOperation>> {
    return this.asMember(proof, () => ok({ ...listOperations(this.sql, q, mode), page: q.page, pageSize: q.pageSize }));
  }

  // the practice account (member/practice.ts) ----------------------------------------------------

  /** The play-money account, opened at the site's practiceBalance on first use. */
  practice(proof: SessionProof, startingBalance: number): Result<PracticeAccount> {
    return this.asMember(proof, (member) =>
      this.ctx.storage.transactionSync(() => ok(practice.practiceAccount(this.sql, member.currency, startingBalance, new Date().toISOString()))),
    );
  }

  /** Back to the site's practiceBalance; idempotent by its key. */
  resetPractice(proof: SessionProof, idem: money.Idem, startingBalance: number): Result<PracticeAccount> {
    return this.asMember(proof, (member) =>
      this.atomically(() => practice.resetPractice(this.sql, idem, member.currency, startingBalance, new Date().toISOString())),
    );
  }

  bank(proof: SessionProof): Result<BankAccount> {
    return this.asMember(proof, () => ok(money.bank(this.sql)));
  }

  bankApply(proof: SessionProof, idem: money.Idem, body: z.output<typeof bankApplyBody>, autoReview: boolean): Result<BankAccount> {
    return this.asMember(proof, (member) => {
      const now = new Date().toISOString();
      return this.atomically(() => money.bankApply(this.sql, this.who(member), idem, body, autoReview, now));
    });
  }

  /**
   * Takes one upload of `size` bytes from the member's quota of the UTC day, before the bytes are
   * stored, so concurrent uploads cannot all pass it; `releaseUpload` gives it back when storing
   * fails, so only stored files count.
   */
  reserveUpload(proof: SessionProof, size: number): Result<{ day: string }> {
    return this.asMember(proof, () => {
      return this.ctx.storage.transactionSync(() => money.reserveUpload(this.sql, size, new Date()));
    });
  }

  releaseUpload(day: string, size: number): void {
    money.releaseUpload(this.sql, day, size);
  }

  /** Records a stored upload; older documents of its kind beyond the number kept are deleted (the bytes by the outbox). */
  addUpload(proof: SessionProof, file: UploadedFile & { objectKey: string }): Result<UploadedFile> {
    return this.asMember(proof, () => {
      return this.atomically(() => ok(money.addUpload(this.sql, file)));
    });
  }

  uploads(proof: SessionProof): Result<UploadedFile[]> {
    return this.asMember(proof, () => ok(money.uploads(this.sql)));
  }

  /** One of the member's own files; anyone else's id is simply not found. */
  upload(proof: SessionProof, fileId: string): Result<UploadedFile & { objectKey: string }> {
    return this.asMember(proof, () => {
      const file = money.upload(this.sql, fileId);
      return file ? ok(file) : fail(400, "file_not_found");
    });
  }

  // passwords ------------------------------------------------------------------------------------
  // The worker verifies the password the member typed and hashes the new one; the object counts
  // the checks (SECRET_CHECK_LIMITS), checks that the hash it handed out is still the current one
  // (no change slipped in meanwhile), and swaps it.

  /**
   * Begins checking a password the member typed during a session. Refused while that password's
   * checks are locked, without anything being verified; otherwise the attempt is counted (as
   * pending) before the worker runs PBKDF2, so concurrent guesses cannot all slip under the limit.
   * While checks in flight fill the limit the answer is `busy`: the worker asks again shortly
   * (handlers/secret-wait.ts), as a check in flight may well be the right password. The change the
   * check allows, `rightSecret` or `wrongSecret` settles it. Nothing is counted when nothing was
   * typed or there is no such password yet: there is no guess.
   */
  beginSecretCheck(proof: SessionProof, secret: Secret, typed = true): Result<SecretCheck | SecretBusy> {
    return this.asMember(proof, (member) => {
      return this.ctx.storage.transactionSync(() => this.takeSecretCheck(member, secret, typed));
    });
  }

  private takeSecretCheck(p: ProfileRow, secret: Secret, typed = true): Result<SecretCheck | SecretBusy> {
    const credentials = { account: p.account, passwordHash: p.password_hash, transactionPasswordHash: p.transaction_password_hash };
    const hash = secret === "password" ? p.password_hash : p.transaction_password_hash;
    if (!typed || hash === "") return ok({ ...credentials, attemptId: null });
    // checks in flight are no failures: past the limit a check waits for them (secret-checks.ts)
    const taken = secretChecks.beginCheck(this.sql, SECRET_CHECK_LIMIT, SECRETS[secret].scope, MEMBER, Date.now());
    if (taken.ok) return ok({ ...credentials, attemptId: taken.attemptId });
    return "busy" in taken ? ok({ busy: true }) : fail(429, SECRETS[secret].locked);
  }

  /** A right password that changed nothing (the new one broke a rule): the count resets, as a change resets it. */
  rightSecret(proof: SessionProof, secret: Secret, attemptId: number | null): void {
    if (this.authorize(proof).ok) this.ctx.storage.transactionSync(() => this.passSecretCheck(secret, attemptId));
  }

  /**
   * A wrong password: it counts, is logged (with the lock it may start), and gets the password's
   * own answer. For an idempotent request (`idem`) the key's answer comes first, in the same
   * transaction: a copy of a request answered meanwhile (sent at once, or a retry racing the first)
   * gets that answer and its check counts for nothing; otherwise the refusal becomes the key's
   * answer together with the failure it counts, so no later copy counts another.
   */
  wrongSecret(
    proof: SessionProof,
    secret: Secret,
    attemptId: number | null,
    context: { address: string | null; call: CallName },
    idem?: money.Idem,
  ): Result<unknown> {
    return this.asMember(proof, (member) => {
      const now = new Date();
      const refusal = fail(400, SECRETS[secret].wrong);
      const op = idem && { key: money.requestKey(idem.key), call: context.call, fingerprint: idem.fingerprint, now: now.toISOString() };
      const answered = this.atomically(() => {
        const first = op ? replay(this.sql, op.key, op.fingerprint) : null;
        if (first) {
          if (attemptId !== null) secretChecks.checkDropped(this.sql, SECRETS[secret].scope, MEMBER, attemptId);
          return ok(first);
        }
        this.failSecretCheck(member, secret, attemptId, context, now);
        return ok(op ? keepAnswer(this.sql, op, refusal) : refusal);
      });
      return answered.ok ? answered.data : answered;
    });
  }

  private passSecretCheck(secret: Secret, attemptId: number | null): void {
    if (attemptId !== null) secretChecks.checkPassed(this.sql, SECRETS[secret].scope, MEMBER, attemptId);
  }

  private failSecretCheck(p: ProfileRow, secret: Secret, attemptId: number | null, context: { address: string | null; call: CallName }, now: Date): void {
    if (attemptId === null) return;
    const until = secretChecks.checkFailed(this.sql, SECRET_CHECK_LIMIT, SECRETS[secret].scope, MEMBER, attemptId, now.getTime());
    const who = this.subject(p, context.address);
    auditToOutbox(this.sql, auditEvent("password_check_failed", "member", who, { secret, call: context.call }, now.toISOString()));
    if (until !== null) {
      const details = { secret, until: new Date(until).toISOString() };
      auditToOutbox(this.sql, auditEvent("password_check_locked", "system", who, details, now.toISOString()));
    }
  }

  /**
   * The stored answer of an idempotent request made before (null: a new request), asked before
   * work done outside the object that a retry must not repeat (an SMS sent, a password verified
   * against a hash the first request replaced).
   */
  replayed(proof: SessionProof, idem: money.Idem): Result<unknown> | null {
    return this.asMember(proof, () => {
      return this.ctx.storage.transactionSync(() => replay(this.sql, money.requestKey(idem.key), idem.fingerprint));
    });
  }

  /**
   * The key's answer for good (contract/idempotency.ts), asked by the router once a call has
   * answered: `answer` is kept unless a copy of the request kept one first, and the kept one is
   * returned. A refusal made before the member's own transaction (the site's rules, a password,
   * the market) is so the key's answer as much as one made inside it.
   */
  keepAnswer(proof: SessionProof, idem: money.Idem, call: string, answer: Result<unknown>): Result<unknown> {
    return this.asMember(proof, () =>
      this.ctx.storage.transactionSync(() =>
        keepAnswer(this.sql, { key: money.requestKey(idem.key), call, fingerprint: idem.fingerprint, now: new Date().toISOString() }, answer),
      ),
    );
  }

  /** Every session ends (and every live stream key): whoever held the old password is signed out. */
  private revokeAll(now: string): void {
    this.sql.exec("UPDATE sessions SET revoked_at = ? WHERE revoked_at IS NULL", now);
    this.sql.exec("DELETE FROM listen_keys");
    this.sql.exec("DELETE FROM listen_key_sessions");
    // the password checks in flight are those sessions' requests, which can settle nothing now:
    // left counted, they would hold up the member's next checks for the whole window
    for (const { scope } of Object.values(SECRETS)) secretChecks.checksDropped(this.sql, scope, MEMBER);
    this.closeSockets(null);
  }

  changePassword(proof: SessionProof, attemptId: number | null, verifiedHash: string, newHash: string, address: string | null): Result<null> {
    return this.asMember(proof, (member) => {
      const now = new Date().toISOString();
      return this.atomically(() => {
        this.passSecretCheck("password", attemptId);
        if (member.password_hash !== verifiedHash) return fail(400, "old_password_wrong");
        this.sql.exec("UPDATE profile SET password_hash = ? WHERE id = 1", newHash);
        this.revokeAll(now);
        auditToOutbox(this.sql, auditEvent("password_changed", "member", this.subject(member, address), {}, now));
        return ok(null);
      });
    });
  }

  /** Idempotent: a retry after a lost answer gets the first answer (its old password no longer matches). */
  changeTransactionPassword(
    proof: SessionProof,
    idem: money.Idem,
    attemptId: number | null,
    verifiedHash: string,
    newHash: string,
    address: string | null,
  ): Result<null> {
    return this.asMember(proof, (member) => {
      const now = new Date().toISOString();
      return this.atomically(() => {
        this.passSecretCheck("transaction_password", attemptId);
        const replayed = replay(this.sql, money.requestKey(idem.key), idem.fingerprint);
        if (replayed) return replayed as Result<null>;
        if (member.transaction_password_hash !== verifiedHash) return fail(400, "wrong_transaction_password");
        this.sql.exec("UPDATE profile SET transaction_password_hash = ? WHERE id = 1", newHash);
        const details = { firstTime: verifiedHash === "" };
        auditToOutbox(this.sql, auditEvent("transaction_password_changed", "member", this.subject(member, address), details, now));
        record(this.sql, { key: money.requestKey(idem.key), call: "changeTransactionPassword", fingerprint: idem.fingerprint, response: null, now });
        return ok(null);
      });
    });
  }

  /** Who an audit event is about. */
  private subject(p: ProfileRow, address: string | null = null) {
    return { account: p.account, memberId: p.member_id, address };
  }

  // SMS codes ------------------------------------------------------------------------------------

  private reserve(p: ProfileRow, purpose: SmsPurpose, codeHash: string): Result<SmsReservation> {
    if (p.area_code === "") return fail(400, "update_area_code_first");
    if (p.mobile === "") return fail(400, "update_mobile_first");
    const to = internationalNumber(p.area_code, p.mobile);
    const reserved = this.ctx.storage.transactionSync(() => center.reserveSms(this.sql, purpose, codeHash, to, new Date()));
    return reserved.ok ? ok({ ...reserved.data, to, mobile: p.mobile, account: p.account }) : reserved;
  }

  reserveSms(proof: SessionProof, purpose: SmsPurpose, codeHash: string): Result<SmsReservation> {
    return this.asMember(proof, (member) => this.reserve(member, purpose, codeHash));
  }

  /**
   * A code sent at the member's request: its answer is kept under the request's idempotency key,
   * so a retry after a lost answer gets it again instead of another text (`replayed`). A retry
   * that raced the first one gets the first one's answer here.
   */
  smsSent(proof: SessionProof, idem: money.Idem, answer: center.SmsSent): Result<center.SmsSent> {
    return this.asMember(proof, () => {
      return this.ctx.storage.transactionSync(() => {
        const replayed = replay(this.sql, money.requestKey(idem.key), idem.fingerprint);
        if (replayed) return replayed as Result<center.SmsSent>;
        record(this.sql, { key: money.requestKey(idem.key), call: "smsSend", fingerprint: idem.fingerprint, response: answer, now: new Date().toISOString() });
        return ok(answer);
      });
    });
  }

  /** A forgotten-password code: no session, so the site named by the request must be the member's. */
  reserveResetSms(siteId: string, codeHash: string): Result<SmsReservation> {
    const member = this.memberOf(siteId);
    return member.ok ? this.reserve(member.data, "reset_password", codeHash) : member;
  }

  releaseSms(id: string): void {
    center.releaseSms(this.sql, id);
  }

  verifyMobile(proof: SessionProof, codeHash: string): Result<PlayerInfo> {
    return this.asMember(proof, (member) => {
      const p = member;
      const used = this.ctx.storage.transactionSync(() => {
        const result = center.useCode(this.sql, "verify_mobile", codeHash, internationalNumber(p.area_code, p.mobile), new Date());
        if (result.ok) this.sql.exec("UPDATE profile SET mobile_verified = 1 WHERE id = 1");
        return result;
      });
      return used.ok ? ok(toPlayerInfo(this.profile()!)) : used;
    });
  }

  /**
   * A new login password by SMS code; every session ends, as with a change. Idempotent: a retry
   * after a lost answer gets the first answer, where the used code would now answer otp_error.
   */
  resetPassword(siteId: string, idem: money.Idem, codeHash: string, newHash: string, address: string | null): Result<null> {
    const profile = this.profile();
    // Not this site's member: the same answer as a wrong code, so nothing is revealed.
    if (!profile || profile.site_id !== siteId) return fail(400, "wrong_verification_code");
    const now = new Date();
    const to = internationalNumber(profile.area_code, profile.mobile);
    return this.atomically(() => {
      const replayed = replay(this.sql, money.requestKey(idem.key), idem.fingerprint);
      if (replayed) return replayed as Result<null>;
      const result = center.useCode(this.sql, "reset_password", codeHash, to, now);
      if (!result.ok) return result;
      this.sql.exec("UPDATE profile SET password_hash = ? WHERE id = 1", newHash);
      this.revokeAll(now.toISOString());
      auditToOutbox(this.sql, auditEvent("password_reset", "member", this.subject(profile, address), { by: "sms_code" }, now.toISOString()));
      record(this.sql, { key: money.requestKey(idem.key), call: "forgotReset", fingerprint: idem.fingerprint, response: null, now: now.toISOString() });
      return ok(null);
    });
  }

  // messages -------------------------------------------------------------------------------------

  messages(proof: SessionProof, q: money.PageQuery) {
    return this.asMember(proof, () => ok(center.listMessages(this.sql, q)));
  }

  sendMessage(proof: SessionProof, idem: money.Idem, body: { title: string; content: string }): Result<MessageThread> {
    return this.asMember(proof, (member) => {
      const now = new Date().toISOString();
      return this.atomically(() => center.sendMessage(this.sql, this.who(member), idem, body, now));
    });
  }

  /** Only this member's own threads exist here: any other id is `message_not_found` (400, never 404). */
  message(proof: SessionProof, id: string): Result<MessageThread> {
    return this.asMember(proof, () => {
      return this.ctx.storage.transactionSync(() => center.readMessage(this.sql, id));
    });
  }

  replyMessage(proof: SessionProof, idem: money.Idem, id: string, body: { content: string }): Result<MessageThread> {
    return this.asMember(proof, (member) => {
      const now = new Date().toISOString();
      return this.atomically(() => center.replyMessage(this.sql, this.who(member), idem, id, body, now));
    });
  }

  operatorMessage(siteId: string, id: string): Result<MessageThread> {
    const member = this.memberOf(siteId);
    return member.ok ? center.thread(this.sql, id) : fail(400, "message_not_found");
  }

  operatorReply(siteId: string, id: string, content: string): Result<{ thread: MessageThread; queued: money.Decided<OperatorMessage> }> {
    const member = this.memberOf(siteId);
    if (!member.ok) return fail(400, "message_not_found");
    const now = new Date().toISOString();
    return this.atomically(() => center.operatorReply(this.sql, this.who(member.data), id, content, now));
  }

  // operator decisions -------------------------------------------------------------------------
  // The member object owns the state, so the exactly-once transition happens here; the site's
  // queue entry is updated from the returned entry and, in any case, by the outbox.

  /** The member, if it belongs to the operator's site (a decision never crosses tenants). */
  private memberOf(siteId: string): Result<ProfileRow> {
    const profile = this.profile();
    return profile && profile.site_id === siteId ? ok(profile) : fail(400, "invalid_parameters");
  }

  private decide<T>(siteId: string, work: (p: ProfileRow, now: string) => Result<T>): Result<T> {
    const member = this.memberOf(siteId);
    if (!member.ok) return member;
    const now = new Date().toISOString();
    return this.atomically(() => work(member.data, now));
  }

  /** `campaignRules`: the site's, so that a confirmed deposit earns its deposit bonus in the same transaction. */
  decideDeposit(
    siteId: string,
    id: string,
    decision: { confirm: boolean; reason: string; operator?: money.DecidedBy },
    campaignRules: CampaignRule[] = [],
  ): Result<money.Decided<OperatorDeposit>> {
    return this.decide(siteId, (p, now) => money.decideDeposit(this.sql, this.who(p), id, decision, now, campaignRules));
  }

  // campaigns (member/campaign-view.ts) ----------------------------------------------------------

  memberCampaigns(proof: SessionProof, rules: CampaignRule[]): Result<MemberCampaign[]> {
    return this.asMember(proof, () => ok(campaigns.memberCampaigns(this.sql, rules, Date.now())));
  }

  joinCampaign(proof: SessionProof, key: string, rules: CampaignRule[]): Result<MemberCampaign> {
    return this.asMember(proof, (member) =>
      // player protection: no joining a campaign during a break
      this.atomically(() => protection.breakRefusal(this.sql, Date.now()) ?? campaigns.joinCampaign(this.sql, this.who(member), rules, key, Date.now())),
    );
  }

  /**
   * Credits the rebate periods that are due. The site's configuration is read only when one may
   * be (rebateMayBeDue, from this object's own rows), so a settlement alarm stays as cheap as
   * before; the credit re-checks everything in its own transaction after the await, and each
   * period's operation key makes a second run (a duplicate alarm, a re-run after a crash) a no-op.
   */
  private async creditRebates(siteId: string): Promise<void> {
    if (!this.ctx.storage.transactionSync(() => rebates.rebateMayBeDue(this.sql, Date.now()))) return;
    const config = await siteStub(this.env, siteId).getConfig();
    this.ctx.storage.transactionSync(() => rebates.creditRebates(this.sql, config?.campaignRules ?? [], Date.now()));
  }

  decideWithdrawal(
    siteId: string,
    id: string,
    decision: { approve: boolean; reason: string; operator?: money.DecidedBy },
  ): Result<money.Decided<OperatorWithdrawal>> {
    return this.decide(siteId, (p, now) => money.decideWithdrawal(this.sql, this.who(p), id, decision, now));
  }

  decideBank(siteId: string, decision: { approve: boolean; reason: string; operator?: money.DecidedBy }): Result<money.Decided<OperatorBankApplication>> {
    return this.decide(siteId, (p, now) => money.decideBank(this.sql, this.who(p), decision, now));
  }

  // player protection (member/protection.ts) ------------------------------------------------------
  // `siteMinutes`: the site's realityCheckMinutes, read by the worker per request.

  protection(proof: SessionProof, siteMinutes: RealityMinutes): Result<ProtectionState> {
    return this.asMember(proof, (member) => ok(protection.protectionState(this.sql, member.currency, siteMinutes, Date.now())));
  }

  setLimit(proof: SessionProof, body: z.output<typeof setLimitBody>, siteMinutes: RealityMinutes, address: string | null): Result<ProtectionState> {
    return this.asMember(proof, (member) => {
      const now = Date.now();
      const set = this.atomically(() => protection.setLimit(this.sql, { ...this.who(member), address }, body, now));
      return set.ok ? ok(protection.protectionState(this.sql, member.currency, siteMinutes, now)) : set;
    });
  }

  setRealityCheck(proof: SessionProof, minutes: RealityMinutes, siteMinutes: RealityMinutes, address: string | null): Result<ProtectionState> {
    return this.asMember(proof, (member) => {
      const now = Date.now();
      this.atomically(() => protection.setRealityCheck(this.sql, { ...this.who(member), address }, minutes, siteMinutes, now));
      return ok(protection.protectionState(this.sql, member.currency, siteMinutes, now));
    });
  }

  startBreak(
    proof: SessionProof,
    idem: money.Idem,
    body: z.output<typeof startBreakBody>,
    siteMinutes: RealityMinutes,
    address: string | null,
  ): Result<ProtectionState> {
    return this.asMember(proof, (member) => {
      const now = Date.now();
      const answer = () => protection.protectionState(this.sql, member.currency, siteMinutes, now);
      return this.atomically(() => protection.startBreak(this.sql, { ...this.who(member), address }, idem, body, now, answer));
    });
  }

  realityCheck(proof: SessionProof, siteMinutes: RealityMinutes): Result<RealityCheck> {
    return this.asMember(proof, (member) => {
      const check = protection.realityCheck(this.sql, proof.sessionId, member.currency, siteMinutes, Date.now());
      return check ? ok(check) : sessionInvalid();
    });
  }

  continueRealityCheck(proof: SessionProof, siteMinutes: RealityMinutes): Result<RealityCheck> {
    return this.asMember(proof, (member) => {
      const now = Date.now();
      this.ctx.storage.transactionSync(() => protection.continueRealityCheck(this.sql, proof.sessionId, now));
      const check = protection.realityCheck(this.sql, proof.sessionId, member.currency, siteMinutes, now);
      return check ? ok(check) : sessionInvalid();
    });
  }

  /** The operator's view of the member's protection (the member must be of the operator's site). */
  operatorProtection(siteId: string, siteMinutes: RealityMinutes): Result<ProtectionState> {
    const member = this.memberOf(siteId);
    return member.ok ? ok(protection.protectionState(this.sql, member.data.currency, siteMinutes, Date.now())) : member;
  }

  /** Always a refusal: nobody ends a break early (the worker audits the attempt as an operator action). */
  operatorEndBreak(siteId: string): Result<ProtectionState> {
    const member = this.memberOf(siteId);
    return member.ok ? protection.endBreakRefusal(this.sql, Date.now()) : member;
  }

  // the game ----------------------------------------------------------------------------------

  /** The bet being taken (between the market's answer and the commit): one per member at a time. */
  private inFlight: { key: string; done: Promise<void> } | null = null;

  /**
   * A bet. The market is asked for its latest tick and schedule (an await, so other requests of
   * this member may run meanwhile: a second bet then answers order_in_progress, a retry with the
   * same key waits for the first and answers its stored response); then one transaction checks
   * every rule against the clock of the commit, records the order and debits the stake.
   */
  async placeOrder(proof: SessionProof, idem: money.Idem, body: game.OrderBody, rules: game.BetRules): Promise<Result<Order>> {
    return this.asMember(proof, async () => {
      const replayed = this.ctx.storage.transactionSync(() => replay(this.sql, money.requestKey(idem.key), idem.fingerprint));
      if (replayed) return replayed as Result<Order>;
      if (this.inFlight) {
        if (this.inFlight.key !== idem.key) return fail(400, "order_in_progress");
        await this.inFlight.done;
        return this.placeOrder(proof, idem, body, rules);
      }
      // Cheap refusals first, before the market is asked (the commit checks them all again).
      if (!rules.pairs.includes(body.pair)) return fail(400, "invalid_trading_pair");
      if (!game.amountInRange(body.amount, rules)) return fail(400, "amount_out_of_range");
      let release = () => {};
      this.inFlight = { key: idem.key, done: new Promise<void>((resolve) => (release = resolve)) };
      try {
        const market = await marketStub(this.env, body.pair).betSnapshot(body.pair, this.profile()?.member_id);
        if (!market.ok) return market;
        // The session may have ended while the market answered.
        const again = this.authorize(proof);
        if (!again.ok) return again;
        return this.atomically(() => {
          const placed = game.placeOrder(this.sql, idem, body, rules, market.data, Date.now(), this.streaming());
          // the rebate period this bet falls in becomes due (member/rebates.ts); never a practice bet's
          if (placed.ok && rules.mode !== "practice" && rules.rebates?.length) rebates.noteBet(this.sql, rules.rebates, placed.data, Date.now());
          return placed;
        });
      } finally {
        this.inFlight = null;
        release();
      }
    });
  }

  orders(proof: SessionProof, q: money.PageQuery & { status: "open" | "settled" | "all" }, mode: AccountMode = "real"): Result<money.Page<Order>> {
    return this.asMember(proof, () => ok(game.listOrders(this.sql, q, mode)));
  }

  openOrders(proof: SessionProof, mode: AccountMode = "real"): Result<Order[]> {
    return this.asMember(proof, () => ok(game.openOrders(this.sql, mode)));
  }

  /**
   * Settles the bets of every ended period from the market's recorded prices. The market call is
   * an await, so the settling transaction takes only bets still open: a second run (an alarm
   * delivered twice, or re-run after a crash) settles nothing twice. Returns when to try again
   * for a period whose close the market has not recorded yet.
   */
  private async settleDue(): Promise<number | null> {
    // Normally the market has handed over the result already (applyResult) and nothing is due.
    let retryAt: number | null = null;
    for (const due of game.duePeriods(this.sql, Date.now())) {
      try {
        const result = await marketStub(this.env, due.pair).result(due.pair, due.period_start);
        if (!result.ok || result.data === null) {
          retryAt = Date.now() + 500;
          continue;
        }
        const settled = result.data;
        this.ctx.storage.transactionSync(() =>
          game.settlePeriod(this.sql, due.pair, due.period_start, settled, new Date().toISOString(), this.streaming()),
        );
      } catch (error) {
        console.error(`settlement of ${due.pair} ${due.period_start} failed`, error);
        retryAt = Date.now() + 1000;
      }
    }
    return retryAt;
  }

  /**
   * A period's result, handed over by the market when its close is recorded (market/results.ts):
   * settles this member's open bets of that period in one transaction. Idempotent: bets already
   * settled (by an earlier delivery or by the alarm's own question) are not taken again.
   */
  applyResult(pair: string, periodStart: number, result: PeriodResult): number {
    const settled = this.ctx.storage.transactionSync(() =>
      game.settlePeriod(this.sql, pair, periodStart, result, new Date().toISOString(), this.streaming()),
    );
    this.scheduleAlarm();
    return settled;
  }

  // contract trading (member/positions.ts) --------------------------------------------------------

  /** The open being asked of the market: one per member at a time (like a bet). */
  private opening: { key: string; done: Promise<void> } | null = null;
  /** TP/SL changes run one after another, so the stored values are the market's last accepted ones. */
  private triggerQueue: Promise<unknown> = Promise.resolve();

  /**
   * Opens a position: the member's limits and the intent in one transaction, then the market
   * accepts it at its price (an await), then the money moves in a second transaction. A retry
   * with the same key while it runs waits for it; after a crash it completes the same intent.
   */
  async openPosition(proof: SessionProof, idem: money.Idem, body: OpenPositionBody, rules: positions.ContractRules): Promise<Result<Position>> {
    return this.asMember(proof, async (member) => {
      const replayed = this.ctx.storage.transactionSync(() => replay(this.sql, money.requestKey(idem.key), idem.fingerprint));
      if (replayed) return replayed as Result<Position>;
      if (this.opening) {
        if (this.opening.key !== idem.key) return fail(400, "position_in_progress");
        await this.opening.done;
        return this.openPosition(proof, idem, body, rules);
      }
      let release = () => {};
      this.opening = { key: idem.key, done: new Promise<void>((resolve) => (release = resolve)) };
      try {
        let intent = positions.intentByKey(this.sql, idem.key);
        if (intent && intent.fingerprint !== idem.fingerprint) return fail(400, "idempotency_conflict");
        if (!intent) {
          const begun = this.ctx.storage.transactionSync(() => positions.beginOpen(this.sql, idem, body, rules, new Date().toISOString()));
          if (!begun.ok) return begun;
          intent = begun.data;
          // the alarm that recovers the intent if this request dies before its second step
          this.scheduleAlarm();
        }
        const s = rules.settings;
        const market = await marketStub(this.env, intent.pair).openPosition(intent.pair, {
          siteId: member.site_id,
          memberId: member.member_id,
          positionId: intent.id,
          side: intent.side,
          margin: intent.margin,
          leverage: intent.leverage,
          feePpm: intent.fee_ppm,
          stopOutBp: intent.stop_out_bp,
          seenPrice: intent.seen_price,
          slippageBp: s.slippageBp,
          maxNotionalPerPair: s.maxNotionalPerPair,
          closeOnly: s.closeOnlyPairs.includes(intent.pair),
          takeProfit: intent.take_profit,
          stopLoss: intent.stop_loss,
          practice: intent.mode === "practice",
        });
        return await this.finishOpen(intent, market);
      } finally {
        this.opening = null;
        release();
      }
    });
  }

  /**
   * The second step of an open, from the market's answer: a refusal drops the intent; an accepted
   * position moves the money, or, if the wallet was spent meanwhile, is cancelled at the market
   * first and then given up here (in that order, so a crash between leaves an intent to retry).
   */
  private async finishOpen(intent: positions.PositionRow, market: Result<MarketPosition | null>): Promise<Result<Position>> {
    if (!market.ok || market.data === null || market.data.void) {
      this.ctx.storage.transactionSync(() => positions.dropIntent(this.sql, intent.id));
      return market.ok ? fail(400, "position_not_found") : market;
    }
    const accepted = market.data;
    const done = this.atomically(() => positions.completeOpen(this.sql, intent, accepted, Date.now(), this.streaming()));
    if (done.ok || done.message !== "insufficient_game_wallet_balance") return done;
    await marketStub(this.env, intent.pair).cancelPosition(intent.pair, intent.id);
    this.ctx.storage.transactionSync(() => positions.voidIntent(this.sql, intent.id));
    return done;
  }

  /** Intents whose request never came back (a crash): completed from what the market recorded, or dropped. */
  private async recoverIntents(): Promise<void> {
    for (const intent of positions.staleIntents(this.sql, new Date(Date.now() - INTENT_STALE_MS).toISOString())) {
      if (this.opening?.key === intent.request_key) continue;
      try {
        const found = await marketStub(this.env, intent.pair).findPosition(intent.pair, intent.id);
        // A retry with the intent's key may have begun while the market answered: its own call to
        // the market decides (dropping the intent now could leave what it opens there without us).
        if (this.opening?.key === intent.request_key) continue;
        await this.finishOpen(intent, found);
      } catch (error) {
        console.error(`positions: recovering intent ${intent.id} failed`, error);
      }
    }
  }

  positions(proof: SessionProof, q: money.PageQuery & { status: "open" | "closed" }, mode: AccountMode = "real"): Result<money.Page<Position>> {
    return this.asMember(proof, () => ok(positions.listPositions(this.sql, q, mode)));
  }

  /** A position the member may act on in this mode: open (or closed, answered as it is); another mode's is not found. */
  private actionable(id: string, mode: AccountMode): Result<positions.PositionRow> {
    const row = positions.positionInMode(this.sql, id, mode);
    if (!row || row.status === "void") return fail(400, "position_not_found");
    if (row.status === "opening") return fail(400, "position_in_progress");
    return ok(row);
  }

  /** Applies a close the market answered with, and answers the position as it is after it. */
  private closedBy(close: MarketClose): Result<Position> {
    this.atomically(() => {
      positions.applyClose(this.sql, close, Date.now(), this.streaming());
      return ok(null);
    });
    return ok(positions.toPosition(positions.positionRow(this.sql, close.positionId)!));
  }

  /**
   * Closes at the market's price. The market decides (one call at a time there): if a trigger
   * closed the position first, its close is the answer, applied here once either way.
   */
  async closePosition(proof: SessionProof, id: string, mode: AccountMode = "real"): Promise<Result<Position>> {
    return this.asMember(proof, async () => {
      const row = this.actionable(id, mode);
      if (!row.ok) return row;
      if (row.data.status === "closed") return ok(positions.toPosition(row.data));
      const close = await marketStub(this.env, row.data.pair).closePosition(row.data.pair, id, row.data.mode === "practice");
      if (!close.ok) return close;
      return this.closedBy(close.data);
    });
  }

  /** New take-profit and stop-loss: the market checks them against its price and keeps them as triggers first. */
  async setPositionTriggers(proof: SessionProof, id: string, body: PositionTriggersBody, mode: AccountMode = "real"): Promise<Result<Position>> {
    const run = () =>
      this.asMember(proof, async () => {
        const row = this.actionable(id, mode);
        if (!row.ok) return row;
        if (row.data.status === "closed") return ok(positions.toPosition(row.data));
        const set = await marketStub(this.env, row.data.pair).setTriggers(
          row.data.pair,
          id,
          body.takeProfit,
          body.stopLoss,
          row.data.mode === "practice",
        );
        if (!set.ok) return set;
        if (set.data.close) return this.closedBy(set.data.close);
        return this.atomically(() => positions.storeTriggers(this.sql, id, body.takeProfit, body.stopLoss, this.streaming()));
      });
    const next = this.triggerQueue.then(run, run);
    this.triggerQueue = next.catch(() => undefined);
    return next;
  }

  /**
   * The market's outbox: closes its ticks (or the member) decided. Each is applied once; the
   * answer lists the ones the market may forget (applied now, or nothing left to do), and leaves
   * out closes of an open still being completed, which the market delivers again.
   */
  applyCloses(siteId: string, closes: MarketClose[]): string[] {
    const profile = this.profile();
    if (!profile || profile.site_id !== siteId) return closes.map((c) => c.positionId);
    const acked: string[] = [];
    this.ctx.storage.transactionSync(() => {
      for (const close of closes) {
        if (positions.applyClose(this.sql, close, Date.now(), this.streaming()) !== "later") acked.push(close.positionId);
      }
    });
    this.scheduleAlarm();
    return acked;
  }

  /** Invariant: the positions account holds exactly the open positions' margins. Read by the tests. */
  checkPositions(mode: AccountMode = "real"): { held: number; openMargin: number } {
    const account = practice.accountsOf(mode, "").positions;
    const held = this.sql.exec<{ b: number }>("SELECT COALESCE(MAX(balance), 0) AS b FROM balances WHERE account = ?", account).one().b;
    return { held, openMargin: positions.openMargin(this.sql, mode) };
  }

  // the member's live stream ---------------------------------------------------------------------

  /**
   * `GET /player/stream?listenKey=…`, forwarded by the worker with the key's id and hash. The
   * socket is tagged with the session that asked for the key, so that session's sign-out closes it.
   * At most CLIENT_LIMITS.streamsPerMember are open at once, counted from the sockets this object
   * holds (streams of sessions that ended are closed first and do not count).
   */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("expected a WebSocket", { status: 426 });
    const siteId = request.headers.get("X-Site-Id") ?? "";
    const keyId = request.headers.get("X-Listen-Key-Id") ?? "";
    const keyHash = request.headers.get("X-Listen-Key-Hash") ?? "";
    if (!this.checkListenKey(siteId, keyId, keyHash)) {
      return Response.json({ statusCode: 402, message: "invalid_permission" }, { status: 402 });
    }
    const session = this.sql
      .exec<{ session_id: string }>("SELECT session_id FROM listen_key_sessions WHERE key_id = ?", keyId)
      .toArray()[0]?.session_id;
    this.closeEndedStreams();
    if (openSockets(this.ctx.getWebSockets()) >= CLIENT_LIMITS.streamsPerMember) {
      return Response.json({ statusCode: 429, message: "too_many_streams" }, { status: 429 });
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, session ? [`session:${session}`] : []);
    return new Response(null, { status: 101, webSocket: client });
  }

  webSocketMessage(): void {
    // One-way: the member's events flow out; nothing sent in changes anything.
  }

  webSocketClose(ws: WebSocket, code: number): void {
    answerClose(ws, code);
  }

  /**
   * Whether the member has a live stream open. Events are written only then: the stream shows
   * changes from the moment it opens (what came before is in the page's data and the ticket poll).
   */
  private streaming(): boolean {
    return this.ctx.getWebSockets().length > 0;
  }

  /** Closes the streams whose session is no longer live (one that expired: a sign-out closes its own at once). */
  private closeEndedStreams(): void {
    const now = new Date();
    for (const ws of this.ctx.getWebSockets()) {
      const tag = this.ctx.getTags(ws).find((t) => t.startsWith("session:"));
      if (!tag) continue;
      const row = this.sql.exec<SessionRow>("SELECT expires_at, revoked_at FROM sessions WHERE id = ?", tag.slice("session:".length)).toArray()[0];
      if (row && isSessionLive(row, now)) continue;
      try {
        ws.close(4001, "session ended");
      } catch {
        // already closed
      }
    }
  }

  /** A session ended: its sockets close (every socket when `sessionId` is null). */
  private closeSockets(sessionId: string | null): void {
    const sockets = sessionId === null ? this.ctx.getWebSockets() : this.ctx.getWebSockets(`session:${sessionId}`);
    for (const ws of sockets) {
      try {
        ws.close(4001, "session ended");
      } catch {
        // already closed
      }
    }
  }

  /** How many stream events were ever written (pushed and deleted ones too). Read by the tests. */
  streamEventsWritten(): number {
    return this.sql.exec<{ n: number }>("SELECT COALESCE(MAX(seq), 0) AS n FROM sqlite_sequence WHERE name = 'stream_outbox'").one().n;
  }

  /** Pushes the queued stream events to the member's sockets, then forgets them (at most once: a live view). */
  protected async deliverStream(profile: ProfileRow): Promise<void> {
    const rows = this.sql.exec<{ seq: number; payload: string }>("SELECT seq, payload FROM stream_outbox ORDER BY seq LIMIT 200").toArray();
    if (rows.length === 0) return;
    // a session that expired since its stream opened gets no more events
    this.closeEndedStreams();
    const sockets = this.ctx.getWebSockets().filter((ws) => ws.readyState === WebSocket.OPEN);
    if (sockets.length > 0) {
      const config = await siteStub(this.env, profile.site_id).getConfig();
      let wallets: Wallets | null = null;
      for (const row of rows) {
        const event = JSON.parse(row.payload) as { type: "order"; order: Order } | { type: "position"; position: Position } | { type: "balance" };
        let out: MemberStreamEvent;
        if (event.type === "balance") {
          wallets ??= this.walletsOf(profile, config?.games ?? []);
          out = { type: "balance", wallets };
        } else out = event;
        const message = JSON.stringify(out);
        for (const ws of sockets) {
          try {
            ws.send(message);
          } catch {
            // a socket closing right now
          }
        }
      }
    }
    this.sql.exec("DELETE FROM stream_outbox WHERE seq <= ?", rows[rows.length - 1]!.seq);
  }

  // outbox and alarm ---------------------------------------------------------------------------

  /**
   * One alarm serves everything that happens after a commit; its time is computed from the
   * stored state alone, so it is right whoever sets it: at once for undelivered outbox or stream
   * rows (with backoff after failed deliveries), else when the next open bet's period ends.
   */
  private scheduleAlarm(retryAt: number | null = null): void {
    const now = Date.now();
    const times: number[] = [];
    if (retryAt !== null) times.push(retryAt);
    const outbox = this.sql.exec<{ attempts: number | null }>("SELECT MAX(attempts) AS attempts FROM outbox").one().attempts;
    if (outbox !== null) times.push(now + (outbox === 0 ? 0 : Math.min(500 * 2 ** (outbox - 1), 300_000)));
    if (this.sql.exec("SELECT 1 FROM stream_outbox LIMIT 1").toArray().length > 0) times.push(now);
    const settle = game.nextSettlement(this.sql);
    // The market hands the result over right after the end (applyResult); the alarm asks only if
    // nothing came by then, so a member's bets settle even when that delivery fails.
    if (settle !== null) times.push(Math.max(now, settle + SETTLE_FALLBACK_MS));
    // the end of a rebate period with bets (plus REBATE_DELAY_MS, so its last bets are settled)
    const rebate = rebates.nextRebateDue(this.sql);
    if (rebate !== null) times.push(Math.max(now, rebate));
    // an open whose request never came back (member/positions.ts)
    const intent = positions.nextIntentCheck(this.sql, INTENT_STALE_MS);
    if (intent !== null) times.push(Math.max(now, intent));
    if (times.length > 0) void this.ctx.storage.setAlarm(Math.min(...times));
  }

  /**
   * Settles ended periods, then delivers the outbox to the site's operator queue (oldest first;
   * the site keeps the highest version per item, so a re-delivery changes nothing; a failure
   * stays and is retried with backoff), then pushes stream events. Alarms run at least once and
   * may re-run: every step is idempotent.
   */
  async alarm(): Promise<void> {
    const profile = this.profile();
    if (!profile) return;
    const retryAt = await this.settleDue();
    await this.recoverIntents();
    try {
      await this.creditRebates(profile.site_id);
    } catch (error) {
      // the due rows stay: scheduleAlarm below brings the alarm back for them
      console.error("rebates: crediting failed", error);
      this.sql.exec("UPDATE rebate_due SET due_at = ? WHERE due_at <= ?", Date.now() + 5_000, Date.now());
    }
    const site = siteStub(this.env, profile.site_id);
    const rows = this.sql.exec<money.OutboxRow>("SELECT * FROM outbox ORDER BY seq LIMIT 100").toArray();
    for (const row of rows) {
      try {
        if (row.kind === "audit") await site.appendAudit(JSON.parse(row.payload) as AuditEntry);
        else if (row.kind === "file_delete") await this.env.UPLOADS.delete(row.payload);
        else await site.enqueue(money.outboxEntry({ ...row, kind: row.kind }, profile.member_id));
        this.sql.exec("DELETE FROM outbox WHERE seq = ?", row.seq);
      } catch (error) {
        this.sql.exec("UPDATE outbox SET attempts = attempts + 1 WHERE seq = ?", row.seq);
        console.error(`outbox: delivery of ${row.kind} ${row.item_id} failed`, error);
        // Later rows may be newer states of the same item; keep the order, try again later.
        break;
      }
    }
    try {
      await this.deliverStream(profile);
    } catch (error) {
      console.error("stream: push failed", error);
    }
    this.scheduleAlarm(retryAt);
  }
}
