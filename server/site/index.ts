import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import * as build from "@remix-run/dev/server-build";
import type { SiteContext } from "./context";
import { loadEnv, type Env } from "./env";
import { accessTokenGuard, forgeryCheck, referrerCookie, siteRedirect } from "./guards";
import { catalogs, createI18n, resources } from "./i18n";
import { cachedPage, keepPage, pageKey } from "./page-cache";
import { appearanceOf } from "../../app/utils/theme.server";
import { errorPage, refusedPage, tooLargePage, unavailablePage, unknownSitePage } from "./pages";
import { clientAddressOf, createPlatformClient } from "./platform-client";
import { ResponsePolicy } from "./security";
import { NO_SESSION_HEADER } from "../../app/utils/shared-page";
import { AppSession } from "./session";
import { handleStream } from "./streams";
import { loadSiteInfo, localSiteInfo, resolveSiteId } from "./tenant";
import { LOCALES, toLocaleId, type Locale } from "../../app/i18n";
import { textLanguage } from "../contract/localize";
import { REQUEST_ID_HEADER } from "../contract";
import { errorFields, log, requestIdOf, since } from "../log/log";
import { routePatternMatcher } from "./route-pattern";
import { health } from "./health";
import { isBackOfficePath, isOperatorHost, pageNotFound, respondBackOffice } from "./backoffice";

const remixBuild = build as unknown as ServerBuild;
const buildId = remixBuild.assets.version;
let handleRemix: ReturnType<typeof createRequestHandler> | undefined;
const routePattern = routePatternMatcher(remixBuild);

/**
 * What one request's log line says besides its answer (server/log/README.md): filled as the
 * request is served, written once when it ends.
 */
export type RequestTrace = {
  requestId: string;
  siteId?: string;
  /** every platform call the request made: its name, the platform's status (0: unreachable), its time */
  calls: { call: string; status: number; ms: number }[];
};

/**
 * The site worker: tenant → site info → site redirects → session → forged-post check →
 * ?accessToken= → Remix, then the session cookie is committed once, if it changed. Every answer
 * leaves with the security headers (server/site/security.ts).
 */
export default {
  async fetch(request: Request, rawEnv: Record<string, unknown>, ctx?: ExecutionContext): Promise<Response> {
    const started = Date.now();
    const url = new URL(request.url);
    const trace: RequestTrace = { requestId: requestIdOf(request), calls: [] };
    const policy = new ResponsePolicy(url);
    const loaded = loadEnv(rawEnv);
    let response: Response | undefined;
    try {
      if (!loaded.ok) response = policy.apply(refuseToServe(loaded.problems, policy.nonce));
      else response = policy.apply(await respond(request, loaded.env, url, policy, trace, ctx));
      return response;
    } catch (error) {
      log("error", "site request failed", { requestId: trace.requestId, ...errorFields(error) });
      // development shows the error as workerd does; production shows a plain page with the
      // request id, and no stack
      if (!loaded.ok || loaded.env.ENVIRONMENT !== "production") throw error;
      const t = resources["en-US"].common.errors;
      const reference = t.reference.replace("{{id}}", trace.requestId);
      response = policy.apply(errorPage("en", t.server_title, t.server_body, policy.nonce, reference));
      return response;
    } finally {
      log("info", "request", {
        worker: "site",
        requestId: trace.requestId,
        siteId: trace.siteId,
        method: request.method,
        route: routeOf(url.pathname),
        status: response?.status ?? 500,
        durationMs: since(started),
        calls: trace.calls,
      });
    }
  },
};

/** The pattern of what answered a path: the worker's own paths by name, the rest by Remix's routes. */
function routeOf(pathname: string): string {
  if (pathname === "/healthz" || pathname === "/build-id.json") return pathname;
  if (pathname.startsWith("/locales/")) return "/locales/:locale/:namespace.json";
  if (pathname.startsWith("/ws/market/")) return "/ws/market/:pair";
  if (pathname.startsWith("/ws/")) return pathname === "/ws/member" ? pathname : "/ws/*";
  return routePattern(pathname);
}

