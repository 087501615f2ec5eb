import type { CallData } from "../../server/contract";
import { numberFormat } from "./intl";
import type { AccountMode } from "#rules/account-mode";

/**
 * The game page (app/README.md, "The game page"), shared by the browser and the server; the bet
 * form's schema is in game.server.ts.
 */

export type Order = CallData<"orders">["items"][number];
export type Period = CallData<"market">["current"];
export type Wallets = CallData<"wallets">;

export const GAME_TABS = ["current", "history", "quotes", "chart", "rules"] as const;
export type GameTab = (typeof GAME_TABS)[number];

export const CANDLE_INTERVALS = ["1m", "5m", "15m", "1h", "1d"] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];

export const HISTORY_PAGE_SIZE = 10;

/**
 * What the page's address selects: `?pair=&tab=&page=`; an unknown tab or page falls back to the
 * first choice (an unknown pair is refused before: gameLoader answers 404).
 */
export function parseGameQuery(params: URLSearchParams, pairs: readonly string[]) {
  const pair = params.get("pair") ?? "";
  const tab = params.get("tab") ?? "";
  const page = Number(params.get("page"));
  return {
    pair: pairs.includes(pair) ? pair : pairs[0]!,
    tab: (GAME_TABS as readonly string[]).includes(tab) ? (tab as GameTab) : "current",
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}
export type GameQuery = ReturnType<typeof parseGameQuery>;

export function gameHref(path: string, query: Partial<GameQuery> & { pair: string }): string {
  const params = new URLSearchParams({ pair: query.pair });
  if (query.tab && query.tab !== "current") params.set("tab", query.tab);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return `${path}?${params}`;
}

/** A price in the pair's smallest step as the pair shows it: 6123450 at 2 digits → "61,234.50". */
export function formatPrice(price: number | null | undefined, precision: number, locale: string): string {
  if (price === null || price === undefined) return "—";
  return numberFormat(locale, { minimumFractionDigits: precision, maximumFractionDigits: precision }).format(
    price / 10 ** precision,
  );
}

export function formatOdds(odds: number, locale: string): string {
  return numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(odds);
}

/** Seconds left until `at`, never negative, rounded up so 0 means "now". */
export function secondsUntil(at: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(at) - now) / 1000));
}

/** "1:05" for 65 seconds. */
export function formatCountdown(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, "0")}`;
}

/**
 * A pair's name when the platform gave none (its pair list could not be read): the symbol itself,
 * an identifier. Never dressed up as a market's name ("BTC/USDT"): the site's pairs may be
 * synthetic, whose names say so (docs/decisions/032).
 */
export function pairName(symbol: string): string {
  return symbol;
}

/** Whether a price is above, below or at the period's open (the price card's colour and arrow). */
export function trendOf(price: number | null, open: number | null): "up" | "down" | "flat" {
  if (price === null || open === null || price === open) return "flat";
  return price > open ? "up" : "down";
}

/**
 * The code the game and contract pages give the practice balance where they show the game wallet
 * (app/README.md, "Practice mode"): the loaders read it with the `practice` call in practice mode,
 * and the live hooks then take no wallet from the member stream (which carries real balances) and
 * no order or position of the other mode.
 */
export const PRACTICE_WALLET = "practice";

/** The mode a page plays in, by the wallet code its loader gave it. */
export function modeOfWallet(code: string | undefined): AccountMode {
  return code === PRACTICE_WALLET ? "practice" : "real";
}
