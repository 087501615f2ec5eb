import type { MarketStreamEvent } from "../../contract/game";
import { CLIENT_ADDRESS_HEADER } from "../../contract/calls";
import { networkOf } from "../../contract/network";
import { CLIENT_LIMITS } from "../../contract/security";
import { iso } from "../game/schedule";
import { openSockets } from "../websocket";
import { fetchRounds } from "./beacon-rounds";
import { deliverCloses, deliverResults } from "./deliveries";
import { exchangeSource } from "./exchange-feed";
import { maintainFeed } from "./exchange-link";
import type { PeriodRow } from "./market-rows";
import type { MarketState } from "./market-state";
import { currentPeriod, nextPeriod, toPeriod } from "./reads";
import { catchUp } from "./recorder";

/**
 * The pair's live side: the public WebSocket stream, and the 1-second alarm that records,
 * broadcasts and hands out closes and results while anyone listens or anything waits.
 */

/** `GET /market/<pair>/stream`: a WebSocket that hibernates between messages. */
export async function openStream(m: MarketState, request: Request): Promise<Response> {
  const symbol = new URL(request.url).pathname.split("/")[2] ?? "";
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket")
    return new Response("expected a WebSocket", { status: 426 });
  const nowMs = Date.now();
  const pair = m.live(symbol, nowMs);
  if (!pair) return Response.json({ statusCode: 400, message: "invalid_trading_pair" }, { status: 400 });
  // At most CLIENT_LIMITS.marketSocketsPerNetwork sockets of one network at once, counted from
  // the sockets this object holds, tagged with their network. A socket with no address (the
  // site forwards CF-Connecting-IP; only local runs lack it) is counted under no network.
  const network = networkOf(request.headers.get(CLIENT_ADDRESS_HEADER) ?? "");
  const tags = network === null ? [] : [`net:${network}`];
  if (network !== null && openSockets(m.ctx.getWebSockets(`net:${network}`)) >= CLIENT_LIMITS.marketSocketsPerNetwork) {
    return Response.json({ statusCode: 429, message: "too_many_streams" }, { status: 429 });
  }
  const { 0: client, 1: server } = new WebSocketPair();
  m.ctx.acceptWebSocket(server, tags);
  const feed = m.feedRow();
  const hello: MarketStreamEvent[] = [
    { type: "tick", price: feed.last_price, at: iso(feed.last_second) },
    { type: "period", current: currentPeriod(m, symbol, nowMs), next: nextPeriod(m, symbol, nowMs) },
  ];
  server.send(JSON.stringify(hello));
  await m.keepTicking();
  return new Response(null, { status: 101, webSocket: client });
}

/**
 * The 1-second alarm: catches the pair up, broadcasts the new tick (and a period that ended) to
 * the sockets, then hands closes and results to the member objects in the background.
 */
export async function tick(m: MarketState): Promise<void> {
  const stored = m.stored();
  if (!stored) return;
  const { symbol } = stored;
  // an exchange-fed pair's link first: connected, back-filled, and the pair paused or resumed by it
  await maintainFeed(m, Date.now());
  // drand's rounds due since the last record, fetched and verified before the feed is caught up
  // (a walk's; an exchange-fed pair's ticks mix none)
  if (exchangeSource(m) === null) await fetchRounds(m, m.feedRow().recorded_until, Date.now());
  const nowMs = Date.now();
  m.atomically(() => catchUp(m, m.stored() ?? stored, nowMs));
  const feed = m.feedRow();
  const sockets = m.ctx.getWebSockets();
  const events: MarketStreamEvent[] = [];
  if (sockets.length > 0 && feed.recorded_until > feed.broadcast_until) {
    // a stalled (paused) feed has no new tick to send: only a period's end, if one passed
    if (feed.last_second > feed.broadcast_until)
      events.push({ type: "tick", price: feed.last_price, at: iso(feed.last_second) });
    const ended = m.sql
      .exec<PeriodRow>(
        "SELECT * FROM periods WHERE close_price IS NOT NULL AND end_at > ? AND end_at <= ? ORDER BY start DESC LIMIT 1",
        feed.broadcast_until,
        feed.recorded_until,
      )
      .toArray()[0];
    if (ended)
      events.push({
        type: "period",
        current: currentPeriod(m, symbol, nowMs),
        next: nextPeriod(m, symbol, nowMs),
        ended: toPeriod(m, symbol, ended),
      });
  }
  // The schedule moves on at the boundary, whatever the feed: the new Next takes bets from its
  // first second, while the ended period's close waits for its beacon round (up to one round
  // later, decision 031) and follows in the event above. Until then the Live round's open is
  // not known, and is sent as such.
  const next = nextPeriod(m, symbol, nowMs);
  if (sockets.length > 0 && next.periodNo !== m.announcedNext && !events.some((e) => e.type === "period")) {
    events.push({ type: "period", current: currentPeriod(m, symbol, nowMs, { openIfKnown: true }), next });
  }
  if (sockets.length > 0) m.announcedNext = next.periodNo;
  if (events.length > 0) {
    const message = JSON.stringify(events);
    for (const ws of sockets) {
      try {
        ws.send(message);
      } catch {
        // a socket closing right now; its close handler tidies up
      }
    }
  }
  m.sql.exec("UPDATE feed SET broadcast_until = recorded_until WHERE id = 1");
  // Closes and results go out after the tick is broadcast and without holding up the next second's alarm.
  deliverCloses(m);
  deliverResults(m);
  await m.keepTicking();
}