let problemsLogged = false;

/** A configuration unsafe to serve answers 503 to everything and says why in the log, once per isolate. */
function refuseToServe(problems: string[], nonce: string): Response {
  if (!problemsLogged) for (const problem of problems) log("error", "site refuses to serve", { problem });
  problemsLogged = true;
  return unavailablePage(
    "en",
    "Service unavailable",
    "This site is not available right now. Please try again later.",
    nonce,
  );
}

async function respond(
  request: Request,
  env: Env,
  url: URL,
  policy: ResponsePolicy,
  trace: RequestTrace,
  ctx?: ExecutionContext,
): Promise<Response> {
  const now = Date.now();
  const { nonce } = policy;
  const send = platformSender(env, trace);
  if (url.pathname === "/healthz") return health(send, buildId);

  if (url.pathname === "/build-id.json") {
    return Response.json({ id: buildId }, { headers: { "cache-control": "no-store" } });
  }
  if (url.pathname.startsWith("/locales/")) return serveLocale(url);

  // the back office: only on an operator hostname, and nothing else there (decision 034)
  if (isOperatorHost(env, url.hostname)) {
    return respondBackOffice({ request, env, url, nonce, buildId, now, trace, send, remix: remix(env) });
  }
  if (isBackOfficePath(url.pathname)) {
    return pageNotFound("en", resources["en-US"].common.errors.not_found_title, nonce);
  }

  const siteId = await resolveSiteId(env, url.hostname);
  if (!siteId) return unknownSitePage(url.hostname, nonce);
  trace.siteId = siteId;

  const secure = url.protocol === "https:";
  let session: AppSession | undefined;
  const clientAddress = clientAddressOf(request, env.ENVIRONMENT === "production");
  const platform = createPlatformClient({
    send,
    siteId,
    clientAddress,
    token: () => session?.token,
    mode: () => session?.mode ?? "real",
    observe: (call) => trace.calls.push(call),
    onSessionEnded: () => {
      session?.signOut(siteId);
      session?.flashToast({ kind: "error", key: "relogin" });
      return new Response(null, { status: 302, headers: { location: "/login" } });
    },
  });

  const siteResult = await loadSiteInfo(platform, siteId, env.SITE_INFO_TTL_SECONDS, now);
  if (!siteResult.ok) {
    if (siteResult.code === "invalid_site") return unknownSitePage(url.hostname, nonce);
    const t = resources["en-US"].messages;
    return unavailablePage("en", t.title_error, t.connection_failed, nonce);
  }
  const snapshot = siteResult.site;
  policy.allowSiteImages(snapshot);

  const redirect = siteRedirect(url, snapshot.redirects);
  if (redirect) return redirect;

  session = await AppSession.load(request, {
    secrets: env.SESSION_SECRETS,
    secure,
    siteId,
    idleMinutes: snapshot.sessionIdleMinutes,
    now,
  });
  if (session.endedToken) {
    // a session that timed out here is revoked at the platform as well, after the answer
    const revoke = platform.call("signout", { token: session.endedToken }).catch(() => undefined);
    if (ctx) ctx.waitUntil(revoke);
    else await revoke;
  }
  if (url.pathname.startsWith("/ws/")) {
    const stream = await handleStream(request, url, {
      send,
      siteId,
      pairs: snapshot.pairs,
      session,
      platform,
      clientAddress,
    });
    // a 101 carries the live socket: it must go back untouched (no cookie can ride on it anyway)
    return stream.status === 101 ? stream : withCookies(stream, session, []);
  }
  const i18n = createI18n(snapshot);
  const locale = (await i18n.getLocale(request)) as Locale;
  // Every loader reads the operator's texts in the member's language, made once per snapshot and
  // language (server/contract/README.md, "Operator texts"). The manifest is the site's own, not a
  // member's: it stays in the site's default language.
  const site = localSiteInfo(
    snapshot,
    url.pathname === "/manifest.webmanifest" ? textLanguage(snapshot) : toLocaleId(locale),
  );
  const cookies: string[] = [];

  const checked = await forgeryCheck(request, url, session);
  if (checked.refused) {
    const t = resources[locale].messages;
    if (checked.refused === "too_large") return tooLargePage(locale, t.title_error, t.file_too_large, nonce);
    return refusedPage(locale, t.title_error, t.authorization_failed_refresh, nonce);
  }
  request = checked.request;

  let response: Response | undefined;
  try {
    const guarded = await accessTokenGuard(url, { platform, session, secure });
    if (guarded instanceof Response) response = guarded;
    else if (guarded) cookies.push(guarded.redirectUrlCookie);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    response = thrown;
  }
  const referrer = referrerCookie(url, secure);
  if (referrer) cookies.push(referrer);

  // a signed-out visitor with nothing personal pending may get a page rendered for someone else
  const shared =
    !response && request.method === "GET" && !session.signedIn && !session.hasToast && cookies.length === 0;
  const pageFill = { csrf: session.csrf, nonce };
  const key = pageKey(url, locale, appearanceOf(request, site.theme, locale));
  if (shared) response = cachedPage(snapshot, key, pageFill);
  if (!response) {
    const context: SiteContext = {
      env,
      siteId,
      site,
      session,
      platform,
      locale,
      translations: catalogs[locale],
      cookies,
      secure,
      buildId,
      now,
      nonce,
      requestId: trace.requestId,
    };
    response = await remix(env)(request, context);
    // a toast flashed while rendering makes the page this visitor's own
    if (shared && !session.hasToast && cookies.length === 0)
      response = await keepPage(snapshot, key, response, pageFill);
  }
  return withCookies(response, session, cookies);
}

