import {
  CALLS,
  IDEMPOTENCY_HEADER,
  RELOGIN_STATUSES,
  SITE_HEADER,
  envelope,
  fillPath,
  isMessageCode,
  type CallBody,
  type CallData,
  type CallName,
  type CallParams,
  type CallQuery,
  type MessageCode,
} from "./contract";

/** Codes the site adds to the platform's: a network failure after the retry, and a reply that broke the contract. */
export type SiteMessageCode = MessageCode | "connection_failed";

export type CallResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; code: SiteMessageCode };

export interface CallOptions<N extends CallName> {
  params?: CallParams<N>;
  query?: CallQuery<N>;
  body?: CallBody<N>;
  idempotencyKey?: string;
  /** a token other than the session's (the ?accessToken= flow) */
  token?: string;
}

export interface PlatformClientOptions {
  /** sends a request to the platform (service binding or HTTP) */
  send: (request: Request) => Promise<Response>;
  siteId: string;
  token: () => string | undefined;
  /**
   * Called when the platform answers 402, 404 or 409 to a member call (spec §4): the session is
   * over. It ends the site session and returns what to throw (a redirect to /login).
   */
  onSessionEnded: () => Response;
}

const ORIGIN = "https://platform.internal";

/**
 * The one typed client to the platform (DESIGN.md §3). Every response is checked against the
 * contract; failures come back as values with a message code, never as exceptions, except the end
 * of a session, which throws the redirect that onSessionEnded built.
 */
export function createPlatformClient(options: PlatformClientOptions) {
  async function call<N extends CallName>(name: N, opts: CallOptions<N> = {}): Promise<CallResult<CallData<N>>> {
    const spec = CALLS[name];
    const url = new URL(fillPath(spec.path, opts.params as Record<string, string> | undefined), ORIGIN);
    for (const [key, value] of Object.entries((opts.query ?? {}) as Record<string, unknown>)) {
      if (value !== undefined && value !== "") url.searchParams.set(key, String(value));
    }
    const headers = new Headers({ accept: "application/json", [SITE_HEADER]: options.siteId });
    const token = opts.token ?? options.token();
    if (spec.auth === "member") {
      if (!token) return { ok: false, status: 402, code: "login_required" };
      headers.set("authorization", `Bearer ${token}`);
    }
    if (opts.idempotencyKey) headers.set(IDEMPOTENCY_HEADER, opts.idempotencyKey);
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(opts.body);
    }

    const response = await sendWithRetry(() => new Request(url, { method: spec.method, headers, body }));
    if (!response) return { ok: false, status: 400, code: "connection_failed" };

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
      return { ok: false, status: statusCode, code: isMessageCode(message) ? message : "internal_error" };
    }
    const checked = spec.data.safeParse(data ?? null);
    if (!checked.success) return { ok: false, status: 500, code: "internal_error" };
    return { ok: true, data: checked.data as CallData<N> };
  }

  /** Spec §4: a request that fails at network level is retried once. */
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

  return { call };
}

export type PlatformClient = ReturnType<typeof createPlatformClient>;
