import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { createInstance } from "i18next";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nOptions, NAMESPACES } from "./i18n";
import { NonceProvider } from "./utils/nonce";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    ...i18nOptions,
    lng: loadContext.locale,
    ns: [...NAMESPACES],
    resources: loadContext.i18nResources,
  });

  let status = responseStatusCode;
  const body = await renderToReadableStream(
    <NonceProvider value={loadContext.nonce}>
      <I18nextProvider i18n={i18n}>
        <RemixServer context={remixContext} url={request.url} abortDelay={5000} />
      </I18nextProvider>
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
  // crawlers and no-JS clients get the whole document at once
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  responseHeaders.set("content-type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status });
}
