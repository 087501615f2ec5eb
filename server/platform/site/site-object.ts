import { DurableObject } from "cloudflare:workers";
import type { LocaleId, SiteConfigPatch, SiteInfo } from "../../contract";
import type { Env } from "../env";
import type { QueueEntry, QueueKind } from "../money/queue";
import { fail, ok, type Result } from "../result";
import { mergeSiteConfig } from "./config";
import * as content from "./content";
import { defaultSiteConfig } from "./defaults";
import * as directory from "./directory";
import { SITE_SCHEMA } from "./schema";

type ConfigRow = { site_id: string; config: string; chat_link: string };
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

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    for (const statement of SITE_SCHEMA) this.sql.exec(statement);
  }

  private row(): ConfigRow | undefined {
    return this.sql.exec<ConfigRow>("SELECT site_id, config, chat_link FROM site_config WHERE id = 1").toArray()[0];
  }

  /**
   * null until an operator has created the site. Stored over the defaults, so a field added to
   * the contract later has its default value on sites created before it.
   */
  getConfig(): SiteInfo | null {
    const row = this.row();
    if (!row) return null;
    return { ...defaultSiteConfig(row.site_id), ...(JSON.parse(row.config) as Partial<SiteConfig>), siteId: row.site_id };
  }

  putConfig(siteId: string, patch: SiteConfigPatch): Result<SiteInfo> {
    const current = configOf(this.getConfig() ?? { ...defaultSiteConfig(siteId), siteId });
    const merged = mergeSiteConfig(siteId, current, patch);
    if (!merged) return fail(400, "invalid_parameters");
    const now = new Date().toISOString();
    this.sql.exec(
      `INSERT INTO site_config (id, site_id, config, created_at, updated_at) VALUES (1, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET config = excluded.config, updated_at = excluded.updated_at`,
      siteId,
      JSON.stringify(configOf(merged)),
      now,
      now,
    );
    return ok(merged);
  }

  registerAccount(account: directory.NewAccount): Result<{ inviteCode: string }> {
    if (!this.row()) return fail(400, "invalid_site");
    const now = new Date().toISOString();
    return this.ctx.storage.transactionSync(() => directory.addAccount(this.sql, account, now));
  }

  /** Undo a registration whose member object could not be created. */
  unregisterAccount(memberId: string): void {
    directory.removeAccount(this.sql, memberId);
  }

  findMemberId(account: string): string | null {
    return directory.findMemberId(this.sql, account);
  }

  changeMobile(memberId: string, areaCode: string, mobile: string): Result<null> {
    return this.ctx.storage.transactionSync(() => directory.changeMobile(this.sql, memberId, areaCode, mobile));
  }

  getChatLink(): Result<string> {
    const row = this.row();
    return row ? ok(row.chat_link) : fail(400, "invalid_site");
  }

  setChatLink(link: string): Result<string> {
    if (!this.row()) return fail(400, "invalid_site");
    // Spec §3: the chat link is kept with whitespace stripped.
    const clean = link.replace(/\s+/g, "");
    this.sql.exec("UPDATE site_config SET chat_link = ? WHERE id = 1", clean);
    return ok(clean);
  }

  publishPress(input: content.PressInput): Result<content.PressItem> {
    if (!this.row()) return fail(400, "invalid_site");
    return ok(content.publishPress(this.sql, input, new Date().toISOString()));
  }

  listPress(lang: LocaleId, path?: string): content.PressItem[] {
    return content.listPress(this.sql, lang, path);
  }

  publishCampaign(input: content.CampaignInput): Result<content.Campaign> {
    if (!this.row()) return fail(400, "invalid_site");
    return ok(content.publishCampaign(this.sql, input));
  }

  listCampaigns(lang: LocaleId): content.Campaign[] {
    return content.listCampaigns(this.sql, lang, new Date().toISOString());
  }

  publishInstruction(input: content.InstructionInput): Result<content.Instruction> {
    if (!this.row()) return fail(400, "invalid_site");
    return ok(content.publishInstruction(this.sql, input));
  }

  listInstructions(lang: LocaleId, type: string): content.Instruction[] {
    return content.listInstructions(this.sql, lang, type);
  }

  /**
   * Idempotent enqueue (DESIGN.md §6: outbox deliveries are at least once): an entry replaces
   * the stored one only when its version is higher, so a repeat or an older state changes nothing.
   */
  enqueue(entry: QueueEntry): void {
    this.sql.exec(
      `INSERT INTO operator_queue (kind, item_id, member_id, pending, version, created_at, item)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (kind, item_id) DO UPDATE SET
         member_id = excluded.member_id, pending = excluded.pending, version = excluded.version, item = excluded.item
       WHERE excluded.version > operator_queue.version`,
      entry.kind,
      entry.itemId,
      entry.memberId,
      entry.pending ? 1 : 0,
      entry.version,
      entry.createdAt,
      JSON.stringify(entry.item),
    );
  }

  /** A queue's items, newest first: only those waiting for a decision unless `all`. */
  listQueue(kind: QueueKind, all: boolean): QueueEntry["item"][] {
    return this.sql
      .exec<{ item: string }>(
        `SELECT item FROM operator_queue WHERE kind = ? AND (? = 1 OR pending = 1) ORDER BY created_at DESC, rowid DESC LIMIT 500`,
        kind,
        all ? 1 : 0,
      )
      .toArray()
      .map((r) => JSON.parse(r.item) as QueueEntry["item"]);
  }

  /** Which member an item of the queue belongs to; null when the site has no such item. */
  queueOwner(kind: QueueKind, itemId: string): string | null {
    const row = this.sql
      .exec<{ member_id: string }>("SELECT member_id FROM operator_queue WHERE kind = ? AND item_id = ?", kind, itemId)
      .toArray()[0];
    return row?.member_id ?? null;
  }
}
