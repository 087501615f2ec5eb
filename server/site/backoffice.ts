import type { AppLoadContext } from "@remix-run/cloudflare";
import { LOCALE_IDS } from "#rules/locales";
import { ACCESS_JWT_HEADER, verifiedClaims } from "../access/token";
import { errorFields, log } from "../log/log";
import type { BackOfficeContext, SharedContext } from "./context";
import type { Env } from "./env";
import { forgeryCheck } from "./guards";
import { catalogs, createI18n, resources } from "./i18n";
import { createOperatorClient } from "./operator-client";
import { refusedPage, tooLargePage, unavailablePage } from "./pages";
import { BackOfficeSession } from "./backoffice-session";
import type { CallResult } from "./platform-client";
import type { Locale } from "../../app/i18n";
import type { OperatorSelf } from "../contract";
import type { RequestTrace } from "./index";

/**
 * The back office on the site worker (decision 034, app/backoffice/README.md): served only on the
 * hostnames of OPERATOR_HOSTS and only under /bo. A brand's hostname answers 404 for every /bo
 * path, and an operator hostname answers nothing but the back office: the two never share a page,
 * a cookie or a session.
 */
export const BACK_OFFICE_PREFIX = "/bo";

export function isBackOfficePath(pathname: string): boolean {
  return pathname === BACK_OFFICE_PREFIX || pathname.startsWith(`${BACK_OFFICE_PREFIX}/`);
}

/** Whether a hostname is the back office's (configuration only: never looked up as a brand). */
export function isOperatorHost(env: Pick<Env, "OPERATOR_HOSTS">, hostname: string): boolean {
  return env.OPERATOR_HOSTS.includes(hostname.toLowerCase());
}

/** Operators read the back office in any of the product's languages, whatever a brand offers. */
const BACK_OFFICE_LANGUAGES = { langOptions: [...LOCALE_IDS], defaultLanguage: "" as const };

type AccessGate = { ok: true; email: string | null; assertion?: string } | { ok: false; reason: "missing" | "config" };

/**
 * Production: the request must carry a valid Cloudflare Access token for the application the
 * back office's hostname belongs to (ACCESS_TEAM_DOMAIN, ACCESS_AUD), checked here with the code
 * the platform checks it with (server/access/token.ts), and sent on with every operator call so
 * the platform checks the same person against the key. Development has no Access.
 */
export async function accessGate(
  request: Request,
  env: Pick<Env, "ENVIRONMENT" | "ACCESS_TEAM_DOMAIN" | "ACCESS_AUD">,
  /** the team's keys and the clock, injectable for tests */
  inject: { fetchKeys?: (url: string) => Promise<JsonWebKey[]>; now?: number } = {},
): Promise<AccessGate> {
  if (env.ENVIRONMENT !== "production") return { ok: true, email: null };
  if (!env.ACCESS_TEAM_DOMAIN || !env.ACCESS_AUD) {
    log("error", "back office refused: ACCESS_TEAM_DOMAIN and ACCESS_AUD are not set (docs/deploy.md)");
    return { ok: false, reason: "config" };
  }
  const assertion = request.headers.get(ACCESS_JWT_HEADER);
  if (!assertion) return { ok: false, reason: "missing" };
  try {
    const claims = await verifiedClaims(assertion, {
      teamDomain: env.ACCESS_TEAM_DOMAIN,
      audience: env.ACCESS_AUD,
      ...inject,
    });
    if (!claims) return { ok: false, reason: "missing" };
    const email = typeof claims.email === "string" && claims.email !== "" ? claims.email.toLowerCase() : null;
    return { ok: true, email, assertion };
  } catch (error) {
    log("error", "back office refused: the Access token could not be checked", errorFields(error));
    return { ok: false, reason: "missing" };
  }
}

export interface BackOfficeRequest {
  request: Request;
  env: Env;
  url: URL;
  nonce: string;
  buildId: string;
  now: number;
  trace: RequestTrace;
  send: (request: Request) => Promise<Response>;
  remix: (request: Request, context: AppLoadContext) => Promise<Response>;
}

/**
 * An operator hostname's request: Access (production) → only /bo → the back office's session →
 * forged-post check → Remix, with `context.backoffice`. Every answer is private, never stored and
 * never loaded by another origin's page.
 */
export async function respondBackOffice(r: BackOfficeRequest): Promise<Response> {
  const { request, env, url, nonce } = r;
  const locale = (await createI18n(BACK_OFFICE_LANGUAGES).getLocale(request)) as Locale;
  const texts = resources[locale].backoffice;
  const gate = await accessGate(request, env);
  if (!gate.ok) {
    if (gate.reason === "config") return unavailablePage(locale, texts.refused.title, texts.refused.unavailable, nonce);
    return refusedPage(locale, texts.refused.title, texts.refused.access, nonce);
  }
  if (url.pathname === "/" && request.method === "GET") return redirectTo(BACK_OFFICE_PREFIX);
  if (!isBackOfficePath(url.pathname)) return notFound(locale, nonce);

  const secure = url.protocol === "https:";
  const session = await BackOfficeSession.load(request, {
    secrets: env.SESSION_SECRETS,
    secure,
    now: r.now,
    accessEmail: gate.email,
  });
  const checked = await forgeryCheck(request, url, session);
  if (checked.refused) {
    const t = resources[locale].messages;
    if (checked.refused === "too_large") return tooLargePage(locale, t.title_error, t.file_too_large, nonce);
    return refusedPage(locale, t.title_error, t.authorization_failed_refresh, nonce);
  }

  const operators = createOperatorClient({
    send: r.send,
    key: () => session.key,
    accessAssertion: gate.assertion,
    observe: (call) => r.trace.calls.push(call),
  });
  let self: Promise<CallResult<OperatorSelf>> | undefined;
  const backoffice: BackOfficeContext = {
    session,
    operators,
    accessEmail: gate.email,
    self: () => (self ??= operators.call("operatorSelf")),
  };
  const cookies: string[] = [];
  const shared: SharedContext = {
    env,
    locale,
    translations: catalogs[locale],
    cookies,
    secure,
    nonce,
    buildId: r.buildId,
    now: r.now,
    requestId: r.trace.requestId,
  };
  // the member site's fields are absent here by design (server/site/context.ts, BackOfficeContext)
  const context = { ...shared, backoffice } as unknown as AppLoadContext;
  const response = await r.remix(checked.request, context);

  const headers = new Headers(response.headers);
  if (session.isPending) headers.append("set-cookie", await session.commit());
  for (const cookie of cookies) headers.append("set-cookie", cookie);
  headers.set("cache-control", "private, no-store");
  // no page of another origin loads a back-office answer (a member's document, a page's data): a
  // brand on the same parent domain is same-site, so its pages would send the operator's cookie
  headers.set("cross-origin-resource-policy", "same-origin");
  // no search engine lists the back office, whoever links to it
  headers.set("x-robots-tag", "noindex, nofollow");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function redirectTo(location: string): Response {
  return new Response(null, { status: 302, headers: { location, "cache-control": "no-store" } });
}

function notFound(locale: Locale, nonce: string): Response {
  const t = resources[locale].common.errors;
  return pageNotFound(locale, t.not_found_title, nonce);
}

/** A brand hostname's answer to every back-office path, and an operator hostname's to any other. */
export function pageNotFound(lang: string, title: string, nonce: string): Response {
  const page = refusedPage(lang, title, title, nonce);
  return new Response(page.body, { status: 404, headers: page.headers });
}
