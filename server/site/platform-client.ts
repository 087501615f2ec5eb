import {
  CALLS,
  CLIENT_ADDRESS_HEADER,
  RELOGIN_STATUSES,
  UPLOAD_LIMITS,
  callRequest,
  envelope,
  failureData,
  isMessageCode,
  type CallData,
  type CallInput,
  type CallName,
  type CallQuery,
  type CallSpec,
  type MessageCode,
} from "../contract";
import type { AccountMode } from "#rules/account-mode";

/** Codes the site adds to the platform's: a network failure after the retry, and a reply that broke the contract. */
export type SiteMessageCode = MessageCode | "connection_failed";

/**
 * A refused or failed call. `amount` (minor units) is the figure a refusal's message names, from
 * the envelope's failure data (server/contract/README.md, "The envelope"): bonus_locked's turnover
 * still needed, a limit's remainder; `until` the end of a break a refusal names (timeout_in_force,
 * exclusion_in_force, break_already_longer, break_cannot_end_early); `seconds` the wait that
 * signin_too_fast names. The route shows them through
 * `failureMessage` (app/utils/messages.ts).
 */
export type CallFailure = {
  ok: false;
  status: number;
  code: SiteMessageCode;
  amount?: number;
  until?: string;
  seconds?: number;
};
export type CallResult<T> = { ok: true; data: T } | CallFailure;
/** A `raw` call: on success the platform's response, whose body is the file's bytes. */
export type RawResult = { ok: true; response: Response } | CallFailure;

/**
 * What a route gives a call: the contract's inputs (server/contract/request.ts) less what the
 * client adds itself (site, client address); `token` only for a token other than the session's
 * (the ?accessToken= flow).
 */
export type CallOptions<N extends CallName> = Partial<
  Pick<CallInput<N>, "params" | "query" | "body" | "idempotencyKey" | "token">
> & {
  /** the `file` of a `multipart` call; `body` holds its text fields */
  file?: (typeof CALLS)[N] extends { multipart: true } ? Blob : never;
};

export interface PlatformClientOptions {
  /** sends a request to the platform (service binding or HTTP) */
  send: (request: Request) => Promise<Response>;
  siteId: string;
  token: () => string | undefined;
  /**
   * The session's account mode (server/site/session.ts): sent as request.ts's `mode` on every
   * member call, and nowhere else decided. A route never picks a mode itself.
   */
  mode?: () => AccountMode;
  /**
   * The browser's address (clientAddressOf), forwarded on every call as X-Client-Address: the
   * platform limits sign-in failures and forgotten-password requests per address with it.
   */
  clientAddress?: string;
  /**
   * Called when the platform answers 402, 404 or 409 to a member call: the session is
   * over. It ends the site session and returns what to throw (a redirect to /login).
   */
  onSessionEnded: () => Response;
  /** told of every call sent: its name, the platform's HTTP status (0: unreachable after the retry), its time */
  observe?: (call: { call: CallName; status: number; ms: number }) => void;
}

const ORIGIN = "https://platform.internal";

/**
 * The one typed client to the platform (server/site/README.md, "Platform client"). Every response
 * is checked against the contract; failures come back as values with a message code, never as
 * exceptions, except the end of a session, which throws the redirect that onSessionEnded built.
 */
