/** Commands that do more than one call: saving a member's documents, seeding, mapping a hostname. */
import { join } from "node:path";
import { SEED_SITES } from "../seed/sites";
import { seedDemoSites } from "../seed/seed";
import { isLocalUrl } from "./client";
import { table } from "./format";
import { hostnameArg, idArg, siteArg, userPath } from "./inputs";
import { ConfigError, type CommandSpec, type Context } from "./spec";

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "application/pdf": "pdf",
};

/** "image/jpeg; charset=…" → "jpg"; anything unknown → "bin". */
export const extensionOf = (contentType: string) =>
  EXTENSIONS[contentType.split(";")[0]!.trim().toLowerCase()] ?? "bin";

/** A file-name part from an id: nothing but letters, digits, '.', '_' and '-'. */
const safeName = (text: string) => text.replace(/[^A-Za-z0-9._-]/g, "_");

interface Saved {
  document: string;
  fileId: string;
  path: string;
  contentType: string;
  bytes: number;
}

async function bankDocuments(ctx: Context): Promise<void> {
  const siteId = ctx.args.siteId!;
  const member = ctx.args.memberId!;
  const out = userPath(ctx, ctx.flags.out as string);
  const list = await ctx.platform.operator("operatorBankApplications", {
    params: { siteId },
    query: { status: "all" },
  });
  if (list.statusCode !== 200 || !list.data) return ctx.refused(list, "bank applications");
  const application =
    list.data.find((a) => a.memberId === member) ??
    list.data.find((a) => a.account.toLowerCase() === member.toLowerCase());
  if (!application)
    return ctx.fail(
      `no bank application of member ${member} on ${siteId} (bank-applications ${siteId} --all lists them)`,
    );

  const documents = [
    ["id-front", application.idFrontFileId],
    ["id-back", application.idBackFileId],
    ["passbook", application.passbookFileId],
  ] as const;
  const saved: Saved[] = [];
  const failed: Array<{ document: string; fileId: string; message: string }> = [];
  for (const [document, fileId] of documents) {
    if (!fileId) {
      failed.push({ document, fileId, message: "no file in the application" });
      ctx.fail(`${document}: the application names no file`);
      continue;
    }
    const answer = await ctx.platform.file(siteId, fileId);
    if (!answer.ok) {
      failed.push({ document, fileId, message: answer.envelope.message });
      ctx.refused(answer.envelope, `${document} (${fileId})`);
      continue;
    }
    const path = join(out, `${safeName(application.memberId)}-${document}.${extensionOf(answer.contentType)}`);
    ctx.io.writeBytes(path, answer.bytes);
    saved.push({ document, fileId, path, contentType: answer.contentType, bytes: answer.bytes.byteLength });
  }

  if (ctx.json) {
    ctx.io.out(
      JSON.stringify({ siteId, memberId: application.memberId, account: application.account, saved, failed }, null, 2),
    );
    return;
  }
  ctx.io.out(
    `documents of ${application.account} (member ${application.memberId}, bank application ${application.status}) in ${out}:`,
  );
  ctx.io.out(
    table(
      saved,
      [
        { header: "DOCUMENT", value: (s) => s.document },
        { header: "FILE", value: (s) => s.path, max: 200 },
        { header: "TYPE", value: (s) => s.contentType },
        {
          header: "SIZE",
          value: (s) => (s.bytes < 1024 ? `${s.bytes} B` : `${(s.bytes / 1024).toFixed(1)} KB`),
          align: "right",
        },
      ],
      "(nothing saved)",
    ),
  );
}

function wranglerArgs(hostname: string, siteId: string, remote: boolean, stateDir: string | undefined): string[] {
  const args = ["wrangler", "kv", "key", "put", "--binding", "TENANTS", "--config", "wrangler.toml"];
  // remote: production's namespace (the top level of wrangler.toml); local: the [env.dev] one on this machine
  if (remote) args.push("--remote");
  else args.push("--env", "dev", "--local", ...(stateDir ? ["--persist-to", stateDir] : []));
  return [...args, hostname, siteId];
}

async function mapHost(ctx: Context): Promise<void> {
  const { hostname, siteId } = ctx.args as { hostname: string; siteId: string };
  const remote = ctx.flags.remote === true;
  if (remote && isLocalUrl(ctx.platform.baseUrl)) {
    throw new ConfigError(
      `--remote writes production's TENANTS, but PLATFORM_URL (${ctx.platform.baseUrl}) is local: set PLATFORM_URL to the production platform so the site is checked there`,
    );
  }
  const info = await ctx.platform.read("siteInfo", { siteId });
  if (info.statusCode !== 200)
    return ctx.fail(`no site ${siteId} on the platform at ${ctx.platform.baseUrl} (${info.message}); nothing written`);

  const args = wranglerArgs(hostname, siteId, remote, ctx.io.env.STATE_DIR || undefined);
  const exit = ctx.io.spawn("npx", args, ctx.root);
  if (exit !== 0) return ctx.fail(`npx ${args.join(" ")} failed (exit ${exit})`);
  const where = remote ? "production TENANTS (remote)" : "local TENANTS ([env.dev])";
  ctx.io.out(ctx.json ? JSON.stringify({ hostname, siteId, remote }, null, 2) : `${hostname} → ${siteId} in ${where}`);
}

export const BANK_DOCUMENTS: CommandSpec = {
  name: "bank-documents",
  summary: "save a member's ID card (front, back) and passbook images to a folder",
  details:
    "Finds the member's bank application (any status) and saves each document as\n<memberId>-id-front.<ext>, <memberId>-id-back.<ext> and <memberId>-passbook.<ext>,\nthe extension from its content type. Existing files of those names are replaced.",
  args: [siteArg, idArg("memberId", "the member (or their account), as bank-applications lists it")],
  flags: [
    { name: "out", type: "string", value: "dir", required: true, help: "the folder to save to (made if missing)" },
  ],
  examples: ["bank-documents demo m_3k9x2 --out ./review"],
  run: bankDocuments,
};

export const TOOL_COMMANDS: CommandSpec[] = [
  {
    name: "seed",
    summary: `create or update the demo sites (${SEED_SITES.map((s) => s.siteId).join(", ")}) and their content`,
    args: [],
    flags: [],
    examples: ["seed"],
    async run(ctx) {
      await seedDemoSites(ctx.platform.operator);
      const sites = SEED_SITES.map((site) => site.siteId);
      ctx.io.out(ctx.json ? JSON.stringify({ seeded: sites }) : `seeded sites ${sites.join(" and ")}`);
    },
  },
  {
    name: "map-host",
    summary: "point a hostname at a site (TENANTS KV), after checking the site exists",
    details: [
      "Checks that the platform at PLATFORM_URL knows the site, then runs, in the repository root:",
      "  local:    npx wrangler kv key put --binding TENANTS --config wrangler.toml --env dev --local",
      "            [--persist-to $STATE_DIR] <hostname> <siteId>",
      "  --remote: npx wrangler kv key put --binding TENANTS --config wrangler.toml --remote <hostname> <siteId>",
      "With --remote, PLATFORM_URL must be the production platform (and OPERATOR_KEY/CF_ACCESS_* as it needs).",
    ].join("\n"),
    args: [hostnameArg, siteArg],
    flags: [{ name: "remote", type: "boolean", help: "write production's TENANTS namespace instead of the local one" }],
    examples: [
      "map-host brand.localhost demo",
      "PLATFORM_URL=https://operator.example.com OPERATOR_KEY=… npm run operator -- map-host brand.example.com demo --remote",
    ],
    run: mapHost,
  },
];
