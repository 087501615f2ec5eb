import { DEFAULT_AUDIT_RETENTION_DAYS, EXPORT_KINDS, type AuditEntry } from "../../contract";
import type { Env } from "../env";
import { exportKey, siteDayFiles } from "../exports/site-day";
import { archiveMonth, expiredMonths } from "./audit-archive";

/**
 * The site's daily alarm (server/platform/README.md, "Restore, exports and audit retention"): a
 * little after each UTC midnight it writes the day before's CSV files to the EXPORTS bucket and
 * moves the audit months past retention there. Both steps are idempotent (a file is rewritten
 * whole; a moved month is merged), so an alarm run twice or retried after a failure does no harm.
 */

const DAY_MS = 86_400_000;
/** Minutes after midnight: late outbox deliveries of the day before have arrived by then. */
const AFTER_MIDNIGHT_MS = 15 * 60_000;

/** When the next daily run is due, after `nowMs`. */
export function nextDailyRun(nowMs: number): number {
  const midnight = Math.floor(nowMs / DAY_MS) * DAY_MS;
  const today = midnight + AFTER_MIDNIGHT_MS;
  return today > nowMs ? today : today + DAY_MS;
}

export interface DailySite {
  siteId: string;
  sql: SqlStorage;
  retentionDays: number | undefined;
  memberIds(): string[];
  audit(start: string, end: string): Promise<AuditEntry[]>;
  commit(work: () => void): void;
}

export interface DailyRun {
  day: string;
  files: string[];
  archived: { month: string; entries: number }[];
}

export async function runDaily(env: Env, site: DailySite, nowMs: number): Promise<DailyRun> {
  const day = new Date(nowMs - DAY_MS).toISOString().slice(0, 10);
  const files = await siteDayFiles(
    env,
    { siteId: site.siteId, memberIds: async () => site.memberIds(), audit: (s, e) => site.audit(s, e) },
    day,
    EXPORT_KINDS,
  );
  for (const file of files)
    await env.EXPORTS.put(exportKey(site.siteId, day, file.kind), file.csv, {
      httpMetadata: { contentType: "text/csv; charset=utf-8" },
    });
  const archived: DailyRun["archived"] = [];
  const nowIso = new Date(nowMs).toISOString();
  for (const month of expiredMonths(site.sql, site.retentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS, nowMs)) {
    const entries = await archiveMonth(site.sql, env.EXPORTS, site.siteId, month, site.commit, nowIso);
    archived.push({ month, entries });
  }
  return { day, files: files.map((f) => exportKey(site.siteId, day, f.kind)), archived };
}
