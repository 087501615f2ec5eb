import type { z } from "zod";
import { CALLS, matchPath, type CallName, type CallSpec } from "../contract";
import { checkOperator, memberCaller, requestSite } from "./auth/caller";
import type { Env } from "./env";
import { handlers } from "./handlers";
import type { CallInput, Handler, MemberContext } from "./handlers/types";
import { readJson, respond } from "./http";
import { badRequest, fail, type Result } from "./result";

const NAMES = Object.keys(CALLS) as CallName[];

function findCall(method: string, path: string): { name: CallName; params: Record<string, string> } | null {
  for (const name of NAMES) {
    const spec: CallSpec = CALLS[name];
    if (spec.method !== method) continue;
    const params = matchPath(spec.path, path);
    if (params) return { name, params };
  }
  return null;
}

function parse(schema: z.ZodTypeAny | undefined, value: unknown): { ok: true; value: unknown } | { ok: false } {
  if (!schema) return { ok: true, value: undefined };
  const parsed = schema.safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false };
}

/** The site a call's inputs name, from its path or its body. */
function namedSite(params: unknown, body: unknown): string | undefined {
  for (const source of [params, body]) {
    if (source && typeof source === "object" && "siteId" in source && typeof source.siteId === "string") {
      return source.siteId;
    }
  }
  return undefined;
}

/**
 * Who is calling, checked before any input is read: the operator key (403), or the site header
 * and a token of that site (400 / 402). Public calls need neither.
 */
async function authenticate(spec: CallSpec, request: Request, env: Env): Promise<Result<MemberContext | null>> {
  if (spec.auth === "operator") return (await checkOperator(request, env)) ?? { ok: true, data: null };
  if (spec.auth === "member") return memberCaller(request, env);
  return { ok: true, data: null };
}

async function handle(request: Request, env: Env): Promise<Result<unknown>> {
  const url = new URL(request.url);
  const found = findCall(request.method, url.pathname);
  if (!found) return badRequest("invalid_parameters");
  const spec: CallSpec = CALLS[found.name];

  const caller = await authenticate(spec, request, env);
  if (!caller.ok) return caller;

  const params = parse(spec.params, found.params);
  const query = parse(spec.query, Object.fromEntries(url.searchParams));
  const body = parse(spec.body, spec.body ? await readJson(request) : undefined);
  if (!params.ok || !query.ok || !body.ok) return badRequest("invalid_parameters");

  // A request never reaches another tenant's data: the site in the path or body must be the
  // member's site (403), and a public call that names a site in its header must name the same one.
  const site = namedSite(params.value, body.value);
  const member = caller.data;
  if (member && site !== undefined && site !== member.siteId) return fail(403, "invalid_permission");
  const headerSite = requestSite(request);
  if (!member && spec.auth === "public" && headerSite !== undefined && headerSite !== site) {
    return badRequest("invalid_site");
  }

  const handler = handlers[found.name] as Handler<CallName>;
  const input = { env, params: params.value, query: query.value, body: body.value, member } as CallInput<CallName>;
  const result = await handler(input);
  if (!result.ok) return result;
  // The platform keeps its side of the contract: a response that breaks it is a bug, not data.
  const data = spec.data.safeParse(result.data);
  if (!data.success) {
    console.error(`response of ${found.name} breaks the contract`, data.error.issues);
    return fail(500, "internal_error");
  }
  return { ok: true, data: data.data };
}

export async function route(request: Request, env: Env): Promise<Response> {
  try {
    return respond(await handle(request, env));
  } catch (error) {
    console.error("platform request failed", error);
    return respond(fail(500, "internal_error"));
  }
}
