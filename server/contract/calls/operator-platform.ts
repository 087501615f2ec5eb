import { z } from "zod";
import {
  operatorCreateBody,
  operatorId,
  operatorInfo,
  operatorKeyIssued,
  operatorSelf,
  registryAuditEntry,
} from "../operators";
import { PAIR_ACTIONS, operatorPair, pairConfig, pairInfo, pairSourceBody, pairSymbol, periodNo } from "../game";
import { ADMIN, ANY_ROLE, call } from "./spec";

const operatorParams = z.object({ operatorId });

/** The operator API on no one site: operators and pairs, which only an operator of every site (`*`) may call. */
export const OPERATOR_PLATFORM_CALLS = {
  operatorSelf: call({
    method: "GET",
    path: "/operator/self",
    auth: "operator",
    roles: ANY_ROLE,
    aboutCaller: true,
    summary: "Whom the key names: the operator's id, name, sites and roles (the back office's sign-in and menu)",
    data: operatorSelf,
  }),
  operatorList: call({
    method: "GET",
    path: "/operator/operators",
    auth: "operator",
    roles: ADMIN,
    summary: "Every operator, revoked ones too (no key is ever shown again)",
    data: z.array(operatorInfo),
  }),
  operatorCreate: call({
    method: "POST",
    path: "/operator/operators",
    auth: "operator",
    roles: ADMIN,
    summary: "Add an operator: their sites, roles and Access email; answers their key, shown this once",
    body: operatorCreateBody,
    data: operatorKeyIssued,
  }),
  operatorRotateKey: call({
    method: "POST",
    path: "/operator/operators/:operatorId/rotate",
    auth: "operator",
    roles: ADMIN,
    summary: "Issue a new key for an operator; the old one stops working at once",
    params: operatorParams,
    body: z.object({}).strict(),
    data: operatorKeyIssued,
  }),
  operatorRevoke: call({
    method: "POST",
    path: "/operator/operators/:operatorId/revoke",
    auth: "operator",
    roles: ADMIN,
    summary: "Revoke an operator and their key (never the last admin of every site)",
    params: operatorParams,
    body: z.object({}).strict(),
    data: operatorInfo,
  }),
  operatorRegistryAudit: call({
    method: "GET",
    path: "/operator/operators/audit",
    auth: "operator",
    roles: ADMIN,
    summary:
      "Who added an operator, issued them a new key or revoked them, newest first, with the sites and roles they held (the registry is platform-wide, so it is in no site's log)",
    query: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
    data: z.array(registryAuditEntry),
  }),
  operatorPairs: call({
    method: "GET",
    path: "/operator/pairs",
    auth: "operator",
    roles: ADMIN,
    summary:
      "Every pair as operators manage it: its stored configuration, the parameters it runs with today, the change waiting for a later day, its price source and state",
    data: z.array(operatorPair),
  }),
  operatorPutPair: call({
    method: "PUT",
    path: "/operator/pairs/:pair",
    auth: "operator",
    roles: ADMIN,
    summary:
      "Create a trading pair (at once), or change how its market runs: a pause or a new name at once, anything else from the first day whose seed is committed after the change (changesFrom)",
    params: z.object({ pair: pairSymbol }),
    body: pairConfig,
    data: pairInfo.extend({
      changesFrom: z.string().datetime().nullable(),
      /** periods the change voided: a pause or resume touched them after their betting closed */
      voided: z.array(periodNo).default([]),
    }),
  }),
  operatorPutPairSource: call({
    method: "PUT",
    path: "/operator/pairs/:pair/source",
    auth: "operator",
    roles: ADMIN,
    summary:
      "Set where a paused pair's prices come from: its synthetic walk, or an exchange's trades (Binance spot); audited, applied when the pair is resumed",
    params: z.object({ pair: pairSymbol }),
    body: pairSourceBody,
    data: pairInfo,
  }),
  operatorPairAudit: call({
    method: "GET",
    path: "/operator/pairs/:pair/audit",
    auth: "operator",
    roles: ADMIN,
    summary:
      "What operators did to a pair, newest first: creation, changes, pauses and resumes, each with the periods it voided (pair configuration is platform-wide, so it is in no site's log)",
    params: z.object({ pair: pairSymbol }),
    query: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }),
    data: z.array(
      z.object({
        at: z.string().datetime(),
        actor: z.string(),
        action: z.enum(PAIR_ACTIONS),
        details: z.record(z.union([z.string(), z.number(), z.boolean(), z.null()])),
      }),
    ),
  }),
} as const;
