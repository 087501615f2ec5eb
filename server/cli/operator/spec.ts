/**
 * What an operator command is (its arguments, flags, help and run function), how its command
 * line is parsed (node:util parseArgs, strict) and how its help is printed. The commands
 * themselves are the table in ./commands.ts: help and dispatch both come from it.
 */
import { parseArgs } from "node:util";
import type { Envelope } from "../../contract";
import type { Platform } from "./client";
import type { Money } from "./format";

export const PROGRAM = "npm run operator --";

/** A command line that cannot be run as given: exit 2, nothing sent or written. */
export class UsageError extends Error {
  constructor(
    message: string,
    /** the command whose help explains it, if any */
    readonly command?: string,
  ) {
    super(message);
    this.name = "UsageError";
  }
}

/** The environment does not allow the call (no operator key for a remote platform…): exit 2. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

export interface ArgSpec {
  name: string;
  help: string;
  optional?: boolean;
  /** what is wrong with the value, or undefined when it is fine */
  check?: (value: string) => string | undefined;
}

export interface FlagSpec {
  name: string;
  type: "string" | "boolean";
  help: string;
  /** the placeholder in the usage line: --reason <text> */
  value?: string;
  required?: boolean;
  check?: (value: string) => string | undefined;
}

/** What a command may use: its parsed input, the platform and the terminal. */
export interface Context {
  command: string;
  args: Record<string, string>;
  flags: Record<string, string | boolean | undefined>;
  /** --json: print the platform's raw envelope (machine form) */
  json: boolean;
  io: Io;
  platform: Platform;
  /** the repository root (wrangler runs there) */
  root: string;
  /**
   * Prints an answer: with --json the raw envelope; otherwise `render(data)` on success, or the
   * refusal (code and message) on stderr, making the exit code 1. Returns whether it succeeded.
   */
  show<T>(envelope: Envelope<T>, render: (data: T) => string | Promise<string>): Promise<boolean>;
  /** amounts of a site as money in its currency (from its site info, asked once per run) */
  money(siteId: string): Promise<Money>;
  /** prints a refusal of the platform (code and message) on stderr; exit code 1 */
  refused(envelope: Envelope, what?: string): void;
  /** a failure that is not a platform refusal: the message on stderr, exit code 1 */
  fail(message: string): void;
}

export interface CommandSpec {
  name: string;
  /** one line, for the list of commands */
  summary: string;
  /** more lines for `help <command>` */
  details?: string;
  args: ArgSpec[];
  flags: FlagSpec[];
  /** command lines after `npm run operator --` (or whole lines, when they contain it) */
  examples: string[];
  run(ctx: Context): Promise<void>;
}

/** The terminal and the outside world, injectable so the CLI is tested without a platform. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  env: Record<string, string | undefined>;
  /** where the user ran the command (npm runs scripts in the repository root; INIT_CWD is theirs) */
  cwd: string;
  fetch: typeof fetch;
  /** runs a program with the terminal's stdio; its exit status */
  spawn(command: string, args: readonly string[], cwd: string): number | null;
  readText(path: string): string;
  /** writes a file, making its folder first */
  writeBytes(path: string, bytes: Uint8Array): void;
  /** the development operator key (server/platform/.dev.vars) */
  localOperatorKey(): string;
}

// parsing ------------------------------------------------------------------------------------------

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

/** " (did you mean x?)" when one candidate is close to what was typed. */
export function suggestion(typed: string, candidates: readonly string[]): string {
  const scored = candidates.map((c) => ({ c, d: distance(typed, c) })).sort((x, y) => x.d - y.d);
  const best = scored[0];
  return best && best.d <= Math.max(2, Math.floor(best.c.length / 3)) ? ` (did you mean ${best.c}?)` : "";
}

export interface ParsedInput {
  args: Record<string, string>;
  flags: Record<string, string | boolean | undefined>;
}

/** The command's arguments and flags, or a UsageError naming the first problem. */
export function parseInput(spec: CommandSpec, tokens: string[]): ParsedInput {
  const options = Object.fromEntries(spec.flags.map((flag) => [flag.name, { type: flag.type }]));
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: tokens, options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError(parseProblem(spec, error), spec.name);
  }

  const positionals = parsed.positionals;
  const args: Record<string, string> = {};
  spec.args.forEach((arg, i) => {
    const value = positionals[i];
    if (value === undefined) {
      if (!arg.optional) throw new UsageError(`missing <${arg.name}> (${arg.help})`, spec.name);
      return;
    }
    const problem = arg.check?.(value);
    if (problem) throw new UsageError(`<${arg.name}> '${value}': ${problem}`, spec.name);
    args[arg.name] = value;
  });
  if (positionals.length > spec.args.length) {
    const extra = positionals
      .slice(spec.args.length)
      .map((value) => `'${value}'`)
      .join(", ");
    const takes = spec.args.length === 0 ? "no arguments" : spec.args.map(argUsage).join(" ");
    throw new UsageError(`unexpected argument ${extra}: ${spec.name} takes ${takes}`, spec.name);
  }

  const flags = parsed.values as Record<string, string | boolean | undefined>;
  for (const flag of spec.flags) {
    const value = flags[flag.name];
    if (typeof value === "string") {
      if (value.trim() === "") throw new UsageError(`--${flag.name} is empty (${flag.help})`, spec.name);
      const problem = flag.check?.(value);
      if (problem) throw new UsageError(`--${flag.name} '${value}': ${problem}`, spec.name);
    } else if (flag.required) {
      const placeholder = flag.value ? ` <${flag.value}>` : "";
      throw new UsageError(`missing --${flag.name}${placeholder} (${flag.help})`, spec.name);
    }
  }
  return { args, flags };
}

