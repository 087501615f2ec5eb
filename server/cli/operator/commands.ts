/**
 * The operator commands: one entry per command, from which both `help` and the dispatch come.
 * The queue decisions (deposits, withdrawals, bank accounts, messages) are in ./queues.ts, the
 * commands that write files or run other tools in ./tools.ts, contract trading's in ./contract-trading.ts.
 */
import { AUDIT_TYPES, CALLS } from "../../contract";
import { ICONS_COMMAND, THEME_COMMAND } from "./brand";
import { CONTRACT_COMMANDS } from "./contract-trading";
import { DAY_TOTALS_COMMAND } from "./day-totals";
import { bodyFlags, checkedBody, idArg, jsonBody, pairArg, siteArg } from "./inputs";
import { MEMBER_COMMAND } from "./member";
import { OPERATORS_COMMAND } from "./operators";
import { PROTECTION_COMMANDS } from "./protection";
import { DATA_COMMANDS } from "./data";
import { QUEUE_COMMANDS } from "./queues";
import * as render from "./render";
import { suggestion, UsageError, type CommandSpec } from "./spec";
import { TOOL_COMMANDS } from "./tools";

const SITE_COMMANDS: CommandSpec[] = [
  {
    name: "put-site",
    summary: "create a site or merge configuration into it",
    details:
      "The body is a partial site configuration (siteConfigPatch in server/contract): what it names is\nchanged, the rest kept. Without a body the site is created with defaults, or left as it is.\nCampaign rules (`campaignRules`, server/contract/campaigns.ts) are replaced as a whole list; keys\nmust be unique and match the `key` of the campaign's texts (publish-campaign).",
    args: [siteArg],
    flags: bodyFlags("patch"),
    examples: [
      `put-site brand3 --json '{"title":"Brand 3","currency":"USD","langOptions":["en_US"]}'`,
      "put-site demo --file site-patch.json",
      `put-site demo --json '{"campaignRules":[{"kind":"deposit_bonus","key":"first-deposit","optIn":true,"startsAt":"2025-01-01T00:00:00Z","endsAt":null,"cap":10000,"percentBp":1000,"deposits":"first","wagering":5}]}'`,
    ],
    async run(ctx) {
      const body = checkedBody(ctx, "operatorPutSite", jsonBody(ctx, {}));
      await ctx.show(
        await ctx.platform.operator("operatorPutSite", { params: { siteId: ctx.args.siteId! }, body }),
        render.siteInfo,
      );
    },
  },
  {
    name: "get-site",
    summary: "print a site's configuration (its public site info)",
    args: [siteArg],
    flags: [],
    examples: ["get-site demo", "--json get-site demo"],
    async run(ctx) {
      await ctx.show(await ctx.platform.read("siteInfo", { siteId: ctx.args.siteId! }), render.siteInfo);
    },
  },
  THEME_COMMAND,
  ICONS_COMMAND,
  {
    name: "publish-press",
    summary: "publish a news item or announcement",
    details:
      'The body: {"lang","kind":"news"|"announcement","path","title","summary","content"}; publishing the\nsame lang and path again replaces the item.',
    args: [siteArg],
    flags: bodyFlags("item"),
    examples: [
      `publish-press demo --json '{"lang":"en_US","kind":"news","path":"maintenance","title":"Maintenance","summary":"Sunday 02:00 UTC","content":"<p>…</p>"}'`,
    ],
    async run(ctx) {
      const body = checkedBody(ctx, "operatorPublishPress", jsonBody(ctx));
      const answer = await ctx.platform.operator("operatorPublishPress", {
        params: { siteId: ctx.args.siteId! },
        body,
      });
      await ctx.show(answer, (item) =>
        render.published(`${item.kind} ${item.id}`, [
          ["path", item.path || "—"],
          ["title", item.title],
          ["at", render.time(item.publishedAt)],
        ]),
      );
    },
  },
  {
    name: "publish-campaign",
    summary: "publish a campaign",
    details:
      'The body: {"lang","title","summary","content","startsAt","endsAt","key"} (times ISO 8601, endsAt may be null);\n"key" ties the languages of one campaign together and to its rule in campaignRules.',
    args: [siteArg],
    flags: bodyFlags("campaign"),
    examples: [
      `publish-campaign demo --json '{"lang":"en_US","title":"Welcome bonus","summary":"…","content":"…","startsAt":"2025-01-01T00:00:00Z","endsAt":null}'`,
    ],
    async run(ctx) {
      const body = checkedBody(ctx, "operatorPublishCampaign", jsonBody(ctx));
      const answer = await ctx.platform.operator("operatorPublishCampaign", {
        params: { siteId: ctx.args.siteId! },
        body,
      });
      await ctx.show(answer, (c) =>
        render.published(`campaign ${c.id}`, [
          ["title", c.title],
          ["runs", `${render.time(c.startsAt)} – ${c.endsAt ? render.time(c.endsAt) : "open-ended"}`],
        ]),
      );
    },
  },
  {
    name: "campaign-end",
    summary: "end a campaign now: it credits nothing new",
    details:
      "Sets the rule's endedAt (campaignRules in site info) to now; bonuses already paid keep their\nwagering, a rebate period that ended before is still paid, the campaign's texts are no longer\nlisted. Ending an ended campaign changes nothing. Rules are set with put-site\n(`campaignRules`, the whole list) and shown by get-site.",
    args: [
      siteArg,
      {
        name: "key",
        help: "the campaign's key, as in get-site's campaigns",
        check: (v) => (/^[A-Za-z0-9_-]{1,100}$/.test(v) ? undefined : "1–100 letters, digits, '_' or '-'"),
      },
    ],
    flags: [],
    examples: ["campaign-end demo first-deposit"],
    async run(ctx) {
      const { siteId, key } = ctx.args as { siteId: string; key: string };
      const answer = await ctx.platform.operator("operatorEndCampaign", { params: { siteId, key }, body: {} });
      await ctx.show(answer, async (rule) => `ended ${render.campaignRule(rule, await ctx.money(siteId))}`);
    },
  },
  {
    name: "publish-instruction",
    summary: "publish (replace) an instruction of a type",
    details: 'The body: {"lang","type","title","content"}; one instruction per type and language.',
    args: [siteArg],
    flags: bodyFlags("instruction"),
    examples: [`publish-instruction demo --json '{"lang":"en_US","type":"help","title":"Help","content":"<p>…</p>"}'`],
    async run(ctx) {
      const body = checkedBody(ctx, "operatorPublishInstruction", jsonBody(ctx));
      const answer = await ctx.platform.operator("operatorPublishInstruction", {
        params: { siteId: ctx.args.siteId! },
        body,
      });
      await ctx.show(answer, (i) =>
        render.published(`instruction ${i.id}`, [
          ["type", i.type],
          ["title", i.title],
        ]),
      );
    },
  },
  {
    name: "retire",
    summary: "take a news item, announcement, campaign or instruction down",
    args: [
      siteArg,
      {
        name: "kind",
        help: "press, campaign or instruction",
        check: (value) =>
          ["press", "campaign", "instruction"].includes(value) ? undefined : "press, campaign or instruction",
      },
      idArg("id", "the item's id, as publish-* printed it"),
    ],
    flags: [],
    examples: ["retire demo press 3f2a9c"],
    async run(ctx) {
      const { siteId, kind, id } = ctx.args as {
        siteId: string;
        kind: "press" | "campaign" | "instruction";
        id: string;
      };
      await ctx.show(
        await ctx.platform.operator("operatorRetireContent", { params: { siteId, kind, id } }),
        () => `retired ${kind} ${id} of ${siteId}`,
      );
    },
  },
  {
    name: "set-chat",
    summary: "set the customer-service chat link",
    args: [siteArg, { name: "link", help: "the chat URL, e.g. https://chat.example.com/demo" }],
    flags: [],
    examples: ["set-chat demo https://chat.example.com/demo"],
    async run(ctx) {
      const { siteId, link } = ctx.args as { siteId: string; link: string };
      const body = checkedBody(ctx, "operatorSetChatLink", { link });
      await ctx.show(
        await ctx.platform.operator("operatorSetChatLink", { params: { siteId }, body }),
        (set) => `chat link of ${siteId}: ${set}`,
      );
    },
  },
  {
    name: "sms",
    summary: "codes sent by the log SMS provider (development), newest first",
    args: [siteArg],
    flags: [
      {
        name: "mobile",
        type: "string",
        value: "number",
        help: "only codes sent to this mobile, e.g. 0912345678",
        check: (value) => (value.length > 20 ? "at most 20 characters" : undefined),
      },
    ],
    examples: ["sms demo", "sms demo --mobile 0912345678"],
    async run(ctx) {
      const mobile = ctx.flags.mobile as string | undefined;
      const answer = await ctx.platform.operator("operatorSmsLog", {
        params: { siteId: ctx.args.siteId! },
        query: { mobile },
      });
      await ctx.show(answer, render.sms);
    },
  },
  {
    name: "audit",
    summary: "the site's audit log, newest first",
    details: `types: ${AUDIT_TYPES.join(", ")}`,
    args: [siteArg],
    flags: [
      {
        name: "type",
        type: "string",
        value: "type",
        help: "only entries of this type (see above)",
        check: (value) =>
          (AUDIT_TYPES as readonly string[]).includes(value)
            ? undefined
            : `not an audit type${suggestion(value, AUDIT_TYPES)}`,
      },
      { name: "account", type: "string", value: "account", help: "only entries of this member account" },
      {
        name: "operator",
        type: "string",
        value: "id",
        help: "only actions of this operator (an id of operators list, or owner)",
      },
      { name: "from", type: "string", value: "day", help: "only entries from this UTC day on (2025-01-31)" },
      { name: "to", type: "string", value: "day", help: "only entries up to and including this UTC day" },
      { name: "page", type: "string", value: "n", help: "page number, from 1 (default 1)" },
      { name: "page-size", type: "string", value: "n", help: "entries per page, 1–200 (default 50)" },
    ],
    examples: [
      "audit demo",
      "audit demo --operator owner --from 2025-01-01 --to 2025-01-31",
      "audit demo --type signin_failed --account alice --page 2",
      "audit demo --operator op_0123456789abcdef",
    ],
    async run(ctx) {
      const query = CALLS.operatorAudit.query.safeParse({
        type: ctx.flags.type,
        account: ctx.flags.account,
        operator: ctx.flags.operator,
        from: ctx.flags.from,
        to: ctx.flags.to,
        page: ctx.flags.page,
        pageSize: ctx.flags["page-size"],
      });
      if (!query.success) {
        const flag = (field: unknown) => (field === "pageSize" ? "--page-size" : `--${String(field)}`);
        throw new UsageError(
          `the filter is not valid: ${query.error.issues.map((i) => `${flag(i.path[0])} ${i.message}`).join("; ")}`,
          ctx.command,
        );
      }
      await ctx.show(
        await ctx.platform.operator("operatorAudit", { params: { siteId: ctx.args.siteId! }, query: query.data }),
        render.audit,
      );
    },
  },
];

