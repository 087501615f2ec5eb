import type { z } from "zod";
import {
  ALL_SITES,
  CALLS,
  CLIENT_ADDRESS_HEADER,
  IDEMPOTENCY_HEADER,
  matchPath,
  UPLOAD_LIMITS,
  type CallName,
  type CallSpec,
  type MessageCode,
} from "../contract";
import { MODE_CHANGED, modeChanged } from "#rules/account-mode";
import { memberCaller, operatorCaller, requestSite } from "./auth/caller";
import type { Env } from "./env";
import { handlers } from "./handlers";
import { logOperatorAction } from "./handlers/audit";
import { intentOf, KEEPS_ITS_SUCCESS } from "./handlers/idempotency";
import type { Idem } from "./member/money";
import { modeScopedKey, refusedForMode } from "./handlers/mode";
import type { CallInput, Handler, MemberContext, OperatorContext, RawFile, Touched } from "./handlers/types";
import { readJson, respond } from "./http";
import { badRequest, fail, type Failure, type Result } from "./result";
import { feeShareRefusal } from "./site/fee-share";
import { errorFields, log } from "../log/log";
import { recordMetric, type MetricKind } from "./metrics";

/**
 * What the platform's request line says besides status and time (server/log/README.md), filled
 * as the request is handled: the call, its path pattern, the site and the envelope's message.
 */
export type PlatformTrace = {
  requestId: string;
  call?: CallName;
  route?: string;
  siteId?: string;
  message?: string;
};

/** The member calls counted in Analytics Engine when they succeed (metrics.ts). */
const COUNTED: Partial<Record<CallName, MetricKind>> = {
  placeOrder: "bet",
  deposit: "deposit",
  withdraw: "withdrawal",
};

/** A counted call's data point: its amount when the body names one, in the member's mode. */
function countCall(env: Env, name: CallName, member: MemberContext, body: unknown): void {
  const kind = COUNTED[name];
  if (!kind) return;
  const amount =
    typeof body === "object" && body !== null && "amount" in body && typeof body.amount === "number" ? body.amount : 0;
  recordMetric(env, kind, member.siteId, member.mode, { amount });
}

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

type Caller = { member: MemberContext | null; operator: OperatorContext | null };

/** Whether a call's body carries the mode its page was rendered in (the calls that play: bets, opens, closes, TP/SL). */
function namesMode(body: unknown): body is { mode: unknown } {
  return typeof body === "object" && body !== null && "mode" in body;
}

/**
 * Who is calling, checked before any input is read: an operator's key (403), or the site header
 * and a token of that site (400 / 402). Public calls need neither.
 */
async function authenticate(spec: CallSpec, request: Request, env: Env): Promise<Result<Caller>> {
  if (spec.auth === "operator") {
    const operator = await operatorCaller(request, env);
    return operator.ok ? { ok: true, data: { member: null, operator: operator.data } } : operator;
  }
  if (spec.auth === "member") {
    const member = await memberCaller(request, env);
    return member.ok ? { ok: true, data: { member: member.data, operator: null } } : member;
  }
  return { ok: true, data: { member: null, operator: null } };
}

/**
 * An operator acts only on the sites they run, and only through the calls their roles cover
 * (server/platform/README.md, "Operators"). A site outside their scope is refused exactly as a
 * wrong key is (403 invalid_permission), so the answer says nothing of whether it exists; a call
 * naming no site (pairs, the registry) needs every site, except one about the caller alone
 * (`aboutCaller`: operatorSelf). A missing role has a code of its own.
 */
function operatorRefusal(operator: OperatorContext, spec: CallSpec, params: Record<string, string>): Failure | null {
  const site = params.siteId;
  const runs =
    spec.aboutCaller === true ||
    operator.sites.includes(ALL_SITES) ||
    (site !== undefined && operator.sites.includes(site));
  if (!runs) return fail(403, "invalid_permission");
  const roles = spec.roles ?? [];
  // a call that names no role is open to nobody: a new call cannot slip through unchecked
  if (roles.length === 0) return fail(403, "invalid_permission");
  return roles.some((role) => operator.roles.includes(role)) ? null : fail(403, "operator_role_missing");
}

/**
 * Body fields whose refusal has a message of its own (the betting errors of
 * server/contract/README.md, "Message codes"), instead of the general invalid_parameters: the
 * member is told which choice was wrong.
 */
const FIELD_CODES: Partial<Record<CallName, Record<string, MessageCode>>> = {
  placeOrder: {
    pair: "invalid_trading_pair",
    option: "invalid_bet_option",
    periodNo: "invalid_period",
    amount: "amount_out_of_range",
  },
};

