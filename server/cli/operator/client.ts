/**
 * The operator's HTTP client: the calls an operator's own tools make to the platform. Used by the
 * operator CLI, `npm start` / `npm run serve` (seeding) and the benchmarks.
 *
 * In production the operator API sits on an operator hostname behind Cloudflare Access: every
 * request then also carries the Access service token (CF-Access-Client-Id / -Secret, from the
 * environment variables CF_ACCESS_CLIENT_ID and CF_ACCESS_CLIENT_SECRET; see `accessHeaders`).
 */
import {
  CALLS,
  callRequest,
  type CallBody,
  type CallInput,
  type CallData,
  type CallName,
  type CallParams,
  type CallQuery,
  type Envelope,
} from "../../contract";

/** Operator calls only: the names of the contract whose auth is "operator". */
export type OperatorCall = {
  [N in CallName]: (typeof CALLS)[N]["auth"] extends "operator" ? N : never;
}[CallName];

export type OperatorClient = <N extends OperatorCall>(
  name: N,
  input: {
    params: CallParams<N>;
    body?: CallBody<N>;
    query?: CallQuery<N>;
    /** a multipart call's file */ file?: Blob;
  },
) => Promise<Envelope<CallData<N>>>;

/** Public calls an operator tool reads without a key. */
export type PublicRead = "siteInfo" | "pairs" | "fairnessDays" | "chatbox";

/** A document's bytes (operatorFile), or the platform's refusal. */
export type FileAnswer = { ok: true; bytes: Uint8Array; contentType: string } | { ok: false; envelope: Envelope };

export interface ClientOptions {
  /** the fetch to use (tests pass a fake); default: the global fetch */
  fetch?: typeof fetch;
  /** headers sent on every request; default: `accessHeaders(process.env)` */
  headers?: Record<string, string>;
}

/**
 * Cloudflare Access headers: a person's own Access login (CF_ACCESS_TOKEN, from `cloudflared access
 * token -app=<url>`), which a registry operator's key needs in production (the token's email must
 * be theirs), and/or a service token (CF_ACCESS_CLIENT_ID and CF_ACCESS_CLIENT_SECRET), which names
 * no person and so passes only the owner key.
 */
export function accessHeaders(env: Record<string, string | undefined> = process.env): Record<string, string> {
  const id = env.CF_ACCESS_CLIENT_ID;
  const secret = env.CF_ACCESS_CLIENT_SECRET;
  const headers: Record<string, string> =
    id && secret ? { "CF-Access-Client-Id": id, "CF-Access-Client-Secret": secret } : {};
  if (env.CF_ACCESS_TOKEN) headers["cf-access-token"] = env.CF_ACCESS_TOKEN;
  return headers;
}

/** A platform on this machine (127.0.0.1, localhost, ::1): the development operator key may be used. */
export function isLocalUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === "localhost" || host.endsWith(".localhost") || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);
  } catch {
    return false;
  }
}

/** The platform answered something that is not an envelope: a wrong URL, a proxy, an Access login page. */
export class NotAnEnvelopeError extends Error {
  constructor(url: URL, response: Response) {
    const type = response.headers.get("content-type") || "no content type";
    const location = response.headers.get("location");
    const access =
      response.status === 302 || response.status === 401 || (response.status === 403 && type.includes("html"));
    super(
      `${url.origin}${url.pathname} answered HTTP ${response.status} (${type})${location ? ` redirecting to ${location}` : ""}, not a platform envelope` +
        (access ? "; behind Cloudflare Access set CF_ACCESS_CLIENT_ID and CF_ACCESS_CLIENT_SECRET" : ""),
    );
    this.name = "NotAnEnvelopeError";
  }
}

async function envelopeOf(url: URL, response: Response): Promise<Envelope<never>> {
  if ((response.headers.get("content-type") ?? "").includes("json")) {
    try {
      return (await response.json()) as Envelope<never>;
    } catch {
      // fall through: not JSON after all
    }
  }
  throw new NotAnEnvelopeError(url, response);
}

/** Everything the operator CLI asks the platform, over HTTP. */
export interface Platform {
  baseUrl: string;
  operator: OperatorClient;
  /** a public read: site info (also how the CLI learns a site's currency), the trading pairs, a pair's seed commitments, the chat link (seeding on start) */
  read<N extends PublicRead>(name: N, params: CallParams<N>): Promise<Envelope<CallData<N>>>;
  /** the bytes of an uploaded document of a site (operatorFile) */
  file(siteId: string, fileId: string): Promise<FileAnswer>;
}

/**
 * The platform at `baseUrl`. `operatorKey` may be a function: it is then asked only when an
 * operator call is made (and may throw to refuse, before anything is sent).
 */
export function httpPlatform(
  baseUrl: string,
  operatorKey: string | (() => string),
  options: ClientOptions = {},
): Platform {
  const send = options.fetch ?? ((input, init) => fetch(input, init));
  const extra = options.headers ?? accessHeaders(process.env);
  const key = typeof operatorKey === "function" ? operatorKey : () => operatorKey;
  // manual redirects: an Access login redirect is reported as such instead of followed to an HTML page
  const answer = async (request: Request) =>
    envelopeOf(new URL(request.url), await send(request, { redirect: "manual" }));

  const operator: OperatorClient = async (name, input) => {
    // GET calls carry no body; the others always send one (an empty decision is `{}`)
    const body = CALLS[name].method === "GET" ? undefined : (input.body ?? {});
    return answer(
      callRequest(name, { ...input, body, token: key(), headers: extra } as CallInput<typeof name>, baseUrl),
    );
  };

  return {
    baseUrl,
    operator,
    read: (name, params) => answer(callRequest(name, { params, headers: extra } as CallInput<typeof name>, baseUrl)),
    async file(siteId, fileId) {
      const request = callRequest(
        "operatorFile",
        { params: { siteId, fileId }, token: key(), headers: extra },
        baseUrl,
      );
      const response = await send(request, { redirect: "manual" });
      const contentType = response.headers.get("content-type") ?? "application/octet-stream";
      // a success is the raw bytes; a refusal is an envelope like any other call's
      if (response.status === 200 && !contentType.includes("json")) {
        return { ok: true, bytes: new Uint8Array(await response.arrayBuffer()), contentType };
      }
      return { ok: false, envelope: await envelopeOf(new URL(request.url), response) };
    },
  };
}

/** An operator client over HTTP, for the CLI against `wrangler dev` or a deployed platform. */
export function httpOperatorClient(baseUrl: string, operatorKey: string, options: ClientOptions = {}): OperatorClient {
  return httpPlatform(baseUrl, operatorKey, options).operator;
}
