import type { ContractSettings, Position } from "../../server/contract/positions";
// the arithmetic itself, zod-free: the browser runs the very functions the platform runs
import {
  equityAt,
  liquidationPrice,
  notional,
  payoutAt,
  pnlAt,
  positionFee,
  stopsOut,
  triggersValid,
  type PositionSide,
  type PositionTerms,
} from "#rules/position-math";
import { numberFormat } from "./intl";
import { decimalString, parseAmount } from "#rules/units";

/**
 * The contract page (app/README.md, "Contract trading"), shared by the browser and the server; the
 * forms' schemas and the loader are in contract.server.ts.
 */

export type { ContractSettings, Position };

export const CONTRACT_PATH = "/game/contract";
export const CONTRACT_TABS = ["open", "closed"] as const;
export type ContractTab = (typeof CONTRACT_TABS)[number];
export const CLOSED_PAGE_SIZE = 10;
/** Open positions the page lists at once (the site's maxOpenPositions is 20 by default). */
export const OPEN_PAGE_SIZE = 100;

/**
 * What the page's address selects: the pair, the ticket's values (so a preview can be rendered
 * without JavaScript, and a link can carry a ticket), the list tab and its page.
 */
export function parseContractQuery(params: URLSearchParams, pairs: readonly string[], settings: ContractSettings) {
  const pair = params.get("pair") ?? "";
  const leverage = Number(params.get("leverage"));
  const tab = params.get("tab") ?? "";
  const page = Number(params.get("page"));
  const text = (name: string) => (params.get(name) ?? "").trim().slice(0, 32);
  return {
    pair: pairs.includes(pair) ? pair : pairs[0]!,
    side: (params.get("side") === "short" ? "short" : "long") as PositionSide,
    margin: text("margin"),
    // a leverage the site does not offer falls back to its smallest: never silently a bigger one
    leverage: settings.leverageOptions.includes(leverage) ? leverage : settings.leverageOptions[0]!,
    takeProfit: text("takeProfit"),
    stopLoss: text("stopLoss"),
    tab: (CONTRACT_TABS as readonly string[]).includes(tab) ? (tab as ContractTab) : "open",
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    /** the position whose lines the chart draws */
    selected: text("position"),
  };
}
export type ContractQuery = ReturnType<typeof parseContractQuery>;

export function contractHref(query: Partial<ContractQuery> & { pair: string }): string {
  const params = new URLSearchParams({ pair: query.pair });
  for (const name of ["side", "margin", "takeProfit", "stopLoss", "position"] as const) {
    const value = name === "position" ? query.selected : query[name];
    if (value && !(name === "side" && value === "long")) params.set(name, value);
  }
  if (query.leverage) params.set("leverage", String(query.leverage));
  if (query.tab && query.tab !== "open") params.set("tab", query.tab);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return `${CONTRACT_PATH}?${params}`;
}

/**
 * A price as typed, in the pair's display precision, to the integer price step the platform
 * uses: "61,234.5" at 2 digits → 6123450, the inverse of `formatPrice` (game.ts). Exact (string
 * arithmetic, as money is parsed); null when it is no such number or is zero; "" = not set.
 */
export function parsePrice(text: string, precision: number): number | null {
  const steps = parseAmount(text, precision);
  return steps === null || steps === 0 ? null : steps;
}

export interface Ticket {
  side: PositionSide;
  /** minor units, null when not (yet) a valid amount */
  margin: number | null;
  leverage: number;
  /** the current price, in steps */
  price: number | null;
  takeProfit: number | null;
  stopLoss: number | null;
}

/** A ticket as the member types it: money in the site's units, prices in the pair's. */
export interface TypedTicket {
  side: PositionSide;
  margin: string;
  leverage: number;
  takeProfit: string;
  stopLoss: string;
}

