import type { LinksFunction, LoaderFunctionArgs, SerializeFrom } from "@remix-run/cloudflare";
import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  useRevalidator,
  UNSAFE_RemixContext,
} from "@remix-run/react";
import { Suspense, useContext, useEffect, useState } from "react";
import { AuthFrame, SiteHeader } from "./components/site-chrome";
import SiteFooter from "./components/site-footer";
import { lazyPiece, RenderedPieces } from "./utils/lazy-piece";
import { useNonce } from "./utils/nonce";
import { isWebUrl } from "#rules/links";
import { REFERENCE_ELEMENT_ID, useRequestReference } from "./utils/request-reference";
import { appearanceOf, designAttributes, practiceCss, themeColorMetas, themeCss } from "./utils/theme.server";
import { loadNamespacesFor } from "./utils/translations.client";
import { requestTimeZone, TIME_ZONE_SCRIPT } from "./utils/time-zone.server";
import { handleNamespaces, localeUrl, useChangeLanguage, useTranslation } from "./utils/translator";
import type { Namespace } from "./i18n";
import type { RouteHandle } from "./utils/translation-keys";
import styles from "./styles/app.css";

// A toast is on few pages (after a form, once): its code loads when one is there. The server renders
// it whole (entry.server waits for allReady) and the browser keeps that HTML until the code arrives;
// it is fixed over the page, so its arrival moves nothing. Every route's initial JS is on a budget
// (tests/bench).
// (each a lazyPiece: when the server renders one, the page names its chunks, utils/lazy-piece.tsx)
const Toast = lazyPiece("app/components/toast.tsx", () =>
  import("./components/toast").then((m) => ({ default: m.Toast })),
);
// the loading overlay and the build update, loaded as the page hydrates: nothing at rest shows them
const NavigationWatch = lazyPiece("app/components/navigation-watch.tsx", () => import("./components/navigation-watch"));
// the reality check, when one is due (app/README.md, "Player protection"): rare, so loaded as the toast is
const RealityCheckPanel = lazyPiece(
  "app/components/protection/reality-check.tsx",
  () => import("./components/protection/reality-check"),
);

