import WebSocket from "ws";
import { PLATFORM_PORT, SITE_PORT } from "./config";
import { quantile, sleep } from "./stats";

export const siteStream = (pair: string) => `ws://127.0.0.1:${SITE_PORT}/ws/market/${pair}`;
/** The same stream straight from the platform, to tell the site's relay from the market's broadcast. */
export const platformStream = (pair: string) => `ws://127.0.0.1:${PLATFORM_PORT}/market/${pair}/stream`;

/**
 * The live price through the site: many WebSocket clients on one market's stream
 * (/ws/market/<PAIR>, proxied by the site worker to the platform's market object). Every tick
 * event carries the second it is the price of (`at`); a client's delay is when the message
 * arrived minus that second.
 */

export interface LiveResult {
  clients: number;
  connected: number;
  /** clients that received no tick while measured */
  silent: number;
  ticks: number;
  p50: number;
  p95: number;
  max: number;
  seconds: number;
  connectMs: number;
  /** when the measured stretch began and ended (ms since the epoch) */
  from?: number;
  to?: number;
}

type Event = { type: string; at?: string };

/** `untilMs`: measure until that moment instead of for `seconds` (a scenario that runs alongside, e.g. the stop-out burst). */
/**
 * `clockOffsetMs`: how far the platform's clock runs ahead of this machine's (the stop-out burst
 * moves it to a day boundary), so a tick's `at` is compared with the arrival on the same clock.
 */
export async function measureLive(
  url: string,
  clients: number,
  seconds: number,
  log: (line: string) => void,
  untilMs?: number,
  clockOffsetMs = 0,
): Promise<LiveResult> {
  const sockets: WebSocket[] = [];
  const delays: number[] = [];
  const received = new Array<number>(clients).fill(0);
  let measuring = false;

  const open = (index: number) =>
    new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      sockets.push(ws);
      ws.on("message", (data) => {
        const arrived = Date.now();
        if (!measuring) return;
        const events = JSON.parse(String(data)) as Event[];
        for (const event of events) {
          if (event.type !== "tick" || !event.at) continue;
          delays.push(arrived + clockOffsetMs - Date.parse(event.at));
          received[index]! += 1;
        }
      });
      const timer = setTimeout(() => reject(new Error(`client ${index} not connected after 30 s`)), 30_000);
      ws.once("open", () => {
        clearTimeout(timer);
        resolve();
      });
      ws.once("error", reject);
      ws.once("unexpected-response", (_req, res) => reject(new Error(`stream answered ${res.statusCode}`)));
    });

  const started = Date.now();
  try {
    // in batches, as a crowd arriving over a few seconds would
    for (let i = 0; i < clients; i += 50) {
      await Promise.all(Array.from({ length: Math.min(50, clients - i) }, (_, j) => open(i + j)));
    }
    const connectMs = Date.now() - started;
    log(`  ${clients} clients connected in ${(connectMs / 1000).toFixed(1)} s`);
    // the first message of each socket is its hello (the latest tick, maybe old): settle first
    await sleep(2_000);
    measuring = true;
    const from = Date.now();
    await sleep(untilMs === undefined ? seconds * 1000 : untilMs - from);
    measuring = false;
    const to = Date.now();
    const connected = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
    return {
      clients,
      connected,
      silent: received.filter((n) => n === 0).length,
      ticks: delays.length,
      p50: quantile(delays, 0.5),
      p95: quantile(delays, 0.95),
      max: quantile(delays, 1),
      seconds: untilMs === undefined ? seconds : Math.round((to - from) / 1000),
      connectMs,
      from,
      to,
    };
  } finally {
    // a polite close, then whatever did not answer in time is cut
    await Promise.all(
      sockets.map(
        (ws) =>
          new Promise<void>((resolve) => {
            if (ws.readyState === WebSocket.CLOSED) return resolve();
            const timer = setTimeout(() => {
              ws.terminate();
              resolve();
            }, 3_000);
            ws.once("close", () => {
              clearTimeout(timer);
              resolve();
            });
            ws.close(1000);
          }),
      ),
    );
  }
}
