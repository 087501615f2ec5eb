import { STREAM_CLOSE } from "../../../server/contract/stream-close";
import { takeEarlySocket } from "~/utils/early-sockets";

const MAX_DELAY_MS = 30_000;

export interface SocketEvents {
  onOpen(): void;
  /** the socket closed; `refused` when the platform refused it for a limit (too many streams) */
  onClose(refused: boolean): void;
  onMessage(message: unknown): void;
}

/**
 * A WebSocket to this site (the worker proxies it to the platform), reopened with a growing,
 * jittered delay whenever it drops, except after the end of the member's session; a stream the
 * platform refused for a limit is retried at the longest delay, as others must close first.
 * Returns what stops it. Loaded after the page is live (use-socket.ts): nothing on the first
 * paint needs it, and a phone downloads it after the page's own code.
 */
export function openSocket(path: string, events: SocketEvents): () => void {
  let socket: WebSocket | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let stopped = false;

  const receive = (data: unknown) => {
    let message: unknown;
    try {
      message = JSON.parse(String(data));
    } catch {
      return;
    }
    events.onMessage(message);
  };

  const connect = () => {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    // the first time, the socket the document opened before this code arrived (utils/early-sockets.ts)
    const early = attempt === 0 && !socket ? takeEarlySocket(path) : undefined;
    socket = early?.socket ?? new WebSocket(`${scheme}://${window.location.host}${path}`);
    socket.onopen = () => {
      attempt = 0;
      events.onOpen();
    };
    socket.onmessage = (event) => receive(event.data);
    socket.onclose = (event) => {
      const tooMany = event.code === STREAM_CLOSE.tooManyStreams;
      events.onClose(tooMany);
      // the member's session ended: reconnecting would only be refused
      if (stopped || event.code === STREAM_CLOSE.sessionEnded) return;
      const delay = (tooMany ? MAX_DELAY_MS : Math.min(MAX_DELAY_MS, 1000 * 2 ** attempt)) * (0.5 + Math.random() / 2);
      attempt += 1;
      timer = setTimeout(connect, delay);
    };
    if (early) {
      for (const data of early.buffered) receive(data);
      if (socket.readyState === WebSocket.OPEN) socket.onopen(new Event("open"));
    }
  };

  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    socket?.close();
  };
}
