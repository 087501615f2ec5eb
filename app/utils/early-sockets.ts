/**
 * Live streams opened as the document is read, before the page's code has arrived: on a slow
 * network the code takes seconds, and a socket opened only after hydration adds its own round trip
 * on top (tests/bench, "/game on a slow phone"). The server's render records the streams it shows
 * (use-socket.ts), entry.server.tsx adds this script with their paths to the head's inline script
 * (root.tsx, TimeZoneScript), and the page's socket code takes each one over (live-socket.ts,
 * takeEarlySocket) with what it has received.
 */
export interface EarlySocket {
  socket: WebSocket;
  /** messages that arrived before the page's code took the socket over */
  buffered: unknown[];
}

declare global {
  interface Window {
    __earlySockets?: Record<string, EarlySocket | undefined>;
  }
}

/** The inline script that opens `paths` (a fixed text but for the paths, so its nonce is all the CSP needs). */
export function earlySocketsScript(paths: string[]): string {
  // the paths are the site's own (/ws/market/<pair>); escaped anyway, as anything put in a script
  const list = JSON.stringify(paths).replace(/</g, "\\u003c");
  return (
    "(function(p){var s=window.__earlySockets={},u=(location.protocol==='https:'?'wss://':'ws://')+location.host;" +
    "p.forEach(function(path){try{var w=new WebSocket(u+path),b=[];w.onmessage=function(e){b.push(e.data)};" +
    "s[path]={socket:w,buffered:b}}catch(e){}})})(" +
    list +
    ")"
  );
}

/**
 * The socket opened early for `path`, once (a reconnect opens its own), if it is still connecting
 * or open; a closed one is left, and the caller opens a new socket as it would have.
 */
export function takeEarlySocket(path: string): EarlySocket | undefined {
  const sockets = typeof window === "undefined" ? undefined : window.__earlySockets;
  const early = sockets?.[path];
  if (!early) return undefined;
  sockets[path] = undefined;
  if (early.socket.readyState !== WebSocket.CONNECTING && early.socket.readyState !== WebSocket.OPEN) return undefined;
  return early;
}
