/**
 * Player protection: one member's limits and break, the refused attempt to end a break early, and
 * the sites linked so that a break holds on all of them (decision 033).
 */
import { siteIdSchema } from "../../contract";
import type { ProtectionBreak, ProtectionState, SiteLinks } from "../../contract/protection";
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
      value: (l) =>
        l.pending
          ? l.pending.ready
            ? `${orNone(l.pending.amount, money)}, ready: member to confirm`
            : `${orNone(l.pending.amount, money)} from ${formatTime(l.pending.appliesAt)}`
          : "—",
    },
  ]);
  const b = p.activeBreak;
  const summary = keyValue([
    [
      "reality check",
      `every ${p.realityCheckMinutes} minutes${p.realityCheckIsSiteDefault ? " (the site's default)" : " (the member's choice)"}`,
    ],
    ["break", b ? breakLine(b) : "none"],
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

/** A break in words: when it ends, or for a self-exclusion past its minimum, how it can. */
function breakLine(b: ProtectionBreak): string {
  const start = `${b.kind} ${b.duration}${b.linked ? " (from a linked site)" : ""}, since ${formatTime(b.startedAt)}`;
  if (b.returnAt !== null) return `${start}; the member asked to return: ends ${formatTime(b.returnAt)}`;
  if (b.mayReturn) return `${start}; minimum ended ${formatTime(b.until)}, in force until the member asks to return`;
  return `${start} until ${formatTime(b.until)} (cannot end early)`;
}

const links = (l: SiteLinks) =>
  l.linked.length === 0
    ? `${l.siteId} is linked with no site`
    : `${l.siteId} is linked with ${l.linked.join(", ")}: a break taken on one holds on all`;

/** --with a,b: the sites to link with, each a site id. */
const withFlag = {
  name: "with",
  type: "string" as const,
  value: "sites",
  required: true,
  help: "the sites to link with, separated by commas (their groups join)",
  check: (value: string) =>
    value.split(",").every((s) => siteIdSchema.safeParse(s.trim()).success)
      ? undefined
      : "site ids separated by commas, e.g. brand2,brand3",
};

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
  {
    name: "site-links",
    summary: "the sites linked with a site: a break a member takes on one holds on all (admin)",
    args: [siteArg],
    flags: [],
    examples: ["site-links demo"],
    async run(ctx) {
      const answer = await ctx.platform.operator("operatorSiteLinks", { params: { siteId: ctx.args.siteId! } });
      await ctx.show(answer, async (l) => links(l));
    },
  },
  {
    name: "link-sites",
    summary: "link sister sites so that a member's break holds on all of them (admin, audited)",
    details:
      "From now on a time-out or self-exclusion a member takes on one site of the group holds on every\nother for the members with the same verified mobile number; the breaks members of each site\nhave already taken are carried to the sites newly linked with it. You must be an admin of every\nsite named. The groups the sites are in join into one.",
    args: [siteArg],
    flags: [withFlag, { ...reasonFlag, help: "why; written to each site's audit log" }],
    examples: ['link-sites demo --with demo2 --reason "Sister brands of one licence"'],
    async run(ctx) {
      const sites = String(ctx.flags.with)
        .split(",")
        .map((s) => s.trim());
      const reason = typeof ctx.flags.reason === "string" ? ctx.flags.reason.trim() : "";
      const answer = await ctx.platform.operator("operatorLinkSites", {
        params: { siteId: ctx.args.siteId! },
        body: { sites, reason },
      });
      await ctx.show(answer, async (l) => links(l));
    },
  },
  {
    name: "unlink-site",
    summary: "take a site out of its group: breaks taken from now on stay on their own site (admin)",
    details: "Breaks already carried over stay in force where they are: nothing ends a break early.",
    args: [siteArg],
    flags: [{ ...reasonFlag, help: "why; written to each site's audit log" }],
    examples: ['unlink-site demo2 --reason "Brand sold"'],
    async run(ctx) {
      const reason = typeof ctx.flags.reason === "string" ? ctx.flags.reason.trim() : "";
      const answer = await ctx.platform.operator("operatorUnlinkSite", {
        params: { siteId: ctx.args.siteId! },
        body: { reason },
      });
      await ctx.show(answer, async (l) => links(l));
    },
  },
];
