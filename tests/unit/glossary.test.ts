import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "../../app/i18n";
import { SEED_SITES } from "../../server/cli/seed/sites";
import type { SeedSite } from "../../server/cli/seed/shape";
import { escapeRegExp } from "../helpers/regexp";

/**
 * The glossary (docs/glossary/README.md): each language's one word per concept, and the words it
 * replaced, which no catalog value and no seeded operator text of that language may say.
 */

const repo = fileURLToPath(new URL("../..", import.meta.url));
const HEADER = ["Concept", "Term", "Replaces", "Allowed compounds", "Local usage"];

export interface GlossaryRow {
  line: number;
  concept: string;
  term: string;
  replaces: string[];
  allowed: string[];
}

/** The cells of a Markdown table row (`| a | b |`), `\|` kept as a bar inside a cell. */
function cells(line: string): string[] {
  const inner = line.trim().replace(/^\|/, "").replace(/\|$/, "");
  return inner.split(/(?<!\\)\|/).map((cell) => cell.replace(/\\\|/g, "|").trim());
}

const list = (cell: string) =>
  cell
    .split("、")
    .map((word) => word.trim())
    .filter(Boolean);

/** A glossary file's one table, or an error naming the file and the line of what is wrong. */
export function parseGlossary(text: string, file: string): GlossaryRow[] {
  const lines = text.split(/\r?\n/);
  const headers = lines.flatMap((line, i) =>
    line.trim().startsWith("|") && cells(line).join("\n") === HEADER.join("\n") ? [i] : [],
  );
  if (headers.length === 0) throw new Error(`${file}: no table with the header | ${HEADER.join(" | ")} |`);
  if (headers.length > 1)
    throw new Error(
      `${file}: ${headers.length} tables with the glossary's header (lines ${headers.map((i) => i + 1).join(", ")}); one only`,
    );
  const at = headers[0]!;
  const separator = lines[at + 1] ?? "";
  const parts = cells(separator);
  if (parts.length !== HEADER.length || !parts.every((cell) => /^:?-{3,}:?$/.test(cell)))
    throw new Error(`${file}:${at + 2}: the header must be followed by a separator row of ${HEADER.length} cells`);
  const rows: GlossaryRow[] = [];
  for (let i = at + 2; i < lines.length && lines[i]!.trim().startsWith("|"); i++) {
    const row = cells(lines[i]!);
    if (row.length !== HEADER.length)
      throw new Error(`${file}:${i + 1}: ${row.length} cells where the table has ${HEADER.length}`);
    const [concept, term, replaces, allowed] = row as [string, string, string, string, string];
    if (!concept || !term) throw new Error(`${file}:${i + 1}: a row needs its Concept and its Term`);
    rows.push({ line: i + 1, concept, term, replaces: list(replaces), allowed: list(allowed) });
  }
  if (rows.length === 0) throw new Error(`${file}:${at + 1}: the table has no rows`);
  return rows;
}

/**
 * Where `word` occurs in `text`: a word in Latin letters as a whole word in any case, with or
 * without a plural s; a word in another script wherever it is.
 */
