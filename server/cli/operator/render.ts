/** How each kind of answer reads in the terminal: tables for lists, key: value blocks for one thing. */
import type { CallData, CampaignRule } from "../../contract";
import { themeLines } from "./brand";
import { formatMoney, formatTime, keyValue, table, yesNo, type Money } from "./format";
import { minorDigits } from "#rules/units";

type Item<
  N extends
    | "operatorDeposits"
    | "operatorWithdrawals"
    | "operatorBankApplications"
    | "operatorMessages"
    | "operatorSmsLog"
    | "operatorPairs"
    | "pairs",
> = CallData<N>[number];
type Deposit = Item<"operatorDeposits">;
type Withdrawal = Item<"operatorWithdrawals">;
type BankApplication = Item<"operatorBankApplications">;
type Thread = CallData<"operatorMessage">;
type SiteInfo = CallData<"siteInfo">;
type AuditPage = CallData<"operatorAudit">;

export { formatTime as time };

const orDash = (text: string) => (text === "" ? "—" : text);
/** times in tables: the column header says UTC */
const at = (iso: string | null) => formatTime(iso).replace(/ UTC$/, "");

export function siteInfo(site: SiteInfo): string {
  const money = (minor: number) => formatMoney(minor, site.currency);
  const range = (min: number, max: number) => `${money(min)} – ${money(max)}`;
  const fee = `${+(site.withdrawFeeRatio * 100).toFixed(2)}% + ${money(site.withdrawFeeFixed)}`;
  return keyValue([
    ["site", site.siteId],
    ["title", orDash(site.title)],
    ["currency", `${site.currency} (${minorDigits(site.currency)} minor digits)`],
    ["languages", `${site.langOptions.join(", ")} (default: ${site.defaultLanguage || "the browser's"})`],
    ["area codes", orDash(site.localsOptions.join(", "))],
    ["games", site.games.map((g) => `${g.code} (${g.name})`).join(", ")],
    ["game name", orDash(site.gameName)],
    ["pairs", site.pairs.join(", ")],
    [
      "odds",
      Object.entries(site.odds)
        .map(([option, odds]) => `${option} ${odds}`)
        .join(", "),
    ],
    ["deposit options", site.depositOptions.map((o) => `${o.id}: ${o.name} (${o.kind})`).join("\n") || "—"],
    ["deposit", range(site.minDepositAmount, site.maxDepositAmount)],
    ["withdrawal", `${range(site.minWithdrawAmount, site.maxWithdrawAmount)}, fee ${fee}`],
    [
      "second approval",
      site.withdrawalSecondApprovalAbove > 0
        ? `above ${money(site.withdrawalSecondApprovalAbove)}, by another operator`
        : "never (one approval pays)",
    ],
    ["transfer", range(site.minTransferAmount, site.maxTransferAmount)],
    ["bet", `${range(site.minBetAmount, site.maxBetAmount)}; buttons ${site.betAmounts.map(money).join(", ") || "—"}`],
    ["bank verify", `${yesNo(site.bankVerify)} (automatic review: ${yesNo(site.bankAutoReview)})`],
    ["sms verify", yesNo(site.smsVerify)],
    ["transaction password", site.transactionPasswordRequired ? "required" : "optional"],
    ["session idle", site.sessionIdleMinutes === 0 ? "off" : `${site.sessionIdleMinutes} min`],
    ["social", site.socialOptions.map((s) => `${s.name} ${s.url}`).join("\n") || "—"],
    ["app links", site.appLinks.map((a) => `${a.platform} ${a.url}`).join("\n") || "—"],
    [
      "redirects",
      site.redirects.map((r) => `${r.from} → ${r.to}${r.permanent ? " (permanent)" : ""}`).join("\n") || "—",
    ],
    ["logo", orDash(site.logo)],
    ["logo2", orDash(site.logo2)],
    ["favicon", orDash(site.favicon)],
    ...themeLines(site.theme).map(([key, value]): [string, string] => [`theme ${key}`, value]),
    ["script", site.script === "" ? "—" : `${site.script.length} characters`],
    ["campaigns", site.campaignRules.map((r) => campaignRule(r, money)).join("\n") || "—"],
  ]);
}

