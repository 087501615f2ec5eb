import { z } from "zod";
import { page, pageQuery } from "../money";
import { closePositionBody, openPositionBody, position, POSITION_STATUSES, positionTriggersBody } from "../positions";
import { call } from "./spec";

/** Contract trading (positions.ts; server/contract/README.md, "Contract trading"). */
export const POSITION_CALLS = {
  openPosition: call({
    method: "POST",
    path: "/player/position",
    auth: "member",
    summary: "Open a leveraged position at the market's price; margin and opening fee leave the game wallet at once",
    idempotent: true,
    body: openPositionBody,
    data: position,
  }),
  positions: call({
    method: "GET",
    path: "/player/position",
    auth: "member",
    summary: "The member's positions, newest first: open ones, or closed ones with their close",
    query: pageQuery.extend({ status: z.enum(POSITION_STATUSES).default("open") }),
    data: page(position),
  }),
  setPositionTriggers: call({
    method: "PUT",
    path: "/player/position/:id/triggers",
    auth: "member",
    summary: "Set or clear an open position's take-profit and stop-loss, checked against the current price",
    params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
    body: positionTriggersBody,
    data: position,
  }),
  closePosition: call({
    method: "POST",
    path: "/player/position/:id/close",
    auth: "member",
    summary:
      "Close an open position at the market's price. Exactly one close: if a trigger closed it first, the answer is that close",
    idempotent: true,
    params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
    body: closePositionBody,
    data: position,
  }),
} as const;
