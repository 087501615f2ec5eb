/**
 * Answers a client's close of a one-way stream: the hibernation API leaves the reply to us, and
 * 1005/1006 (no status, abnormal) may not be sent on the wire, so those are answered with 1000.
 */
export function answerClose(ws: WebSocket, code: number): void {
  try {
    ws.close(code === 1005 || code === 1006 ? 1000 : code, "closing");
  } catch {
    // already closed
  }
}
