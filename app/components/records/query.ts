import { z } from "zod";

export const RECORD_TABS = ["account", "transactions", "withdrawals"] as const;
export type RecordTab = (typeof RECORD_TABS)[number];

export const PAGE_SIZE = 20;
export const RECORDS_PATH = "/user/record";

/** A calendar day as the platform filters by it (YYYY-MM-DD, UTC); "2025-02-30" is not one. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
  });

/**
 * The page's query. A link or form never produces a bad value, so one that is bad was typed by
 * hand: it is dropped for its default rather than answered with an error page.
 */
const recordsQuery = z.object({
  tab: z.enum(RECORD_TABS).catch("account"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
});
export type RecordsQuery = z.infer<typeof recordsQuery>;

export function parseRecordsQuery(params: URLSearchParams): RecordsQuery {
  const value = (name: string) => params.get(name) ?? undefined;
  return recordsQuery.parse({ tab: value("tab"), page: value("page"), from: value("from"), to: value("to") });
}

/** The page's address for a query: every link of the page keeps the parts it does not change. */
export function recordsHref(query: { tab: RecordTab; page?: number; from?: string; to?: string }): string {
  const params = new URLSearchParams({ tab: query.tab });
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return `${RECORDS_PATH}?${params}`;
}
