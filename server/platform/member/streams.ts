import { CLIENT_LIMITS, type MemberStreamEvent, type Order, type Position, type Wallets } from "../../contract";
import { siteStub } from "../stubs";
import { openSockets } from "../websocket";
import { walletsOf } from "./ledger";
import type { MemberState } from "./member-state";
import type { ProfileRow } from "./profile";
import { isSessionLive, type SessionRow } from "./session";
import { checkListenKey } from "./sessions";

/**
 * The member's live stream: the sockets the member object holds (hibernatable, each tagged with
 * the session whose listen key opened it) and the events it pushes to them.
 */

/**
 * `GET /player/stream?listenKey=…`, forwarded by the worker with the key's id and hash. The
 * socket is tagged with the session that asked for the key, so that session's sign-out closes it.
 * At most CLIENT_LIMITS.streamsPerMember are open at once, counted from the sockets this object
 * holds (streams of sessions that ended are closed first and do not count).
 */
export function openStream(m: MemberState, request: Request): Response {
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket")
    return new Response("expected a WebSocket", { status: 426 });
  const siteId = request.headers.get("X-Site-Id") ?? "";
  const keyId = request.headers.get("X-Listen-Key-Id") ?? "";
  const keyHash = request.headers.get("X-Listen-Key-Hash") ?? "";
  if (!checkListenKey(m, siteId, keyId, keyHash)) {
    return Response.json({ statusCode: 402, message: "invalid_permission" }, { status: 402 });
  }
  const session = m.sql
    .exec<{ session_id: string }>("SELECT session_id FROM listen_key_sessions WHERE key_id = ?", keyId)
    .toArray()[0]?.session_id;
  closeEndedStreams(m);
  if (openSockets(m.ctx.getWebSockets()) >= CLIENT_LIMITS.streamsPerMember) {
    return Response.json({ statusCode: 429, message: "too_many_streams" }, { status: 429 });
  }
  const { 0: client, 1: server } = new WebSocketPair();
  m.ctx.acceptWebSocket(server, session ? [`session:${session}`] : []);
  return new Response(null, { status: 101, webSocket: client });
}

/**
 * Whether the member has a live stream open. Events are written only then: the stream shows
 * changes from the moment it opens (what came before is in the page's data and the ticket poll).
 */
export function streaming(ctx: DurableObjectState): boolean {
  return ctx.getWebSockets().length > 0;
}

/** Closes the streams whose session is no longer live (one that expired: a sign-out closes its own at once). */
function closeEndedStreams(m: MemberState): void {
  const now = new Date();
  for (const ws of m.ctx.getWebSockets()) {
    const tag = m.ctx.getTags(ws).find((t) => t.startsWith("session:"));
    if (!tag) continue;
    const row = m.sql
      .exec<SessionRow>("SELECT expires_at, revoked_at FROM sessions WHERE id = ?", tag.slice("session:".length))
      .toArray()[0];
    if (row && isSessionLive(row, now)) continue;
    try {
      ws.close(4001, "session ended");
    } catch {
      // already closed
    }
  }
}

/** A session ended: its sockets close (every socket when `sessionId` is null). */
export function closeSockets(ctx: DurableObjectState, sessionId: string | null): void {
  const sockets = sessionId === null ? ctx.getWebSockets() : ctx.getWebSockets(`session:${sessionId}`);
  for (const ws of sockets) {
    try {
      ws.close(4001, "session ended");
    } catch {
      // already closed
    }
  }
}

/** How many stream events were ever written (pushed and deleted ones too). Read by the tests. */
export function streamEventsWritten(sql: SqlStorage): number {
  return sql
    .exec<{ n: number }>("SELECT COALESCE(MAX(seq), 0) AS n FROM sqlite_sequence WHERE name = 'stream_outbox'")
    .one().n;
}

/** Pushes the queued stream events to the member's sockets, then forgets them (at most once: a live view). */
export async function deliverStream(m: MemberState, profile: ProfileRow): Promise<void> {
  const rows = m.sql
    .exec<{ seq: number; payload: string }>("SELECT seq, payload FROM stream_outbox ORDER BY seq LIMIT 200")
    .toArray();
  if (rows.length === 0) return;
  // a session that expired since its stream opened gets no more events
  closeEndedStreams(m);
  const sockets = m.ctx.getWebSockets().filter((ws) => ws.readyState === WebSocket.OPEN);
  if (sockets.length > 0) {
    const config = await siteStub(m.env, profile.site_id).getConfig();
    let wallets: Wallets | null = null;
    for (const row of rows) {
      const event = JSON.parse(row.payload) as
        { type: "order"; order: Order } | { type: "position"; position: Position } | { type: "balance" };
      let out: MemberStreamEvent;
      if (event.type === "balance") {
        wallets ??= walletsOf(m.sql, profile.currency, config?.games ?? []);
        out = { type: "balance", wallets };
      } else out = event;
      const message = JSON.stringify(out);
      for (const ws of sockets) {
        try {
          ws.send(message);
        } catch {
          // a socket closing right now
        }
      }
    }
  }
  m.sql.exec("DELETE FROM stream_outbox WHERE seq <= ?", rows[rows.length - 1]!.seq);
}
