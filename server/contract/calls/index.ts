import type { z } from "zod";
import { CAMPAIGN_CALLS } from "./campaigns";
import { DATA_CALLS } from "./data-ops";
import { FAIRNESS_CALLS } from "./fairness";
import { GAME_CALLS } from "./game";
import { MEMBER_CENTER_CALLS } from "./member-center";
import { MONEY_CALLS } from "./money";
import { OPERATOR_PLATFORM_CALLS } from "./operator-platform";
import { OPERATOR_SITE_CALLS } from "./operator-sites";
import { POSITION_CALLS } from "./positions";
import { PROTECTION_CALLS } from "./protection";
import { SESSION_CALLS } from "./session";
import { SITE_CALLS } from "./site";

export type { Auth, CallSpec } from "./spec";
export * from "./envelope";
export * from "./path";
export * from "./headers";

/**
 * Every call the site makes, plus the operator API (server/contract/README.md, "Calls"): one table
 * assembled from the domains' own. The order is the table's order, which the OpenAPI document's
 * paths follow: a domain added goes where its calls should appear, and openapi.json shows the move.
 */
export const CALLS = {
  ...SESSION_CALLS,
  ...SITE_CALLS,
  ...CAMPAIGN_CALLS,
  ...MONEY_CALLS,
  ...MEMBER_CENTER_CALLS,
  ...GAME_CALLS,
  ...POSITION_CALLS,
  ...FAIRNESS_CALLS,
  ...PROTECTION_CALLS,
  ...OPERATOR_SITE_CALLS,
  ...OPERATOR_PLATFORM_CALLS,
  ...DATA_CALLS,
} as const;

export type CallName = keyof typeof CALLS;
type Spec<N extends CallName> = (typeof CALLS)[N];
type Infer<T> = T extends z.ZodTypeAny ? z.input<T> : undefined;

export type CallParams<N extends CallName> = Infer<Spec<N> extends { params: infer P } ? P : undefined>;
export type CallQuery<N extends CallName> = Infer<Spec<N> extends { query: infer Q } ? Q : undefined>;
export type CallBody<N extends CallName> = Infer<Spec<N> extends { body: infer B } ? B : undefined>;
export type CallData<N extends CallName> = z.output<Spec<N>["data"]>;