/** parseArgs' errors, said in one line with the command's own flags. */
function parseProblem(spec: CommandSpec, error: unknown): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const option = /'(-{1,2}[^' <=]+)/.exec(message)?.[1] ?? "";
  const known = spec.flags.map((flag) => `--${flag.name}`);
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    const listed = known.length > 0 ? `; its flags: ${known.join(", ")}` : "; it takes no flags";
    return `unknown flag ${option} for ${spec.name}${suggestion(option, known)}${listed}`;
  }
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
    if (/does not take an argument/.test(message)) return `${option} takes no value`;
    const flag = spec.flags.find((f) => `--${f.name}` === option);
    const usage = flag?.value ? `: ${option} <${flag.value}>` : "";
    const dash = /ambiguous/.test(message) ? ` (for a value starting with '-', write ${option}=-…)` : "";
    return `${option} needs a value${usage}${dash}`;
  }
  return message.split("\n")[0]!;
}

// help ---------------------------------------------------------------------------------------------

const argUsage = (arg: ArgSpec) => (arg.optional ? `[<${arg.name}>]` : `<${arg.name}>`);
const flagUsage = (flag: FlagSpec) => {
  const text = flag.type === "string" ? `--${flag.name} <${flag.value ?? "value"}>` : `--${flag.name}`;
  return flag.required ? text : `[${text}]`;
};

export const synopsis = (spec: CommandSpec): string =>
  [spec.name, ...spec.args.map(argUsage), ...spec.flags.map(flagUsage)].join(" ");

/** Two aligned columns; a left side longer than `max` puts its text on the next line. */
export function columns(
  rows: ReadonlyArray<readonly [string, string]>,
  max = 52,
  width = Math.min(max, Math.max(0, ...rows.map(([left]) => left.length))),
): string {
  const indent = "  ";
  return rows
    .map(([left, right]) =>
      left.length > width
        ? `${indent}${left}\n${indent}${" ".repeat(width + 2)}${right}`
        : `${indent}${left.padEnd(width)}  ${right}`,
    )
    .join("\n");
}

export const ENVIRONMENT = columns([
  ["PLATFORM_URL", "the platform (default http://127.0.0.1:8788)"],
  ["OPERATOR_KEY", "your operator key; required unless PLATFORM_URL is local (127.0.0.1/localhost),"],
  ["", "where the development owner key of server/platform/.dev.vars is used"],
  ["CF_ACCESS_TOKEN", "your Cloudflare Access login (cloudflared access token -app=<url>): in production"],
  ["", "your key works only with it"],
  ["CF_ACCESS_CLIENT_ID", "with CF_ACCESS_CLIENT_SECRET: a Cloudflare Access service token, sent on every"],
  ["CF_ACCESS_CLIENT_SECRET", "request (CF-Access-Client-Id/-Secret) for an operator hostname behind Access"],
  ["STATE_DIR", "map-host without --remote: the local state folder (wrangler --persist-to)"],
]);

export function commandList(groups: ReadonlyArray<{ title: string; commands: readonly CommandSpec[] }>): string {
  const width = Math.min(
    52,
    Math.max(...groups.flatMap((group) => group.commands.map((spec) => synopsis(spec).length))),
  );
  return [
    `usage: ${PROGRAM} [--json] <command> [arguments] [flags]`,
    ...groups.flatMap((group) => [
      "",
      `${group.title}:`,
      columns(
        group.commands.map((spec) => [synopsis(spec), spec.summary]),
        52,
        width,
      ),
    ]),
    "",
    "global flags:",
    columns([
      ["--json", "print the platform's raw envelope (machine form); on put-site, publish-* and"],
      ["", "put-pair, where --json <body> gives the body, put it before the command"],
      ["--help, -h", "this list; after a command, that command's help"],
    ]),
    "",
    "environment:",
    ENVIRONMENT,
    "",
    `Amounts are shown in the site's currency, times in UTC. Run \`${PROGRAM} help <command>\` for a command's flags and examples.`,
  ].join("\n");
}

export function commandHelp(spec: CommandSpec): string {
  const lines = [`usage: ${PROGRAM} ${synopsis(spec)}`, "", spec.summary];
  if (spec.details) lines.push("", spec.details);
  if (spec.args.length > 0) {
    lines.push("", "arguments:", columns(spec.args.map((arg) => [argUsage(arg), arg.help])));
  }
  const flags: Array<[string, string]> = spec.flags.map((flag) => [
    flag.type === "string" ? `--${flag.name} <${flag.value ?? "value"}>` : `--${flag.name}`,
    `${flag.help}${flag.required ? " (required)" : ""}`,
  ]);
  if (spec.flags.some((flag) => flag.name === "json")) {
    flags.push([
      "--json (no value)",
      "machine-readable output (the raw envelope): last on the line, or before the command",
    ]);
  } else {
    flags.push(["--json", "machine-readable output (the platform's raw envelope)"]);
  }
  flags.push(["--help", "this help"]);
  lines.push("", "flags:", columns(flags));
  lines.push(
    "",
    spec.examples.length > 1 ? "examples:" : "example:",
    ...spec.examples.map((example) => `  ${example.includes(PROGRAM) ? example : `${PROGRAM} ${example}`}`),
  );
  lines.push("", "environment:", ENVIRONMENT);
  return lines.join("\n");
}
