import type { AuditEntry, ExportKind } from "../../contract";
import type { Env } from "../env";
import type { MemberDay } from "../member/day-export";
import { memberStub } from "../stubs";
import { csv, type CsvValue } from "./csv";

/**
 * A site's UTC day as CSV files (server/platform/README.md, "Restore, exports and audit
 * retention"): each member object gives its part (member/day-export.ts), the site its audit
 * entries. Amounts are integers of the currency's minor units beside the currency's code; times
 * are ISO 8601 in UTC, as stored.
 */

/** Where a site's day comes from: the handler reads it through the site's stub, the site's alarm from itself. */
export interface SiteSource {
  siteId: string;
  memberIds(): Promise<string[]>;
  audit(start: string, end: string): Promise<AuditEntry[]>;
}

export interface DayFile {
  kind: ExportKind;
  name: string;
  rows: number;
  csv: string;
}

/** The day's bounds: [start, end) as ISO strings, which compare as times. */
export function dayBounds(day: string): { start: string; end: string } {
  const start = new Date(`${day}T00:00:00.000Z`);
  return { start: start.toISOString(), end: new Date(start.getTime() + 86_400_000).toISOString() };
}

/** The member objects asked at once: enough to be quick, few enough not to crowd the site's isolate. */
const AT_ONCE = 16;

export async function memberDays(env: Env, source: SiteSource, start: string, end: string): Promise<MemberDay[]> {
  const ids = await source.memberIds();
  const days: MemberDay[] = [];
  for (let i = 0; i < ids.length; i += AT_ONCE) {
    const answers = await Promise.all(
      ids.slice(i, i + AT_ONCE).map((id) => memberStub(env, id).exportDay(source.siteId, start, end)),
    );
    // a directory row whose object was never made (a sign-up that failed half-way) has nothing to give
    for (const answer of answers) if (answer.ok) days.push(answer.data as MemberDay);
  }
  return days;
}

const WHO = ["site", "member_id", "member_account", "currency"] as const;

function memberFile(
  site: string,
  days: MemberDay[],
  header: readonly string[],
  rowsOf: (d: MemberDay) => CsvValue[][],
): { rows: CsvValue[][]; header: string[] } {
  const rows = days.flatMap((d) => rowsOf(d).map((row) => [site, d.memberId, d.account, d.currency, ...row]));
  return { header: [...WHO, ...header], rows };
}

export async function siteDayFiles(
  env: Env,
  source: SiteSource,
  day: string,
  kinds: readonly ExportKind[],
): Promise<DayFile[]> {
  const { start, end } = dayBounds(day);
  const needsMembers = kinds.some((k) => k !== "audit");
  const days = needsMembers ? await memberDays(env, source, start, end) : [];
  const site = source.siteId;
  const files: DayFile[] = [];
  for (const kind of kinds) {
    let table: { header: string[]; rows: CsvValue[][] };
    switch (kind) {
      case "ledger":
        table = memberFile(
          site,
          days,
          ["entry_id", "time", "operation", "type", "ledger_account", "amount", "balance_after", "reference"],
          (d) =>
            d.ledger.map((l) => [l.id, l.at, l.operation, l.type, l.account, l.amount, l.balanceAfter, l.reference]),
        );
        break;
      case "balances":
        table = memberFile(site, days, ["ledger_account", "own", "opening", "closing"], (d) =>
          d.balances.map((b) => [b.account, b.own ? 1 : 0, b.opening, b.closing]),
        );
        break;
      case "deposits":
        table = memberFile(site, days, ["deposit_id", "option", "amount", "status", "created_at", "decided_at"], (d) =>
          d.deposits.map((x) => [x.id, x.option, x.amount, x.status, x.createdAt, x.decidedAt]),
        );
        break;
      case "withdrawals":
        table = memberFile(site, days, ["withdrawal_id", "amount", "fee", "status", "created_at", "decided_at"], (d) =>
          d.withdrawals.map((x) => [x.id, x.amount, x.fee, x.status, x.createdAt, x.decidedAt]),
        );
        break;
      case "positions":
        table = memberFile(
          site,
          days,
          [
            "position_id",
            "pair",
            "side",
            "status",
            "margin",
            "leverage",
            "notional",
            "open_fee",
            "close_fee",
            "pnl",
            "payout",
            "opened_at",
            "closed_at",
            "close_reason",
          ],
          (d) =>
            d.positions.map((p) => [
              p.id,
              p.pair,
              p.side,
              p.status,
              p.margin,
              p.leverage,
              p.notional,
              p.openFee,
              p.closeFee,
              p.pnl,
              p.payout,
              p.openedAt,
              p.closedAt,
              p.closeReason,
            ]),
        );
        break;
      case "audit": {
        const entries = await source.audit(start, end);
        table = {
          header: [
            "site",
            "entry_id",
            "time",
            "type",
            "actor",
            "operator_id",
            "operator_name",
            "member_account",
            "member_id",
            "address",
            "details",
          ],
          rows: entries.map((e) => [
            site,
            e.id,
            e.at,
            e.type,
            e.actor,
            e.operator?.id ?? "",
            e.operator?.name ?? "",
            e.account,
            e.memberId,
            e.address,
            JSON.stringify(e.details),
          ]),
        };
        break;
      }
    }
    files.push({
      kind,
      name: `${site}-${day}-${kind}.csv`,
      rows: table.rows.length,
      csv: csv(table.header, table.rows),
    });
  }
  return files;
}

/** Where the daily alarm keeps a day's file in the EXPORTS bucket. */
export const exportKey = (siteId: string, day: string, kind: ExportKind) => `exports/${siteId}/${day}/${kind}.csv`;
