import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { renderToReadableStream } from "react-dom/server";
import { NonceProvider } from "./utils/nonce";
import { TranslationProvider } from "./utils/translator";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  let status = responseStatusCode;
  const body = await renderToReadableStream(
    <NonceProvider value={loadContext.nonce}>
      {/* the locale's shared, immutable catalog (server/site/i18n.ts): nothing is built per request */}
      <TranslationProvider catalog={loadContext.translations}>
        <RemixServer context={remixContext} url={request.url} abortDelay={5000} />
      </TranslationProvider>
    </NonceProvider>,
    {
      signal: request.signal,
      nonce: loadContext.nonce,
      onError(error: unknown) {
        console.error(error);
        status = 500;
      },
    },
  );
  // No route defers data, so the document is whole as soon as React has rendered it: it leaves as
  // one buffer rather than React's many small chunks, which costs the worker less per page.
  await body.allReady;
  const html = await new Response(body).arrayBuffer();

  responseHeaders.set("content-type", "text/html; charset=utf-8");
  return new Response(html, { headers: responseHeaders, status });
}