function fieldCode(name: CallName, schema: z.ZodTypeAny | undefined, value: unknown): MessageCode {
  const codes = FIELD_CODES[name];
  const parsed = codes && schema ? schema.safeParse(value) : undefined;
  if (!codes || !parsed || parsed.success) return "invalid_parameters";
  const fields = new Set(parsed.error.issues.map((i) => String(i.path[0] ?? "")));
  // Only when every problem is in one such field: anything else is a malformed request.
  const [only] = [...fields];
  return fields.size === 1 && only !== undefined && codes[only] ? codes[only] : "invalid_parameters";
}

/** An IPv4 or IPv6 address as CF-Connecting-IP writes it; anything else is ignored. */
const CLIENT_ADDRESS = /^[0-9A-Fa-f:.]{2,45}$/;

/**
 * The browser's address, as the site forwarded it. The platform trusts the header because only
 * the site can reach it (a service binding, or a URL the operator keeps internal); without it,
 * only the per-account limits apply.
 */
function clientAddress(request: Request): string | null {
  const value = request.headers.get(CLIENT_ADDRESS_HEADER)?.trim() ?? "";
  return CLIENT_ADDRESS.test(value) ? value.toLowerCase() : null;
}

/** Printable, no spaces, long enough to be unique: the site sends a UUID. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,128}$/;

/** Room for the multipart framing and the `kind` field around a file of the largest allowed size. */
const MAX_MULTIPART_BYTES = UPLOAD_LIMITS.maxBytes + 64 * 1024;

type Multipart = { ok: true; fields: Record<string, string>; file: File | null } | Failure;

/** A multipart body: its text fields (checked by the call's schema) and its `file` field. */
async function readMultipart(request: Request): Promise<Multipart> {
  if (!/^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? ""))
    return badRequest("invalid_parameters");
  // Refused before parsing, so a huge body is never buffered; it is still read (and discarded)
  // because answering mid-upload resets the connection and the client would see no answer at all.
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > MAX_MULTIPART_BYTES) {
    await request.body?.pipeTo(new WritableStream()).catch(() => undefined);
    return badRequest("file_too_large");
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return badRequest("invalid_parameters");
  }
  const fields: Record<string, string> = {};
  let file: File | null = null;
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") fields[name] = value;
    else if (name === "file") file = value;
  }
  return { ok: true, fields, file };
}

function rawResponse(file: RawFile): Response {
  const headers = new Headers({
    "Content-Type": file.contentType,
    // The bytes are a member's identity documents: never cached, never sniffed into HTML.
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Disposition": "inline",
  });
  if (file.size !== undefined) headers.set("Content-Length", String(file.size));
  return new Response(file.body, { status: 200, headers });
}

