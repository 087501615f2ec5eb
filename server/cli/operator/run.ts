/**
 * The operator CLI's driver: `run(argv, io)` parses the command line against the table of
 * commands, refuses a bad one before anything is sent (exit 2), runs the command and answers
 * its exit code. Everything outside (terminal, environment, fetch, wrangler, files) comes in `io`.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import messageTexts from "../../../locales/en-US/messages.json";
import { sharePercent, type Envelope, type FailureData } from "../../contract";
import { localOperatorKey } from "../local/dev-vars";
import { accessHeaders, httpPlatform, isLocalUrl, NotAnEnvelopeError, type Platform } from "./client";
import { COMMAND_GROUPS, COMMANDS } from "./commands";
import { formatTime, moneyIn, type Money } from "./format";
import {
  commandHelp,
  commandList,
  ConfigError,
  parseInput,
  PROGRAM,
  suggestion,
  UsageError,
  type CommandSpec,
  type Context,
  type Io,
  type ParsedInput,
} from "./spec";

export const DEFAULT_PLATFORM_URL = "http://127.0.0.1:8788";
const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/** The real terminal, environment and machine. */
export function nodeIo(): Io {
  return {
    out: (text) => void process.stdout.write(`${text}\n`),
    err: (text) => void process.stderr.write(`${text}\n`),
    env: process.env,
    cwd: process.env.INIT_CWD ?? process.cwd(),
    fetch: (input, init) => fetch(input, init),
    spawn: (command, args, cwd) => spawnSync(command, [...args], { cwd, stdio: "inherit" }).status,
    readText: (path) => readFileSync(path, "utf8"),
    writeBytes: (path, bytes) => {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, bytes);
    },
    localOperatorKey,
  };
}

/** `help [<command>]`: part of the table, so it is listed and dispatched like the others. */
const HELP: CommandSpec = {
  name: "help",
  summary: "this list, or a command's usage, flags and examples",
  args: [{ name: "command", help: "the command to explain", optional: true }],
  flags: [],
  examples: ["help", "help map-host"],
  async run(ctx) {
    const name = ctx.args.command;
    if (name === undefined) return ctx.io.out(commandList(GROUPS));
    const spec = ALL.find((s) => s.name === name);
    if (!spec)
      throw new UsageError(
        `unknown command ${name}${suggestion(
          name,
          ALL.map((s) => s.name),
        )}`,
      );
    ctx.io.out(commandHelp(spec));
  },
};

const ALL: readonly CommandSpec[] = [...COMMANDS, HELP];
const GROUPS = [...COMMAND_GROUPS, { title: "help", commands: [HELP] }];

/** The platform of PLATFORM_URL; the operator key is looked up only when an operator call is made. */
function connect(io: Io): Platform {
  const baseUrl = io.env.PLATFORM_URL || DEFAULT_PLATFORM_URL;
  if (!URL.canParse(baseUrl)) throw new ConfigError(`PLATFORM_URL '${baseUrl}' is not a URL`);
  if (Boolean(io.env.CF_ACCESS_CLIENT_ID) !== Boolean(io.env.CF_ACCESS_CLIENT_SECRET)) {
    throw new ConfigError(
      "set both CF_ACCESS_CLIENT_ID and CF_ACCESS_CLIENT_SECRET (a Cloudflare Access service token), or neither",
    );
  }
  const operatorKey = () => {
    if (io.env.OPERATOR_KEY) return io.env.OPERATOR_KEY;
    if (!isLocalUrl(baseUrl)) {
      throw new ConfigError(
        `OPERATOR_KEY is not set: PLATFORM_URL (${baseUrl}) is not local, so set OPERATOR_KEY to that platform's operator key`,
      );
    }
    return io.localOperatorKey();
  };
  return httpPlatform(baseUrl, operatorKey, { fetch: io.fetch, headers: accessHeaders(io.env) });
}

/**
 * The code's English text with the refusal's figures in it: {{until}} (a break's end) as a UTC
 * time, {{amount}} (a limit's remaining, a bonus's turnover) in minor units, as the refusal gives
 * no currency, and a leverage refused for its fees with the share they take and the most allowed.
 */
const messageText = (code: string, data?: FailureData): string =>
  ((messageTexts as Record<string, string>)[code] ?? "")
    .replace("{{until}}", data?.until ? formatTime(data.until) : "{{until}}")
    .replace("{{amount}}", data?.amount !== undefined ? `${data.amount} (minor units)` : "{{amount}}")
    .replace("{{leverage}}", data?.feeShare ? String(data.feeShare.leverage) : "{{leverage}}")
    .replace("{{share}}", data?.feeShare ? sharePercent(data.feeShare.sharePpm) : "{{share}}")
    .replace("{{max}}", data?.feeShare ? sharePercent(data.feeShare.maxPpm) : "{{max}}");

