/**
 * The operator CLI: `npm run operator -- <command>`. It talks to the platform's operator API
 * at PLATFORM_URL with OPERATOR_KEY, the same calls an operator's own tools would make.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { AUDIT_TYPES, CALLS, pairSymbol, siteIdSchema, type Envelope } from "../contract";
import { httpOperatorClient, type OperatorCall, type OperatorClient } from "./operator-client";
import { seedDemoSites } from "./seed";

const USAGE = `usage: npm run operator -- <command>

  put-site <siteId> [--json '<patch>' | --file patch.json]   create a site or merge configuration
  get-site <siteId>                                         print a site's public info
  publish-press <siteId> --json '<item>' | --file f.json    publish news or an announcement
  publish-campaign <siteId> --json '<c>' | --file f.json    publish a campaign
  publish-instruction <siteId> --json '<i>' | --file f.json publish (replace) an instruction
  set-chat <siteId> <link>                                  set the customer-service chat link
  deposits <siteId> [--all]                                 deposits waiting for a decision (--all: every one)
  confirm-deposit <siteId> <id>                             credit a pending deposit to the member
  refuse-deposit <siteId> <id> --reason "…"                 refuse a pending deposit; the member sees the reason
  withdrawals <siteId> [--all]                              withdrawals waiting for a decision
  approve-withdrawal <siteId> <id>                          mark a withdrawal paid (after paying it out)
  reject-withdrawal <siteId> <id> --reason "…"              return amount and fee to the member's main account
  bank-applications <siteId> [--all]                        bank accounts waiting for review
  approve-bank <siteId> <memberId>                          approve a member's bank account
  reject-bank <siteId> <memberId> --reason "…"              reject it; the member sees the reason and may apply again
  messages <siteId> [--all]                                 member messages awaiting a reply (--all: every thread)
  message <siteId> <memberId> <id>                          one thread with its replies
  reply <siteId> <memberId> <id> --text "…"                 reply to a member's thread
  sms <siteId> [--mobile 09…]                               codes sent by the log SMS provider, newest first
  audit <siteId> [--type t] [--account a] [--page n] [--page-size n]
                                                            the site's audit log, newest first (types: ${AUDIT_TYPES.join(", ")})
  retire <siteId> <press|campaign|instruction> <id>         take a news item, announcement, campaign or instruction down
  pairs                                                     every trading pair with its precision and schedule
  put-pair <PAIR> --json '<config>' | --file f.json         create a pair or change how its market runs, e.g.
      put-pair SOL-USDT --json '{"name":"SOL/USDT","precision":3,"periodSeconds":60,"cutoffSeconds":10,
                                 "seed":7,"startPrice":142500,"volatilityBp":2}'
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

/** Operator calls that take a JSON body and only the siteId in their path. */
type SiteBodyCall = "operatorPutSite" | "operatorPublishPress" | "operatorPublishCampaign" | "operatorPublishInstruction" | "operatorSetChatLink";

/** Checks the body against the contract first, so a mistake is explained rather than refused. */
async function send(operator: OperatorClient, name: SiteBodyCall, siteId: string, body: unknown): Promise<Envelope> {
  const parsed = CALLS[name].body.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `  ${i.path.join(".") || "(body)"}: ${i.message}`);
    throw new UsageError(`the body does not fit ${name}:\n${issues.join("\n")}`);
  }
  return operator(name, { params: { siteId }, body: parsed.data as never });
}

function idArg(value: string | undefined, what: string): string {
  if (!value || value.startsWith("--") || value.length > 64) throw new UsageError(`give the ${what}`);
  return value;
}

/** A refusal or rejection must tell the member why: --reason is required, and not empty. */
function reasonArg(args: string[]): string {
  const reason = option(args, "--reason")?.trim();
  if (!reason) throw new UsageError('give the reason the member will see: --reason "…"');
  return reason;
}

/** A reply is what the member reads: --text is required, and not empty. */
function textArg(args: string[]): string {
  const text = option(args, "--text")?.trim();
  if (!text) throw new UsageError('give the reply the member will read: --text "…"');
  return text;
}

const threadParams = (args: string[]) => ({
  siteId: siteIdArg(args[0]),
  memberId: idArg(args[1], "memberId"),
  id: idArg(args[2], "message id"),
});

