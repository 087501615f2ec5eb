/** Arguments and flags shared by several commands, and the JSON bodies given with --json / --file. */
import { resolve } from "node:path";
import { CALLS, pairSymbol, siteIdSchema, type CallBody } from "../../contract";
import type { OperatorCall } from "./client";
import { UsageError, type ArgSpec, type Context, type FlagSpec } from "./spec";

export const siteArg: ArgSpec = {
  name: "siteId",
  help: "the site, e.g. demo",
  check: (value) =>
    siteIdSchema.safeParse(value).success
      ? undefined
      : "3–32 characters of a-z, 0-9 and '-', not starting or ending with '-'",
};

export const idArg = (name: string, help: string): ArgSpec => ({
  name,
  help,
  check: (value) => (value.length > 64 ? "at most 64 characters" : undefined),
});

export const pairArg: ArgSpec = {
  name: "PAIR",
  help: "a trading pair like BTC-USDT",
  check: (value) => (pairSymbol.safeParse(value).success ? undefined : "like BTC-USDT (A–Z, 0–9, one '-')"),
};

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
export const hostnameArg: ArgSpec = {
  name: "hostname",
  help: "the host name the site answers on, e.g. brand.example.com",
  check: (value) =>
    HOSTNAME.test(value) ? undefined : "a lower-case host name without scheme or port, e.g. brand.example.com",
};

export const allFlag = (what: string): FlagSpec => ({
  name: "all",
  type: "boolean",
  help: `every ${what}, not only those waiting`,
});

const decisionText = (value: string) => (value.trim().length > 500 ? "at most 500 characters" : undefined);

/** A refusal or rejection must tell the member why: required, and not empty. */
export const reasonFlag: FlagSpec = {
  name: "reason",
  type: "string",
  value: "text",
  required: true,
  help: "why; the member sees it",
  check: decisionText,
};

/** --json <body> | --file <path>: the body of put-site, publish-* and put-pair. */
export const bodyFlags = (what: string): FlagSpec[] => [
  { name: "json", type: "string", value: what, help: `the ${what} as JSON (quote it for the shell)` },
  { name: "file", type: "string", value: "path", help: `a file holding the ${what} as JSON` },
];

export const status = (ctx: Context) => (ctx.flags.all === true ? "all" : "pending");

/** A path the user typed, relative to where they ran npm (INIT_CWD), not to the repository. */
export const userPath = (ctx: Context, path: string) => resolve(ctx.io.cwd, path);

/** The JSON given with --json or --file; `fallback` when neither is given, if allowed. */
export function jsonBody(ctx: Context, fallback?: unknown): unknown {
  const inline = ctx.flags.json;
  const file = ctx.flags.file;
  if (typeof inline === "string" && typeof file === "string")
    throw new UsageError("give the body with --json or --file, not both", ctx.command);
  let text: string | undefined = typeof inline === "string" ? inline : undefined;
  if (typeof file === "string") {
    try {
      text = ctx.io.readText(userPath(ctx, file));
    } catch (error) {
      throw new UsageError(
        `cannot read --file ${file}: ${(error as { code?: string }).code ?? String(error)}`,
        ctx.command,
      );
    }
  }
  if (text === undefined) {
    if (fallback === undefined)
      throw new UsageError("give the body with --json '<json>' or --file <path>", ctx.command);
    return fallback;
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`the body is not valid JSON: ${(error as Error).message}`, ctx.command);
  }
}

type BodyCall = {
  [N in OperatorCall]: (typeof CALLS)[N] extends { body: unknown } ? N : never;
}[OperatorCall];

/** Checks a body against the contract first, so a mistake is explained here rather than refused there. */
export function checkedBody<N extends BodyCall>(ctx: Context, name: N, body: unknown): CallBody<N> {
  const parsed = CALLS[name].body.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`);
    throw new UsageError(`the body does not fit ${name}: ${issues.join("; ")}`, ctx.command);
  }
  return parsed.data as CallBody<N>;
}
