/**
 * `operators list|add|rotate|revoke|log`: the operator registry (server/platform/README.md,
 * "Operators"). Needs an admin key of every site (or the owner key). A key is printed once, when
 * it is issued: hand it to its person and do not keep it.
 */
import { ALL_SITES, CALLS, OPERATOR_ROLES, operatorId, type CallData } from "../../contract";
import { keyValue, table } from "./format";
import { suggestion, UsageError, type CommandSpec, type Context } from "./spec";

const ACTIONS = ["list", "add", "rotate", "revoke", "log"] as const;
type Action = (typeof ACTIONS)[number];

type Operator = CallData<"operatorList">[number];

const when = (iso: string | null) =>
  iso === null
    ? "—"
    : iso
        .replace("T", " ")
        .replace(/\.\d+Z$/, "Z")
        .replace(/Z$/, "");

const list = (rows: Operator[]) =>
  table(
    rows,
    [
      { header: "ID", value: (o) => o.id },
      { header: "NAME", value: (o) => o.name },
      { header: "EMAIL", value: (o) => o.email ?? "—" },
      { header: "SITES", value: (o) => o.sites.join(","), max: 40 },
      { header: "ROLES", value: (o) => o.roles.join(",") },
      { header: "KEY ISSUED (UTC)", value: (o) => when(o.keyIssuedAt) },
      { header: "REVOKED (UTC)", value: (o) => when(o.revokedAt) },
    ],
    "(no operators: only the owner key)",
  );

const log = (rows: CallData<"operatorRegistryAudit">) =>
  table(
    rows,
    [
      { header: "TIME (UTC)", value: (e) => when(e.at) },
      { header: "ACTION", value: (e) => e.action },
      { header: "OPERATOR", value: (e) => `${e.operatorId} (${e.name})`, max: 40 },
      { header: "SITES", value: (e) => e.sites.join(","), max: 30 },
      { header: "ROLES", value: (e) => e.roles.join(",") },
      { header: "BY", value: (e) => `${e.by.id} (${e.by.name})`, max: 40 },
      { header: "ACCESS", value: (e) => e.accessEmail ?? "—" },
    ],
    "(no changes to the registry yet)",
  );

const one = (o: Operator) =>
  keyValue([
    ["operator", `${o.id} (${o.name})`],
    ["email", o.email ?? "— (cannot operate in production: Access names no one for this key)"],
    ["sites", o.sites.join(", ")],
    ["roles", o.roles.join(", ")],
    ["key issued", `${when(o.keyIssuedAt)} UTC`],
    ["revoked", o.revokedAt === null ? "no" : `${when(o.revokedAt)} UTC`],
  ]);

const issued = (answer: CallData<"operatorCreate">) =>
  [
    one(answer.operator),
    "",
    `key: ${answer.key}`,
    "",
    "The key is shown this once: hand it to its person; the platform keeps only its hash.",
  ].join("\n");

const listOf = (value: string) =>
  value
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");

function idOf(ctx: Context, action: Action): string {
  const id = ctx.args.operatorId;
  if (id === undefined) throw new UsageError(`${action} needs <operatorId> (see operators list)`, ctx.command);
  if (!operatorId.safeParse(id).success)
    throw new UsageError(`<operatorId> '${id}': like op_0123456789abcdef (see operators list)`, ctx.command);
  return id;
}

export const OPERATORS_COMMAND: CommandSpec = {
  name: "operators",
  summary: "the operators: list, add (prints the new key once), rotate a key, revoke, the registry's log",
  details: [
    "Every operator has their own key, the sites they run (or * for all) and roles:",
    "  support  read members, documents and messages, answer messages",
    "  finance  deposits, withdrawals, bank reviews, documents, address pools",
    "  admin    sites, brands, content, settings, the audit log; with --sites '*' also pairs and operators",
    "",
    "  operators list",
    "  operators add --name <name> --sites <a,b|*> --roles <r,r> [--email <Access email>]",
    "  operators rotate <operatorId>   a new key; the old one stops at once",
    "  operators revoke <operatorId>   the operator and their key stop (never the last admin of every site)",
    "  operators log                   who added, rotated or revoked whom, newest first (in no site's log)",
    "",
    "In production a key works only with its operator's Cloudflare Access login (--email). The owner",
    "key (OPERATOR_KEY of the platform) is for the first operators and emergencies: keep it offline.",
  ].join("\n"),
  args: [
    {
      name: "action",
      help: ACTIONS.join(" | "),
      check: (value) =>
        (ACTIONS as readonly string[]).includes(value)
          ? undefined
          : `not one of ${ACTIONS.join(", ")}${suggestion(value, ACTIONS)}`,
    },
    { name: "operatorId", help: "rotate, revoke: the operator (see operators list)", optional: true },
  ],
  flags: [
    { name: "name", type: "string", value: "name", help: "add: the person's name, as the audit log shows it" },
    {
      name: "email",
      type: "string",
      value: "email",
      help: "add: their Cloudflare Access email (required to operate in production)",
    },
    {
      name: "sites",
      type: "string",
      value: "a,b|*",
      help: "add: the sites they run, comma-separated, or * for every site",
    },
    { name: "roles", type: "string", value: "r,r", help: `add: ${OPERATOR_ROLES.join(", ")} (comma-separated)` },
  ],
  examples: [
    "operators list",
    "operators add --name 'Chen Mei' --email mei@example.com --sites demo,demo2 --roles support,finance",
    `operators add --name 'Lin Hao' --email hao@example.com --sites '${ALL_SITES}' --roles admin`,
    "operators rotate op_0123456789abcdef",
    "operators revoke op_0123456789abcdef",
    "operators log",
  ],
  async run(ctx) {
    const action = ctx.args.action as Action;
    const addFlags = ["name", "email", "sites", "roles"].filter((flag) => ctx.flags[flag] !== undefined);
    if (action !== "add" && addFlags.length > 0)
      throw new UsageError(`--${addFlags[0]} is for operators add only`, ctx.command);
    if (action === "list" || action === "add" || action === "log") {
      if (ctx.args.operatorId !== undefined) throw new UsageError(`${action} takes no <operatorId>`, ctx.command);
    }
    switch (action) {
      case "list":
        await ctx.show(await ctx.platform.operator("operatorList", { params: undefined }), list);
        return;
      case "log":
        await ctx.show(await ctx.platform.operator("operatorRegistryAudit", { params: undefined, query: {} }), log);
        return;
      case "add": {
        for (const flag of ["name", "sites", "roles"]) {
          if (ctx.flags[flag] === undefined) throw new UsageError(`operators add needs --${flag}`, ctx.command);
        }
        const body = CALLS.operatorCreate.body.safeParse({
          name: ctx.flags.name,
          email: ctx.flags.email,
          sites: listOf(ctx.flags.sites as string),
          roles: listOf(ctx.flags.roles as string),
        });
        if (!body.success) {
          const problems = body.error.issues.map((issue) => `--${String(issue.path[0])}: ${issue.message}`);
          throw new UsageError(`the operator is not valid: ${problems.join("; ")}`, ctx.command);
        }
        await ctx.show(await ctx.platform.operator("operatorCreate", { params: undefined, body: body.data }), issued);
        return;
      }
      case "rotate":
        await ctx.show(
          await ctx.platform.operator("operatorRotateKey", { params: { operatorId: idOf(ctx, action) }, body: {} }),
          issued,
        );
        return;
      case "revoke":
        await ctx.show(
          await ctx.platform.operator("operatorRevoke", { params: { operatorId: idOf(ctx, action) }, body: {} }),
          one,
        );
        return;
    }
  },
};