export function createPlatformClient(options: PlatformClientOptions) {
  /** Builds and sends a call's request; a failure before or instead of a response comes back as a value. */
  async function send<N extends CallName>(name: N, opts: CallOptions<N>): Promise<Response | CallFailure> {
    const spec: CallSpec = CALLS[name];
    const token = opts.token ?? options.token();
    if (spec.auth === "member" && !token) return { ok: false, status: 402, code: "login_required" };
    // the site refuses an oversized file itself rather than forward megabytes to be refused
    if (spec.multipart && opts.file && opts.file.size > UPLOAD_LIMITS.maxBytes)
      return { ok: false, status: 400, code: "file_too_large" };
    // an empty form field is no filter: it is not sent
    const query = Object.fromEntries(
      Object.entries((opts.query ?? {}) as Record<string, unknown>).filter(([, value]) => value !== ""),
    ) as CallQuery<N>;
    const input = {
      ...opts,
      query,
      token: spec.auth === "member" ? token : undefined,
      // only the session's own token plays in the session's mode; ?accessToken= checks are real
      mode: spec.auth === "member" && !opts.token ? (options.mode?.() ?? "real") : undefined,
      siteId: options.siteId,
      clientAddress: options.clientAddress,
    };
    const started = Date.now();
    const response = await sendWithRetry(() => callRequest(name, input, ORIGIN));
    options.observe?.({ call: name, status: response?.status ?? 0, ms: Math.max(0, Date.now() - started) });
    return response ?? { ok: false, status: 400, code: "connection_failed" };
  }

  /** An envelope's data or failure (a broken reply is internal_error); ends the session on 402, 404 and 409. */
  async function readEnvelope(
    spec: CallSpec,
    opts: { token?: string },
    response: Response,
  ): Promise<CallFailure | { ok: true; data: unknown }> {
    let parsed;
    try {
      parsed = envelope.safeParse(await response.json());
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) return { ok: false, status: 500, code: "internal_error" };
    const { statusCode, message, data } = parsed.data;
    if (statusCode !== 200) {
      // a token handed in through ?accessToken= is not the session's: its failure ends nothing
      if (spec.auth === "member" && !opts.token && RELOGIN_STATUSES.includes(statusCode)) {
        throw options.onSessionEnded();
      }
      const code = isMessageCode(message) ? message : "internal_error";
      // failure data that breaks the contract is dropped: the message still stands without its figure
      const figures = code === "internal_error" ? undefined : failureData.safeParse(data ?? {}).data;
      const failure: CallFailure = { ok: false, status: statusCode, code };
      if (figures?.amount !== undefined) failure.amount = figures.amount;
      if (figures?.until !== undefined) failure.until = figures.until;
      if (figures?.seconds !== undefined) failure.seconds = figures.seconds;
      return failure;
    }
    return { ok: true, data };
  }

  /**
   * Reads made while one request is served: loaders run side by side, and the root's and a page's
   * may ask for the same thing (player info on /user): one platform call answers both. Any other
   * call may change what a read returns, so it forgets them all; the token is part of the key.
   */
  const reads = new Map<string, Promise<CallResult<unknown>>>();

  function call<N extends CallName>(name: N, opts: CallOptions<N> = {}): Promise<CallResult<CallData<N>>> {
    const spec: CallSpec = CALLS[name];
    if (spec.method !== "GET" || spec.raw) {
      reads.clear();
      return callOnce(name, opts);
    }
    const key = JSON.stringify([
      name,
      opts.params ?? null,
      opts.query ?? null,
      opts.token ?? options.token() ?? null,
      options.mode?.() ?? "real",
    ]);
    let read = reads.get(key);
    if (!read) {
      read = callOnce(name, opts);
      reads.set(key, read);
      // a failed read is not kept: the next caller asks again
      read.then(
        (result) => {
          if (!result.ok && reads.get(key) === read) reads.delete(key);
        },
        () => {
          if (reads.get(key) === read) reads.delete(key);
        },
      );
    }
    return read as Promise<CallResult<CallData<N>>>;
  }

  async function callOnce<N extends CallName>(name: N, opts: CallOptions<N>): Promise<CallResult<CallData<N>>> {
    const spec: CallSpec = CALLS[name];
    const response = await send(name, opts);
    if (!(response instanceof Response)) return response;
    const result = await readEnvelope(spec, opts, response);
    if (!result.ok) return result;
    const checked = spec.data.safeParse(result.data ?? null);
    if (!checked.success) return { ok: false, status: 500, code: "internal_error" };
    return { ok: true, data: checked.data as CallData<N> };
  }

  /**
   * A `raw` call (a file's bytes): a success is the platform's response itself, to be streamed on;
   * a failure is an envelope, read as `call` reads it.
   */
  async function fetchRaw<N extends CallName>(name: N, opts: CallOptions<N> = {}): Promise<RawResult> {
    const spec: CallSpec = CALLS[name];
    const response = await send(name, opts);
    if (!(response instanceof Response)) return response;
    const isEnvelope = (response.headers.get("content-type") ?? "").startsWith("application/json");
    if (response.status === 200 && !isEnvelope) return { ok: true, response };
    const result = await readEnvelope(spec, opts, response);
    // an envelope that claims success is not what a raw call answers
    return result.ok ? { ok: false, status: 500, code: "internal_error" } : result;
  }

  /** A request that fails at network level is retried once. */
  async function sendWithRetry(build: () => Request): Promise<Response | undefined> {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        return await options.send(build());
      } catch {
        // network-level failure: try once more, then give up
      }
    }
    return undefined;
  }

  return { call, fetchRaw };
}

export type PlatformClient = ReturnType<typeof createPlatformClient>;

/**
 * The address of the browser a request came from (server/site/README.md, "Client address").
 *
 * In production the site runs on Cloudflare's edge, which sets CF-Connecting-IP on every request
 * and overwrites any value a browser sent: only there is that header the browser's address.
 * Anywhere else (`wrangler dev`, Miniflare in tests) nothing overwrites it, so a browser could
 * pick its own address and dodge the per-network limits: outside production CF-Connecting-IP is
 * ignored, and the address is read from X-Client-Address, the header the site forwards to the
 * platform, which lets tests and local tools play several networks. Either way the value must look
 * like an address; the client builds its own headers, so nothing else a browser sends is forwarded.
 */
export function clientAddressOf(request: Request, production: boolean): string | undefined {
  const value = request.headers.get(production ? "CF-Connecting-IP" : CLIENT_ADDRESS_HEADER)?.trim();
  return value && ADDRESS_SHAPE.test(value) ? value : undefined;
}

/** An IPv4 or IPv6 address's characters; anything else is not forwarded. */
const ADDRESS_SHAPE = /^[0-9A-Fa-f:.]{2,45}$/;
