import { json, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import type { CallData } from "../../server/contract";
import { AccountTable, type PositionResults } from "~/components/records/account-table";
import { ModeBadge } from "~/components/mode-badge";
import { useRootData } from "~/utils/root-data";
import { DateFilter } from "~/components/records/date-filter";
import { Pagination } from "~/components/records/pagination";
import { PAGE_SIZE, type RecordsQuery } from "~/components/records/query";
import { parseRecordsQuery } from "~/components/records/query.server";
import { RecordTabs } from "~/components/records/record-tabs";
import { TransactionTable } from "~/components/records/transaction-table";
import { WithdrawalTable } from "~/components/records/withdrawal-table";
import { requireMember } from "~/utils/auth.server";
import { dayIn } from "~/utils/date-time";
import { requestTimeZone } from "~/utils/time-zone.server";
import { messageKey } from "~/utils/messages";
import { withOptionNames } from "~/utils/money.server";
import { dynamicKey } from "~/utils/translation-keys";
import type { RouteHandle } from "~/utils/translation-keys";

export const handle = { titleKey: "records:title", i18n: ["records"] } satisfies RouteHandle;

type RecordList =
  | { tab: "account"; page: CallData<"accountRecords">; positions: PositionResults }
  | { tab: "transactions"; page: CallData<"transactions"> }
  | { tab: "withdrawals"; page: CallData<"withdrawals"> };

type Loaded = { ok: true; list: RecordList } | { ok: false; status: number; code: string };

/** Account, transaction and withdrawal records: one tab at a time, paginated, filtered by day. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const query = parseRecordsQuery(new URL(request.url).searchParams);
  const timeZone = requestTimeZone(request);
  const page = (list: RecordList | null, error: string | null, rangeError = false) => ({
    query,
    // the quick ranges end on the member's today, in their time zone
    today: dayIn(context.now, timeZone),
    timeZone,
    currency: context.site.currency,
    games: context.site.games.map(({ code, name }) => ({ code, name })),
    list,
    error,
    rangeError,
  });
  // days in the same format compare as strings
  if (query.from && query.to && query.from > query.to) {
    return json(page(null, null, true), { status: 400 });
  }
  const loaded = await loadList(context, query, timeZone);
  if (!loaded.ok) {
    // a call that failed after its retry answers 400, other failures keep theirs (app/README.md, "Failure statuses")
    return json(page(null, messageKey(loaded.code)), { status: loaded.status });
  }
  return json(page(loaded.list, null));
}

async function loadList(context: AppLoadContext, query: RecordsQuery, zone: string): Promise<Loaded> {
  const { platform } = context;
  // the days are the member's (their zone's midnights bound them: server/rules/days.ts)
  const filter = { query: { page: query.page, pageSize: PAGE_SIZE, from: query.from, to: query.to, zone } };
  switch (query.tab) {
    case "account": {
      // one row per operation, its postings inside (components/records/account-table.tsx)
      const result = await platform.call("accountRecords", filter);
      if (!result.ok) return result;
      return {
        ok: true,
        list: { tab: "account", page: result.data, positions: await closedPositions(context, result.data) },
      };
    }
    case "transactions": {
      const result = await platform.call("transactions", filter);
      if (!result.ok) return result;
      // deposits named in the member's language (utils/money.server.ts)
      return {
        ok: true,
        list: { tab: "transactions", page: { ...result.data, items: withOptionNames(context, result.data.items) } },
      };
    }
    case "withdrawals": {
      const result = await platform.call("withdrawals", filter);
      return result.ok ? { ok: true, list: { tab: "withdrawals", page: result.data } } : result;
    }
  }
}

/**
 * What each closed position on the page made or lost in all (the platform's `net`: payout − margin
 * − opening fee), by position id, so its "Position closed" row states the result, not the payout
 * as a gain. Asked only when the page has a close: the member's last 100 closes (newest first,
 * as the records are); an older close falls back to what the close itself returned over its margin.
 */
async function closedPositions(context: AppLoadContext, page: CallData<"accountRecords">): Promise<PositionResults> {
  if (!page.items.some((r) => r.type === "position_close")) return {};
  const result = await context.platform.call("positions", { query: { status: "closed", page: 1, pageSize: 100 } });
  if (!result.ok) return {};
  const results: PositionResults = {};
  for (const p of result.data.items) {
    if (p.net !== null && p.payout !== null) results[p.id] = { net: p.net, payout: p.payout };
  }
  return results;
}

export default function Records() {
  const { query, currency, games, list, error, rangeError, today, timeZone } = useLoaderData<typeof loader>();
  const { t } = useTranslation("records");
  const filtered = Boolean(query.from || query.to);
  // which money the list is (app/README.md, "Practice mode"): account records follow the session's
  // mode (the platform lists practice operations only in practice); deposits, transfers and
  // withdrawals are real money in either mode
  const { mode } = useRootData();
  const listMode = query.tab === "account" ? mode : "real";
  const { t: tc } = useTranslation();
  return (
    <div className="records">
      <h1>
        {t("title")} <ModeBadge mode={listMode} />
      </h1>
      <p className="records-mode" data-testid="records-mode" data-mode={listMode}>
        {query.tab !== "account"
          ? tc("practice.records_always_real")
          : mode === "practice"
            ? tc("practice.records_practice")
            : tc("practice.records_real")}
      </p>
      <RecordTabs query={query} />
      <DateFilter query={query} rangeError={rangeError} today={today} timeZone={timeZone} />
      {error ? (
        <p role="alert" className="error-list">
          {t(dynamicKey(error))}
        </p>
      ) : null}
      {list ? (
        <div className="records-list">
          {list.tab === "account" ? (
            <AccountTable
              items={list.page.items}
              positions={list.positions}
              currency={currency}
              games={games}
              filtered={filtered}
            />
          ) : list.tab === "transactions" ? (
            <TransactionTable items={list.page.items} currency={currency} games={games} filtered={filtered} />
          ) : (
            <WithdrawalTable items={list.page.items} currency={currency} filtered={filtered} />
          )}
          <Pagination query={query} total={list.page.total} pageSize={list.page.pageSize} />
        </div>
      ) : null}
    </div>
  );
}
