export const RECORD_TABS = ["account", "transactions", "withdrawals"] as const;
export type RecordTab = (typeof RECORD_TABS)[number];

export const PAGE_SIZE = 20;
export const RECORDS_PATH = "/user/record";

/** What the page's address selects; parsed (forgivingly) by query.server.ts. */
export interface RecordsQuery {
  tab: RecordTab;
  page: number;
  /** YYYY-MM-DD: whole days as the platform counts them, in UTC */
  from?: string;
  to?: string;
}

/** The page's address for a query: every link of the page keeps the parts it does not change. */
export function recordsHref(query: { tab: RecordTab; page?: number; from?: string; to?: string }): string {
  const params = new URLSearchParams({ tab: query.tab });
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return `${RECORDS_PATH}?${params}`;
}

/** The quick ranges of the date filter, in days ending today (today included). */
export const QUICK_RANGES = [
  { key: "today", days: 1 },
  { key: "days_7", days: 7 },
  { key: "days_30", days: 30 },
] as const;

/** The day `days` before a YYYY-MM-DD day (calendar arithmetic: no time zone involved). */
export function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}
