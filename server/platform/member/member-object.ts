import { DurableObject } from "cloudflare:workers";
import type { PlayerInfo, SiteInfo, Wallets } from "../../contract";
import { verifyPassword } from "../auth/password";
import { encodeCredential, hashSecret, newId, newSecret, type SessionProof } from "../auth/token";
import { constantTimeEqual, utf8 } from "../crypto";
import type { Env } from "../env";
import { fail, ok, type Result } from "../result";
import { gameWallet, MAIN_WALLET, MEMBER_SCHEMA } from "./schema";
import { expiryFrom, isSessionLive, LISTEN_KEY_MS, SESSION_MS, type SessionRow } from "./session";

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

type WalletRow = { wallet: string; balance: number; on_hold: number };

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

/**
 * One member: profile, credentials, sessions and money. A member's requests are serialised by
 * the object, so balance changes need no locks; every check that follows an await is redone.
 */
export class MemberObject extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    for (const statement of MEMBER_SCHEMA) this.sql.exec(statement);
  }

  private profile(): ProfileRow | undefined {
    return this.sql.exec<ProfileRow>("SELECT * FROM profile WHERE id = 1").toArray()[0];
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
    if (!isSessionLive(session, new Date())) return sessionInvalid();
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
      // All wallets start at zero, which is also the sum of their (no) ledger entries.
      this.sql.exec("INSERT INTO wallets (wallet) VALUES (?)", MAIN_WALLET);
      for (const code of m.games) this.sql.exec("INSERT INTO wallets (wallet) VALUES (?)", gameWallet(code));
    });
    return ok(null);
  }

  async signin(siteId: string, password: string): Promise<Result<{ token: string }>> {
    const before = this.profile();
    if (!before || before.site_id !== siteId) return fail(400, "account_not_found");
    if (!(await verifyPassword(password, before.password_hash))) return fail(400, "wrong_password");
    // The password may have changed while the hash was computed; only issue against the same one.
    const profile = this.profile();
    if (!profile || profile.password_hash !== before.password_hash) return fail(400, "wrong_password");

    const now = new Date();
    const sessionId = newId();
    const secret = newSecret();
    const secretHash = await hashSecret(secret);
    this.ctx.storage.transactionSync(() => {
      this.sql.exec("DELETE FROM sessions WHERE expires_at <= ? OR revoked_at IS NOT NULL", now.toISOString());
      this.sql.exec(
        "INSERT INTO sessions (id, secret_hash, created_at, expires_at) VALUES (?, ?, ?, ?)",
        sessionId,
        secretHash,
        now.toISOString(),
        expiryFrom(now, SESSION_MS),
      );
      this.sql.exec("UPDATE profile SET last_login_at = ? WHERE id = 1", now.toISOString());
    });
    return ok({ token: encodeCredential({ siteId, memberId: profile.member_id, id: sessionId, secret }) });
  }

  verify(proof: SessionProof): Result<null> {
    const auth = this.authorize(proof);
    return auth.ok ? ok(null) : auth;
  }

  signout(proof: SessionProof): Result<null> {
    const auth = this.authorize(proof);
    if (!auth.ok) return auth;
    this.sql.exec("UPDATE sessions SET revoked_at = ? WHERE id = ?", new Date().toISOString(), proof.sessionId);
    return ok(null);
  }

  info(proof: SessionProof): Result<PlayerInfo> {
    const auth = this.authorize(proof);
    return auth.ok ? ok(toPlayerInfo(auth.data)) : auth;
  }

  updateInfo(proof: SessionProof, changes: InfoChanges): Result<PlayerInfo> {
    const auth = this.authorize(proof);
    if (!auth.ok) return auth;
    const p = auth.data;
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
  }

  async listenKey(proof: SessionProof): Promise<Result<string>> {
    const auth = this.authorize(proof);
    if (!auth.ok) return auth;
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
    });
    return ok(encodeCredential({ siteId: proof.siteId, memberId: auth.data.member_id, id, secret }));
  }

  /** Whether a listen key of this member is live: the check the live stream makes before it opens. */
  checkListenKey(siteId: string, id: string, secretHash: string): boolean {
    const profile = this.profile();
    if (!profile || profile.site_id !== siteId) return false;
    const row = this.sql
      .exec<{ secret_hash: string; expires_at: string }>("SELECT secret_hash, expires_at FROM listen_keys WHERE id = ?", id)
      .toArray()[0];
    return (
      row !== undefined &&
      constantTimeEqual(utf8(row.secret_hash), utf8(secretHash)) &&
      Date.parse(row.expires_at) > Date.now()
    );
  }

  /** The main account and a wallet per game of the site; a game without a row has nothing in it yet. */
  wallets(proof: SessionProof, games: SiteInfo["games"]): Result<Wallets> {
    const auth = this.authorize(proof);
    if (!auth.ok) return auth;
    const rows = new Map(
      this.sql.exec<WalletRow>("SELECT wallet, balance, on_hold FROM wallets").toArray().map((r) => [r.wallet, r]),
    );
    const main = rows.get(MAIN_WALLET);
    const listed = games.map((g) => ({ code: g.code, name: g.name, balance: rows.get(gameWallet(g.code))?.balance ?? 0 }));
    // Money in a game the site no longer lists stays visible, so it can still be moved out.
    const delisted = [...rows.values()]
      .filter((r) => r.wallet.startsWith("game:") && r.balance > 0)
      .map((r) => r.wallet.slice("game:".length))
      .filter((code) => !games.some((g) => g.code === code))
      .map((code) => ({ code, name: code, balance: rows.get(gameWallet(code))!.balance }));
    return ok({
      currency: auth.data.currency,
      main: { balance: main?.balance ?? 0, onHold: main?.on_hold ?? 0 },
      games: [...listed, ...delisted],
    });
  }

  /** Each wallet bucket against the sum of its ledger entries (DESIGN.md §6.2); empty when they agree. */
  ledgerMismatches(): { wallet: string; bucket: string; stored: number; ledger: number }[] {
    return this.sql
      .exec<{ wallet: string; bucket: string; stored: number; ledger: number }>(
        `SELECT w.wallet AS wallet, b.bucket AS bucket,
                CASE b.bucket WHEN 'balance' THEN w.balance ELSE w.on_hold END AS stored,
                COALESCE((SELECT SUM(e.amount) FROM ledger_entries e
                          WHERE e.wallet = w.wallet AND e.bucket = b.bucket), 0) AS ledger
         FROM wallets w CROSS JOIN (SELECT 'balance' AS bucket UNION ALL SELECT 'on_hold') b`,
      )
      .toArray()
      .filter((r) => r.stored !== r.ledger);
  }
}
