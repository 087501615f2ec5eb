/** `day-totals <site> [day]`: a site's UTC day in four figures (the call: operatorSiteDay). */
import { exportDay, type SiteDayTotals } from "../../contract";
import { keyValue, type Money } from "./format";
import { siteArg } from "./inputs";
import type { CommandSpec } from "./spec";

export function dayTotalsPage(t: SiteDayTotals, money: Money): string {
  return [
    `${t.siteId} · ${t.day} (UTC) · ${t.activeMembers} member(s) with ledger entries`,
    keyValue([
      ["deposits credited", `${money(t.deposits.amount)} (${t.deposits.count})`],
      ["withdrawals paid", `${money(t.withdrawals.amount)} (${t.withdrawals.count})`],
      ["bets placed", `${money(t.bets.amount)} (${t.bets.count})`],
      ["house net from play", money(t.net)],
    ]),
  ].join("\n");
}

export const DAY_TOTALS_COMMAND: CommandSpec = {
  name: "day-totals",
  summary: "a site's day from the ledgers: deposits, withdrawals, bets and the house's net",
  details:
    "Summed from every member's real-money ledger for the UTC day, as the day's export files are:\n" +
    "deposits credited, withdrawals paid (the fee apart), bets placed and their stakes, and the\n" +
    "house's net from bets and positions (stakes and fees kept less what play paid back; a bet\n" +
    "still open counts as staked). Needs the finance or admin role on the site.",
  args: [
    siteArg,
    {
      name: "day",
      optional: true,
      help: "the UTC day, YYYY-MM-DD (default today)",
      check: (value) => (exportDay.safeParse(value).success ? undefined : "not a day (YYYY-MM-DD)"),
    },
  ],
  flags: [],
  examples: ["day-totals demo", "day-totals demo 2025-01-31", "--json day-totals demo"],
  async run(ctx) {
    const siteId = ctx.args.siteId!;
    const day = ctx.args.day ?? new Date().toISOString().slice(0, 10);
    const answer = await ctx.platform.operator("operatorSiteDay", { params: { siteId, day } });
    await ctx.show(answer, async (t) => dayTotalsPage(t, await ctx.money(siteId)));
  },
};
