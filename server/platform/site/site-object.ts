import { DurableObject } from "cloudflare:workers";
import {
  textLanguage,
  theme as themeSchema,
  type AuditEntry,
  type DepositAddressPool,
  type DepositAddressView,
  type CampaignRule,
  type ContentEntry,
  type IconSize,
  type MemberLookupQuery,
  type SiteConfigPatch,
  type SiteInfo,
  type smsLogEntry,
} from "../../contract";
import type { LocaleId } from "#rules/locales";
import { MOBILE_AREA_CODES, mobileCandidates } from "#rules/mobile";
import type { z } from "zod";
import {
  appendAudit,
  AUDIT_SCHEMA,
  auditBetween,
  listAudit,
  memberAudit,
  migrateAudit,
  type AuditQuery,
} from "../audit";
import { bookmarkFor, restartOn } from "../pitr";
import { appendAll, auditOfDay } from "./audit-archive";
import { readMirrors, writeMirrors, type CarriedState } from "./carry-over";
import { nextDailyRun, runDaily, type DailyRun } from "./daily";
import type { Env } from "../env";
import * as clientLimits from "../client-limits";
import { LIMIT_SCHEMA } from "../limits";
import { SIGNIN_SCHEMA, type SigninCaller } from "../signin-limits";
import type { QueueEntry, QueueKind } from "../money/queue";
import { fail, ok, type Failure, type Result } from "../result";
import { mergeSiteConfig } from "./config";
import * as content from "./content";
import { defaultSiteConfig } from "./defaults";
import * as directory from "./directory";
import { migrateSite, SITE_SCHEMA } from "./schema";
import { offeredContractSettings, offeredSettingsNote, type StoredContractSettings } from "./fee-share";
import * as pool from "./address-pool";
import * as hd from "./hd-addresses";
import { forgotRequest } from "./forgot-requests";
import * as queue from "./operator-queue";
import * as signin from "./signin";
import type { SigninBegun } from "./signin";
import * as links from "./links";
import type { LinkedBreak } from "../member/linked-breaks";
import * as sms from "./sms-log";
import type { SmsLogInput } from "./sms-log";
import { log } from "../../log/log";

type ConfigRow = { site_id: string; config: string; chat_link: string };
type SmsLogEntry = z.infer<typeof smsLogEntry>;

type SiteConfig = Omit<SiteInfo, "siteId">;

/** The siteId names the object and has a column of its own; the JSON holds the rest. */
const configOf = ({ siteId: _siteId, ...config }: SiteInfo): SiteConfig => config;

/**
 * One site (one per siteId): configuration, published content and the account directory.
 * Every method is synchronous SQL, so calls to one site never interleave; the slow work of
 * sign-up and sign-in (password hashing) happens outside this object.
 */
