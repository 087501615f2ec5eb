/** Player protection of one member: what is in force, and the refused attempt to end a break early. */
import type { ProtectionState } from "../../contract/protection";
import { formatTime, keyValue, table, type Money } from "./format";
import { idArg, reasonFlag, siteArg } from "./inputs";
import type { CommandSpec, Context } from "./spec";

const memberId = idArg("memberId", "the member, as the audit log or a queue shows it");
const memberParams = (ctx: Context) => ({ siteId: ctx.args.siteId!, memberId: ctx.args.memberId! });

const orNone = (amount: number | null, money: Money) => (amount === null ? "none" : money(amount));

/** The six limits as a table, then the reality check, the break in force and the latest changes. */
export function protection(p: ProtectionState, money: Money): string {
  const limits = table(p.limits, [
    { header: "LIMIT", value: (l) => `${l.kind} / ${l.period}` },
    { header: "IN FORCE", value: (l) => orNone(l.amount, money), align: "right" },
    { header: "USED", value: (l) => money(l.used), align: "right" },
    { header: "REMAINING", value: (l) => (l.remaining === null ? "—" : money(l.remaining)), align: "right" },
    {
      header: "PENDING",
      value: (l) => (l.pending ? `${orNone(l.pending.amount, money)} from ${formatTime(l.pending.appliesAt)}` : "—"),
    },
  ]);
  const b = p.activeBreak;
  const summary = keyValue([
    [
      "reality check",
      `every ${p.realityCheckMinutes} minutes${p.realityCheckIsSiteDefault ? " (the site's default)" : " (the member's choice)"}`,
    ],
    [
      "break",
      b
        ? `${b.kind} ${b.duration}, ${formatTime(b.startedAt)} until ${formatTime(b.until)} (cannot end early)`
        : "none",
    ],
  ]);
  const history = table(
    p.history.slice(0, 20),
    [
      { header: "AT (UTC)", value: (h) => formatTime(h.at) },
      {
        header: "CHANGE",
        value: (h) => (h.change === "limit" ? `${h.kind} / ${h.period} limit` : h.change.replace("_", " ")),
      },
      {
        header: "FROM → TO",
        value: (h) =>
          h.change === "limit"
            ? `${orNone(h.from, money)} → ${orNone(h.to, money)}`
            : h.change === "reality_check"
              ? `${h.from ?? "—"} → ${h.to ?? "—"} min`
              : (h.duration ?? "—"),
      },
      { header: "APPLIES (UTC)", value: (h) => formatTime(h.appliesAt) },
    ],
    "(no changes)",
  );
  return [limits, "", summary, "", "latest changes:", history].join("\n");
}

export const PROTECTION_COMMANDS: CommandSpec[] = [
  {
    name: "protection",
    summary: "a member's deposit and loss limits, reality check, break in force and changes",
    args: [siteArg, memberId],
    flags: [],
    examples: ["protection demo m_3k9x2"],
    async run(ctx) {
      const answer = await ctx.platform.operator("operatorMemberProtection", { params: memberParams(ctx) });
      await ctx.show(answer, async (p) => protection(p, await ctx.money(ctx.args.siteId!)));
    },
  },
  {
    name: "end-break",
    summary: "ask to end a member's time-out or self-exclusion: always refused, and the attempt is audited",
    details:
      "Nobody can end a break early, not the member and not an operator: the platform refuses\n(break_cannot_end_early, with the break's end) and writes the attempt, with --reason, to the\naudit log. The command exists so that the answer is the platform's, and on the record.",
    args: [siteArg, memberId],
    flags: [reasonFlag],
    examples: ['end-break demo m_3k9x2 --reason "The member called and asked"'],
    async run(ctx) {
      const reason = typeof ctx.flags.reason === "string" ? ctx.flags.reason.trim() : "";
      const answer = await ctx.platform.operator("operatorEndBreak", { params: memberParams(ctx), body: { reason } });
      await ctx.show(answer, async (p) => protection(p, await ctx.money(ctx.args.siteId!)));
    },
  },
];
