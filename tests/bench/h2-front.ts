import { execFileSync } from "node:child_process";
import { createHash, createPublicKey } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import { Agent, request, type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import { createSecureServer } from "node:http2";
import type { Duplex } from "node:stream";
import { join } from "node:path";
import { ROOT } from "./config";

/**
 * An HTTP/2 TLS front for the local site, for the figures that depend on how the browser fetches
 * (usable.ts). Production is behind Cloudflare, which serves HTTP/2 and HTTP/3: a page's scripts
 * share one connection. The local workerd speaks HTTP/1.1 only, where Chromium opens at most six
 * connections to an origin, so a first screen of ~30 files comes in rounds; that limit is the
 * local server's, not the product's. This front (node:http2, allowHTTP1 for the WebSocket
 * handshakes, which Chromium makes over HTTP/1.1) passes every request on to the site unchanged,
 * as the edge does.
 *
 * The certificate is self-signed, made at run time with the `openssl` binary (nothing is checked
 * in); the bench's Chromium accepts it by its public key alone (--ignore-certificate-errors-spki-list),
 * so no other certificate error is ignored and the page caches as on a trusted origin.
 */
export interface H2Front {
  /** https://127.0.0.1:<port> */
  origin: string;
  /** base64 SHA-256 of the certificate's public key, for --ignore-certificate-errors-spki-list */
  spki: string;
  close(): Promise<void>;
}

const CERT_DIR = join(ROOT, "tests/.tmp/bench-h2");

/** HTTP/1.1 connection headers, which HTTP/2 forbids and a proxy never passes on. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "http2-settings",
  "te",
]);

function selfSigned(): { key: Buffer; cert: Buffer } {
  mkdirSync(CERT_DIR, { recursive: true });
  const key = join(CERT_DIR, "key.pem");
  const cert = join(CERT_DIR, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "2",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1,DNS:localhost",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: "ignore" },
  );
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

/**
 * The site sees the request as the browser made it, on its own scheme: workerd names it http, so an
 * Origin of https://host (the page's) would not be the request's own origin and the site would
 * refuse the socket handshake and forms as forged. The edge hands the worker an https URL instead;
 * here the Origin is told in the scheme the site sees.
 */
function upstreamHeaders(headers: IncomingHttpHeaders, front: string, site: string): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.startsWith(":") || HOP_BY_HOP.has(name) || value === undefined) continue;
    out[name] = value;
  }
  const authority = headers[":authority"];
  if (typeof authority === "string") out.host = authority;
  if (out.origin === front) out.origin = site;
  if (typeof out.referer === "string" && out.referer.startsWith(front + "/"))
    out.referer = site + out.referer.slice(front.length);
  return out;
}

export async function startH2Front(port: number, upstreamPort: number): Promise<H2Front> {
  const { key, cert } = selfSigned();
  const spki = createHash("sha256")
    .update(createPublicKey(cert).export({ type: "spki", format: "der" }))
    .digest("base64");
  const front = `https://127.0.0.1:${port}`;
  // the site as it sees itself: the same host and port, the scheme it is reached by
  const site = `http://127.0.0.1:${port}`;
  // a connection per request: workerd closes idle ones, and a reused closed one would fail a load
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const server = createSecureServer({ key, cert, allowHTTP1: true });

  server.on("request", (req, res) => {
    const headers = upstreamHeaders(req.headers, front, site);
    // a request without a body (the page's GETs) is sent again once if the connection failed
    // before any answer, as a browser does on a dropped idle connection
    const send = (retry: boolean) => {
      const up = request(
        { host: "127.0.0.1", port: upstreamPort, method: req.method, path: req.url, headers, agent },
        (answer) => {
          const out: Record<string, string | string[]> = {};
          for (const [name, value] of Object.entries(answer.headers))
            if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
          res.writeHead(answer.statusCode ?? 502, out);
          answer.pipe(res);
        },
      );
      up.on("error", (error) => {
        if (retry && !res.headersSent) return send(false);
        if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
        res.end(`h2-front: ${String(error)}`);
      });
      return up;
    };
    if (req.method === "GET" || req.method === "HEAD") send(true).end();
    else req.pipe(send(false));
  });

  // WebSocket handshakes (HTTP/1.1): passed on, then the two sockets joined
  // (allowHTTP1 hands HTTP/1.1 connections to node:http's parser, which emits this event)
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const headers = upstreamHeaders(req.headers, front, site);
    headers.connection = "Upgrade";
    headers.upgrade = req.headers.upgrade;
    const up = request({ host: "127.0.0.1", port: upstreamPort, method: req.method, path: req.url, headers });
    up.on("upgrade", (answer, upSocket, upHead) => {
      const lines = [`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}`];
      for (let i = 0; i < answer.rawHeaders.length; i += 2)
        lines.push(`${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}`);
      socket.write(lines.join("\r\n") + "\r\n\r\n");
      if (upHead.length) socket.write(upHead);
      if (head.length) upSocket.write(head);
      upSocket.pipe(socket).pipe(upSocket);
      upSocket.on("error", () => socket.destroy());
      socket.on("error", () => upSocket.destroy());
    });
    up.on("response", (answer) => {
      socket.end(`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}\r\nconnection: close\r\n\r\n`);
    });
    up.on("error", () => socket.destroy());
    up.end();
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    origin: front,
    spki,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        // open streams and sockets would keep close() waiting
        setTimeout(resolve, 2_000).unref();
      }),
  };
}
