/** A close code that may go on the wire: 1005 and 1006 (no status, abnormal) may not be sent, so 1000. */
const sendable = (code: number) => (code === 1005 || code === 1006 ? 1000 : code);

function closeQuietly(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(sendable(code), reason);
  } catch {
    // already closed
  }
}

/**
 * How many of an object's sockets are open: the count a per-member or per-network limit compares
 * (one whose close is under way no longer counts).
 */
export function openSockets(sockets: WebSocket[]): number {
  return sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length;
}

/**
 * Answers a client's close of a one-way stream: the hibernation API leaves the reply to us, and
 * 1005/1006 (no status, abnormal) may not be sent on the wire, so those are answered with 1000.
 */
export function answerClose(ws: WebSocket, code: number): void {
  closeQuietly(ws, code, "closing");
}

/**
 * Hands the client a socket of the worker's own, relaying what the object's socket sends. An
 * object's sockets are hibernatable, and the runtime keeps a hibernatable socket's connection
 * open after its closing handshake until the object hibernates (about ten seconds): the close
 * frame leaves at once, but a client that waits for the connection to end (a browser's or a
 * library's close event) would learn of a sign-out late. The worker's own socket ends its
 * connection as soon as it is closed. The stream is one-way: nothing the client sends is passed
 * on, only its close, so the object stops writing events for it. Costs the worker a request held
 * open for the stream's life (CPU only when a message passes).
 */
export function relay(upstream: Response): Response {
  const inner = upstream.webSocket;
  if (upstream.status !== 101 || !inner) return upstream;
  const { 0: client, 1: outer } = new WebSocketPair();
  inner.accept();
  outer.accept();
  inner.addEventListener("message", (event) => {
    try {
      outer.send(event.data);
    } catch {
      // the client is leaving
    }
  });
  inner.addEventListener("close", (event) => closeQuietly(outer, event.code, event.reason));
  inner.addEventListener("error", () => closeQuietly(outer, 1011, "stream failed"));
  outer.addEventListener("close", (event) => closeQuietly(inner, event.code, "closing"));
  outer.addEventListener("error", () => closeQuietly(inner, 1011, "client failed"));
  return new Response(null, { status: 101, webSocket: client });
}
