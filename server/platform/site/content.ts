import type { z } from "zod";
import type { campaign, instruction, LocaleId, pressItem } from "../../contract";
import { newId } from "../auth/token";

/**
 * Published content of a site, per language. Publishing is an upsert on a natural key
 * (press: lang + path, campaign: lang + title, instruction: lang + type + title) so an operator
 * can correct an item by publishing it again, and seeding twice changes nothing.
 */

export type PressItem = z.infer<typeof pressItem>;
export type Campaign = z.infer<typeof campaign>;
export type Instruction = z.infer<typeof instruction>;

export type PressInput = Omit<PressItem, "id" | "publishedAt"> & { lang: LocaleId };
export type CampaignInput = Omit<Campaign, "id"> & { lang: LocaleId };
export type InstructionInput = Omit<Instruction, "id"> & { lang: LocaleId };

type PressRow = {
  id: string;
  kind: string;
  path: string;
  title: string;
  summary: string;
  content: string;
  published_at: string;
};

const toPress = (r: PressRow): PressItem => ({
  id: r.id,
  kind: r.kind as PressItem["kind"],
  path: r.path,
  title: r.title,
  summary: r.summary,
  content: r.content,
  publishedAt: r.published_at,
});

export function publishPress(sql: SqlStorage, input: PressInput, now: string): PressItem {
  const id = newId();
  // An item without a path still gets one, so every item can be opened on its own.
  const path = input.path === "" ? id : input.path;
  sql.exec(
    `INSERT INTO press (id, lang, kind, path, title, summary, content, published_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (lang, path) DO UPDATE SET
       kind = excluded.kind, title = excluded.title, summary = excluded.summary, content = excluded.content`,
    id,
    input.lang,
    input.kind,
    path,
    input.title,
    input.summary,
    input.content,
    now,
  );
  return toPress(sql.exec<PressRow>("SELECT * FROM press WHERE lang = ? AND path = ?", input.lang, path).one());
}

export function listPress(sql: SqlStorage, lang: LocaleId, path?: string): PressItem[] {
  const rows =
    path === undefined
      ? sql.exec<PressRow>("SELECT * FROM press WHERE lang = ? ORDER BY published_at DESC, rowid DESC", lang)
      : sql.exec<PressRow>("SELECT * FROM press WHERE lang = ? AND path = ?", lang, path);
  return rows.toArray().map(toPress);
}

type CampaignRow = {
  id: string;
  title: string;
  summary: string;
  content: string;
  starts_at: string;
  ends_at: string | null;
};

const toCampaign = (r: CampaignRow): Campaign => ({
  id: r.id,
  title: r.title,
  summary: r.summary,
  content: r.content,
  startsAt: r.starts_at,
  endsAt: r.ends_at,
});

export function publishCampaign(sql: SqlStorage, input: CampaignInput): Campaign {
  sql.exec(
    `INSERT INTO campaigns (id, lang, title, summary, content, starts_at, ends_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (lang, title) DO UPDATE SET
       summary = excluded.summary, content = excluded.content,
       starts_at = excluded.starts_at, ends_at = excluded.ends_at`,
    newId(),
    input.lang,
    input.title,
    input.summary,
    input.content,
    // Stored in one ISO form so that "not ended yet" can compare strings.
    new Date(input.startsAt).toISOString(),
    input.endsAt === null ? null : new Date(input.endsAt).toISOString(),
  );
  return toCampaign(
    sql.exec<CampaignRow>("SELECT * FROM campaigns WHERE lang = ? AND title = ?", input.lang, input.title).one(),
  );
}

/** Campaigns that have not ended yet, the latest start first. */
export function listCampaigns(sql: SqlStorage, lang: LocaleId, now: string): Campaign[] {
  return sql
    .exec<CampaignRow>(
      "SELECT * FROM campaigns WHERE lang = ? AND (ends_at IS NULL OR ends_at > ?) ORDER BY starts_at DESC, rowid DESC",
      lang,
      now,
    )
    .toArray()
    .map(toCampaign);
}

export function publishInstruction(sql: SqlStorage, input: InstructionInput): Instruction {
  // The id is made once, on the first publish; a re-publish of the same lang + type + title keeps it.
  sql.exec(
    `INSERT INTO instructions (id, lang, type, title, content) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (lang, type, title) DO UPDATE SET content = excluded.content`,
    newId(),
    input.lang,
    input.type,
    input.title,
    input.content,
  );
  return sql
    .exec<Instruction>(
      "SELECT id, type, title, content FROM instructions WHERE lang = ? AND type = ? AND title = ?",
      input.lang,
      input.type,
      input.title,
    )
    .one();
}

export function listInstructions(sql: SqlStorage, lang: LocaleId, type: string): Instruction[] {
  return sql
    .exec<Instruction>("SELECT id, type, title, content FROM instructions WHERE lang = ? AND type = ? ORDER BY rowid", lang, type)
    .toArray();
}

export type ContentKind = "press" | "campaign" | "instruction";
const CONTENT_TABLES: Record<ContentKind, string> = { press: "press", campaign: "campaigns", instruction: "instructions" };

/**
 * Retiring deletes the item: members only ever see what is published now, and an operator who
 * wants it back publishes it again. Ids are per language, so one language's item goes at a time.
 */
export function retire(sql: SqlStorage, kind: ContentKind, id: string): boolean {
  return sql.exec(`DELETE FROM ${CONTENT_TABLES[kind]} WHERE id = ? RETURNING id`, id).toArray().length > 0;
}