/** What the member pays, in one cell: the asset amount and address, or the account number. */
const pays = (d: Deposit) => {
  const p = d.payment;
  if (!p) return "—";
  return p.kind === "crypto" ? `${p.assetAmount} ${p.asset} → ${p.address}` : `${p.bank} ${p.accountNumber}`;
};

/**
 * A campaign rule in one line, as the member's texts should describe it (server/contract/campaigns.ts):
 * `first-deposit: deposit bonus 10% of the first deposit, cap USD 100.00, wagering 5×, join required, 2025-01-01 – open-ended`.
 */
export function campaignRule(r: CampaignRule, money: Money): string {
  const percent = `${+(r.percentBp / 100).toFixed(2)}%`;
  const what =
    r.kind === "deposit_bonus"
      ? `deposit bonus ${percent} of ${r.deposits === "first" ? "the first deposit" : "each deposit"}, cap ${money(r.cap)}, wagering ${r.wagering}×`
      : `rebate ${percent} of net losses per ${r.period === "rounds" ? `${r.rounds} rounds` : r.period}, cap ${money(r.cap)}`;
  const runs = `${at(r.startsAt)} – ${r.endsAt ? at(r.endsAt) : "open-ended"}`;
  const ended = r.endedAt ? `, ENDED ${at(r.endedAt)}` : "";
  return `${r.key}: ${what}, ${r.optIn ? "join required" : "everyone"}, ${runs}${ended}`;
}

export const deposits = (rows: Deposit[], money: Money, all: boolean) =>
  table(
    rows,
    [
      { header: "ID", value: (d) => d.id },
      { header: "REFERENCE", value: (d) => d.payment?.reference ?? "—" },
      { header: "ACCOUNT", value: (d) => d.account },
      { header: "OPTION", value: (d) => d.optionName || d.optionId, max: 24 },
      { header: "AMOUNT", value: (d) => money(d.amount), align: "right" },
      { header: "PAY", value: pays, max: 60 },
      { header: "STATUS", value: (d) => d.status },
      { header: "REQUESTED (UTC)", value: (d) => at(d.createdAt) },
      { header: "DECIDED (UTC)", value: (d) => at(d.decidedAt) },
      { header: "REASON", value: (d) => orDash(d.reason) },
    ],
    all ? "(no deposits)" : "(no deposits waiting for a decision)",
  );

export const deposit = (d: Deposit, money: Money) =>
  keyValue([
    ["deposit", d.id],
    ["status", d.status],
    ["account", `${d.account} (member ${d.memberId})`],
    ["option", `${d.optionName} (${d.optionId})`],
    ["amount", money(d.amount)],
    ["reference", d.payment?.reference ?? "—"],
    ...paymentLines(d),
    ["reason", orDash(d.reason)],
    ["requested", formatTime(d.createdAt)],
    ["decided", formatTime(d.decidedAt)],
  ]);

function paymentLines(d: Deposit): [string, string][] {
  const p = d.payment;
  if (!p) return [];
  if (p.kind === "bank") return [["pay to", `${p.bank}, ${orDash(p.branch)}; ${p.accountName}; ${p.accountNumber}`]];
  return [
    ["asset amount", `${p.assetAmount} ${p.asset}`],
    ["network", p.network],
    ["address", p.address],
  ];
}