export function wordPattern(word: string): RegExp {
  return /^[\p{Script=Latin}\s\d'’-]+$/u.test(word)
    ? new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?:e?s)?(?![\\p{L}\\p{N}])`, "iu")
    : new RegExp(escapeRegExp(word), "u");
}

/** The replaced words `text` still says for one row, after its placeholders and the row's allowed compounds are gone. */
export function replacedIn(text: string, row: GlossaryRow): string[] {
  let rest = text.replace(/\{\{[^}]*\}\}/g, "\u0000");
  for (const compound of row.allowed) rest = rest.replace(new RegExp(escapeRegExp(compound), "giu"), "\u0000");
  return row.replaces.filter((word) => wordPattern(word).test(rest));
}

interface Text {
  where: string;
  text: string;
}

/** Every string under `value`, named by its path (`a.b[2].c`). */
function strings(value: unknown, path: string, skip: ReadonlySet<string> = new Set()): Text[] {
  if (typeof value === "string") return [{ where: path, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, i) => strings(item, `${path}[${i}]`, skip));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) =>
      skip.has(key) ? [] : strings(item, path ? `${path}.${key}` : key, skip),
    );
  return [];
}

/** Every catalog value of a language, named `locales/<lng>/<ns>.json <key>`. */
function catalogTexts(lng: Locale): Text[] {
  const folder = join(repo, "locales", lng);
  return readdirSync(folder)
    .filter((file) => file.endsWith(".json"))
    .flatMap((file) =>
      strings(JSON.parse(readFileSync(join(folder, file), "utf8")), "").map(({ where, text }) => ({
        where: `locales/${lng}/${file} ${where}`,
        text,
      })),
    );
}

// the fields of site info an operator writes words in (siteTexts in server/contract/schemas.ts)
const SITE_TEXT_FIELDS = [
  "title",
  "description",
  "keywords",
  "copyRight",
  "gameName",
  "games",
  "depositOptions",
  "terms",
  "licence",
];
// identifiers and figures inside those fields, the same in every language
const NOT_WORDS = new Set(["code", "id", "kind", "accountNumber", "accountName", "crypto"]);

/** Every text a seeded site publishes in a language: news, campaigns, instructions and site info's words. */
function siteTexts(site: SeedSite, lng: Locale): Text[] {
  const id = lng.replace("-", "_");
  const items = (["press", "campaigns", "instructions"] as const).flatMap((kind) =>
    site[kind]
      .filter((item) => item.lang === id)
      .flatMap((item) => {
        const name = "path" in item ? item.path : item.key;
        const { title, content } = item;
        const words = { title, content, ...("summary" in item && { summary: item.summary }) };
        return strings(words, `seed ${site.siteId} ${kind} ${name}`);
      }),
  );
  const config = site.config as Record<string, unknown>;
  const own =
    config.defaultLanguage === id
      ? SITE_TEXT_FIELDS.flatMap((field) => strings(config[field], `seed ${site.siteId} config.${field}`, NOT_WORDS))
      : [];
  const translated = strings(
    (site.config.translations ?? {})[id as keyof typeof site.config.translations],
    `seed ${site.siteId} config.translations.${id}`,
    NOT_WORDS,
  );
  return [...items, ...own, ...translated];
}

const glossaryFile = (lng: Locale) => join(repo, "docs", "glossary", `${lng}.md`);

describe("the glossary's table", () => {
  const good = [
    "# Glossary",
    "",
    "Prose.",
    "",
    "| Concept | Term | Replaces | Allowed compounds | Local usage |",
    "| --- | --- | --- | --- | --- |",
    "| Deposit | 存款 | 儲值、入金 | 入金單 | TW apps |",
    "| Odds | 賠率 | | | everyone |",
    "",
    "After.",
  ];

  it("reads each row's term, replaced words and allowed compounds", () => {
    expect(parseGlossary(good.join("\n"), "x.md")).toEqual([
      { line: 7, concept: "Deposit", term: "存款", replaces: ["儲值", "入金"], allowed: ["入金單"] },
      { line: 8, concept: "Odds", term: "賠率", replaces: [], allowed: [] },
    ]);
  });

  it.each([
    ["no table", good.slice(0, 4), /x\.md: no table with the header/],
    ["a header cell renamed", good.map((l) => l.replace("Allowed compounds", "Allowed")), /no table/],
    [
      "a row of four cells",
      good.map((l) => l.replace("| 賠率 | | | everyone |", "| 賠率 | | everyone |")),
      /x\.md:8: 4 cells/,
    ],
    ["a row without its term", good.map((l) => l.replace("| Odds | 賠率 |", "| Odds | |")), /x\.md:8: a row needs/],
    ["no separator", good.filter((l) => !l.startsWith("| ---")), /x\.md:6: the header must be followed/],
    ["two tables", [...good, ...good.slice(4, 8)], /2 tables/],
    ["no rows", good.slice(0, 6), /the table has no rows/],
  ])("fails clearly on %s", (_, lines, message) => {
    expect(() => parseGlossary(lines.join("\n"), "x.md")).toThrow(message);
  });

  it("finds Latin words whole, in any case and plural; other scripts anywhere; never inside placeholders or allowed compounds", () => {
    const row = { line: 1, concept: "Round", term: "round", replaces: ["period", "提領"], allowed: ["Current period"] };
    expect(replacedIn("Verify Periods here", row)).toEqual(["period"]);
    expect(replacedIn("periodic checks", row)).toEqual([]);
    expect(replacedIn("Round {{periodNo}} · {{period}}", row)).toEqual([]);
    expect(replacedIn("Current period: 2", row)).toEqual([]);
    expect(replacedIn("Current period and a period", row)).toEqual(["period"]);
    expect(replacedIn("前往提領頁", row)).toEqual(["提領"]);
  });
});

describe.each(LOCALES.map((lng) => [lng]))("%s", (lng) => {
  const file = `docs/glossary/${lng}.md`;

  it("has its glossary file with one well-formed table", () => {
    expect(existsSync(glossaryFile(lng)), `${file} is missing (docs/glossary/README.md says what it holds)`).toBe(true);
    expect(() => parseGlossary(readFileSync(glossaryFile(lng), "utf8"), file)).not.toThrow();
  });

  it("never refuses one of its own terms", () => {
    const rows = parseGlossary(readFileSync(glossaryFile(lng), "utf8"), file);
    const clashes = rows.flatMap((row) =>
      replacedIn(row.term, row).map(
        (word) => `${file}:${row.line}: the term "${row.term}" contains its replaced "${word}"`,
      ),
    );
    expect(clashes).toEqual([]);
  });

  it("is followed by every catalog value and every seeded operator text", () => {
    const rows = parseGlossary(readFileSync(glossaryFile(lng), "utf8"), file);
    const texts = [...catalogTexts(lng), ...SEED_SITES.flatMap((site) => siteTexts(site, lng))];
    expect(texts.filter((t) => t.where.startsWith("seed ")).length, "seeded texts in this language").toBeGreaterThan(
      20,
    );
    const hits = texts.flatMap(({ where, text }) =>
      rows.flatMap((row) =>
        replacedIn(text, row).map(
          (word) => `${lng} ${where}: says "${word}" where the glossary says "${row.term}" (${row.concept})`,
        ),
      ),
    );
    expect(hits).toEqual([]);
  });
});
