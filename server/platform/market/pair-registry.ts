import { runStatement } from "../schema-version";
import { DEFAULT_PAIRS, RENAMED_DEFAULT_PAIRS, pairInfoOf as info, type PairInfo } from "./pairs";

/** The registry's table, in the instance named REGISTRY (pairs.ts) of the market objects' namespace. */
const REGISTRY_SCHEMA = [
  // every configured pair
  `CREATE TABLE IF NOT EXISTS registry (symbol TEXT PRIMARY KEY, info TEXT NOT NULL)`,
  // the default pairs' synthetic names over their old ones (pairs.ts RENAMED_DEFAULT_PAIRS)
  ...RENAMED_DEFAULT_PAIRS.map(
    ({ symbol, from, to }) =>
      `UPDATE registry SET info = json_set(info, '$.name', '${to}') WHERE symbol = '${symbol}' AND json_extract(info, '$.name') = '${from}'`,
  ),
];

/**
 * The pair registry: every configured pair as it runs now, and as it will run from a later day,
 * for the pair list. One instance for the platform, reached through the market object's entry
 * (market-object.ts; server/platform/README.md, "Decisions", why it has no class of its own).
 */
export class PairRegistry {
  constructor(private readonly sql: SqlStorage) {
    for (const statement of REGISTRY_SCHEMA) runStatement(sql, statement);
  }

  /**
   * A configured pair as it runs now and, when part of the change waits for a later day, as it
   * will run from then (`next` from `changesFrom`), so the list switches at that day's midnight
   * without the market having to tell the registry.
   */
  registerPair(pair: PairInfo, next: { info: PairInfo; from: string } | null = null): void {
    this.sql.exec(
      "INSERT OR REPLACE INTO registry (symbol, info) VALUES (?, ?)",
      pair.symbol,
      JSON.stringify({ ...pair, next }),
    );
  }

  listPairs(): PairInfo[] {
    const nowMs = Date.now();
    const asNow = (stored: PairInfo & { next?: { info: PairInfo; from: string } | null }): PairInfo => {
      const { next, ...current } = stored;
      return next && Date.parse(next.from) <= nowMs ? next.info : current;
    };
    const registered = new Map(
      this.sql
        .exec<{ symbol: string; info: string }>("SELECT symbol, info FROM registry")
        .toArray()
        .map((r) => [r.symbol, asNow(JSON.parse(r.info) as PairInfo)]),
    );
    for (const [symbol, config] of Object.entries(DEFAULT_PAIRS))
      if (!registered.has(symbol)) registered.set(symbol, info(symbol, config.name, config));
    return [...registered.values()].sort((a, b) => a.symbol.localeCompare(b.symbol));
  }
}