/** Where an option's addresses come from: the xpub and how far it was derived, and the pool's counts. */
export const addressPool = (pool: CallData<"operatorSetDepositXpub">) =>
  keyValue([
    ["option", pool.optionId],
    ["source", pool.source === "xpub" ? "derived from the xpub (one address per member, xpub/0/<index>)" : "the pool"],
    ["xpub", pool.xpub ?? "—"],
    // the wallet must watch every index below this one: unpaid requests leave gaps wider than a gap limit
    [
      "derived",
      pool.source === "xpub"
        ? `${pool.derived} (indexes 0 … ${Math.max(pool.derived - 1, 0)}; watch them all)`
        : String(pool.derived),
    ],
    ["free", String(pool.free)],
    ["given out", String(pool.assigned)],
  ]);

/** The option's source, then who holds which address: how money arriving on an address is matched to a member. */
export const addressView = (view: CallData<"operatorDepositAddresses">) =>
  [
    addressPool(view),
    "",
    table(view.holders.items, [
      { header: "MEMBER", value: (h) => h.memberId },
      { header: "ACCOUNT", value: (h) => h.account },
      { header: "INDEX", value: (h) => (h.index === null ? "pool" : String(h.index)), align: "right" },
      { header: "ADDRESS", value: (h) => h.address },
      { header: "SINCE (UTC)", value: (h) => at(h.assignedAt) },
    ]),
    `page ${view.holders.page} of ${Math.max(1, Math.ceil(view.holders.total / view.holders.pageSize))} (${view.holders.total} holders)`,
  ].join("\n");

export const withdrawals = (rows: Withdrawal[], money: Money, all: boolean) =>
  table(
    rows,
    [
      { header: "ID", value: (w) => w.id },
      { header: "ACCOUNT", value: (w) => w.account },
      { header: "AMOUNT", value: (w) => money(w.amount), align: "right" },
      { header: "FEE", value: (w) => money(w.fee), align: "right" },
      { header: "TO", value: (w) => w.details, max: 30 },
      { header: "STATUS", value: (w) => withdrawalStatus(w) },
      { header: "REQUESTED (UTC)", value: (w) => at(w.createdAt) },
      { header: "DECIDED (UTC)", value: (w) => at(w.decidedAt) },
      { header: "REASON", value: (w) => orDash(w.reason) },
    ],
    all ? "(no withdrawals)" : "(no withdrawals waiting for a decision)",
  );

/** Four eyes: a pending withdrawal with its first approval says who gave it and that a second operator is needed. */
const withdrawalStatus = (w: Withdrawal) =>
  w.firstApproval === null
    ? w.status
    : w.status === "pending"
      ? `approved by ${w.firstApproval.name}, waiting for a second operator`
      : `${w.status} (first approval: ${w.firstApproval.name})`;

export const withdrawal = (w: Withdrawal, money: Money) =>
  keyValue([
    ["withdrawal", w.id],
    ["status", withdrawalStatus(w)],
    ["account", `${w.account} (member ${w.memberId})`],
    ["amount", money(w.amount)],
    ["fee", money(w.fee)],
    ["limit then", money(w.limitAmount)],
    ["to", w.details],
    ["reason", orDash(w.reason)],
    ["requested", formatTime(w.createdAt)],
    ["decided", formatTime(w.decidedAt)],
  ]);

export const bankApplications = (rows: BankApplication[], all: boolean) =>
  table(
    rows,
    [
      { header: "MEMBER", value: (b) => b.memberId },
      { header: "ACCOUNT", value: (b) => b.account },
      { header: "STATUS", value: (b) => b.status },
      { header: "BANK", value: (b) => [b.bank, b.branch].filter(Boolean).join(" / "), max: 30 },
      { header: "HOLDER", value: (b) => b.accountName, max: 24 },
      { header: "NUMBER", value: (b) => b.accountNumber },
      { header: "CUR", value: (b) => b.currency },
      { header: "SUBMITTED (UTC)", value: (b) => at(b.submittedAt) },
      { header: "REASON", value: (b) => orDash(b.reason) },
    ],
    all ? "(no bank applications)" : "(no bank applications waiting for review)",
  );

