/**
 * `member <site> <who>`: one member on one page, for customer service (the calls: operatorMember
 * by account, operatorFindMember by mobile number or member id).
 */
import { CALLS, type MemberOverview } from "../../contract";
import { formatTime, keyValue, table, type Money } from "./format";
import { protection } from "./protection";
import { auditActor, auditDetails } from "./render";
import { siteArg } from "./inputs";
import { UsageError, type CommandSpec } from "./spec";

const at = (iso: string | null) => formatTime(iso).replace(/ UTC$/, "");
const orDash = (text: string) => (text === "" ? "—" : text);

/** Each part under its heading: balances, bets, positions, deposits, withdrawals, limits, audit. */
export function memberPage(m: MemberOverview, money: Money): string {
  const w = m.wallets;
  const balances = keyValue([
    ["main", money(w.main.balance)],
    ["on hold", `${money(w.main.onHold)} (withdrawals waiting)`],
    ["bonus", `${money(w.main.bonus)} (locked by wagering, not in the total)`],
    ...w.games.map((g) => [`${g.name} (game wallet)`, money(g.balance)] as const),
    ["in open bets", money(w.inBets)],
    ["in positions", money(w.inPositions)],
    ["total", money(w.total)],
  ]);
  const bets = table(
    m.openBets,
    [
      { header: "BET", value: (o) => o.id, max: 24 },
      { header: "PAIR", value: (o) => o.pair },
      { header: "PERIOD", value: (o) => o.periodNo },
      { header: "OPTION", value: (o) => o.option },
      { header: "STAKE", value: (o) => money(o.amount), align: "right" },
      { header: "ODDS", value: (o) => String(o.odds), align: "right" },
      { header: "ENDS (UTC)", value: (o) => at(o.endsAt) },
    ],
    "(no open bets)",
  );
  const positions = table(
    m.positions,
    [
      { header: "POSITION", value: (p) => p.id, max: 24 },
      { header: "PAIR", value: (p) => p.pair },
      { header: "SIDE", value: (p) => p.side },
      { header: "MARGIN", value: (p) => money(p.margin), align: "right" },
      { header: "LEVERAGE", value: (p) => `×${p.leverage}`, align: "right" },
      { header: "TP / SL", value: (p) => `${p.takeProfit ?? "—"} / ${p.stopLoss ?? "—"}` },
      { header: "OPENED (UTC)", value: (p) => at(p.openedAt) },
    ],
    "(no open positions)",
  );
  const deposits = table(
    m.deposits,
    [
      { header: "DEPOSIT", value: (d) => d.id, max: 24 },
      { header: "AMOUNT", value: (d) => money(d.amount), align: "right" },
      { header: "STATUS", value: (d) => d.status },
      { header: "OPTION", value: (d) => d.optionName, max: 24 },
      { header: "REFERENCE", value: (d) => orDash(d.payment?.reference ?? "") },
      { header: "ASKED (UTC)", value: (d) => at(d.createdAt) },
      { header: "DECIDED (UTC)", value: (d) => at(d.decidedAt) },
    ],
    "(no deposits)",
  );
  const withdrawals = table(
    m.withdrawals,
    [
      { header: "WITHDRAWAL", value: (x) => x.id, max: 24 },
      { header: "AMOUNT", value: (x) => money(x.amount), align: "right" },
      { header: "FEE", value: (x) => money(x.fee), align: "right" },
      { header: "STATUS", value: (x) => (x.reason ? `${x.status}: ${x.reason}` : x.status), max: 40 },
      { header: "TO", value: (x) => orDash(x.details), max: 30 },
      { header: "ASKED (UTC)", value: (x) => at(x.createdAt) },
    ],
    "(no withdrawals)",
  );
  const audit = table(
    m.audit,
    [
      { header: "AT (UTC)", value: (e) => at(e.at) },
      { header: "TYPE", value: (e) => e.type },
      { header: "BY", value: auditActor, max: 36 },
      { header: "DETAILS", value: auditDetails, max: 60 },
    ],
    "(no entries)",
  );
  const heading = `member ${m.account} (${m.memberId}) · signed up ${formatTime(m.createdAt)} · last sign-in ${formatTime(m.lastLoginAt)}`;
  return [
    heading,
    "",
    "balances:",
    balances,
    "",
    `open bets (${m.openBets.length}):`,
    bets,
    "",
    `open positions (${m.positions.length}):`,
    positions,
    "",
    "latest deposits:",
    deposits,
    "",
    "latest withdrawals:",
    withdrawals,
    "",
    "limits and breaks:",
    protection(m.protection, money),
    "",
    "recent audit entries about the member:",
    audit,
  ].join("\n");
}

export const MEMBER_COMMAND: CommandSpec = {
  name: "member",
  summary: "one member (by account, mobile or id) for customer service: balances, bets, money, limits, audit",
  details:
    "Everything support is asked about on one page: the balances (main, on hold, the locked bonus,\n" +
    "each game wallet, in bets and in positions), open real bets and positions, the last 5 deposits\n" +
    "and withdrawals, limits, reality check and the break in force, and the 20 newest audit entries\n" +
    "naming the member. Needs the support role on the site; the read is in the audit log. The\n" +
    "account is the member's sign-in name, in any letter case.",
  args: [
    siteArg,
    {
      name: "who",
      help: "the member's account name, as they sign in (with --by: their mobile number or member id)",
    },
  ],
  flags: [
    {
      name: "by",
      type: "string",
      value: "account|mobile|id",
      help: "what <who> is (default account); a mobile number as national (0912345678) or with its area code (+886912345678)",
      check: (value) => (["account", "mobile", "id"].includes(value) ? undefined : "account, mobile or id"),
    },
  ],
  examples: [
    "member demo alice",
    "member demo 0912345678 --by mobile",
    "member demo m_3k9x2 --by id",
    "--json member demo alice",
  ],
  async run(ctx) {
    const { siteId, who } = ctx.args as { siteId: string; who: string };
    const by = (ctx.flags.by as string | undefined) ?? "account";
    const query = CALLS.operatorFindMember.query.safeParse(
      by === "mobile" ? { mobile: who } : by === "id" ? { memberId: who } : { account: who },
    );
    if (!query.success)
      throw new UsageError(
        `not ${by === "account" ? "an account name" : `a ${by === "id" ? "member id" : "mobile number"}`}`,
        ctx.command,
      );
    const answer =
      query.data.account !== undefined
        ? await ctx.platform.operator("operatorMember", { params: { siteId, account: query.data.account } })
        : await ctx.platform.operator("operatorFindMember", { params: { siteId }, query: query.data });
    await ctx.show(answer, async (m) => memberPage(m, await ctx.money(siteId)));
  },
};
