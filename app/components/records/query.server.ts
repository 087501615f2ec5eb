import { z } from "zod";
import { isDay } from "#rules/days";
import { RECORD_TABS, type RecordsQuery } from "./query";

/** A calendar day, in the member's zone ("2025-02-30" is not one). */
const day = z.string().refine(isDay);

/**
 * The page's query. A link or form never produces a bad value, so one that is bad was typed by
 * hand: it is dropped for its default rather than answered with an error page.
 */
const recordsQuery: z.ZodType<RecordsQuery, z.ZodTypeDef, unknown> = z.object({
  tab: z.enum(RECORD_TABS).catch("account"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
});

export function parseRecordsQuery(params: URLSearchParams): RecordsQuery {
  const value = (name: string) => params.get(name) ?? undefined;
  return recordsQuery.parse({ tab: value("tab"), page: value("page"), from: value("from"), to: value("to") });
}
