/**
 * Getting data back: restore an object to a point in time, and a site's day as CSV files
 * (docs/operators.md, "Restore, exports and audit retention").
 */
import { join } from "node:path";
import { EXPORT_KINDS, type CallName, type Envelope, type RestoreAnswer } from "../../contract";
import { keyValue, table } from "./format";
import { idArg, pairArg, siteArg, userPath } from "./inputs";
import type { CommandSpec, Context, FlagSpec } from "./spec";

const atFlag: FlagSpec = {
  name: "at",
  type: "string",
  value: "time",
  required: true,
  help: "the point to go back to, ISO 8601 (2025-01-31T09:30:00Z); within the last 30 days",
  check: (value) =>
    Number.isNaN(Date.parse(value)) || !/^\d{4}-\d{2}-\d{2}T/.test(value)
      ? "an ISO 8601 time like 2025-01-31T09:30:00Z"
      : undefined,
};
const whyFlag: FlagSpec = {
  name: "reason",
  type: "string",
  value: "text",
  required: true,
  help: "why; kept in the audit log and the restore's record",
  check: (value) => (value.trim() === "" ? "say why" : value.length > 500 ? "at most 500 characters" : undefined),
};
const yesFlag: FlagSpec = {
  name: "yes",
  type: "boolean",
  help: "restore now; without it only the bookmark and what would be left out of step are shown",
};

const LOCAL_NOTE =
  "Point-in-time recovery is not available here: local workerd (npm start, npm run serve) keeps no\n" +
  "history of a Durable Object. On Cloudflare each SQLite-backed object keeps 30 days of it;\n" +
  'rehearse there on a staging deployment (docs/operators.md, "Restore, exports and audit retention").';

function renderRestore(r: RestoreAnswer): string {
  const head = keyValue([
    ["object", `${r.kind} ${r.target}`],
    ["point", r.at],
    ["bookmark", r.bookmark],
    ["restored", r.restored ? "yes: the object restarted on the bookmark" : "no (dry run): add --yes to restore"],
  ]);
  return [head, "", "out of step afterwards, and what is carried across:", ...r.warnings.map((w) => `- ${w}`)].join(
    "\n",
  );
}

async function restore(
  ctx: Context,
  name: CallName & ("operatorRestoreMember" | "operatorRestoreSite" | "operatorRestoreMarket"),
  params: Record<string, string>,
): Promise<void> {
  const body = {
    at: new Date(ctx.flags.at as string).toISOString(),
    reason: (ctx.flags.reason as string).trim(),
    confirm: ctx.flags.yes === true,
  };
  const answer = (await ctx.platform.operator(name, { params: params as never, body })) as Envelope<RestoreAnswer>;
  const done = await ctx.show(answer, renderRestore);
  if (!done && !ctx.json && answer.message === "restore_unavailable") ctx.io.err(LOCAL_NOTE);
}

const restoreDetails = (what: string) =>
  [
    `Restores ${what} with the storage's point-in-time recovery. Without --yes it only finds the`,
    "bookmark for --at and says what the restore would leave out of step; with --yes it writes a",
    "record to the EXPORTS bucket (restores/<kind>/<id>/<time>.json), restarts the object on the",
    "bookmark and writes back what is carried across. Needs the admin role; audited.",
  ].join("\n");

const kindsFlag: FlagSpec = {
  name: "kind",
  type: "string",
  value: "kinds",
  help: `a comma list of ${EXPORT_KINDS.join(", ")} (default: every one your roles allow)`,
  check: (value) =>
    value.split(",").every((k) => (EXPORT_KINDS as readonly string[]).includes(k))
      ? undefined
      : `a comma list of ${EXPORT_KINDS.join(", ")}`,
};

export const DATA_COMMANDS: CommandSpec[] = [
  {
    name: "export",
    summary: "a site's UTC day as CSV files: ledger, balances, deposits, withdrawals, positions, audit",
    details: [
      "Writes <site>-<day>-<kind>.csv to --out (default: the current folder), replacing files of",
      "those names. RFC 4180 CSV; amounts are integers of minor units beside the currency; times ISO",
      "8601 UTC. balances has each account's opening and closing balance: opening plus the day's",
      "ledger entries is the closing. The platform writes the same files for the day before to R2",
      "every night (exports/<site>/<day>/<kind>.csv). audit needs the admin role.",
    ].join("\n"),
    args: [
      siteArg,
      {
        name: "day",
        help: "a UTC day, YYYY-MM-DD",
        check: (value) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? undefined : "a day like 2025-01-31"),
      },
    ],
    flags: [kindsFlag, { name: "out", type: "string", value: "dir", help: "the folder to write to (made if missing)" }],
    examples: ["export demo 2025-01-31", "export demo 2025-01-31 --kind ledger,balances --out ./exports"],
    async run(ctx) {
      const kind = typeof ctx.flags.kind === "string" ? ctx.flags.kind : undefined;
      const answer = await ctx.platform.operator("operatorExport", {
        params: { siteId: ctx.args.siteId!, day: ctx.args.day! },
        query: kind ? { kind } : {},
      });
      const out = userPath(ctx, typeof ctx.flags.out === "string" ? ctx.flags.out : ".");
      // the files are written with --json too: the envelope is then what is printed
      if (answer.statusCode === 200 && answer.data)
        for (const file of answer.data.files)
          ctx.io.writeBytes(join(out, file.name), new TextEncoder().encode(file.csv));
      await ctx.show(answer, (data) =>
        table(data.files, [
          { header: "file", value: (f) => join(out, f.name), max: 100 },
          { header: "rows", value: (f) => String(f.rows), align: "right" },
        ]),
      );
    },
  },
  {
    name: "restore-member",
    summary: "restore one member's object to a point in time (dry run without --yes)",
    details: restoreDetails("one member's object (profile, sessions, ledger, bets, positions)"),
    args: [siteArg, idArg("memberId", "the member, as the audit log or a queue shows it")],
    flags: [atFlag, whyFlag, yesFlag],
    examples: ['restore-member demo m_3k9x2 --at 2025-01-31T09:30:00Z --reason "deposit credited twice by hand"'],
    run: (ctx) => restore(ctx, "operatorRestoreMember", { siteId: ctx.args.siteId!, memberId: ctx.args.memberId! }),
  },
  {
    name: "restore-site",
    summary: "restore a site's configuration and content to a point in time (dry run without --yes)",
    details: restoreDetails("a site's object (configuration, content, icons, limits, SMS log)"),
    args: [siteArg],
    flags: [atFlag, whyFlag, yesFlag],
    examples: ['restore-site demo --at 2025-01-31T09:30:00Z --reason "a bad put-site" --yes'],
    run: (ctx) => restore(ctx, "operatorRestoreSite", { siteId: ctx.args.siteId! }),
  },
  {
    name: "restore-market",
    summary: "restore a pair's market object to a point in time (dry run without --yes)",
    details: restoreDetails("a pair's market object (ticks, periods, results, triggers)"),
    args: [pairArg],
    flags: [atFlag, whyFlag, yesFlag],
    examples: ['restore-market BTC-USDT --at 2025-01-31T09:30:00Z --reason "corrupted candles"'],
    run: (ctx) => restore(ctx, "operatorRestoreMarket", { pair: ctx.args.PAIR! }),
  },
];
