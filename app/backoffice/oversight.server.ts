import { auditQuery, exportDay, type CallQuery } from "../../server/contract";

/** How many audit entries a page of the oversight search shows. */
export const AUDIT_PAGE_SIZE = 25;

/** Today as a UTC day (the exports' and the day totals' days are UTC days). */
export const utcToday = (nowMs: number = Date.now()) => new Date(nowMs).toISOString().slice(0, 10);

/** The day the page shows: the form's, if it is a day, else today (and whether it was refused). */
export function dayOf(value: string | null, nowMs?: number): { day: string; invalid: boolean } {
  if (value === null || value === "") return { day: utcToday(nowMs), invalid: false };
  const parsed = exportDay.safeParse(value);
  return parsed.success ? { day: parsed.data, invalid: false } : { day: utcToday(nowMs), invalid: true };
}

/** The search form's fields, as typed (to fill the form again). */
export interface AuditSearch {
  type: string;
  account: string;
  operator: string;
  from: string;
  to: string;
  page: number;
}

/**
 * The audit search of the oversight page, from its GET form: the fields as typed, and the
 * platform's query, or null when a field is not valid (nothing is asked then). Empty fields are
 * no filter.
 */
export function auditSearchOf(params: URLSearchParams): {
  search: AuditSearch;
  query: CallQuery<"operatorAudit"> | null;
} {
  const field = (name: string) => (params.get(name) ?? "").trim();
  const page = Number.parseInt(field("page") || "1", 10);
  const search = {
    type: field("type"),
    account: field("account"),
    operator: field("operator"),
    from: field("from"),
    to: field("to"),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
  const given = Object.fromEntries(
    Object.entries({ ...search, page: String(search.page) }).filter(([, value]) => value !== ""),
  );
  const parsed = auditQuery.safeParse({ ...given, pageSize: AUDIT_PAGE_SIZE });
  return { search, query: parsed.success ? parsed.data : null };
}
