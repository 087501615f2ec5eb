import type { z } from "zod";
import type { campaign, ContentEntry, instruction, pressItem } from "../../contract";
import type { LocaleId } from "#rules/locales";
import { newId } from "../auth/token";

/**
 * Published content of a site, per language. Publishing is an upsert on a natural key
 * (press: lang + path, campaign: lang + key, else lang + title, instruction: lang + type + key,
 * else lang + type + title) so an operator can correct an item by publishing it again, and seeding
 * twice changes nothing.
 *
 * Languages (server/platform/README.md, "Content languages"): one item in several languages
 * shares its press path, or its campaign or instruction key. A member reading a language sees each
 * item in it where it exists, else in the site's default language (`fallback`); an item without a
 * key (campaigns, instructions) is one of its own: listed in its language, and in every language
 * when that is the default.
 */

export type PressItem = z.infer<typeof pressItem>;
export type Campaign = z.infer<typeof campaign>;
export type Instruction = z.infer<typeof instruction>;

export type PressInput = Omit<PressItem, "id" | "publishedAt"> & { lang: LocaleId };
export type CampaignInput = Omit<Campaign, "id" | "key"> & { lang: LocaleId; key?: string };
export type InstructionInput = Omit<Instruction, "id"> & { lang: LocaleId; key?: string };

/**
 * The rows a member reading `lang` sees, in the order given: those in `lang`, then of the others
 * (the default language's) those whose key has no row in `lang`. A null key matches nothing.
 */
function inLanguage<R extends { lang: string }>(rows: R[], lang: LocaleId, keyOf: (row: R) => string | null): R[] {
  const own = new Set(rows.filter((r) => r.lang === lang).map(keyOf));
  return rows.filter((r) => {
    if (r.lang === lang) return true;
    const key = keyOf(r);
    return key === null || !own.has(key);
  });
}