/** The numbers of a typed ticket at `price` (the loader's and the browser's preview read it alike). */
export function ticketOf(typed: TypedTicket, price: number | null, digits: number, precision: number): Ticket {
  return {
    side: typed.side,
    margin: parseAmount(typed.margin, digits),
    leverage: typed.leverage,
    price,
    takeProfit: typed.takeProfit ? parsePrice(typed.takeProfit, precision) : null,
    stopLoss: typed.stopLoss ? parsePrice(typed.stopLoss, precision) : null,
  };
}

/** At a trigger price: what the close would pay back and what it makes in all (payout − margin − opening fee). */
export interface AtPrice {
  price: number;
  payout: number;
  net: number;
}

/**
 * What the member sees before confirming, from the same functions the platform opens and closes
 * with (server/rules/position-math.ts) and the site's rates: the entry (the current price),
 * the notional, the opening and closing fees, the liquidation price, and the payout at the TP and SL typed.
 * Null until a margin and a price are known. `wrongSide` names a TP or SL that the platform would
 * refuse (take_profit_wrong_side / stop_loss_wrong_side), so the page can say so before it posts.
 */
export function previewOf(settings: Pick<ContractSettings, "feePpm" | "stopOutBp">, ticket: Ticket) {
  if (ticket.margin === null || ticket.margin <= 0 || ticket.price === null || ticket.price <= 0) return null;
  const terms: PositionTerms = {
    side: ticket.side,
    margin: ticket.margin,
    leverage: ticket.leverage,
    entryPrice: ticket.price,
    feePpm: settings.feePpm,
    stopOutBp: settings.stopOutBp,
  };
  const openFee = positionFee(terms);
  const at = (price: number | null): AtPrice | null => {
    if (price === null) return null;
    const payout = payoutAt(terms, price);
    return { price, payout, net: payout - terms.margin - openFee };
  };
  return {
    entryPrice: ticket.price,
    notional: notional(terms),
    openFee,
    /** the same fee again at the close: it is on the notional at the open, whatever the close price */
    closeFee: openFee,
    /** what leaves the game wallet: margin + opening fee */
    cost: terms.margin + openFee,
    liquidationPrice: liquidationPrice(terms),
    takeProfit: at(ticket.takeProfit),
    stopLoss: at(ticket.stopLoss),
    wrongSide: {
      takeProfit: ticket.takeProfit !== null && !triggersValid(terms, ticket.price, ticket.takeProfit, null),
      stopLoss: ticket.stopLoss !== null && !triggersValid(terms, ticket.price, null, ticket.stopLoss),
    },
  };
}
export type Preview = NonNullable<ReturnType<typeof previewOf>>;

/**
 * An open position at the mark price: unrealized PnL (money and % of the margin), equity, what a
 * close would pay now, and how far the price may move before the stop-out, in % of the mark.
 */
export function markOf(position: Position, mark: number | null) {
  if (mark === null || mark <= 0) return null;
  const { side, margin, leverage, entryPrice, feePpm, stopOutBp } = position;
  const terms: PositionTerms = { side, margin, leverage, entryPrice, feePpm, stopOutBp };
  const pnl = pnlAt(terms, mark);
  const distance = Math.abs(mark - position.liquidationPrice) / mark;
  return {
    mark,
    pnl,
    /** basis points of the margin, rounded toward zero */
    pnlBp: Math.trunc((pnl * 10_000) / position.margin),
    equity: equityAt(terms, mark),
    payout: payoutAt(terms, mark),
    stopsOut: stopsOut(terms, mark),
    /** basis points of the mark */
    distanceBp: Math.floor(distance * 10_000),
  };
}

/** The trigger prices of a position, for the TP/SL form (the pair's precision, as typed). */
export function priceInput(steps: number | null, precision: number): string {
  return steps === null ? "" : decimalString(steps, precision);
}

/** Basis points as a signed percentage with two decimals: 1234 → "+12.34%". */
export function formatBp(bp: number, locale: string, signed = true): string {
  return numberFormat(locale, {
    style: "percent",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: signed ? "exceptZero" : "auto",
  }).format(bp / 10_000);
}
