import { useEffect, useRef, useState } from "react";
import { STREAM_CLOSE } from "../../../server/contract/stream-close";

const MAX_DELAY_MS = 30_000;

/**
 * A WebSocket to this site (the worker proxies it to the platform), reopened with a growing,
 * jittered delay whenever it drops (not after the end of the member's session). `path` null
 * keeps it closed. Returns whether it is open, and whether the platform refused it for a limit
 * (too many streams: retried at the longest delay, as others must close first).
 */
export function useSocket(path: string | null, onMessage: (message: unknown) => void): { open: boolean; refused: boolean } {
  const handler = useRef(onMessage);
  handler.current = onMessage;
  const [open, setOpen] = useState(false);
  const [refused, setRefused] = useState(false);

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
        setRefused(false);
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
        // the member's session ended: reconnecting would only be refused
        if (stopped || event.code === STREAM_CLOSE.sessionEnded) return;
        const tooMany = event.code === STREAM_CLOSE.tooManyStreams;
        setRefused(tooMany);
        const delay = (tooMany ? MAX_DELAY_MS : Math.min(MAX_DELAY_MS, 1000 * 2 ** attempt)) * (0.5 + Math.random() / 2);
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

  return { open, refused };
}