export const bankApplication = (b: BankApplication) =>
  keyValue([
    ["member", `${b.memberId} (${b.account})`],
    ["status", b.status],
    ["bank", `${b.bank}${b.branch ? `, ${b.branch}` : ""}`],
    ["holder", b.accountName],
    ["number", b.accountNumber],
    ["currency", b.currency],
    ["address", orDash(b.address)],
    ["documents", `id front ${b.idFrontFileId}, id back ${b.idBackFileId}, passbook ${b.passbookFileId}`],
    ["reason", orDash(b.reason)],
    ["submitted", formatTime(b.submittedAt)],
    ["reviewed", formatTime(b.reviewedAt)],
  ]);

export const messages = (rows: Item<"operatorMessages">[], all: boolean) =>
  table(
    rows,
    [
      { header: "MEMBER", value: (m) => m.memberId },
      { header: "ID", value: (m) => m.id },
      { header: "ACCOUNT", value: (m) => m.account },
      { header: "TITLE", value: (m) => m.title },
      { header: "REPLIES", value: (m) => String(m.replyCount), align: "right" },
      { header: "WAITING", value: (m) => yesNo(m.awaitingReply) },
      { header: "LAST (UTC)", value: (m) => at(m.updatedAt) },
    ],
    all ? "(no messages)" : "(no messages waiting for a reply)",
  );

export function thread(t: Thread): string {
  const head = keyValue([
    ["message", t.id],
    ["title", t.title],
    ["written", formatTime(t.createdAt)],
    ["last", formatTime(t.updatedAt)],
    ["replies", `${t.replyCount}${t.unread ? " (the member has not read the newest)" : ""}`],
  ]);
  const words = [{ from: "member", createdAt: t.createdAt, content: t.content }, ...t.replies].map(
    (word) => `[${formatTime(word.createdAt)}] ${word.from}:\n${word.content.replace(/^/gm, "  ")}`,
  );
  return `${head}\n\n${words.join("\n\n")}`;
}

export const sms = (rows: Item<"operatorSmsLog">[]) =>
  table(
    rows,
    [
      { header: "SENT (UTC)", value: (s) => at(s.sentAt) },
      { header: "TO", value: (s) => s.to },
      { header: "PURPOSE", value: (s) => s.purpose },
      { header: "CODE", value: (s) => s.code },
      { header: "ACCOUNT", value: (s) => s.account },
    ],
    "(no codes sent)",
  );

type AuditEntry = AuditPage["items"][number];

/** Who acted on an audit entry: an operator by name and id, else the member or the system. */
export const auditActor = (e: AuditEntry) => (e.operator ? `${e.operator.name} (${e.operator.id})` : e.actor);

/** An audit entry's details as key=value pairs on one line. */
export const auditDetails = (e: AuditEntry) =>
  Object.entries(e.details)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(" ");

export function audit(page: AuditPage): string {
  const rows = table(
    page.items,
    [
      { header: "AT (UTC)", value: (e) => at(e.at) },
      { header: "TYPE", value: (e) => e.type },
      // an operator by name and id: the person who acted
      { header: "ACTOR", value: auditActor, max: 36 },
      { header: "ACCOUNT", value: (e) => orDash(e.account) },
      { header: "MEMBER", value: (e) => orDash(e.memberId) },
      { header: "ADDRESS", value: (e) => orDash(e.address) },
      { header: "DETAILS", value: auditDetails, max: 60 },
    ],
    "(no entries)",
  );
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  return `${rows}\n\npage ${page.page} of ${pages} · ${page.total} entries`;
}

export const pairs = (rows: Item<"pairs">[]) =>
  table(
    rows,
    [
      { header: "PAIR", value: (p) => p.symbol },
      { header: "NAME", value: (p) => p.name },
      { header: "PRECISION", value: (p) => String(p.precision), align: "right" },
      { header: "PERIOD (s)", value: (p) => String(p.periodSeconds), align: "right" },
      { header: "CUTOFF (s)", value: (p) => String(p.cutoffSeconds), align: "right" },
      { header: "SOURCE", value: (p) => p.source },
    ],
    "(no pairs)",
  );