/** Remix's handler, made once per isolate. */
function remix(env: Env) {
  handleRemix ??= createRequestHandler(remixBuild, env.ENVIRONMENT);
  return handleRemix;
}

/** Sends to the platform, with this request's id on every call, so both workers' lines share it. */
function platformSender(env: Env, trace: RequestTrace): (request: Request) => Promise<Response> {
  const binding = env.PLATFORM;
  const base = binding ? undefined : new URL(env.PLATFORM_URL!);
  return (request) => {
    const headers = new Headers(request.headers);
    headers.set(REQUEST_ID_HEADER, trace.requestId);
    if (binding) return binding.fetch(new Request(request, { headers }));
    const url = new URL(request.url);
    return fetch(new Request(new URL(url.pathname + url.search, base), new Request(request, { headers })));
  };
}

async function withCookies(response: Response, session: AppSession, cookies: string[]): Promise<Response> {
  // a public resource for shared caches (NO_SESSION_HEADER): a signed-out visitor gets it without a
  // session cookie, so its own cache-control stands
  if (response.headers.has(NO_SESSION_HEADER)) {
    const headers = new Headers(response.headers);
    headers.delete(NO_SESSION_HEADER);
    const bare = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    if (!session.signedIn && cookies.length === 0) return bare;
    response = bare;
  }
  if (!session.isPending && cookies.length === 0) return response;
  const headers = new Headers(response.headers);
  if (session.isPending) headers.append("set-cookie", await session.commit());
  for (const cookie of cookies) headers.append("set-cookie", cookie);
  // a response that sets the session cookie must never be stored by a shared cache
  headers.set("cache-control", "private, no-store");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Translations for the browser, one namespace at a time; immutable per build. */
function serveLocale(url: URL): Response {
  const match = /^\/locales\/([A-Za-z-]+)\/([a-z]+)\.json$/.exec(url.pathname);
  const locale = match?.[1] as Locale | undefined;
  const ns = match?.[2];
  // an own property only: `in` would also find the prototype's (constructor, toString, …)
  if (!locale || !ns || !LOCALES.includes(locale) || !Object.hasOwn(resources[locale], ns)) {
    return new Response("Not Found", { status: 404 });
  }
  const data = resources[locale][ns as keyof (typeof resources)[Locale]];
  const immutable = url.searchParams.get("v") === buildId;
  return Response.json(data, {
    headers: { "cache-control": immutable ? "public, max-age=31536000, immutable" : "public, max-age=60" },
  });
}
