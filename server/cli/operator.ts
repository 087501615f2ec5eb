/**
 * The operator CLI: `npm run operator -- <command>`. It talks to the platform's operator API
 * at PLATFORM_URL with OPERATOR_KEY, the same calls an operator's own tools would make.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CALLS, siteIdSchema, type Envelope } from "../contract";
import { httpOperatorClient, type OperatorCall, type OperatorClient } from "./operator-client";
import { seedDemoSites } from "./seed";

const USAGE = `usage: npm run operator -- <command>

  put-site <siteId> [--json '<patch>' | --file patch.json]   create a site or merge configuration
  get-site <siteId>                                         print a site's public info
  publish-press <siteId> --json '<item>' | --file f.json    publish news or an announcement
  publish-campaign <siteId> --json '<c>' | --file f.json    publish a campaign
  publish-instruction <siteId> --json '<i>' | --file f.json publish (replace) an instruction
  set-chat <siteId> <link>                                  set the customer-service chat link
  seed                                                      create or update the demo sites
  map-host <hostname> <siteId> [--remote]                   point a hostname at a site (TENANTS KV)

environment: PLATFORM_URL (default http://127.0.0.1:8788), OPERATOR_KEY (default: the dev key
in server/platform/wrangler.toml)`;

const root = fileURLToPath(new URL("../..", import.meta.url));

function devOperatorKey(): string {
  const toml = readFileSync(new URL("../platform/wrangler.toml", import.meta.url), "utf8");
  return toml.match(/^OPERATOR_KEY\s*=\s*"([^"]*)"/m)?.[1] ?? "";
}

class UsageError extends Error {}

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  if (index === -1) return undefined;
  const value = args[index + 1];
  if (value === undefined) throw new UsageError(`${name} needs a value`);
  return value;
}

/** The JSON given with --json or --file; `fallback` when neither is given, if allowed. */
function jsonInput(args: string[], fallback?: unknown): unknown {
  const inline = option(args, "--json");
  const file = option(args, "--file");
  const text = inline ?? (file === undefined ? undefined : readFileSync(file, "utf8"));
  if (text === undefined) {
    if (fallback === undefined) throw new UsageError("give the body with --json or --file");
    return fallback;
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError("the body is not valid JSON");
  }
}

function siteIdArg(value: string | undefined): string {
  if (!value || !siteIdSchema.safeParse(value).success) {
    throw new UsageError("siteId: 3–32 characters of a-z, 0-9 and '-', not starting or ending with '-'");
  }
  return value;
}

/** Checks the body against the contract first, so a mistake is explained rather than refused. */
async function send(operator: OperatorClient, name: OperatorCall, siteId: string, body: unknown): Promise<Envelope> {
  const parsed = CALLS[name].body.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `  ${i.path.join(".") || "(body)"}: ${i.message}`);
    throw new UsageError(`the body does not fit ${name}:\n${issues.join("\n")}`);
  }
  return operator(name, { params: { siteId }, body: parsed.data as never });
}

function mapHost(hostname: string | undefined, siteId: string, remote: boolean): void {
  if (!hostname || !/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/.test(hostname)) {
    throw new UsageError("hostname: a lower-case host name without scheme or port, e.g. brand.example.com");
  }
  const args = ["wrangler", "kv", "key", "put", "--binding", "TENANTS", "--config", "wrangler.toml"];
  args.push(remote ? "--remote" : "--local", hostname, siteId);
  const run = spawnSync("npx", args, { cwd: root, stdio: "inherit" });
  if (run.status !== 0) throw new Error(`wrangler kv key put failed (exit ${run.status})`);
}

async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  const baseUrl = process.env.PLATFORM_URL ?? "http://127.0.0.1:8788";
  const operator = httpOperatorClient(baseUrl, process.env.OPERATOR_KEY ?? devOperatorKey());
  const print = (envelope: Envelope) => {
    console.log(JSON.stringify(envelope, null, 2));
    if (envelope.statusCode !== 200) process.exitCode = 1;
  };

  switch (command) {
    case "put-site":
      return print(await send(operator, "operatorPutSite", siteIdArg(args[0]), jsonInput(args, {})));
    case "get-site": {
      const response = await fetch(new URL(`/site/info/${siteIdArg(args[0])}`, baseUrl));
      return print((await response.json()) as Envelope);
    }
    case "publish-press":
      return print(await send(operator, "operatorPublishPress", siteIdArg(args[0]), jsonInput(args)));
    case "publish-campaign":
      return print(await send(operator, "operatorPublishCampaign", siteIdArg(args[0]), jsonInput(args)));
    case "publish-instruction":
      return print(await send(operator, "operatorPublishInstruction", siteIdArg(args[0]), jsonInput(args)));
    case "set-chat":
      return print(await send(operator, "operatorSetChatLink", siteIdArg(args[0]), { link: args[1] }));
    case "seed":
      await seedDemoSites(operator);
      console.log("seeded sites demo and demo2");
      return;
    case "map-host":
      return mapHost(args[0], siteIdArg(args[1]), args.includes("--remote"));
    default:
      throw new UsageError(command ? `unknown command ${command}` : "no command given");
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
  else if (error instanceof TypeError && /fetch failed/.test(error.message)) {
    console.error(`cannot reach the platform at ${process.env.PLATFORM_URL ?? "http://127.0.0.1:8788"}; is it running?`);
  } else console.error(error);
  process.exitCode = 1;
});