export const pairConfigs = (rows: Item<"operatorPairs">[]) =>
  table(
    rows,
    [
      { header: "PAIR", value: (p) => p.symbol },
      { header: "NAME", value: (p) => p.config.name },
      {
        header: "STATE",
        value: (p) =>
          p.config.paused ? (p.pausedByFeed ? `paused by feed (${p.pausedByFeed})` : "paused") : "running",
      },
      { header: "SOURCE", value: (p) => (p.source.kind === "exchange" ? `binance ${p.source.symbol}` : "synthetic") },
      { header: "PERIOD (s)", value: (p) => String(p.running.periodSeconds), align: "right" },
      { header: "CUTOFF (s)", value: (p) => String(p.running.cutoffSeconds), align: "right" },
      { header: "VOL (bp)", value: (p) => String(p.running.volatilityBp), align: "right" },
      {
        header: "PENDING",
        value: (p) =>
          p.pending
            ? `from ${p.pending.from}: ${p.pending.periodSeconds}/${p.pending.cutoffSeconds} s, ${p.pending.precision} digits, ${p.pending.volatilityBp} bp`
            : "-",
      },
    ],
    "(no pairs)",
  );

export const pair = (p: Item<"pairs"> & { changesFrom?: string | null; voided?: string[] }) =>
  keyValue([
    ["pair", `${p.symbol} (${p.name})`],
    ["source", p.source === "exchange" ? "exchange trades (operatorPutPairSource)" : "synthetic walk"],
    ["precision", `${p.precision} digits`],
    ["period", `${p.periodSeconds} s; bets on a period close ${p.cutoffSeconds} s before it starts`],
    ...(p.voided?.length
      ? [["voided", `${p.voided.join(", ")} (betting had closed: every bet refunded)`] as const]
      : []),
    ...(p.changesFrom === undefined
      ? []
      : [
          [
            "applies from",
            p.changesFrom === null
              ? "now (everything)"
              : `${formatTime(p.changesFrom)}: the first day whose seed is committed after this change (pause and name: now)`,
          ] as const,
        ]),
  ]);

/** pair-audit: what operators did to a pair, newest first. */
export const pairAudit = (rows: CallData<"operatorPairAudit">) =>
  table(
    rows,
    [
      { header: "AT (UTC)", value: (e) => at(e.at) },
      { header: "ACTOR", value: (e) => e.actor },
      { header: "ACTION", value: (e) => e.action },
      {
        header: "DETAILS",
        value: (e) =>
          Object.entries(e.details)
            .filter(([, v]) => v !== null)
            .map(([k, v]) => `${k}=${String(v)}`)
            .join(" "),
        max: 80,
      },
    ],
    "(no entries)",
  );

/** fairness: one line a day; the commitment in full (it is what a member compares). */
export const fairnessDays = (rows: CallData<"fairnessDays">) =>
  table(
    rows,
    [
      { header: "DAY", value: (d) => d.day },
      { header: "COMMITMENT (SHA-256 of the seed)", value: (d) => d.commitment, max: 64 },
      { header: "COMMITTED (UTC)", value: (d) => at(d.committedAt) },
      { header: "SEED", value: (d) => d.seed ?? `hidden until ${at(d.revealAt)}`, max: 64 },
      { header: "VOL (bp)", value: (d) => String(d.volatilityBp), align: "right" },
      { header: "PERIOD (s)", value: (d) => String(d.periodSeconds), align: "right" },
    ],
    "(no days)",
  );

export const published = (what: string, fields: Array<readonly [string, string]>) =>
  keyValue([["published", what], ...fields]);