// a raised or removed limit ready to confirm (decision 033): rare, so loaded as the toast is
const LimitReadyPrompt = lazyPiece(
  "app/components/protection/limit-ready.tsx",
  () => import("./components/protection/limit-ready"),
);

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const handle = { i18n: ["common", "messages"] } satisfies RouteHandle;

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The back office on the operator hostname has no site and no member (decision 034): its root
  // data is the language and the CSRF token only, and its layout route (routes/bo.tsx) draws its
  // page. Nothing of the back office is imported here, so no member page's JS grows by it.
  if (context.backoffice) {
    const csrf = context.backoffice.session.csrf;
    return { backoffice: true as const, locale: context.locale, timeZone: requestTimeZone(request), csrf };
  }
  const { site, session, platform, locale } = context;
  // the auth guard reads a signed-in member's info on each navigation, so a dead session ends here
  // (server/site/README.md, "Auth guard")
  // the reality check asks the platform only when the session's cached due time has passed
  const protection = session.signedIn ? await import("./utils/protection.server") : undefined;
  // the practice balance of a member in practice mode, for the header's pill (app/README.md, "Practice
  // mode"); the mode itself is the session's, and the platform client sends it on every call
  const practiceMode = session.signedIn && session.mode === "practice";
  const [info, reality, practice] = await Promise.all([
    session.signedIn ? platform.call("playerInfo") : undefined,
    protection ? protection.realityCheckFor(context) : undefined,
    practiceMode ? platform.call("practice") : undefined,
  ]);
  // the member's light/dark and up/down, and the theme as ready CSS (app/README.md, "Themes")
  const appearance = appearanceOf(request, site.theme, locale);
  // a plain object, which Remix sends as JSON: a value import of @remix-run/cloudflare (json) would
  // leave an empty module of its own in every page's initial JS (the browser build keeps it)
  // the browser's time zone, which its inline script keeps in a cookie: every date the site
  // formats is in it (utils/time-zone.ts); UTC, named, until the browser has said it
  return {
    locale,
    timeZone: requestTimeZone(request),
    appearance,
    // ready to spread onto <html>, <meta> and <style>: the browser's copy of the Document stays small
    themeHead: {
      // data-mode swaps the accent for practice (theme.server.ts, practiceCss): every page says so
      html: {
        "data-scheme": appearance.scheme,
        "data-updown": appearance.updown,
        // the design's choices the style sheets select on (buttons, density, hero: theme-css.ts)
        ...designAttributes(site.theme),
        ...(practiceMode ? { "data-mode": "practice" } : {}),
      },
      metas: themeColorMetas(site.theme, appearance.scheme),
      css: themeCss(site.theme, locale) + (practiceMode ? practiceCss(site.theme) : ""),
    },
    csrf: session.csrf,
    toast: session.takeToast() ?? null,
    member: info?.ok ? { account: info.data.account, realName: info.data.realName } : null,
    /** the due reality check to cover the page with, if any */
    realityCheck: reality?.check
      ? { currency: reality.check.currency, playedMinutes: reality.check.playedMinutes, net: reality.check.net }
      : null,
    /**
     * a raised or removed limit is ready to confirm: the page prompts (the session's time, set
     * from the last protection state the site read; the limits page shows the change itself)
     */
    limitReady:
      session.signedIn &&
      session.limitReadyAt !== undefined &&
      context.now >= session.limitReadyAt &&
      new URL(request.url).pathname !== "/user/limits",
    /** ms from this render until the next check is due: the game pages' timer (useRealityTimer) */
    realityDueInMs: reality?.dueAt != null ? Math.max(0, reality.dueAt - context.now) : null,
    /** the session's account mode (server/site/session.ts): real unless the member switched */
    mode: practiceMode ? ("practice" as const) : ("real" as const),
    /**
     * In practice mode: the play money for the header's pill (null when the call failed) and the reset
     * form's idempotency key, made with the page like every money form's (crypto.randomUUID, as
     * utils/idempotency.server.ts does: no server module is value-imported here)
     */
    practice: practiceMode
      ? {
          balance: practice?.ok ? practice.data.balance : null,
          currency: site.currency,
          startingBalance: site.practiceBalance,
          resetKey: crypto.randomUUID(),
        }
      : null,
    site: {
      title: site.title,
      description: site.description,
      keywords: site.keywords,
      favicon: site.favicon,
      logo: site.logo,
      logo2: site.logo2,
      /** how the header and footer use the logo (theme.logo: app/components/brand.tsx) */
      logoUsage: site.theme.logo,
      copyRight: site.copyRight,
      /** whether the site publishes "Licence and operator" (the footer links /terms#licence) */
      hasLicence: site.licence !== "",
      /** the game's name in the member's language (site info gameName, localized): its heading, title and links */
      gameName: site.gameName,
      script: site.script,
      langOptions: site.langOptions,
      // web addresses only: a link stored before the platform refused others is never drawn (#rules/links)
      socialOptions: site.socialOptions.filter((o) => isWebUrl(o.url)),
      /** the platform's rounds mix its own local beacon, not drand's (development only): every page says so */
      localBeacon: site.beacon === "local",
    },
  };
}

/**
 * The member site's root data. In the back office only `backoffice`, `locale`, `timeZone` and
 * `csrf` are there: every other field is absent, which the Document, App and ErrorBoundary read as
 * "no site" (no theme, icons, chrome, toast or reality check). Typed as the member's so the site's
 * components read it as they always have; none of them is drawn in the back office but CsrfInput.
 */
export type SiteRootData = Exclude<SerializeFrom<typeof loader>, { backoffice: true }> & { backoffice?: true };

/**
 * In the browser, a navigation also loads the new page's namespaces (those not loaded yet) while
 * its data loads, and shows the page once both are there: never its raw keys.
 */
