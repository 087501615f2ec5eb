import {
  CALLS,
  callRequest,
  envelope,
  isMessageCode,
  type CallData,
  type CallInput,
  type CallName,
  type CallSpec,
} from "../contract";
import { ACCESS_JWT_HEADER } from "../access/token";
import type { IconSize } from "../contract";
import type { CallFailure, CallResult, RawResult } from "./platform-client";
import { forgetSiteInfo } from "./tenant";

/** The operator calls that change what site info says (the member site keeps a copy: tenant.ts). */
const CHANGES_SITE_INFO = new Set<string>(["operatorPutSite", "operatorEndCampaign"]);

/** The public reads the back office makes about a site (what its members see). */
type PublicRead = "siteInfo" | "chatbox" | "siteIcon";

/** The contract's operator calls: those a back-office page may make. */
export type OperatorCallName = {
  [N in CallName]: (typeof CALLS)[N]["auth"] extends "operator" ? N : never;
}[CallName];

export type OperatorCallOptions<N extends OperatorCallName> = Partial<
  Pick<CallInput<N>, "params" | "query" | "body" | "idempotencyKey" | "file">
> & {
  /** the key to use instead of the session's: the sign-in form's, before it is kept */
  key?: string;
};

export interface OperatorClientOptions {
  send: (request: Request) => Promise<Response>;
  /** the signed-in operator's key (the back office's session) */
  key: () => string | undefined;
  /** the request's verified Access assertion (production), sent on so the platform checks the person too */
  accessAssertion?: string;
  observe?: (call: { call: CallName; status: number; ms: number }) => void;
}

const ORIGIN = "https://platform.internal";

/**
 * The back office's client of the operator API (app/backoffice/README.md): the contract's operator
 * calls, each made with the signed-in operator's own key and Access assertion, so the platform
 * checks that person's sites and roles and its audit log names them, as it does for the CLI.
 * Answers are checked against the contract; a failure is a value with its message code.
 */
export function createOperatorClient(options: OperatorClientOptions) {
  async function send<N extends OperatorCallName>(
    name: N,
    opts: OperatorCallOptions<N>,
  ): Promise<Response | CallFailure> {
    const key = opts.key ?? options.key();
    if (!key) return { ok: false, status: 403, code: "invalid_permission" };
    const spec: CallSpec = CALLS[name];
    const { key: _key, ...input } = opts;
    const headers: Record<string, string> = {};
    if (options.accessAssertion) headers[ACCESS_JWT_HEADER] = options.accessAssertion;
    // the platform's operator calls other than GET always carry a body (a decision with no reason is {})
    const body = spec.method === "GET" ? undefined : (input.body ?? {});
    const request = callRequest(name, { ...input, body, token: key, headers } as CallInput<N>, ORIGIN);
    const started = Date.now();
    let response: Response | undefined;
    try {
      response = await options.send(request);
    } catch {
      response = undefined;
    }
    options.observe?.({ call: name, status: response?.status ?? 0, ms: Math.max(0, Date.now() - started) });
    return response ?? { ok: false, status: 400, code: "connection_failed" };
  }

  async function failureOf(response: Response): Promise<CallFailure | { ok: true; data: unknown }> {
    let parsed;
    try {
      parsed = envelope.safeParse(await response.json());
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) return { ok: false, status: 500, code: "internal_error" };
    const { statusCode, message, data } = parsed.data;
    if (statusCode !== 200)
      return { ok: false, status: statusCode, code: isMessageCode(message) ? message : "internal_error" };
    return { ok: true, data };
  }

  async function call<N extends OperatorCallName>(
    name: N,
    opts: OperatorCallOptions<N> = {},
  ): Promise<CallResult<CallData<N>>> {
    const response = await send(name, opts);
    if (!(response instanceof Response)) return response;
    const result = await failureOf(response);
    if (!result.ok) return result;
    const checked = CALLS[name].data.safeParse(result.data ?? null);
    if (!checked.success) return { ok: false, status: 500, code: "internal_error" };
    // a change to a site's configuration: this isolate's copy of its site info goes at once, so the
    // member site served here shows the change on its next page (other isolates within their TTL)
    const siteId = (opts as { params?: { siteId?: string } }).params?.siteId;
    if (CHANGES_SITE_INFO.has(name) && siteId) forgetSiteInfo(siteId);
    return { ok: true, data: checked.data as CallData<N> };
  }

  /** A raw call (a document's bytes): the platform's response to stream on, or its refusal. */
  async function fetchRaw<N extends OperatorCallName>(name: N, opts: OperatorCallOptions<N> = {}): Promise<RawResult> {
    const response = await send(name, opts);
    if (!(response instanceof Response)) return response;
    const isEnvelope = (response.headers.get("content-type") ?? "").startsWith("application/json");
    if (response.status === 200 && !isEnvelope) return { ok: true, response };
    const result = await failureOf(response);
    return result.ok ? { ok: false, status: 500, code: "internal_error" } : result;
  }

  /** A public call about a site, as the site itself makes it: the site header, no key. */
  async function sendPublic(name: PublicRead, siteId: string, params: Record<string, string>) {
    const request = callRequest(name, { params: { siteId, ...params }, siteId } as CallInput<typeof name>, ORIGIN);
    try {
      return await options.send(request);
    } catch {
      return undefined;
    }
  }

  async function readPublic<N extends "siteInfo" | "chatbox">(
    name: N,
    siteId: string,
  ): Promise<CallResult<CallData<N>>> {
    const response = await sendPublic(name, siteId, {});
    if (!response) return { ok: false, status: 400, code: "connection_failed" };
    const result = await failureOf(response);
    if (!result.ok) return result;
    const checked = CALLS[name].data.safeParse(result.data ?? null);
    return checked.success
      ? { ok: true, data: checked.data as CallData<N> }
      : { ok: false, status: 500, code: "internal_error" };
  }

  /**
   * A site's public info (its currency, its languages), as the CLI reads it: a public call, so it
   * carries the site header and no key.
   */
  const siteInfo = (siteId: string) => readPublic("siteInfo", siteId);

  /** The site's customer-service chat link as members get it ("" when none is set). */
  const chatLink = (siteId: string) => readPublic("chatbox", siteId);

  /** A home-screen icon as the site serves it (the operator's PNG, else the accent's plain square). */
  async function siteIcon(siteId: string, size: IconSize): Promise<RawResult> {
    const response = await sendPublic("siteIcon", siteId, { size });
    if (!response) return { ok: false, status: 400, code: "connection_failed" };
    const isEnvelope = (response.headers.get("content-type") ?? "").startsWith("application/json");
    if (response.status === 200 && !isEnvelope) return { ok: true, response };
    const result = await failureOf(response);
    return result.ok ? { ok: false, status: 500, code: "internal_error" } : result;
  }

  return { call, fetchRaw, siteInfo, chatLink, siteIcon };
}

export type OperatorClient = ReturnType<typeof createOperatorClient>;
