import { z } from "zod";
import { siteIdSchema } from "./schemas";
import { cleanText } from "./text";

/**
 * Operators are people (server/platform/README.md, "Operators"): each has a key of their own (and,
 * in production, their Cloudflare Access identity), the sites they run and their roles. Every
 * operator call in CALLS names the roles that may make it (`roles`); an operator needs one of them.
 */

/** support: members and their messages; finance: deposits, withdrawals, bank reviews; admin: sites, content, settings, operators */
export const OPERATOR_ROLES = ["support", "finance", "admin"] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

import { ALL_SITES } from "./all-sites";

export { ALL_SITES };

export const operatorRole = z.enum(OPERATOR_ROLES);
/** Site ids, or `*` alone: an operator of every site has no list besides it. */
const operatorSites = z
  .array(z.union([z.literal(ALL_SITES), siteIdSchema]))
  .min(1)
  .max(200)
  .refine((sites) => !sites.includes(ALL_SITES) || sites.length === 1, "all_sites_alone");

/** An operator of the registry: `op_` and 16 hex digits, shown in lists and the audit log. */
export const operatorId = z.string().regex(/^op_[0-9a-f]{16}$/);
/** What the audit log calls the holder of the owner key (the platform's OPERATOR_KEY). */
export const OWNER_OPERATOR_ID = "owner";
/** Anyone who can act as an operator: a registry id, or the owner. */
export const actingOperatorId = z.union([operatorId, z.literal(OWNER_OPERATOR_ID)]);

export const operatorInfo = z.object({
  id: z.string(),
  name: z.string(),
  /** the Cloudflare Access identity that must come with the key in production; null: none */
  email: z.string().nullable(),
  /** the sites the operator runs, or ["*"] for all */
  sites: z.array(z.string()),
  roles: z.array(operatorRole),
  createdAt: z.string().datetime(),
  /** when the current key was issued (its creation or latest rotation) */
  keyIssuedAt: z.string().datetime(),
  revokedAt: z.string().datetime().nullable(),
});
export type OperatorInfo = z.infer<typeof operatorInfo>;

/** The caller as the platform knows them (operatorSelf): the owner key answers `owner` with every site and role. */
export const operatorSelf = z.object({
  id: actingOperatorId,
  name: z.string(),
  /** the Access identity the key must come with in production; null for the owner and in development */
  email: z.string().nullable(),
  sites: z.array(z.string()),
  roles: z.array(operatorRole),
});
export type OperatorSelf = z.infer<typeof operatorSelf>;

export const operatorCreateBody = z
  .object({
    name: cleanText(80, 1),
    email: z.string().trim().toLowerCase().email().max(254).optional(),
    sites: operatorSites,
    roles: z.array(operatorRole).min(1).max(OPERATOR_ROLES.length),
  })
  .strict();

/** A key is shown once, when it is issued (create, rotate); the platform keeps only its SHA-256. */
export const operatorKeyIssued = z.object({ operator: operatorInfo, key: z.string() });

/**
 * The registry's own log (operatorRegistryAudit): the registry is platform-wide, so its changes
 * are in no site's audit log; each is kept here, written in the change's own transaction.
 */
export const REGISTRY_ACTIONS = ["operator_added", "key_rotated", "operator_revoked"] as const;
export type RegistryAction = (typeof REGISTRY_ACTIONS)[number];

export const registryAuditEntry = z.object({
  at: z.string().datetime(),
  action: z.enum(REGISTRY_ACTIONS),
  /** the operator changed, with what they held then */
  operatorId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  sites: z.array(z.string()),
  roles: z.array(operatorRole),
  /** who made the change: a registry operator or the owner key */
  by: z.object({ id: z.string(), name: z.string() }),
  /** the Access identity that came with their key (production); null in development */
  accessEmail: z.string().nullable(),
});
export type RegistryAuditEntry = z.infer<typeof registryAuditEntry>;