type PressRow = {
  id: string;
  lang: string;
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

/** News and announcements for a member reading `lang`: an item's path ties its languages together. */
export function listPress(sql: SqlStorage, lang: LocaleId, fallback: LocaleId, path?: string): PressItem[] {
  const rows =
    path === undefined
      ? sql.exec<PressRow>(
          "SELECT * FROM press WHERE lang IN (?, ?) ORDER BY published_at DESC, rowid DESC",
          lang,
          fallback,
        )
      : sql.exec<PressRow>("SELECT * FROM press WHERE lang IN (?, ?) AND path = ?", lang, fallback, path);
  return inLanguage(rows.toArray(), lang, (r) => r.path).map(toPress);
}

type CampaignRow = {
  id: string;
  lang: string;
  group_key: string | null;
  title: string;
  summary: string;
  content: string;
  starts_at: string;
  ends_at: string | null;
};

const toCampaign = (r: CampaignRow): Campaign => ({
  id: r.id,
  key: r.group_key,
  title: r.title,
  summary: r.summary,
  content: r.content,
  startsAt: r.starts_at,
  endsAt: r.ends_at,
});

export function publishCampaign(sql: SqlStorage, input: CampaignInput): Campaign {
  // Stored in one ISO form so that "not ended yet" can compare strings.
  const startsAt = new Date(input.startsAt).toISOString();
  const endsAt = input.endsAt === null ? null : new Date(input.endsAt).toISOString();
  const keyed =
    input.key === undefined
      ? undefined
      : sql
          .exec<{ id: string }>("SELECT id FROM campaigns WHERE lang = ? AND group_key = ?", input.lang, input.key)
          .toArray()[0];
  if (keyed) {
    // the key names the item: its title may change; another item of that title in this language gives way
    sql.exec("DELETE FROM campaigns WHERE lang = ? AND title = ? AND id <> ?", input.lang, input.title, keyed.id);
    sql.exec(
      "UPDATE campaigns SET title = ?, summary = ?, content = ?, starts_at = ?, ends_at = ? WHERE id = ?",
      input.title,
      input.summary,
      input.content,
      startsAt,
      endsAt,
      keyed.id,
    );
    return toCampaign(sql.exec<CampaignRow>("SELECT * FROM campaigns WHERE id = ?", keyed.id).one());
  }
  sql.exec(
    `INSERT INTO campaigns (id, lang, title, summary, content, starts_at, ends_at, group_key)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (lang, title) DO UPDATE SET
       summary = excluded.summary, content = excluded.content,
       starts_at = excluded.starts_at, ends_at = excluded.ends_at,
       group_key = coalesce(excluded.group_key, group_key)`,
    newId(),
    input.lang,
    input.title,
    input.summary,
    input.content,
    startsAt,
    endsAt,
    input.key ?? null,
  );
  return toCampaign(
    sql.exec<CampaignRow>("SELECT * FROM campaigns WHERE lang = ? AND title = ?", input.lang, input.title).one(),
  );
}

/**
 * Campaigns that have not ended yet for a member reading `lang`, the latest start first. `ended`:
 * keys of campaigns the operator ended (their rule's `endedAt`): their texts are no longer listed,
 * whatever end date the texts name, since the campaign no longer pays what they announce.
 */
export function listCampaigns(
  sql: SqlStorage,
  lang: LocaleId,
  fallback: LocaleId,
  now: string,
  ended: readonly string[] = [],
): Campaign[] {
  const rows = sql
    .exec<CampaignRow>(
      "SELECT * FROM campaigns WHERE lang IN (?, ?) AND (ends_at IS NULL OR ends_at > ?) ORDER BY starts_at DESC, rowid DESC",
      lang,
      fallback,
      now,
    )
    .toArray();
  const gone = new Set(ended);
  return inLanguage(
    rows.filter((r) => r.group_key === null || !gone.has(r.group_key)),
    lang,
    (r) => r.group_key,
  ).map(toCampaign);
}

type InstructionRow = Instruction & { lang: string; group_key: string | null; seq: number };
const toInstruction = (r: InstructionRow): Instruction => ({
  id: r.id,
  type: r.type,
  title: r.title,
  content: r.content,
});

export function publishInstruction(sql: SqlStorage, input: InstructionInput): Instruction {
  const keyed =
    input.key === undefined
      ? undefined
      : sql
          .exec<{ title: string }>(
            "SELECT title FROM instructions WHERE lang = ? AND type = ? AND group_key = ?",
            input.lang,
            input.type,
            input.key,
          )
          .toArray()[0];
  if (keyed) {
    // the key names the item: its title may change; another item of that title gives way
    if (keyed.title !== input.title)
      sql.exec(
        "DELETE FROM instructions WHERE lang = ? AND type = ? AND title = ?",
        input.lang,
        input.type,
        input.title,
      );
    sql.exec(
      "UPDATE instructions SET title = ?, content = ? WHERE lang = ? AND type = ? AND group_key = ?",
      input.title,
      input.content,
      input.lang,
      input.type,
      input.key,
    );
  } else {
    // The id is made once, on the first publish; a re-publish of the same lang + type + title keeps it.
    sql.exec(
      `INSERT INTO instructions (id, lang, type, title, content, group_key) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (lang, type, title) DO UPDATE SET content = excluded.content, group_key = coalesce(excluded.group_key, group_key)`,
      newId(),
      input.lang,
      input.type,
      input.title,
      input.content,
      input.key ?? null,
    );
  }
  return toInstruction(
    sql
      .exec<InstructionRow>(
        "SELECT * FROM instructions WHERE lang = ? AND type = ? AND title = ?",
        input.lang,
        input.type,
        input.title,
      )
      .one(),
  );
}

/**
 * Instructions of a type for a member reading `lang`, in the order they were first published: an
 * item's place is that of its first language's row, so a translation added later keeps it.
 */
export function listInstructions(sql: SqlStorage, lang: LocaleId, fallback: LocaleId, type: string): Instruction[] {
  const rows = sql
    .exec<InstructionRow>(
      "SELECT rowid AS seq, * FROM instructions WHERE lang IN (?, ?) AND type = ? ORDER BY rowid",
      lang,
      fallback,
      type,
    )
    .toArray();
  const first = new Map<string, number>();
  for (const r of rows) if (r.group_key !== null && !first.has(r.group_key)) first.set(r.group_key, r.seq);
  const place = (r: InstructionRow) => (r.group_key === null ? r.seq : first.get(r.group_key)!);
  return inLanguage(rows, lang, (r) => r.group_key)
    .sort((a, b) => place(a) - place(b))
    .map(toInstruction);
}

export type ContentKind = "press" | "campaign" | "instruction";
const CONTENT_TABLES: Record<ContentKind, string> = {
  press: "press",
  campaign: "campaigns",
  instruction: "instructions",
};

/**
 * Retiring deletes the item: members only ever see what is published now, and an operator who
 * wants it back publishes it again. Ids are per language, so one language's item goes at a time
 * (members reading that language then see the default language's, if there is one).
 */
export function retire(sql: SqlStorage, kind: ContentKind, id: string): boolean {
  return sql.exec(`DELETE FROM ${CONTENT_TABLES[kind]} WHERE id = ? RETURNING id`, id).toArray().length > 0;
}

/**
 * Every item of a kind in every language, for the operator's list (operatorContent): grouped by
 * key, each group's languages together, in the order the groups were first published.
 */
export function listAll(sql: SqlStorage, kind: ContentKind): ContentEntry[] {
  const rows = sql
    .exec<Record<string, string | null>>(`SELECT * FROM ${CONTENT_TABLES[kind]} ORDER BY rowid`)
    .toArray();
  const entries = rows.map((r): ContentEntry => ({
    id: r.id!,
    lang: r.lang as LocaleId,
    key: kind === "press" ? r.path! : (r.group_key ?? null),
    type: kind === "press" ? r.kind! : kind === "instruction" ? r.type! : "campaign",
    title: r.title!,
    summary: r.summary ?? "",
    content: r.content!,
    startsAt: kind === "campaign" ? r.starts_at! : null,
    endsAt: kind === "campaign" ? (r.ends_at ?? null) : null,
  }));
  const first = new Map<string, number>();
  entries.forEach((e, i) => {
    const group = e.key ?? e.id;
    if (!first.has(group)) first.set(group, i);
  });
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => first.get(a.e.key ?? a.e.id)! - first.get(b.e.key ?? b.e.id)! || a.i - b.i)
    .map(({ e }) => e);
}