/** The context a command runs in; `exitCode()` is 1 once anything failed. */
function context(spec: CommandSpec, input: ParsedInput, json: boolean, io: Io, platform: () => Platform) {
  let exitCode = 0;
  const currencies = new Map<string, Promise<Money>>();
  let connected: Platform | undefined;
  const ctx: Context = {
    command: spec.name,
    ...input,
    json,
    io,
    root: ROOT,
    get platform() {
      return (connected ??= platform());
    },
    refused(envelope: Envelope, what?: string) {
      const text = messageText(envelope.message, envelope.data as FailureData | undefined);
      io.err(
        `refused${what ? ` (${what})` : ""}: ${envelope.message}${text ? ` — ${text}` : ""} [status ${envelope.statusCode}]`,
      );
      // a refusal that says exactly what is wrong (theme_contrast_too_low: each failing pair)
      const problems = (envelope.data as { problems?: unknown } | undefined)?.problems;
      if (Array.isArray(problems)) for (const problem of problems) io.err(`  ${String(problem)}`);
      exitCode = 1;
    },
    fail(message: string) {
      io.err(`error: ${message}`);
      exitCode = 1;
    },
    async show(envelope, render) {
      if (json) {
        io.out(JSON.stringify(envelope, null, 2));
        if (envelope.statusCode !== 200) exitCode = 1;
      } else if (envelope.statusCode === 200) {
        io.out(await render(envelope.data as never));
      } else {
        ctx.refused(envelope);
      }
      return envelope.statusCode === 200;
    },
    money(siteId: string) {
      let money = currencies.get(siteId);
      if (!money) {
        // a site that cannot be read shows plain minor units rather than failing the command
        money = ctx.platform.read("siteInfo", { siteId }).then(
          (info) => moneyIn(info.statusCode === 200 ? info.data?.currency : undefined),
          () => moneyIn(undefined),
        );
        currencies.set(siteId, money);
      }
      return money;
    },
  };
  return { ctx, exitCode: () => exitCode };
}

const isHelp = (token: string) => token === "--help" || token === "-h";

/**
 * After the command, `--json` is the output flag, except on commands whose body is given with
 * `--json <body>`: there it is the output flag only when no value follows it.
 */
function takeOutputFlag(spec: CommandSpec, tokens: string[]): { tokens: string[]; json: boolean } {
  const bodyJson = spec.flags.some((flag) => flag.name === "json");
  const rest: string[] = [];
  let json = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token === "--") {
      rest.push(...tokens.slice(i));
      break;
    }
    const next = tokens[i + 1];
    if (token === "--json" && (!bodyJson || next === undefined || next.startsWith("-"))) json = true;
    else rest.push(token);
  }
  return { tokens: rest, json };
}

async function dispatch(argv: readonly string[], io: Io): Promise<number> {
  // global flags come before the command
  let json = false;
  let index = 0;
  for (; index < argv.length && argv[index]!.startsWith("-"); index++) {
    const flag = argv[index]!;
    if (flag === "--json") json = true;
    else if (isHelp(flag)) return dispatch(["help", ...argv.slice(index + 1)], io);
    else throw new UsageError(`unknown flag ${flag} before the command (global flags: --json, --help)`);
  }
  const name = argv[index];
  if (name === undefined) {
    io.out(commandList(GROUPS));
    return 0;
  }
  const spec = ALL.find((s) => s.name === name);
  if (!spec)
    throw new UsageError(
      `unknown command ${name}${suggestion(
        name,
        ALL.map((s) => s.name),
      )}`,
    );
  const rest = argv.slice(index + 1);
  const flagged = rest.includes("--") ? rest.slice(0, rest.indexOf("--")) : rest;
  if (spec !== HELP && flagged.some(isHelp)) {
    io.out(commandHelp(spec));
    return 0;
  }
  const output = takeOutputFlag(spec, rest);
  const input = parseInput(spec, output.tokens);
  const { ctx, exitCode } = context(spec, input, json || output.json, io, () => connect(io));
  await spec.run(ctx);
  return exitCode();
}

/** Runs one command line; answers the exit code (0 done, 1 refused or failed, 2 not run: usage or configuration). */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`error: ${error.message}`);
      io.err(`see: ${PROGRAM} help${error.command ? ` ${error.command}` : ""}`);
      return 2;
    }
    if (error instanceof ConfigError) {
      io.err(`error: ${error.message}`);
      return 2;
    }
    if (error instanceof NotAnEnvelopeError) {
      io.err(`error: ${error.message}`);
      return 1;
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    if (error instanceof TypeError && /fetch failed/.test(error.message)) {
      const url = io.env.PLATFORM_URL || DEFAULT_PLATFORM_URL;
      io.err(
        `error: cannot reach the platform at ${url} (${cause?.code ?? cause?.message ?? "no answer"}); is it running? (npm start)`,
      );
      return 1;
    }
    io.err(`error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
