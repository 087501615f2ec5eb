import { CLIENT_ADDRESS_HEADER, pairSymbol, SITE_HEADER } from "../contract";
import { STREAM_CLOSE } from "../contract/stream-close";
import type { PlatformClient } from "./platform-client";
import type { AppSession } from "./session";

/**
 * The game page's live data (server/site/README.md, "Live streams"): the browser opens a WebSocket
 * on the site, and the worker proxies it to the platform, so the browser never learns the
 * platform's address or token.
 *
 *   GET /ws/market/<PAIR>  → platform /market/<PAIR>/stream (public: ticks and period changes)
 *   GET /ws/member         → platform /player/stream?listenKey=… (signed-in member: orders, balances)
 *
 * workerd hands the upstream's 101 response (and its webSocket) straight back to the browser.
 * The browser's address goes along (X-Client-Address), as on every call: the platform counts
 * market sockets per network (and member streams per member), and refuses one over its limit with
 * 429 `too_many_streams`, answered here with a socket closed at once (STREAM_CLOSE.tooManyStreams).
 */
export interface StreamDeps {
  send: (request: Request) => Promise<Response>;
  siteId: string;
  pairs: readonly string[];
  session: AppSession;
  platform: PlatformClient;
  /** the browser's address (clientAddressOf), undefined when the request did not pass the edge */
  clientAddress?: string;
}

const PLATFORM_ORIGIN = "https://platform.internal";

export async function handleStream(request: Request, url: URL, deps: StreamDeps): Promise<Response> {
  if (request.method !== "GET") return plain(405, "Method Not Allowed");
  if ((request.headers.get("upgrade") ?? "").toLowerCase() !== "websocket") return plain(426, "Upgrade Required");
  // a WebSocket handshake is a GET that SameSite cookies do not stop: only this site's pages may open one
  const origin = request.headers.get("origin");
  if (origin && origin !== url.origin) return plain(403, "Forbidden");

  const market = /^\/ws\/market\/([^/]+)$/.exec(url.pathname);
  if (market) {
    const pair = decodeURIComponent(market[1]!);
    if (!pairSymbol.safeParse(pair).success || !deps.pairs.includes(pair)) return plain(404, "Not Found");
    return upstream(deps, `/market/${pair}/stream`);
  }

  if (url.pathname === "/ws/member") {
    if (!deps.session.signedIn) return plain(401, "Unauthorized");
    let key;
    try {
      key = await deps.platform.call("listenKey");
    } catch (thrown) {
      // the platform ended the session (402/404/409): the client already signed it out
      if (thrown instanceof Response) return plain(401, "Unauthorized");
      throw thrown;
    }
    if (!key.ok) return plain(key.status === 400 ? 502 : 503, "Stream Unavailable");
    return upstream(deps, `/player/stream?listenKey=${encodeURIComponent(key.data)}`);
  }

  return plain(404, "Not Found");
}

async function upstream(deps: StreamDeps, path: string): Promise<Response> {
  const request = new Request(new URL(path, PLATFORM_ORIGIN), {
    headers: {
      upgrade: "websocket",
      [SITE_HEADER]: deps.siteId,
      ...(deps.clientAddress === undefined ? {} : { [CLIENT_ADDRESS_HEADER]: deps.clientAddress }),
    },
  });
  try {
    const response = await deps.send(request);
    if (response.status === 101) return response;
    if (response.status === 429) return refused();
    return plain(502, "Stream Unavailable");
  } catch {
    return plain(502, "Stream Unavailable");
  }
}

/**
 * A stream the platform refused for a limit (429 too_many_streams): the browser cannot read a
 * refused handshake's status, so it gets a socket closed at once with a code that says why.
 */
function refused(): Response {
  const { 0: client, 1: server } = new WebSocketPair();
  server.accept();
  server.close(STREAM_CLOSE.tooManyStreams, "too_many_streams");
  return new Response(null, { status: 101, webSocket: client });
}

function plain(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}
