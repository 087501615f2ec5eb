import { z } from "zod";
import { page, pageQuery } from "../money";
import { candle, CANDLE_INTERVALS, marketState, order, orderBody, pairInfo, pairSymbol, period } from "../game";
import { call } from "./spec";

/** Pairs, prices, periods, candles and bets. */
export const GAME_CALLS = {
  pairs: call({
    method: "GET",
    path: "/market/pairs",
    auth: "public",
    summary: "Every trading pair with its precision and period schedule",
    data: z.array(pairInfo),
  }),
  market: call({
    method: "GET",
    path: "/market/:pair",
    auth: "public",
    summary: "A pair's latest price and current period, with the server's clock",
    params: z.object({ pair: pairSymbol }),
    data: marketState,
  }),
  quotes: call({
    method: "GET",
    path: "/market/:pair/periods",
    auth: "public",
    summary: "Historical quotes: ended periods with open, close, last digit and every option's outcome, newest first",
    params: z.object({ pair: pairSymbol }),
    query: pageQuery.pick({ page: true, pageSize: true }),
    data: page(period),
  }),
  candles: call({
    method: "GET",
    path: "/market/:pair/candles",
    auth: "public",
    summary: "K-line candles of an interval, oldest first",
    params: z.object({ pair: pairSymbol }),
    query: z.object({
      interval: z.enum(CANDLE_INTERVALS),
      limit: z.coerce.number().int().min(1).max(500).default(120),
    }),
    data: z.array(candle),
  }),
  placeOrder: call({
    method: "POST",
    path: "/player/order",
    auth: "member",
    summary: "Bet on the current period; the stake leaves the game wallet at once",
    idempotent: true,
    body: orderBody,
    data: order,
  }),
  orders: call({
    method: "GET",
    path: "/player/order",
    auth: "member",
    summary: "The member's orders, newest first (open, settled or all)",
    query: pageQuery.extend({ status: z.enum(["open", "settled", "all"]).default("all") }),
    data: page(order),
  }),
  ticketQuery: call({
    method: "GET",
    path: "/player/ticket/query",
    auth: "member",
    summary: "The member's open orders (the quiet poll of the game page)",
    data: z.array(order),
  }),
} as const;
