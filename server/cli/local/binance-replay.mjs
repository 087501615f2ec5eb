#!/usr/bin/env node
// A local stand-in for Binance's public spot market data, in its documented formats, on loopback:
// the raw trade stream (`GET /ws/<symbol>@trade`, upgraded to a WebSocket; each message one trade
// event {e, E, s, t, p, q, T, m}) and 1-second klines (`GET /api/v3/klines?symbol=&interval=1s&
// startTime=&endTime=&limit=`, rows [open time, open, high, low, close, volume, close time, quote
// volume, trades, taker base, taker quote, ignore]). Nothing here reaches the network.
//
// Tests drive it step by step (tests/platform/exchange-feed.test.ts): they send the trades they
// choose, drop the connection, and set the klines a back-fill finds. From the command line it
// replays a recording (one trade event per line, as the stream sent them) re-timed to now:
//
//   node server/cli/local/binance-replay.mjs --port 8790 --file <recording.jsonl>
//
// and the development platform reads it (server/platform/wrangler.toml [env.dev.vars]).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";

const GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

/** One unmasked server-to-client frame (RFC 6455 §5.2): a text message, or a close. */
function frame(opcode, payload) {
  const body = Buffer.from(payload);
  const head =
    body.length < 126
      ? Buffer.from([0x80 | opcode, body.length])
      : body.length < 65_536
        ? Buffer.from([0x80 | opcode, 126, body.length >> 8, body.length & 0xff])
        : Buffer.concat([Buffer.from([0x80 | opcode, 127]), bigLength(body.length)]);
  return Buffer.concat([head, body]);
}
function bigLength(n) {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
}

/**
 * Starts the server. Returns its port and the handles a test uses: `connected(n)` resolves once
 * the n-th stream connection (counted from the start) is open; `send(events)` sends each event as
 * one message to every open stream; `drop()` cuts every stream without a close frame (as a lost
 * network does); `klines` is the list the REST call filters by startTime and endTime;
 * `klineRequests` what it was asked.
 */
export async function startReplay({ port = 0, host = "127.0.0.1" } = {}) {
  const sockets = new Set();
  const waiters = [];
  let opened = 0;
  const state = { klines: [], klineRequests: [], status: 200 };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://replay");
    if (url.pathname !== "/api/v3/klines") {
      response.writeHead(404).end();
      return;
    }
    const query = Object.fromEntries(url.searchParams);
    state.klineRequests.push(query);
    if (state.status !== 200 || query.interval !== "1s") {
      response.writeHead(state.status === 200 ? 400 : state.status, { "content-type": "application/json" });
      response.end(JSON.stringify({ code: -1120, msg: "Invalid interval." }));
      return;
    }
    const start = Number(query.startTime ?? 0);
    const end = Number(query.endTime ?? Number.MAX_SAFE_INTEGER);
    const limit = Number(query.limit ?? 500);
    const rows = state.klines.filter((k) => k[0] >= start && k[0] <= end && k.length === 12).slice(0, limit);
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(rows));
  });
  server.on("upgrade", (request, socket) => {
    const path = new URL(request.url ?? "/", "http://replay").pathname;
    const key = request.headers["sec-websocket-key"];
    if (!/^\/ws\/[a-z0-9]+@trade$/.test(path) || typeof key !== "string") {
      socket.end("HTTP/1.1 404 Not Found\r\n\r\n");
      return;
    }
    const accept = createHash("sha1")
      .update(key + GUID)
      .digest("base64");
    socket.write(
      "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
        `Sec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
    sockets.add(socket);
    opened += 1;
    socket.on("data", (data) => {
      // the client's frames are masked; only its close matters here (opcode 8: answer and end)
      if ((data[0] & 0x0f) === 8) socket.end(frame(8, Buffer.from([0x03, 0xe8])));
    });
    const gone = () => sockets.delete(socket);
    socket.on("close", gone);
    socket.on("error", gone);
    for (const waiter of waiters.splice(0)) {
      if (opened >= waiter.n) waiter.resolve();
      else waiters.push(waiter);
    }
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  return {
    port: address.port,
    url: `http://${host}:${address.port}`,
    state,
    get open() {
      return sockets.size;
    },
    connected(n) {
      if (opened >= n) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ n, resolve }));
    },
    send(events) {
      for (const socket of sockets) for (const event of events) socket.write(frame(1, JSON.stringify(event)));
    },
    drop() {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A trade event as Binance's stream sends it (prices and quantities are decimal strings). */
export const tradeEvent = (symbol, id, price, timeMs, quantity = "0.01000000", buyerIsMaker = false) => ({
  e: "trade",
  E: timeMs + 1,
  s: symbol,
  t: id,
  p: price,
  q: quantity,
  T: timeMs,
  m: buyerIsMaker,
  M: true,
});

/** A 1-second kline row as `GET /api/v3/klines` answers it. */
export const klineRow = (openMs, close, trades) => [
  openMs,
  close,
  close,
  close,
  close,
  "1.00000000",
  openMs + 999,
  "0",
  trades,
  "0.50000000",
  "0",
  "0",
];

async function main() {
  const args = process.argv.slice(2);
  const flag = (name) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const file = flag("--file");
  if (!file) {
    console.error("usage: binance-replay.mjs --port <port> --file <recording.jsonl> (one trade event per line)");
    process.exit(2);
  }
  const events = readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line));
  if (events.length === 0) throw new Error(`${file} holds no trade events`);
  const replay = await startReplay({ port: Number(flag("--port") ?? 8790) });
  console.log(`binance replay on ${replay.url}: ${events.length} recorded trades, looping`);
  // re-timed to now, keeping the recording's spacing; each loop goes on after the last trade's id
  const first = events[0].T;
  const span = events[events.length - 1].T - first + 1000;
  const idSpan = events[events.length - 1].t - events[0].t + 1;
  const startedAt = Date.now();
  let index = 0;
  let loop = 0;
  const timer = setInterval(() => {
    const elapsed = Date.now() - startedAt;
    while (events[index].T - first + loop * span <= elapsed) {
      const event = events[index];
      const at = startedAt + event.T - first + loop * span;
      replay.send([{ ...event, E: at + 1, T: at, t: event.t + loop * idSpan }]);
      // the back-fill finds what the stream sent, as the exchange's klines would
      replay.state.klines.push(klineRow(Math.floor(at / 1000) * 1000, event.p, 1));
      replay.state.klines.splice(0, Math.max(0, replay.state.klines.length - 5000));
      index += 1;
      if (index === events.length) {
        index = 0;
        loop += 1;
      }
    }
  }, 50);
  process.on("SIGINT", () => {
    clearInterval(timer);
    void replay.close().then(() => process.exit(0));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