export class SiteObject extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  /** once per activation: settings stored before the fee share that break it are logged when first read */
  private storedSettingsNoted = false;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    for (const statement of [
      ...SITE_SCHEMA,
      ...pool.POOL_SCHEMA,
      ...hd.HD_SCHEMA,
      ...LIMIT_SCHEMA,
      ...SIGNIN_SCHEMA,
      ...AUDIT_SCHEMA,
      ...links.LINKS_SCHEMA,
    ])
      this.sql.exec(statement);
    ctx.storage.transactionSync(() => {
      migrateSite(this.sql);
      migrateAudit(this.sql);
    });
    // a site made before the daily alarm gets it on its first start
    if (this.row()) void ctx.blockConcurrencyWhile(() => this.scheduleDaily());
  }

  /** GET /healthz (health.ts): the namespace reaches an instance, which answers. */
  ping(): "ok" {
    return "ok";
  }

  private row(): ConfigRow | undefined {
    return this.sql.exec<ConfigRow>("SELECT site_id, config, chat_link FROM site_config WHERE id = 1").toArray()[0];
  }

  /**
   * null until an operator has created the site. Stored over the defaults, so a field added to
   * the contract later has its default value on sites created before it; contract settings stored
   * before the fee share are offered within it (fee-share.ts), and a theme stored before its
   * design parts reads as their defaults (server/contract/theme-design.ts).
   */
  getConfig(): SiteInfo | null {
    const row = this.row();
    if (!row) return null;
    const config = {
      ...defaultSiteConfig(row.site_id),
      ...(JSON.parse(row.config) as Partial<SiteConfig>),
      siteId: row.site_id,
    };
    const stored = config.contractSettings as StoredContractSettings;
    const offered = offeredContractSettings(stored, config.pairs);
    if (!this.storedSettingsNoted) {
      this.storedSettingsNoted = true;
      const note = offeredSettingsNote(row.site_id, stored, offered);
      if (note) log("warn", "stored settings break the fee share", { siteId: row.site_id, note });
    }
    const theme = themeSchema.safeParse(config.theme);
    return { ...config, contractSettings: offered.settings, theme: theme.success ? theme.data : config.theme };
  }

  putConfig(siteId: string, patch: SiteConfigPatch): Result<SiteInfo> {
    const current = configOf(this.getConfig() ?? { ...defaultSiteConfig(siteId), siteId });
    const result = mergeSiteConfig(siteId, current, patch);
    // only the contrast refusal's lines go back to the operator: the other codes say enough
    if (!result.ok)
      return { ok: false, statusCode: 400, message: result.code, ...(result.data ? { data: result.data } : {}) };
    const merged = result.site;
    const now = new Date().toISOString();
    this.sql.exec(
      `INSERT INTO site_config (id, site_id, config, created_at, updated_at) VALUES (1, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET config = excluded.config, updated_at = excluded.updated_at`,
      siteId,
      JSON.stringify(configOf(merged)),
      now,
      now,
    );
    void this.scheduleDaily();
    return ok(merged);
  }

  /** Stores (replaces) a home-screen icon; the handler has checked it is a PNG of this size. */
  putIcon(size: IconSize, png: ArrayBuffer): Result<null> {
    if (!this.row()) return fail(400, "invalid_site");
    this.sql.exec(
      "INSERT INTO site_icons (size, png, updated_at) VALUES (?, ?, ?) ON CONFLICT (size) DO UPDATE SET png = excluded.png, updated_at = excluded.updated_at",
      size,
      png,
      new Date().toISOString(),
    );
    return ok(null);
  }

  /** The uploaded icon of a size, or null when the operator has uploaded none. */
  getIcon(size: IconSize): ArrayBuffer | null {
    return (
      this.sql.exec<{ png: ArrayBuffer }>("SELECT png FROM site_icons WHERE size = ?", size).toArray()[0]?.png ?? null
    );
  }

  /**
   * Whether a sign-up from `address` would be refused by the per-network limits now, asked before
   * the passwords are hashed, so a flood past the limit costs no PBKDF2. Only a hint: the count
   * that decides is taken again in `registerAccount`'s transaction.
   */
  signupRefusal(address: string | null): Failure | null {
    const network = clientLimits.clientNetwork(address);
    return this.ctx.storage.transactionSync(() => clientLimits.signupRefusal(this.sql, network, Date.now()));
  }

  /**
   * A new account, limited per client network (client-limits.ts): accounts created an hour, and
   * answers about a mobile number an hour. Checked and counted in the transaction that adds the
   * account, so parallel sign-ups cannot all pass. Every answer that compared the number counts
   * as a check: `mobile_registered`, and an account created with it.
   */
  registerAccount(account: directory.NewAccount, address: string | null = null): Result<{ inviteCode: string }> {
    if (!this.row()) return fail(400, "invalid_site");
    const at = Date.now();
    const now = new Date(at).toISOString();
    const network = clientLimits.clientNetwork(address);
    return this.ctx.storage.transactionSync(() => {
      const refused = clientLimits.signupRefusal(this.sql, network, at);
      if (refused) return refused;
      const added = directory.addAccount(this.sql, account, now);
      // a sign-up without a mobile compared no number
      const compared = account.mobile !== "" && added.ok;
      if (compared || (!added.ok && added.message === "mobile_registered"))
        clientLimits.countMobileCheck(this.sql, network, at);
      if (added.ok) clientLimits.countSignup(this.sql, network, at);
      return added;
    });
  }

  /** Undo a registration whose member object could not be created. */
  unregisterAccount(memberId: string): void {
    directory.removeAccount(this.sql, memberId);
  }

  /**
   * The site's half of a sign-in, before the password is verified (./signin.ts). The attempt is
   * counted as pending, so concurrent guesses cannot all pass; `endSignin` settles it. A refusal
   * counts against nothing.
   */
  beginSignin(caller: SigninCaller): Result<SigninBegun> | { ok: false; verify: true } {
    if (!this.row()) return fail(400, "invalid_site");
    const now = Date.now();
    return this.ctx.storage.transactionSync(() => signin.beginSignin(this.sql, caller, now));
  }

  /** Settles a sign-in's attempt (./signin.ts): a failure counts, may lock, and is logged. */
  endSignin(
    begun: SigninBegun,
    caller: SigninCaller,
    address: string | null,
    succeeded: boolean,
    newDevice: string | null,
  ): void {
    const now = Date.now();
    this.ctx.storage.transactionSync(() =>
      signin.endSignin(this.sql, begun, caller, address, succeeded, newDevice, now),
    );
  }

  findMemberId(account: string): string | null {
    return directory.findMemberId(this.sql, account);
  }

  /**
   * Support's lookup (operatorFindMember): the member of an account, of a mobile number, or of an
   * id, if they are this site's; a national number two area codes share is refused.
   */
  findMember(q: MemberLookupQuery): Result<string> {
    if (q.account !== undefined) {
      const id = directory.findMemberId(this.sql, q.account);
      return id === null ? fail(400, "account_not_found") : ok(id);
    }
    if (q.mobile !== undefined) {
      const found = directory.findMembersByNumber(this.sql, mobileCandidates(q.mobile, MOBILE_AREA_CODES));
      if (found.length > 1) return fail(400, "mobile_ambiguous");
      return found.length === 0 ? fail(400, "account_not_found") : ok(found[0]!);
    }
    const id = q.memberId ?? "";
    return directory.hasMember(this.sql, id) ? ok(id) : fail(400, "account_not_found");
  }

  /** The member of an account, only if its mobile is this one (a forgotten-password request). */
  findMemberByMobile(account: string, areaCode: string, mobile: string): string | null {
    return directory.findMemberByMobile(this.sql, account, areaCode, mobile);
  }

  /**
   * A member's new number. With the member's address, the answer counts as a check of the number
   * per network, as a sign-up's does (a member could otherwise ask about numbers by changing to
   * them); without one (the handler giving a failed change back) nothing is counted.
   */
  changeMobile(memberId: string, areaCode: string, mobile: string, address: string | null = null): Result<null> {
    const at = Date.now();
    const network = clientLimits.clientNetwork(address);
    return this.ctx.storage.transactionSync(() => {
      const refused = clientLimits.mobileCheckRefusal(this.sql, network, at);
      if (refused) return refused;
      const changed = directory.changeMobile(this.sql, memberId, areaCode, mobile);
      if (changed.ok || changed.message === "mobile_registered") clientLimits.countMobileCheck(this.sql, network, at);
      return changed;
    });
  }

  // linked sites (links.ts; decision 033) -----------------------------------------------------------

  /** The other sites of this site's group. */
  siteLinks(): string[] {
    return links.linksOf(this.sql);
  }

  /** Replaces this site's links with `group` minus itself (the operator's link and unlink calls). */
  setSiteLinks(self: string, group: string[]): string[] {
    return this.ctx.storage.transactionSync(() => links.setLinks(this.sql, self, group));
  }

  /** Keeps a break carried from a linked site (or taken here) and names the member here with its number. */
  receiveLinkedBreak(b: LinkedBreak): string | null {
    return this.ctx.storage.transactionSync(() => links.receiveBreak(this.sql, b, new Date().toISOString()));
  }

  linkedBreaksFor(number: string): LinkedBreak[] {
    return links.breaksFor(this.sql, number);
  }

  /** The breaks this site's own members took, as kept here (carried to sites linked later). */
  ownLinkedBreaks(self: string): LinkedBreak[] {
    return links.ownBreaks(this.sql, self);
  }

  getChatLink(): Result<string> {
    const row = this.row();
    return row ? ok(row.chat_link) : fail(400, "invalid_site");
  }

  setChatLink(link: string): Result<string> {
    if (!this.row()) return fail(400, "invalid_site");
    // The chat link is kept with whitespace stripped (server/contract/README.md, "Site info").
    const clean = link.replace(/\s+/g, "");
    this.sql.exec("UPDATE site_config SET chat_link = ? WHERE id = 1", clean);
    return ok(clean);
  }

  /** The language content missing in a member's falls back to: the site's text language (contract/localize.ts). */
  private fallbackLanguage(): LocaleId {
    const config = this.getConfig();
    return config ? textLanguage(config) : "en_US";
  }

  publishPress(input: content.PressInput): Result<content.PressItem> {
    if (!this.row()) return fail(400, "invalid_site");
    return ok(content.publishPress(this.sql, input, new Date().toISOString()));
  }

  listPress(lang: LocaleId, path?: string): content.PressItem[] {
    return content.listPress(this.sql, lang, this.fallbackLanguage(), path);
  }

  publishCampaign(input: content.CampaignInput): Result<content.Campaign> {
    if (!this.row()) return fail(400, "invalid_site");
    return ok(content.publishCampaign(this.sql, input));
  }

  /** Campaigns not past their end date; one the operator ended is no longer listed (its key's texts are left out). */
  listCampaigns(lang: LocaleId): content.Campaign[] {
    const now = new Date().toISOString();
    const ended = (this.getConfig()?.campaignRules ?? [])
      .filter((r) => r.endedAt !== null && Date.parse(r.endedAt) <= Date.parse(now))
      .map((r) => r.key);
    return content.listCampaigns(this.sql, lang, this.fallbackLanguage(), now, ended);
  }

  /**
   * The operator's "end campaign": `endedAt` = now, stored with the configuration; from then on it
   * credits nothing new. Ending an ended one returns it unchanged (the first end stands).
   */
  endCampaign(key: string): Result<CampaignRule> {
    const config = this.getConfig();
    if (!config) return fail(400, "invalid_site");
    const rule = config.campaignRules.find((r) => r.key === key);
    if (!rule) return fail(400, "campaign_not_found");
    if (rule.endedAt !== null) return ok(rule);
    const ended = { ...rule, endedAt: new Date().toISOString() };
    const stored = this.putConfig(config.siteId, {
      campaignRules: config.campaignRules.map((r) => (r.key === key ? ended : r)),
    });
    return stored.ok ? ok(ended) : stored;
  }

  publishInstruction(input: content.InstructionInput): Result<content.Instruction> {
    if (!this.row()) return fail(400, "invalid_site");
    return ok(content.publishInstruction(this.sql, input));
  }

  listInstructions(lang: LocaleId, type: string): content.Instruction[] {
    return content.listInstructions(this.sql, lang, this.fallbackLanguage(), type);
  }

  /** Every item of a kind in every language (the operator's list). */
  listAllContent(kind: content.ContentKind): Result<ContentEntry[]> {
    if (!this.row()) return fail(400, "invalid_site");
    return ok(content.listAll(this.sql, kind));
  }

  retireContent(kind: content.ContentKind, id: string): Result<null> {
    if (!this.row()) return fail(400, "invalid_site");
    return content.retire(this.sql, kind, id) ? ok(null) : fail(400, "invalid_parameters");
  }

  // SMS ------------------------------------------------------------------------------------------

  logSms(entry: SmsLogInput): void {
    sms.logSms(this.sql, entry);
  }

  /** Newest first; `mobile` matches the national number (09…) or the full international one. */
  smsLog(mobile?: string): SmsLogEntry[] {
    return sms.smsLog(this.sql, mobile);
  }

  /** Counts a forgotten-password request (./forgot-requests.ts); a refused one counts against nothing. */
  forgotRequest(recipient: string, account: string, address: string | null): Result<null> {
    const now = new Date();
    return this.ctx.storage.transactionSync(() => forgotRequest(this.sql, recipient, account, address, now));
  }

  // deposit addresses: the operator's pool (./address-pool.ts) or derived from the xpub (./hd-addresses.ts)

  /** The crypto option of this site whose addresses the site gives out (not one "site" address), or a refusal. */
  private poolOption(optionId: string): Result<pool.Assign> {
    const option = this.getConfig()?.depositOptions.find((o) => o.id === optionId);
    const assign = option?.kind === "crypto" ? option.crypto?.assign : undefined;
    return assign === "member" || assign === "deposit" ? ok(assign) : fail(400, "deposit_option_invalid");
  }

  /** Where the option's addresses come from and how many are out. */
  private addressCounts(optionId: string): DepositAddressPool {
    const { free, assigned } = pool.poolCounts(this.sql, optionId);
    const xpub = hd.xpubOf(this.sql, optionId);
    return {
      optionId,
      source: xpub ? "xpub" : "pool",
      xpub: xpub?.xpub ?? null,
      free,
      assigned,
      derived: xpub?.next_index ?? 0,
    };
  }

  /** Loads addresses into an option's pool (one already loaded is skipped); only an option the site gives addresses for has one. */
  addDepositAddresses(optionId: string, addresses: string[]): Result<DepositAddressPool> {
    const option = this.poolOption(optionId);
    if (!option.ok) return option;
    const now = new Date().toISOString();
    this.ctx.storage.transactionSync(() => pool.addAddresses(this.sql, optionId, addresses, now));
    return ok(this.addressCounts(optionId));
  }

  /**
   * Derives the option's addresses from the operator's account xpub from now on. Only for an option
   * with one address per member ("member"): a fresh index per request ("deposit") would leave gaps
   * no wallet scans, and that option's page tells members an address is for one deposit. A private
   * key is refused before anything is written.
   */
  setDepositXpub(optionId: string, xpub: string): Result<DepositAddressPool> {
    const option = this.poolOption(optionId);
    if (!option.ok) return option;
    if (option.data !== "member") return fail(400, "deposit_option_invalid");
    const now = new Date().toISOString();
    const set = this.ctx.storage.transactionSync(() => hd.setXpub(this.sql, optionId, xpub, now));
    return set.ok ? ok(this.addressCounts(optionId)) : set;
  }

  depositAddresses(
    optionId: string,
    query: { page: number; pageSize: number; address?: string },
  ): Result<DepositAddressView> {
    const option = this.poolOption(optionId);
    if (!option.ok) return option;
    return ok({ ...this.addressCounts(optionId), holders: hd.listHolders(this.sql, optionId, query) });
  }

  /**
   * The address a member pays a deposit on `optionId` to. A member's address never changes: one
   * they hold from the pool stays theirs. Otherwise, with an xpub, the next derived address, theirs
   * for good (even if the option is later switched to "deposit": an address once given stays
   * given); without one, the pool's: theirs for good ("member") or this request's ("deposit",
   * keyed by the request's idempotency key, so a retry gets the same one).
   */
  assignDepositAddress(optionId: string, memberId: string, idempotencyKey: string): Result<string> {
    const option = this.poolOption(optionId);
    if (!option.ok) return option;
    const now = new Date().toISOString();
    return this.ctx.storage.transactionSync(() => {
      if (hd.xpubOf(this.sql, optionId)) {
        const held = pool.heldAddress(this.sql, optionId, pool.assignKey("member", memberId, idempotencyKey));
        return held ? ok(held) : hd.assignDerived(this.sql, optionId, memberId, now);
      }
      return pool.assignAddress(
        this.sql,
        optionId,
        pool.assignKey(option.data, memberId, idempotencyKey),
        memberId,
        now,
      );
    });
  }

  // the audit log ------------------------------------------------------------------------------------

  /** An event of this site; one already logged (the outbox delivers at least once) changes nothing. */
  appendAudit(entry: AuditEntry): void {
    appendAudit(this.sql, entry);
  }

  auditLog(query: AuditQuery) {
    return listAudit(this.sql, query);
  }

  /** The newest entries about one member (customer service's view of them). */
  memberAudit(memberId: string, account: string, limit: number) {
    return memberAudit(this.sql, memberId, account, limit);
  }

  // getting data back: the daily alarm (./daily.ts), restores (../pitr.ts, ./carry-over.ts) ------

  private async scheduleDaily(): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(nextDailyRun(Date.now()));
  }

  /** The day before's files to R2, then the audit months past retention; then the next day's run. */
  async alarm(): Promise<void> {
    await this.daily(Date.now());
    await this.ctx.storage.setAlarm(nextDailyRun(Date.now()));
  }

  /** The daily run as of `nowMs` (the alarm's; the tests call it with a clock of their own). */
  async daily(nowMs: number): Promise<DailyRun | null> {
    const config = this.getConfig();
    if (!config) return null;
    return runDaily(
      this.env,
      {
        siteId: config.siteId,
        sql: this.sql,
        retentionDays: config.auditRetentionDays,
        memberIds: () => this.memberIds(),
        audit: (start, end) => this.auditOfDay(start, end),
        commit: (work) => this.ctx.storage.transactionSync(work),
      },
      nowMs,
    );
  }

  /** Every member of the directory (the daily files ask each one for its part). */
  memberIds(): string[] {
    return this.sql
      .exec<{ member_id: string }>("SELECT member_id FROM accounts ORDER BY created_at, member_id")
      .toArray()
      .map((r) => r.member_id);
  }

  /** A day's audit entries, from the table and from a month already moved to R2. */
  auditOfDay(start: string, end: string): Promise<AuditEntry[]> {
    return auditOfDay(this.sql, this.env.EXPORTS, this.row()?.site_id ?? "", start, end);
  }

  restoreBookmark(atMs: number): Promise<Result<string>> {
    return bookmarkFor(this.ctx.storage, atMs);
  }

  /** What a restore carries across: the mirrors whole, and the audit entries since a day before the point. */
  carriedState(atIso: string): { mirrors: CarriedState; audit: AuditEntry[] } {
    const since = new Date(Date.parse(atIso) - 86_400_000).toISOString();
    return { mirrors: readMirrors(this.sql), audit: auditBetween(this.sql, since, "9999").entries };
  }

  /** Restarts the object on a bookmark (the caller's stub breaks: the object aborts). */
  restoreTo(bookmark: string): Promise<Result<null>> {
    return restartOn(this.ctx, bookmark);
  }

  /** After the restart: the mirrors as they were before it, and every audit entry back. */
  carryOver(state: { mirrors: CarriedState; audit: AuditEntry[] }): void {
    this.ctx.storage.transactionSync(() => {
      writeMirrors(this.sql, state.mirrors);
      appendAll(this.sql, state.audit);
    });
  }

  /** Idempotent enqueue (./operator-queue.ts): only a higher version replaces the stored entry. */
  enqueue(entry: QueueEntry): void {
    queue.enqueue(this.sql, entry);
  }

  /** A queue's items, newest first: only those waiting for a decision unless `all`. */
  listQueue(kind: QueueKind, all: boolean): QueueEntry["item"][] {
    return queue.listQueue(this.sql, kind, all);
  }

  /** Which member an item of the queue belongs to; null when the site has no such item. */
  queueOwner(kind: QueueKind, itemId: string): string | null {
    return queue.queueOwner(this.sql, kind, itemId);
  }
}
