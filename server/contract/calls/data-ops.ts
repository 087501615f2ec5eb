import { z } from "zod";
import { pairSymbol } from "../game";
import { exportAnswer, exportDay, exportQuery, restoreAnswer, restoreBody } from "../data-ops";
import { ADMIN, EXPORTS, call, siteParams } from "./spec";

const memberId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/**
 * Getting data back: a Durable Object restored to a point in time, and a site's day as CSV files
 * (server/platform/README.md, "Restore, exports and audit retention").
 */
export const DATA_CALLS = {
  operatorRestoreMember: call({
    method: "POST",
    path: "/operator/sites/:siteId/members/:memberId/restore",
    auth: "operator",
    roles: ADMIN,
    summary:
      "Restore one member's object to a point in time (point-in-time recovery); without confirm only find the bookmark and the warnings",
    params: siteParams.extend({ memberId }),
    body: restoreBody,
    data: restoreAnswer,
  }),
  operatorRestoreSite: call({
    method: "POST",
    path: "/operator/sites/:siteId/restore",
    auth: "operator",
    roles: ADMIN,
    summary:
      "Restore a site's object to a point in time: configuration and content go back; accounts, queues, deposit addresses and the audit log are carried across as they are",
    params: siteParams,
    body: restoreBody,
    data: restoreAnswer,
  }),
  operatorRestoreMarket: call({
    method: "POST",
    path: "/operator/pairs/:pair/restore",
    auth: "operator",
    roles: ADMIN,
    summary: "Restore a pair's market object to a point in time; its audit entries since then are carried across",
    params: z.object({ pair: pairSymbol }),
    body: restoreBody,
    data: restoreAnswer,
  }),
  operatorExport: call({
    method: "GET",
    path: "/operator/sites/:siteId/exports/:day",
    auth: "operator",
    roles: EXPORTS,
    summary:
      "A site's UTC day as CSV files: ledger entries, opening and closing balances, deposits, withdrawals, positions and (for admin) audit entries",
    params: siteParams.extend({ day: exportDay }),
    query: exportQuery,
    data: exportAnswer,
  }),
} as const;
