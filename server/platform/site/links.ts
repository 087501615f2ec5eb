import type { LinkedBreak } from "../member/linked-breaks";

/**
 * Linked sites, one site object's side (decision 033; server/platform/README.md, "Linked
 * sites"): the sites linked with this one, and every break carried here from them, kept by number
 * whether or not a member here had it then, so a member who verifies the number later takes them
 * in. Synchronous SQL, like every site method.
 */

export const LINKS_SCHEMA = [
  // the other sites of this site's group (each member of a group lists all the others)
  `CREATE TABLE IF NOT EXISTS site_links (site_id TEXT PRIMARY KEY)`,
  `CREATE TABLE IF NOT EXISTS linked_breaks (
     origin TEXT PRIMARY KEY,
     number TEXT NOT NULL,
     payload TEXT NOT NULL,
     received_at TEXT NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS linked_breaks_by_number ON linked_breaks (number)`,
];

export function linksOf(sql: SqlStorage): string[] {
  return sql
    .exec<{ site_id: string }>("SELECT site_id FROM site_links ORDER BY site_id")
    .toArray()
    .map((r) => r.site_id);
}

/** Replaces the site's links (never itself). */
export function setLinks(sql: SqlStorage, self: string, sites: readonly string[]): string[] {
  sql.exec("DELETE FROM site_links");
  for (const site of new Set(sites)) if (site !== self) sql.exec("INSERT INTO site_links (site_id) VALUES (?)", site);
  return linksOf(sql);
}

/**
 * Keeps a break carried from a linked site (once per origin) and answers the member here with the
 * same number in the directory, if any: the caller hands it over, and that member's object checks
 * the number is verified before it applies.
 */
export function receiveBreak(sql: SqlStorage, b: LinkedBreak, nowIso: string): string | null {
  sql.exec(
    "INSERT INTO linked_breaks (origin, number, payload, received_at) VALUES (?, ?, ?, ?) ON CONFLICT (origin) DO NOTHING",
    b.origin,
    b.number,
    JSON.stringify(b),
    nowIso,
  );
  return (
    sql
      .exec<{ member_id: string }>(
        "SELECT member_id FROM accounts WHERE area_code = ? AND mobile = ?",
        b.areaCode,
        b.mobile,
      )
      .toArray()[0]?.member_id ?? null
  );
}

/** The breaks carried here for one number (a member who has just verified it takes them in). */
export function breaksFor(sql: SqlStorage, number: string): LinkedBreak[] {
  return sql
    .exec<{ payload: string }>("SELECT payload FROM linked_breaks WHERE number = ? ORDER BY origin", number)
    .toArray()
    .map((r) => JSON.parse(r.payload) as LinkedBreak);
}

/** The breaks of this site's own members (origin "<self>/…"). */
export function ownBreaks(sql: SqlStorage, self: string): LinkedBreak[] {
  return sql
    .exec<{ payload: string }>("SELECT payload FROM linked_breaks WHERE origin LIKE ? ORDER BY origin", `${self}/%`)
    .toArray()
    .map((r) => JSON.parse(r.payload) as LinkedBreak);
}
