import { randomUUID } from "node:crypto";
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
} from "../../server/contract";
import { localOperatorKey } from "../../server/cli/local/dev-vars";
import { httpOperatorClient } from "../../server/cli/operator/client";
import { PLATFORM, SITE, SITE_ID } from "./config";
import { CookieJar } from "../helpers/cookie-jar";

/**
 * The two ways the bench talks to the product, both as real clients do: the platform's contract
 * calls (as the site makes them, with the member's token), and the site's pages and forms (as a
 * browser without JavaScript does: cookies, Origin, the CSRF field).
 */

/** No request of the bench waits longer than this: a hung server fails the measurement, not the run. */
const TIMEOUT_MS = 60_000;

type Input<N extends CallName> = {
  params?: CallParams<N>;
  query?: CallQuery<N>;
  body?: CallBody<N>;
  token?: string;
  idempotencyKey?: string;
};

/** One contract call against the platform; the envelope as it came. */
export async function platformCall<N extends CallName>(name: N, input: Input<N> = {}): Promise<Envelope<CallData<N>>> {
  const spec = CALLS[name];
  const idempotencyKey = "idempotent" in spec && spec.idempotent ? (input.idempotencyKey ?? randomUUID()) : undefined;
  // non-GET calls always carry a body (an empty one is `{}`)
  const body = spec.method === "GET" ? undefined : (input.body ?? {});
  const request = () =>
    callRequest(name, { ...input, body, idempotencyKey, siteId: SITE_ID } as CallInput<N>, PLATFORM);
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(request(), { signal: AbortSignal.timeout(TIMEOUT_MS) });
    const text = await response.text();
    // `wrangler dev` answers this when its proxy lost the worker mid-request (not the product's
    // answer); the same request again, with the same idempotency key, is safe
    if (response.status === 503 && text.startsWith("Your worker restarted mid-request") && attempt < 4) {
      devServerRetries += 1;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      continue;
    }
    return JSON.parse(text) as Envelope<CallData<N>>;
  }
}

/** How often the dev server's proxy asked for a request to be sent again (reported with the figures). */
export let devServerRetries = 0;

/** The data of a call that must succeed, or an error naming the call and the platform's answer. */
export async function must<N extends CallName>(name: N, input: Input<N> = {}): Promise<CallData<N>> {
  const envelope = await platformCall(name, input);
  if (envelope.statusCode !== 200) throw new Error(`${name}: ${envelope.statusCode} ${envelope.message}`);
  return envelope.data as CallData<N>;
}

/** The operator API of the bench's own stack, with the development key (server/platform/.dev.vars). */
export function operator() {
  return httpOperatorClient(PLATFORM, localOperatorKey());
}

/** A browser without JavaScript on the site: keeps its cookies, posts forms with Origin and CSRF. */
export class Visitor {
  private readonly jar = new CookieJar();
  readonly cookies = this.jar.cookies;

  get cookieHeader(): string {
    return this.jar.header;
  }

  private keep(response: Response) {
    this.jar.keep(response);
  }

  async get(path: string): Promise<Response> {
    const response = await fetch(SITE + path, {
      headers: { cookie: this.cookieHeader },
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    this.keep(response);
    return response;
  }

  /** A page's HTML (it must answer 200). */
  async page(path: string): Promise<string> {
    const response = await this.get(path);
    const html = await response.text();
    if (response.status !== 200) throw new Error(`GET ${path}: ${response.status}`);
    return html;
  }

  /** A form post as the browser sends it; the response is not followed. */
  async post(path: string, fields: Record<string, string>): Promise<Response> {
    const response = await fetch(SITE + path, {
      method: "POST",
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { cookie: this.cookieHeader, origin: SITE, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
    this.keep(response);
    return response;
  }

  /** Signs in through the site's /login form; the session cookie is kept. */
  async signIn(account: string, password: string): Promise<void> {
    const csrf = hiddenField(await this.page("/login"), "csrf");
    const response = await this.post("/login", { csrf, account, password });
    await response.body?.cancel();
    if (response.status !== 302 || !this.cookies.size) throw new Error(`sign-in of ${account}: ${response.status}`);
  }
}

/** The value of a hidden field rendered into a page. */
/** A Cookie header's pairs as a browser's cookies for `origin` (Playwright's addCookies). */
export function browserCookies(cookieHeader: string, origin: string): { name: string; value: string; url: string }[] {
  return cookieHeader
    .split(/;\s*/)
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
    });
}

export function hiddenField(html: string, name: string): string {
  const value = new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];
  if (value === undefined) throw new Error(`no ${name} field on the page`);
  return value;
}