export async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  const [data] = await Promise.all([serverLoader<typeof loader>(), loadNamespacesFor(new URL(request.url).pathname)]);
  return data;
}

/** Every navigation re-reads the member (server/site/README.md, "Auth guard"). */
export const shouldRevalidate = () => true;

function usePageHandle(): RouteHandle {
  const matches = useMatches();
  const merged: RouteHandle = {};
  for (const match of matches) Object.assign(merged, (match.handle ?? {}) as RouteHandle);
  return merged;
}

/**
 * Every namespace the matched routes declare: the title's translator waits for them too, or after
 * a client-side navigation the tab would keep the raw key until some other render.
 */
function usePageNamespaces(): Namespace[] {
  const matches = useMatches();
  return [...new Set<Namespace>(["common", ...matches.flatMap((m) => handleNamespaces(m.handle))])];
}

/**
 * The page's namespaces, asked for as the HTML arrives: the browser fetches them (cached per build)
 * while it fetches the scripts, instead of after them, before hydrating (app/entry.client.tsx).
 * The list stays the document's first one: later pages load theirs in the root's clientLoader.
 */
function NamespacePreloads({ language }: { language: string }) {
  const build = useContext(UNSAFE_RemixContext)?.manifest.version ?? "";
  const namespaces = usePageNamespaces();
  const [hrefs] = useState(() => namespaces.map((ns) => localeUrl(language, ns, build)));
  return hrefs.map((href) => <link key={href} rel="preload" as="fetch" crossOrigin="anonymous" href={href} />);
}

/**
 * What ends the body, made by the server (entry.server.tsx, pieceTail): a modulepreload link for
 * each chunk of the code pieces this page's render used (the toast, the game's lower sections, the
 * live socket: utils/lazy-piece.tsx), beside Remix's own, so the browser fetches them in the same
 * wave as the page's code and entry.client loads those pieces before hydrating. Rendered last,
 * after every piece in the page has been (the server records a piece when it renders it). In the browser the markup is the server's, read back, so it hydrates as is and the
 * code that makes it stays out of every page's initial JS.
 */
function PieceTail() {
  const rendered = useContext(RenderedPieces);
  const [html] = useState(() =>
    typeof document === "undefined"
      ? (rendered?.tail() ?? "")
      : (document.getElementById("piece-tail")?.innerHTML ?? ""),
  );
  return html ? <div id="piece-tail" hidden dangerouslySetInnerHTML={{ __html: html }} /> : null;
}

/**
 * The head's inline script: it keeps the browser's time zone in its cookie (utils/time-zone.server.ts)
 * and, on a page with live streams, the server adds the code that opens them (entry.server.tsx,
 * withEarlySockets). The server writes it; the browser hydrates the server's script as is, read
 * back from the page as PieceTail's markup is, so its text and the code behind it stay out of
 * every page's JS.
 */
function TimeZoneScript({ nonce }: { nonce: string | undefined }) {
  const [html] = useState(() =>
    typeof document === "undefined" ? TIME_ZONE_SCRIPT : (document.getElementById("tz-script")?.innerHTML ?? ""),
  );
  return <script nonce={nonce} id="tz-script" dangerouslySetInnerHTML={{ __html: html }} />;
}