const MARKET_COMMANDS: CommandSpec[] = [
  {
    name: "fairness",
    summary: "a pair's seed commitments: tomorrow's, today's, and past days' with their revealed seeds",
    details:
      "Newest day first (14 days). A day's seed is revealed once its last period is recorded; anyone can\n" +
      "check SHA-256(seed) = commitment and recompute the day's ticks (node server/cli/verify-period.mjs).",
    args: [pairArg],
    flags: [],
    examples: ["fairness BTC-USDT"],
    async run(ctx) {
      await ctx.show(await ctx.platform.read("fairnessDays", { pair: ctx.args.PAIR! }), render.fairnessDays);
    },
  },
  {
    name: "pair-audit",
    summary: "what operators did to a pair: creation, changes, pauses and resumes, and the periods they voided",
    details:
      "A pause or resume applies at once, so it voids every period whose betting had closed and which had not\n" +
      "ended (every bet on it is refunded); the entry names them. Pair configuration is platform-wide, so\n" +
      "these entries are in no site's audit log.",
    args: [pairArg],
    flags: [],
    examples: ["pair-audit BTC-USDT"],
    async run(ctx) {
      await ctx.show(
        await ctx.platform.operator("operatorPairAudit", { params: { pair: ctx.args.PAIR! }, query: {} }),
        render.pairAudit,
      );
    },
  },
  {
    name: "pairs",
    summary: "every trading pair with its precision and schedule",
    args: [],
    flags: [],
    examples: ["pairs"],
    async run(ctx) {
      await ctx.show(await ctx.platform.read("pairs", undefined), render.pairs);
    },
  },
  {
    name: "pair-configs",
    summary:
      "every pair as operators manage it: stored configuration, pending change, source, state (admin of every site)",
    details:
      "What the back office's pairs list shows (operatorPairs): the configuration put-pair stored (the\n" +
      "start price too), the parameters running today, the change waiting for a later day and from when,\n" +
      "the price source, and whether the pair is paused (by an operator or by its exchange feed).",
    args: [],
    flags: [],
    examples: ["pair-configs", "pair-configs --json"],
    async run(ctx) {
      await ctx.show(await ctx.platform.operator("operatorPairs", { params: undefined }), render.pairConfigs);
    },
  },
  {
    name: "put-pair",
    summary: "create a trading pair or change how its market runs",
    details:
      "The body (pairConfig): name, precision, periodSeconds (dividing 86400), cutoffSeconds (< periodSeconds),\n" +
      "startPrice (in the pair's smallest step, used when the pair is created), volatilityBp, paused.\n" +
      "A new pair runs at once. On an existing pair, paused and name apply at once; precision, periods,\n" +
      "cut-off and volatility from the first day whose seed is committed after the change (printed as\n" +
      "'applies from'), because each day's parameters are frozen with its seed.",
    args: [pairArg],
    flags: bodyFlags("config"),
    examples: [
      `put-pair SOL-USDT --json '{"name":"Walk 5 Index","precision":3,"periodSeconds":60,"cutoffSeconds":10,"startPrice":142500,"volatilityBp":2}'`,
    ],
    async run(ctx) {
      const body = checkedBody(ctx, "operatorPutPair", jsonBody(ctx));
      await ctx.show(
        await ctx.platform.operator("operatorPutPair", { params: { pair: ctx.args.PAIR! }, body }),
        render.pair,
      );
    },
  },
];

