import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import type { renderToReadableStream as RenderToReadableStream } from "react-dom/server";
import { pieceChunks } from "../server/site/pieces";
import { earlySocketsScript } from "./utils/early-sockets";
import { RenderedPieces, type PieceChunks } from "./utils/lazy-piece";
import { NonceProvider } from "./utils/nonce";
import { RequestReferenceProvider } from "./utils/request-reference";
import { TIME_ZONE_SCRIPT } from "./utils/time-zone.server";
import { errorFields, log } from "../server/log/log";
import { TranslationProvider } from "./utils/translator";

/*
 * React's streaming renderer by its file. "react-dom/server" in a Worker (server.browser.js) requires
 * both of React's server renderers, this one and the legacy one of renderToString (35 KB minified),
 * which nothing here calls and a CommonJS require cannot tree-shake; the worker module has a 1 MB
 * budget (tests/bench). The package's exports map does not list its cjs/ files, hence the path.
 * The build defines NODE_ENV, so only one of the two files is bundled, as react-dom's own entry does.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- a build-time choice between two CommonJS files, bundled */
const { renderToReadableStream } = (
  process.env.NODE_ENV === "production"
    ? require("../node_modules/react-dom/cjs/react-dom-server.browser.production.min.js")
    : require("../node_modules/react-dom/cjs/react-dom-server.browser.development.js")
) as { renderToReadableStream: typeof RenderToReadableStream };
/* eslint-enable @typescript-eslint/no-require-imports */

/** The chunks of the pieces used, less the files Remix preloads already for the matched routes. */
function pieceLinks(remixContext: EntryContext, chunks: PieceChunks, used: Set<string>) {
  const { manifest } = remixContext;
  const known = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const match of remixContext.staticHandlerContext.matches) {
    const route = manifest.routes[match.route.id];
    if (route) [route.module, ...(route.imports ?? [])].forEach((file) => known.add(file));
  }
  return [...used].flatMap((piece) =>
    (chunks[piece] ?? []).filter((href) => !known.has(href) && known.add(href)).map((href) => ({ href, piece })),
  );
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The end of the body (root.tsx, PieceTail): the pieces' chunks as React would write the links (tests/bench reads them back by this form). */
function pieceTail(links: { href: string; piece: string }[]): string {
  return links
    .map(
      ({ href, piece }) =>
        `<link rel="modulepreload" href="${escapeHtml(href)}" data-piece="${escapeHtml(piece)}" fetchpriority="low"/>`,
    )
    .join("");
}

/**
 * The page's live streams opened from the head (utils/early-sockets.ts): the code that opens them
 * follows the time zone's in the head's one inline script (root.tsx, TimeZoneScript, which the
 * browser hydrates as the server wrote it). The render records the streams as it goes, so they are
 * known only once the whole document is, hence the insertion here. From the head rather than the
 * end of the body, the socket's handshake starts before the body has arrived and been parsed: on
 * Slow 4G the live price of a second visit waits on that handshake, not on the page's code.
 */
function withEarlySockets(html: string, streams: string[]): string {
  const end = html.indexOf(`${TIME_ZONE_SCRIPT}</script>`);
  if (streams.length === 0 || end < 0) return html;
  const at = end + TIME_ZONE_SCRIPT.length;
  return `${html.slice(0, at)};${earlySocketsScript(streams)}${html.slice(at)}`;
}

/**
 * Every modulepreload at low priority (app/README.md, "Fast on a slow phone"). The server renders
 * the whole page, so its first paint needs the HTML and the stylesheets only; the scripts only
 * hydrate it. At the browser's default (high) they share the slow link with the stylesheets and
 * the logo, and Lighthouse counts them as blocking the first paint. Low, they still start from
 * the HTML (no waterfall) and arrive as early: the usable time on Slow 4G did not move (bench).
 * Remix's `<Scripts>` writes its links without the attribute, hence the rewrite of its exact form.
 */
function lowPriorityScripts(html: string): string {
  return html.replace(
    /<link rel="modulepreload" href="([^"]+)"\/>/g,
    '<link rel="modulepreload" href="$1" fetchpriority="low"/>',
  );
}

/**
 * A loader's or action's unexpected error: one structured line with the request's id (server/log),
 * instead of Remix's free-text console.error. A request the browser gave up on is not an error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // a 404 or another refusal is no failure: the request's own line has its status
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // a thrown Response carries the error it stands for on a private field, as Remix's own handler reads it
  const inner = isRouteErrorResponse(error) ? ((error as { error?: unknown }).error ?? error) : error;
  log("error", "route failed", { requestId: context.requestId, ...errorFields(inner) });
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  let status = responseStatusCode;
  // the code pieces this render uses, whose chunks the document names (app/utils/lazy-piece.tsx)
  const chunks = await pieceChunks(loadContext.env, loadContext.buildId);
  const used = new Set<string>();
  const streams = new Set<string>();
  const pieces = {
    used,
    streams,
    tail: () => pieceTail(pieceLinks(remixContext, chunks, used)),
  };
  const body = await renderToReadableStream(
    <NonceProvider value={loadContext.nonce}>
      <RequestReferenceProvider value={loadContext.requestId}>
        {/* the locale's shared, immutable catalog (server/site/i18n.ts): nothing is built per request */}
        <TranslationProvider catalog={loadContext.translations}>
          <RenderedPieces.Provider value={pieces}>
            <RemixServer context={remixContext} url={request.url} abortDelay={5000} />
          </RenderedPieces.Provider>
        </TranslationProvider>
      </RequestReferenceProvider>
    </NonceProvider>,
    {
      signal: request.signal,
      nonce: loadContext.nonce,
      onError(error: unknown) {
        log("error", "render failed", { requestId: loadContext.requestId, ...errorFields(error) });
        status = 500;
      },
    },
  );
  // No route defers data, so the document is whole as soon as React has rendered it: it leaves as
  // one buffer rather than React's many small chunks, which costs the worker less per page.
  await body.allReady;
  const html = withEarlySockets(lowPriorityScripts(await new Response(body).text()), [...streams]);

  responseHeaders.set("content-type", "text/html; charset=utf-8");
  return new Response(html, { headers: responseHeaders, status });
}