function Document({ title, children }: { title: string; children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root") as SiteRootData | undefined;
  const { i18n } = useTranslation();
  const nonce = useNonce();
  const site = data?.site;
  const language = data?.locale ?? i18n.language;
  const theme = data?.themeHead;
  return (
    <html lang={language} dir="ltr" {...theme?.html}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        {/* the browser's time zone into its cookie, for the server's next render (utils/time-zone.ts) */}
        <TimeZoneScript nonce={nonce} />
        {theme?.metas.map((m) => (
          <meta key={m.content} {...m} />
        ))}
        <title>{site ? `${title} · ${site.title}` : title}</title>
        {site?.description ? <meta name="description" content={site.description} /> : null}
        {site?.keywords ? <meta name="keywords" content={site.keywords} /> : null}
        {site?.favicon ? <link rel="icon" href={site.favicon} /> : null}
        {/* the 180 px home-screen icon (app/routes/apple-touch-icon[.]png.tsx), made from the site's mark */}
        {site ? <link rel="apple-touch-icon" href="/apple-touch-icon.png" /> : null}
        <link rel="manifest" href="/manifest.webmanifest" crossOrigin="use-credentials" />
        <Meta />
        <Links />
        {/* the site's colours, after the stylesheet (whose own are the error page's fallback): in the HTML, so the first paint has them */}
        {theme ? <style nonce={nonce} dangerouslySetInnerHTML={{ __html: theme.css }} /> : null}
        <NamespacePreloads language={language} />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <PieceTail />
        {/* the operator's script (site info `script`) runs under this response's nonce, like ours */}
        {site?.script ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: site.script }} /> : null}
      </body>
    </html>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>() as SiteRootData;
  const { t } = useTranslation(usePageNamespaces());
  const page = usePageHandle();
  useChangeLanguage(data.locale);
  useRealityTimer(page.layout === "game" && !data.realityCheck ? data.realityDueInMs : null);
  const main = <Outlet />;
  return (
    <Document title={(page.titleFromSite && data.site[page.titleFromSite]) || t(page.titleKey ?? "home.title")}>
      {data.backoffice ? (
        main
      ) : page.layout === "auth" ? (
        <AuthFrame>{main}</AuthFrame>
      ) : (
        <div className={page.layout === "game" ? "layout layout-game" : "layout"}>
          <SiteHeader compact={page.layout === "game"} />
          <main id="main" className="main">
            {data.limitReady ? (
              <Suspense fallback={null}>
                <LimitReadyPrompt />
              </Suspense>
            ) : null}
            {main}
          </main>
          <SiteFooter />
        </div>
      )}
      {data.toast ? (
        <Suspense fallback={null}>
          <Toast toast={data.toast} />
        </Suspense>
      ) : null}
      {data.realityCheck ? (
        <Suspense fallback={null}>
          <RealityCheckPanel check={data.realityCheck} />
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        <NavigationWatch />
      </Suspense>
    </Document>
  );
}

/**
 * On the game pages, where a member may stay for long without loading a page: when the reality
 * check falls due, reload the page's data once (the root loader then reads the due check and the
 * dialog shows). One timer, no polling of the platform.
 */
function useRealityTimer(dueInMs: number | null) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (dueInMs === null) return;
    // a second late, so the server's clock has passed it too; setTimeout's ceiling is ~24.8 days
    const timer = setTimeout(revalidate, Math.min(dueInMs + 1000, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [dueInMs, revalidate]);
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("root") as SiteRootData | undefined;
  const { t } = useTranslation();
  const location = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const reference = useRequestReference();
  // in the browser only: the server's line for this error is written by entry.server's handleError
  if (!notFound && typeof document !== "undefined") console.error(error);
  const title = notFound ? t("errors.not_found_title") : t("errors.server_title");
  // the message only: whatever the error was, its text and stack stay in the server's log
  const page = (
    <main id="main" className="main error-page">
      <h1>{title}</h1>
      {notFound ? (
        <p>
          {t("errors.not_found_body")} <code>{location.pathname + location.search}</code>
        </p>
      ) : (
        <>
          <p>{t("errors.server_body")}</p>
          {/* the request id, so support can find this request's log lines; never the error itself */}
          {reference ? (
            <p id={REFERENCE_ELEMENT_ID} data-reference={reference}>
              <small>{t("errors.reference", { id: reference })}</small>
            </p>
          ) : null}
        </>
      )}
      <p>
        <a href="/">{t("errors.home_link")}</a>
      </p>
    </main>
  );
  return (
    <Document title={title}>
      {/* inside the site's header and footer when the root loader answered; when it was the root
          loader that failed there is no site to brand: the plain page, which needs no root data */}
      {data?.site ? (
        <div className="layout">
          <SiteHeader />
          {page}
          <SiteFooter />
        </div>
      ) : (
        page
      )}
    </Document>
  );
}