const status = (args: string[]) => (args.includes("--all") ? "all" : "pending") as "all" | "pending";

type DecisionCall = Extract<
  OperatorCall,
  | "operatorConfirmDeposit"
  | "operatorRefuseDeposit"
  | "operatorApproveWithdrawal"
  | "operatorRejectWithdrawal"
>;

function decide(operator: OperatorClient, name: DecisionCall, args: string[], reason: string): Promise<Envelope> {
  const params = { siteId: siteIdArg(args[0]), id: idArg(args[1], "id") };
  return operator(name, { params, body: { reason } });
}

function decideBank(operator: OperatorClient, approve: boolean, args: string[], reason: string): Promise<Envelope> {
  const params = { siteId: siteIdArg(args[0]), memberId: idArg(args[1], "memberId") };
  return operator(approve ? "operatorApproveBank" : "operatorRejectBank", { params, body: { reason } });
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
    case "deposits":
      return print(await operator("operatorDeposits", { params: { siteId: siteIdArg(args[0]) }, query: { status: status(args) } }));
    case "confirm-deposit":
      return print(await decide(operator, "operatorConfirmDeposit", args, ""));
    case "refuse-deposit":
      return print(await decide(operator, "operatorRefuseDeposit", args, reasonArg(args)));
    case "withdrawals":
      return print(await operator("operatorWithdrawals", { params: { siteId: siteIdArg(args[0]) }, query: { status: status(args) } }));
    case "approve-withdrawal":
      return print(await decide(operator, "operatorApproveWithdrawal", args, ""));
    case "reject-withdrawal":
      return print(await decide(operator, "operatorRejectWithdrawal", args, reasonArg(args)));
    case "bank-applications":
      return print(
        await operator("operatorBankApplications", { params: { siteId: siteIdArg(args[0]) }, query: { status: status(args) } }),
      );
    case "approve-bank":
      return print(await decideBank(operator, true, args, ""));
    case "reject-bank":
      return print(await decideBank(operator, false, args, reasonArg(args)));
    case "messages":
      return print(await operator("operatorMessages", { params: { siteId: siteIdArg(args[0]) }, query: { status: status(args) } }));
    case "message":
      return print(await operator("operatorMessage", { params: threadParams(args) }));
    case "reply":
      return print(await operator("operatorReplyMessage", { params: threadParams(args), body: { content: textArg(args) } }));
    case "sms": {
      const mobile = option(args, "--mobile");
      return print(await operator("operatorSmsLog", { params: { siteId: siteIdArg(args[0]) }, query: { mobile } }));
    }
    case "audit": {
      const query = CALLS.operatorAudit.query.safeParse({
        type: option(args, "--type"),
        account: option(args, "--account"),
        page: option(args, "--page"),
        pageSize: option(args, "--page-size"),
      });
      if (!query.success) {
        const flag = (field: unknown) => (field === "pageSize" ? "--page-size" : `--${String(field)}`);
        const issues = query.error.issues.map((i) => `  ${flag(i.path[0])}: ${i.message}`);
        throw new UsageError(`the filter is not valid:\n${issues.join("\n")}`);
      }
      return print(await operator("operatorAudit", { params: { siteId: siteIdArg(args[0]) }, query: query.data }));
    }
    case "retire": {
      const kind = args[1];
      if (kind !== "press" && kind !== "campaign" && kind !== "instruction") {
        throw new UsageError("give the kind: press, campaign or instruction");
      }
      return print(await operator("operatorRetireContent", { params: { siteId: siteIdArg(args[0]), kind, id: idArg(args[2], "id") } }));
    }
    case "pairs": {
      const response = await fetch(new URL(CALLS.pairs.path, baseUrl));
      return print((await response.json()) as Envelope);
    }
    case "put-pair": {
      const pair = args[0];
      if (!pair || !pairSymbol.safeParse(pair).success) throw new UsageError("PAIR: like BTC-USDT (A–Z, 0–9, one '-')");
      const parsed = CALLS.operatorPutPair.body.safeParse(jsonInput(args));
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => `  ${i.path.join(".") || "(body)"}: ${i.message}`);
        throw new UsageError(`the body does not fit operatorPutPair:\n${issues.join("\n")}`);
      }
      return print(await operator("operatorPutPair", { params: { pair }, body: parsed.data }));
    }
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
