/**
 * The contract-trading commands: `contract-settings` (a site's contractSettings, read or changed
 * field by field) and `open-interest` (what the site's members hold open per pair, and the
 * house's exposure). The settings are site info like every other site setting, so a change is
 * read-modify-write of the whole object through operatorPutSite: the platform validates it once
 * more, and a refused change leaves the stored settings as they were.
 */
import {
  contractSettings as contractSettingsSchema,
  feeShareBreachOf,
  pairSymbol,
  sharePercent,
  type CallData,
  type ContractSettings,
} from "../../contract";
import { feeSharePpm } from "#rules/position-math";
import { formatMoney, keyValue, table, type Money } from "./format";
import { AMOUNT_TEXT, decimalString, minorDigits, parseAmount } from "#rules/units";
import { siteArg } from "./inputs";
import { UsageError, type CommandSpec, type FlagSpec } from "./spec";

type OpenInterest = CallData<"operatorOpenInterest">[number];

// flags ---------------------------------------------------------------------------------------------

const wholeNumber = (value: string) => (/^\d{1,15}$/.test(value) ? undefined : "a whole number, e.g. 500");

/** A decimal without sign or exponent, as amounts are typed: "1", "1000.50", "10,000.00". */
const amountShape = (value: string) =>
  AMOUNT_TEXT.test(value.trim()) ? undefined : "an amount in the site's money, e.g. 10000 or 10,000.50";

const pairList = (value: string) =>
  value.split(",").every((p) => pairSymbol.safeParse(p.trim()).success)
    ? undefined
    : "pairs like BTC-USDT, separated by commas";

/** Which contractSettings field each number flag sets, and whether it is money. */
const NUMBER_FLAGS = [
  {
    flag: "fee-ppm",
    field: "feePpm",
    money: false,
    help: "the fee of opening and again of closing, parts per million of the notional (500 = 0.05 %)",
  },
  {
    flag: "max-fee-share-bp",
    field: "maxFeeShareBp",
    money: false,
    help: "the most of the margin the opening and closing fees may take together, basis points (1000 = 10 %); a leverage above it is refused",
  },
  {
    flag: "stop-out-bp",
    field: "stopOutBp",
    money: false,
    help: "stop out when equity falls to this share of the margin, basis points (1000 = 10 %)",
  },
  {
    flag: "min-margin",
    field: "minMargin",
    money: true,
    help: "the smallest margin of a position, in the site's money (e.g. 1.00)",
  },
  {
    flag: "max-margin",
    field: "maxMargin",
    money: true,
    help: "the largest margin of a position, in the site's money",
  },
  { flag: "max-open", field: "maxOpenPositions", money: false, help: "open positions one member may hold at once" },
  {
    flag: "max-notional-member",
    field: "maxNotionalPerMember",
    money: true,
    help: "the most notional one member may hold open, all pairs, in the site's money",
  },
  {
    flag: "max-notional-pair",
    field: "maxNotionalPerPair",
    money: true,
    help: "the most notional the site's members may hold open on one pair (the house's exposure)",
  },
  {
    flag: "slippage-bp",
    field: "slippageBp",
    money: false,
    help: "how far the price may move from the one the member saw, basis points (50 = 0.5 %)",
  },
] as const satisfies ReadonlyArray<{ flag: string; field: keyof ContractSettings; money: boolean; help: string }>;

const SETTINGS_FLAGS: FlagSpec[] = [
  {
    name: "leverage",
    type: "string",
    value: "list",
    help: "the leverages members may choose, ascending, e.g. 5,10,20,50,100",
    check: (value) =>
      /^\d{1,4}(,\d{1,4})*$/.test(value) ? undefined : "whole numbers separated by commas, e.g. 5,10,20",
  },
  ...NUMBER_FLAGS.map((n): FlagSpec => ({
    name: n.flag,
    type: "string",
    value: n.money ? "amount" : "n",
    help: n.help,
    check: n.money ? amountShape : wholeNumber,
  })),
  {
    name: "close-only",
    type: "string",
    value: "pairs",
    help: "make these pairs close-only: no new positions, open ones can close",
    check: pairList,
  },
  { name: "open", type: "string", value: "pairs", help: "lift close-only from these pairs", check: pairList },
];

const split = (value: string | boolean | undefined) =>
  typeof value === "string" ? value.split(",").map((v) => v.trim()) : [];

/**
 * The site's settings with the flags applied. The money flags are read in the site's currency;
 * the result is checked with the contract's schema, so a bad combination (a minimum above the
 * maximum, leverages out of order) is explained here and nothing is sent.
 */
