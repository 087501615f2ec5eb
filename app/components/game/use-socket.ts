import { useEffect, useRef, useState } from "react";

const MAX_DELAY_MS = 30_000;

/**
 * A WebSocket to this site (the worker proxies it to the platform), reopened with a growing,
 * jittered delay whenever it drops (not after 4001, the end of the member's session). `path` null
 * keeps it closed. Returns whether it is open.
 */
export function useSocket(path: string | null, onMessage: (message: unknown) => void): boolean {
  const handler = useRef(onMessage);
  handler.current = onMessage;
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!path || typeof WebSocket === "undefined") return;
    let socket: WebSocket | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;

    const connect = () => {
      const scheme = window.location.protocol === "https:" ? "wss" : "ws";
      socket = new WebSocket(`${scheme}://${window.location.host}${path}`);
      socket.onopen = () => {
        attempt = 0;
        setOpen(true);
      };
      socket.onmessage = (event) => {
        let message: unknown;
        try {
          message = JSON.parse(String(event.data));
        } catch {
          return;
        }
        handler.current(message);
      };
      socket.onclose = (event) => {
        setOpen(false);
        // 4001: the member's session ended; reconnecting would only be refused
        if (stopped || event.code === 4001) return;
        const delay = Math.min(MAX_DELAY_MS, 1000 * 2 ** attempt) * (0.5 + Math.random() / 2);
        attempt += 1;
        timer = setTimeout(connect, delay);
      };
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
      setOpen(false);
    };
  }, [path]);

  return open;
}