async function handle(
  request: Request,
  env: Env,
  ctx: Pick<ExecutionContext, "waitUntil">,
  trace: PlatformTrace,
): Promise<Result<unknown> | Response> {
  const url = new URL(request.url);
  const found = findCall(request.method, url.pathname);
  if (!found) return badRequest("invalid_parameters");
  const spec: CallSpec = CALLS[found.name];
  trace.call = found.name;
  trace.route = spec.path;
  trace.siteId = found.params.siteId ?? requestSite(request) ?? undefined;

  const caller = await authenticate(spec, request, env);
  if (!caller.ok) return caller;
  const { member, operator } = caller.data;
  if (member) trace.siteId = member.siteId;
  const touched: Touched = {};
  if (operator) {
    const refusal = operatorRefusal(operator, spec, found.params);
    if (refusal) {
      // a role refusal is an operator's attempt on a site they run: on the record; a scope refusal is not
      // (the operator has no business with that site's log)
      if (refusal.message === "operator_role_missing")
        await logOperatorAction(env, operator, found.name, found.params, undefined, refusal, touched);
      return refusal;
    }
  }

  // a request that moves money must say which attempt it is, or a retry could pay twice
  // (server/platform/README.md, "Idempotency")
  let idempotencyKey: string | undefined;
  if (spec.idempotent) {
    idempotencyKey = request.headers.get(IDEMPOTENCY_HEADER) ?? "";
    if (!IDEMPOTENCY_KEY.test(idempotencyKey)) return badRequest("invalid_parameters");
    // the same key in practice and in real money: two intents (handlers/mode.ts)
    if (member) idempotencyKey = modeScopedKey(idempotencyKey, member.mode);
  }

  let file: File | null | undefined;
  let rawBody: unknown;
  if (spec.multipart) {
    const multipart = await readMultipart(request);
    if (!multipart.ok) return multipart;
    rawBody = multipart.fields;
    file = multipart.file;
  } else if (spec.body) {
    rawBody = await readJson(request);
  }

  const params = parse(spec.params, found.params);
  const query = parse(spec.query, Object.fromEntries(url.searchParams));
  const body = parse(spec.body, rawBody);
  if (!params.ok || !query.ok) return badRequest("invalid_parameters");
  if (!body.ok) {
    // an operator's contract settings refused for their fees alone name the leverages (site/fee-share.ts)
    const fees = found.name === "operatorPutSite" && spec.body ? feeShareRefusal(spec.body.safeParse(rawBody)) : null;
    return fees ?? badRequest(fieldCode(found.name, spec.body, rawBody));
  }

  // A request never reaches another tenant's data: the site in the path or body must be the
  // member's site (403), and a public call that names a site in its header must name the same one.
  const site = namedSite(params.value, body.value);
  if (member && site !== undefined && site !== member.siteId) return fail(403, "invalid_permission");
  // A post that names its mode (the page it came from) acts in that mode or not at all: a page
  // left open in practice never bets real money after another window switched (#rules/account-mode).
  if (member && namesMode(body.value) && modeChanged(body.value.mode, member.mode))
    return refusedForMode(member, MODE_CHANGED);
  const headerSite = requestSite(request);
  // (market calls name no site: any site may read a market)
  if (!member && spec.auth === "public" && headerSite !== undefined && site !== undefined && headerSite !== site) {
    return badRequest("invalid_site");
  }

  // An idempotent call's key is answered from its stored answer before anything of the world is
  // checked (the site's pairs, a password, a balance): a replay answers what the first request
  // answered, and another body with the key is idempotency_conflict (contract/idempotency.ts).
  // Only checks of the request's own bytes (its shape, its site, its mode) come first: they answer
  // the same request the same way every time.
  const intent = spec.idempotent
    ? await intentOf(found.name, idempotencyKey ?? "", params.value, body.value)
    : undefined;
  const stored = intent && member ? await member.stub.replayed(member.proof, intent) : null;
  // (a stored answer goes out as the first one did: through the contract's parse below)
  const result =
    stored ??
    (await answer(found.name, {
      env,
      params: params.value,
      query: query.value,
      body: body.value,
      member,
      operator,
      touched,
      intent,
      clientAddress: clientAddress(request),
      file,
      waitUntil: (work: Promise<unknown>) => ctx.waitUntil(work),
    } as CallInput<CallName>));
  if (operator) await logOperatorAction(env, operator, found.name, params.value, body.value, result, touched);
  // a replayed answer was counted when it was first given
  if (!stored && result.ok && member) countCall(env, found.name, member, body.value);
  if (!result.ok) return result;
  if (spec.raw) return rawResponse(result.data as RawFile);
  // The platform keeps its side of the contract: a response that breaks it is a bug, not data.
  const data = spec.data.safeParse(result.data);
  if (!data.success) {
    log("error", "response breaks the contract", {
      requestId: trace.requestId,
      call: found.name,
      issues: data.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    });
    return fail(500, "internal_error");
  }
  return { ok: true, data: data.data };
}

/**
 * Runs the handler; an idempotent member call's answer becomes its key's for good, unless a copy
 * of the request kept one first: then both copies answer that one (a refusal made before the
 * member's own transaction as much as one made in it; contract/idempotency.ts).
 */
async function answer(name: CallName, input: CallInput<CallName>): Promise<Result<unknown>> {
  const result = await (handlers[name] as Handler<CallName>)(input);
  const { intent, member } = input as { intent?: Idem; member: MemberContext | null };
  if (!intent || !member || (result.ok && KEEPS_ITS_SUCCESS.has(name))) return result;
  return member.stub.keepAnswer(member.proof, intent, name, result);
}

export async function route(
  request: Request,
  env: Env,
  ctx: Pick<ExecutionContext, "waitUntil">,
  trace: PlatformTrace,
): Promise<Response> {
  let result: Result<unknown> | Response;
  try {
    result = await handle(request, env, ctx, trace);
  } catch (error) {
    log("error", "platform request failed", { requestId: trace.requestId, call: trace.call, ...errorFields(error) });
    result = fail(500, "internal_error");
  }
  if (result instanceof Response) {
    trace.message = result.status === 200 ? "ok" : undefined;
    return result;
  }
  trace.message = result.ok ? "ok" : result.message;
  if (!result.ok && result.statusCode >= 500) recordMetric(env, "error", trace.siteId, trace.call ?? "unknown call");
  return respond(result);
}