export function settingsFromFlags(
  current: ContractSettings,
  flags: Record<string, string | boolean | undefined>,
  site: { currency: string; pairs: readonly string[] },
): ContractSettings {
  const next: Record<string, unknown> = { ...current, closeOnlyPairs: [...current.closeOnlyPairs] };
  if (typeof flags.leverage === "string") next.leverageOptions = split(flags.leverage).map(Number);
  const digits = minorDigits(site.currency);
  for (const n of NUMBER_FLAGS) {
    const value = flags[n.flag];
    if (typeof value !== "string") continue;
    if (n.money) {
      const minor = parseAmount(value, digits);
      if (minor === null)
        throw new UsageError(
          `--${n.flag} '${value}': not an amount of ${site.currency} (at most ${digits} decimals)`,
          "contract-settings",
        );
      next[n.field] = minor;
    } else {
      next[n.field] = Number(value);
    }
  }
  const closing = split(flags["close-only"]);
  const opening = split(flags.open);
  const both = closing.filter((p) => opening.includes(p));
  if (both.length > 0)
    throw new UsageError(`${both.join(", ")} is both in --close-only and --open`, "contract-settings");
  // a pair the site does not offer has no positions to close: naming one is a typo
  const unknown = [...closing, ...opening].filter((p) => !site.pairs.includes(p));
  if (unknown.length > 0)
    throw new UsageError(
      `the site does not offer ${unknown.join(", ")} (its pairs: ${site.pairs.join(", ")})`,
      "contract-settings",
    );
  const closeOnly = new Set([...(next.closeOnlyPairs as string[]), ...closing]);
  for (const pair of opening) closeOnly.delete(pair);
  next.closeOnlyPairs = [...closeOnly];

  const parsed = contractSettingsSchema.safeParse(next);
  if (!parsed.success) {
    const flagOf = (field: unknown) => {
      if (field === "leverageOptions") return "--leverage";
      if (field === "closeOnlyPairs") return "--close-only";
      const n = NUMBER_FLAGS.find((f) => f.field === field);
      return n ? `--${n.flag}` : String(field);
    };
    // a leverage refused for its fees may come from --leverage, --fee-ppm or --max-fee-share-bp: its message says which figures
    const issues = parsed.error.issues.map((i) =>
      feeShareBreachOf(i) ? i.message : `${flagOf(i.path[0])}: ${i.message}`,
    );
    throw new UsageError(`the settings are not valid, nothing was sent: ${issues.join("; ")}`, "contract-settings");
  }
  return parsed.data;
}

// output --------------------------------------------------------------------------------------------

/** 500 ppm → "0.05 %", 1000 bp → "10 %": exact, by string arithmetic, trailing zeros dropped. */
export const percentOf = (value: number, digits: number): string =>
  `${decimalString(value, digits)
    .replace(/(\.\d*?)0+$/, "$1")
    .replace(/\.$/, "")} %`;

export function settingsLines(s: ContractSettings, money: Money): Array<[string, string]> {
  return [
    ["leverage", s.leverageOptions.map((l) => `${l}×`).join(", ")],
    [
      "fee",
      `${percentOf(s.feePpm, 4)} of the notional at the open, charged at opening and again at closing (${s.feePpm} ppm)`,
    ],
    [
      "fee share",
      `both fees together at most ${percentOf(s.maxFeeShareBp, 2)} of the margin (${s.maxFeeShareBp} bp); ` +
        `at ${s.leverageOptions.at(-1)}× they take ${sharePercent(feeSharePpm(s.leverageOptions.at(-1)!, s.feePpm))}`,
    ],
    ["stop-out", `when equity falls to ${percentOf(s.stopOutBp, 2)} of the margin (${s.stopOutBp} bp)`],
    ["margin", `${money(s.minMargin)} – ${money(s.maxMargin)} per position`],
    ["open positions", `at most ${s.maxOpenPositions} per member`],
    ["notional per member", `at most ${money(s.maxNotionalPerMember)}, all pairs together`],
    ["notional per pair", `at most ${money(s.maxNotionalPerPair)}, all members together (the house's exposure)`],
    ["slippage", `${percentOf(s.slippageBp, 2)} from the price the member saw (${s.slippageBp} bp)`],
    ["close-only pairs", s.closeOnlyPairs.join(", ") || "none"],
  ];
}

/** A price in the pair's smallest step, as a decimal: 6123450 on a 2-digit pair → "61234.50". */
const price = (steps: number | null, precision: number | undefined) =>
  steps === null ? "—" : precision === undefined ? String(steps) : decimalString(steps, precision);

/** "+$1.00" / "-$1.00": a signed amount reads as a direction. */
const signed = (money: Money, minor: number) =>
  minor > 0 ? `+${money(minor)}` : minor < 0 ? `-${money(-minor)}` : money(0);

