import { z } from "zod";
import { EXPORT_KINDS } from "./audit-kinds";
import { cleanText } from "./text";

/**
 * Getting data back (server/platform/README.md, "Restore, exports and audit retention"): a Durable
 * Object restored to a point in time, each day's CSV files of a site, and the audit log's old
 * months moved to R2.
 */

/** The objects an operator can restore: one member's, one site's, one pair's market. */
export const RESTORE_KINDS = ["member", "site", "market"] as const;
export type RestoreKind = (typeof RESTORE_KINDS)[number];

/** How far back Cloudflare keeps a SQLite-backed Durable Object's history (point-in-time recovery). */
export const RESTORE_WINDOW_DAYS = 30;

export const restoreBody = z
  .object({
    /** the point to go back to (ISO UTC); within RESTORE_WINDOW_DAYS and in the past */
    at: z.string().datetime(),
    /** why, for the audit log */
    reason: cleanText(500, 1),
    /** false (default): only find the bookmark and say what the restore would leave inconsistent */
    confirm: z.boolean().default(false),
  })
  .strict();

export const restoreAnswer = z.object({
  kind: z.enum(RESTORE_KINDS),
  /** the member id, site id or pair */
  target: z.string(),
  at: z.string().datetime(),
  /** the storage's bookmark for `at` */
  bookmark: z.string(),
  /** true once the object has been restarted on the bookmark; false for a dry run */
  restored: z.boolean(),
  /** what another object still holds from after `at`, and what the platform carried across */
  warnings: z.array(z.string()),
});
export type RestoreAnswer = z.infer<typeof restoreAnswer>;

export { EXPORT_KINDS } from "./audit-kinds";
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** A UTC day, YYYY-MM-DD, that exists in the calendar. */
export const exportDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => {
    const ms = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(d);
  }, "invalid_parameters");

export const exportQuery = z.object({
  /** a comma-separated list of kinds; every kind when absent */
  kind: z
    .string()
    .regex(/^[a-z]+(,[a-z]+)*$/)
    .refine((k) => k.split(",").every((one) => (EXPORT_KINDS as readonly string[]).includes(one)), "invalid_parameters")
    .optional(),
});

export const exportFile = z.object({
  kind: z.enum(EXPORT_KINDS),
  /** the file's name: <site>-<day>-<kind>.csv */
  name: z.string(),
  /** data rows, the header line not counted */
  rows: z.number().int().nonnegative(),
  /** RFC 4180: CRLF line ends, fields quoted where they hold a comma, a quote or a line end */
  csv: z.string(),
});

export const exportAnswer = z.object({
  siteId: z.string(),
  day: exportDay,
  files: z.array(exportFile),
});
export type ExportAnswer = z.infer<typeof exportAnswer>;

/** Audit entries older than this many days move to R2 (the site setting auditRetentionDays). */
export const auditRetentionDays = z.number().int().min(90).max(3650);
export const DEFAULT_AUDIT_RETENTION_DAYS = 400;