/** Where a pair's prices come from (docs/decisions/032); in MARKET_COMMANDS. */
const PAIR_SOURCE_COMMAND: CommandSpec = {
  name: "put-pair-source",
  summary: "feed a paused pair from an exchange's trades (Binance spot), or back to its synthetic walk",
  details:
    "Admin only, audited in the pair's log. The pair must be paused first (put-pair with paused: true); the\n" +
    "pause voids the periods whose betting had closed, and so does the resume after the change. An exchange\n" +
    "source names its symbol (BTCUSDT) and maxStaleSeconds (default 5): a second without a trade keeps the\n" +
    "last price that long, then the pair pauses by itself and resumes when trades flow again. The pair's\n" +
    "cut-off must be longer than maxStaleSeconds.",
  args: [pairArg],
  flags: bodyFlags("source"),
  examples: [
    `put-pair-source BTC-USDT --json '{"kind":"exchange","exchange":"binance","symbol":"BTCUSDT","maxStaleSeconds":5}'`,
    `put-pair-source BTC-USDT --json '{"kind":"synthetic"}'`,
  ],
  async run(ctx) {
    const body = checkedBody(ctx, "operatorPutPairSource", jsonBody(ctx));
    await ctx.show(
      await ctx.platform.operator("operatorPutPairSource", { params: { pair: ctx.args.PAIR! }, body }),
      render.pair,
    );
  },
};

/** The commands as `help` lists them, by what they are about. */
export const COMMAND_GROUPS: ReadonlyArray<{ title: string; commands: readonly CommandSpec[] }> = [
  { title: "sites and content", commands: SITE_COMMANDS },
  { title: "money and members", commands: [MEMBER_COMMAND, ...QUEUE_COMMANDS] },
  { title: "player protection", commands: PROTECTION_COMMANDS },
  { title: "market", commands: [...MARKET_COMMANDS, PAIR_SOURCE_COMMAND] },
  { title: "contract trading", commands: CONTRACT_COMMANDS },
  { title: "restore and exports", commands: [DAY_TOTALS_COMMAND, ...DATA_COMMANDS] },
  { title: "set-up", commands: TOOL_COMMANDS },
  { title: "operators", commands: [OPERATORS_COMMAND] },
];

export const COMMANDS: readonly CommandSpec[] = COMMAND_GROUPS.flatMap((group) => group.commands);