export function openInterestTable(
  rows: readonly OpenInterest[],
  money: Money,
  precisions: ReadonlyMap<string, number>,
): string {
  const body = table(
    rows,
    [
      { header: "PAIR", value: (r) => r.pair },
      { header: "MARK", value: (r) => price(r.markPrice, precisions.get(r.pair)), align: "right" },
      { header: "LONG", value: (r) => String(r.longPositions), align: "right" },
      { header: "LONG NOTIONAL", value: (r) => money(r.longNotional), align: "right" },
      { header: "SHORT", value: (r) => String(r.shortPositions), align: "right" },
      { header: "SHORT NOTIONAL", value: (r) => money(r.shortNotional), align: "right" },
      { header: "NET", value: (r) => signed(money, r.netNotional), align: "right" },
      {
        header: "LIMIT (USED)",
        value: (r) =>
          `${money(r.limit)} (${r.limit === 0 ? "—" : percentOf(Math.round(((r.longNotional + r.shortNotional) * 10_000) / r.limit), 2)})`,
        align: "right",
      },
      { header: "CLOSE-ONLY", value: (r) => (r.closeOnly ? "yes" : "no") },
      { header: "MEMBERS' PNL", value: (r) => signed(money, r.unrealizedPnl), align: "right" },
      { header: "MARGIN", value: (r) => money(r.margin), align: "right" },
    ],
    "(no pairs)",
  );
  if (rows.length === 0) return body;
  const total = rows.reduce((sum, r) => sum + r.unrealizedPnl, 0);
  const house = -total;
  return [
    body,
    "",
    "NET: long − short notional; a positive net means the house is short that much of the pair.",
    "MEMBERS' PNL: what the members would gain (+) or lose (−) if every position closed at the mark,",
    "before fees. The house's exposure is its opposite: the house pays what members gain.",
    house === 0
      ? "All pairs: the house would neither pay nor take anything at the mark."
      : `All pairs: the house would ${house < 0 ? "pay" : "take"} ${money(Math.abs(house))} at the mark (${signed(money, house)} for the house).`,
  ].join("\n");
}

// the commands --------------------------------------------------------------------------------------

export const CONTRACT_SETTINGS_COMMAND: CommandSpec = {
  name: "contract-settings",
  summary: "print or change a site's contract-trading settings (leverages, fee, stop-out, limits)",
  details:
    "Without flags the settings are printed. With flags the site's current settings are read, the\n" +
    "fields given are changed, the whole object is checked and put back (put-site's contractSettings),\n" +
    "and the result is printed. Amount flags are in the site's money (10000, 10,000.50); a bad value\n" +
    "or combination is explained and nothing is sent; a refusal of the platform changes nothing.\n" +
    "A leverage whose opening and closing fees together take more of the margin than the fee share\n" +
    "(--max-fee-share-bp, 10 % unless set) is refused, naming the leverage and its share.\n" +
    "Positions already open keep the fee and stop-out they opened with.",
  args: [siteArg],
  flags: SETTINGS_FLAGS,
  examples: [
    "contract-settings demo",
    "contract-settings demo --leverage 5,10,20 --fee-ppm 600 --min-margin 1 --max-margin 10,000",
    "contract-settings demo --leverage 5,10,20,50 --max-fee-share-bp 500",
    "contract-settings demo --close-only ETH-USDT",
    "contract-settings demo --open ETH-USDT --max-notional-pair 5000000",
  ],
  async run(ctx) {
    const siteId = ctx.args.siteId!;
    const info = await ctx.platform.read("siteInfo", { siteId });
    if (info.statusCode !== 200 || !info.data) return ctx.refused(info, `reading ${siteId}`);
    const site = info.data;
    const money = (minor: number) => formatMoney(minor, site.currency);
    const changed = SETTINGS_FLAGS.some((flag) => ctx.flags[flag.name] !== undefined);
    if (!changed) {
      ctx.io.out(
        ctx.json
          ? JSON.stringify(site.contractSettings, null, 2)
          : keyValue([["site", siteId], ...settingsLines(site.contractSettings, money)]),
      );
      return;
    }
    const next = settingsFromFlags(site.contractSettings, ctx.flags, site);
    const answer = await ctx.platform.operator("operatorPutSite", {
      params: { siteId },
      body: { contractSettings: next },
    });
    await ctx.show(answer, (stored) =>
      keyValue([["site", stored.siteId], ...settingsLines(stored.contractSettings, money)]),
    );
  },
};

export const OPEN_INTEREST_COMMAND: CommandSpec = {
  name: "open-interest",
  summary: "a site's open positions per pair and the house's exposure at the mark",
  details:
    "One row per pair of the site: the mark (the market's latest price), open long and short\n" +
    "positions and their notional, the net, the pair's notional limit and how much of it is used,\n" +
    "whether the pair is close-only, the members' unrealized PnL at the mark (the house's exposure\n" +
    "is its opposite) and the margin they hold in positions.",
  args: [siteArg],
  flags: [],
  examples: ["open-interest demo", "--json open-interest demo"],
  async run(ctx) {
    const siteId = ctx.args.siteId!;
    const answer = await ctx.platform.operator("operatorOpenInterest", { params: { siteId } });
    await ctx.show(answer, async (rows) => {
      const pairs = await ctx.platform.read("pairs", undefined);
      const precisions = new Map((pairs.data ?? []).map((p) => [p.symbol, p.precision] as const));
      return openInterestTable(rows, await ctx.money(siteId), precisions);
    });
  },
};

export const CONTRACT_COMMANDS: CommandSpec[] = [CONTRACT_SETTINGS_COMMAND, OPEN_INTEREST_COMMAND];
