import { LOCALES, toLocale, toLocaleId, type Locale } from "../../i18n";
import type { ContentEntry } from "../../../server/contract";
import type { LocaleId } from "#rules/locales";
import { hasNoControlCharacters } from "#rules/text";

/**
 * The content editor's kinds (the CLI's publish-campaign, publish-press, publish-instruction and
 * put-site's terms): each written in the four languages side by side, one item per key.
 */
export const CONTENT_KINDS = ["campaign", "news", "help", "terms"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export const contentKindOf = (value: string | null): ContentKind =>
  (CONTENT_KINDS as readonly string[]).includes(value ?? "") ? (value as ContentKind) : "campaign";

/** Which texts a kind has per language (terms additions are one text). */
export const KIND_TEXTS: Record<ContentKind, readonly ("title" | "summary" | "content")[]> = {
  campaign: ["title", "summary", "content"],
  news: ["title", "summary", "content"],
  help: ["title", "content"],
  terms: ["content"],
};

/** The contract's limits of each text (operatorPublish* bodies; site info's terms). */
export const TEXT_MAX = { title: 200, summary: 1000, content: 20_000 } as const;
const KEY = /^[A-Za-z0-9_-]{1,100}$/;

export interface LanguageTexts {
  title: string;
  summary: string;
  content: string;
}

export type ContentError =
  "key" | "starts" | "ends" | "empty" | "incomplete" | "too_long" | "control" | "text_language";

export interface ContentValues {
  kind: ContentKind;
  key: string;
  startsAt: string;
  endsAt: string;
  newsKind: "news" | "announcement";
  texts: Record<Locale, LanguageTexts>;
}

export type ContentDraft =
  | {
      ok: true;
      values: ContentValues;
      languages: { lang: LocaleId; locale: Locale; texts: LanguageTexts }[];
      startsAt: string;
      endsAt: string | null;
    }
  | { ok: false; values: ContentValues; errors: ContentError[]; languages: Locale[] };

/** datetime-local ("2026-12-01T09:00") read as UTC, as the hint says; "" → null. */
function utcOf(value: string): string | null | undefined {
  if (value === "") return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return undefined;
  const ms = Date.parse(`${value}:00Z`);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

export function emptyTexts(): Record<Locale, LanguageTexts> {
  return Object.fromEntries(LOCALES.map((l) => [l, { title: "", summary: "", content: "" }])) as Record<
    Locale,
    LanguageTexts
  >;
}

/**
 * A submitted editor: the languages written (a language left blank is not published: members
 * reading it see the site's text language), each complete, within the contract's limits, the site's
 * text language among them, and the key and dates the kind needs. On any error nothing is sent.
 */
export function contentDraftOf(form: FormData, kind: ContentKind, textLocale: Locale): ContentDraft {
  // a textarea sends "\r\n": the platform keeps "\n" (server/rules/text.ts)
  const str = (name: string) =>
    String(form.get(name) ?? "")
      .replace(/\r\n?/g, "\n")
      .trim();
  const values: ContentValues = {
    kind,
    key: str("key"),
    startsAt: str("startsAt"),
    endsAt: str("endsAt"),
    newsKind: str("newsKind") === "announcement" ? "announcement" : "news",
    texts: emptyTexts(),
  };
  const errors = new Set<ContentError>();
  const bad: Locale[] = [];
  const written: { lang: LocaleId; locale: Locale; texts: LanguageTexts }[] = [];
  for (const locale of LOCALES) {
    const texts = values.texts[locale];
    for (const part of KIND_TEXTS[kind]) texts[part] = str(`${part}.${locale}`);
    const filled = KIND_TEXTS[kind].filter((part) => texts[part] !== "");
    if (filled.length === 0) continue;
    const required = kind === "terms" ? ["content"] : ["title", "content"];
    if (!required.every((part) => texts[part as keyof LanguageTexts] !== "")) {
      errors.add("incomplete");
      bad.push(locale);
    } else if (KIND_TEXTS[kind].some((part) => texts[part].length > TEXT_MAX[part])) {
      errors.add("too_long");
      bad.push(locale);
    } else if (!KIND_TEXTS[kind].every((part) => hasNoControlCharacters(texts[part]))) {
      errors.add("control");
      bad.push(locale);
    }
    written.push({ lang: toLocaleId(locale), locale, texts });
  }
  if (written.length === 0 && kind !== "terms") errors.add("empty");
  else if (kind !== "terms" && !written.some((w) => w.locale === textLocale)) errors.add("text_language");
  if (kind !== "terms" && !KEY.test(values.key)) errors.add("key");
  const startsAt = utcOf(values.startsAt);
  const endsAt = utcOf(values.endsAt);
  if (kind === "campaign") {
    if (!startsAt) errors.add("starts");
    if (endsAt === undefined || (endsAt && startsAt && endsAt <= startsAt)) errors.add("ends");
  }
  if (errors.size > 0) return { ok: false, values, errors: [...errors], languages: bad };
  return {
    ok: true,
    values,
    languages: written,
    startsAt: startsAt ?? new Date(0).toISOString(),
    endsAt: endsAt ?? null,
  };
}

/** The platform's name of each kind's content (operatorContent, operatorRetireContent). */
export const PLATFORM_KIND = { campaign: "campaign", news: "press", help: "instruction" } as const;
export type ListedKind = keyof typeof PLATFORM_KIND;

/** One published item of the list: its key and, per language written, the id retire takes. */
export interface PublishedItem {
  key: string;
  title: string;
  languages: { id: string; locale: Locale }[];
}

/** A kind's published entries as the list shows them: one item per key (or per id without one). */
export function publishedItems(kind: ListedKind, entries: readonly ContentEntry[]): PublishedItem[] {
  const items = new Map<string, PublishedItem>();
  for (const e of entries) {
    if (kind === "help" && e.type !== "help") continue;
    const locale = toLocale(e.lang);
    if (!locale) continue;
    const key = e.key ?? e.id;
    const item = items.get(key) ?? { key, title: e.title, languages: [] };
    item.languages.push({ id: e.id, locale });
    items.set(key, item);
  }
  return [...items.values()];
}

/** A UTC time as the editor's datetime-local field holds it ("2026-12-01T09:00"). */
const localOf = (iso: string | null) => (iso ? iso.slice(0, 16) : "");

/** The editor filled with a published item's languages (Edit): publishing again replaces each. */
export function valuesOf(kind: ListedKind, key: string, entries: readonly ContentEntry[]): ContentValues | null {
  const mine = entries.filter((e) => (e.key ?? e.id) === key && (kind !== "help" || e.type === "help"));
  if (mine.length === 0 || !KEY.test(key)) return null;
  const texts = emptyTexts();
  for (const e of mine) {
    const locale = toLocale(e.lang);
    if (locale) texts[locale] = { title: e.title, summary: e.summary, content: e.content };
  }
  const first = mine[0]!;
  return {
    kind,
    key,
    startsAt: localOf(first.startsAt),
    endsAt: localOf(first.endsAt),
    newsKind: first.type === "announcement" ? "announcement" : "news",
    texts,
  };
}
