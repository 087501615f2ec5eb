import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { CallData, MarketStreamEvent } from "../../../server/contract";
import type { Period } from "~/utils/game";
import { useSocket } from "./use-socket";
import { offsetOf, withStamp, type OffsetBounds } from "./clock-offset";

type Market = CallData<"market">;

/** The platform's clock as seen from here: device time plus an offset learned from the server. */
export type ServerClock = { now: () => number };

/**
 * The live price and the two rounds of one pair: `current` (Live: running, its open known, no
 * bets) and `next` (taking bets until its cut-off, before it starts). The server-rendered market
 * to begin with, then the public market stream, whose period event at each boundary carries both:
 * Next becomes Live and a new Next opens. When a period should have ended and no new one arrived
 * (the stream is down), the page's data is re-read quietly.
 */
export function useLiveMarket(market: Market | null) {
  const [price, setPrice] = useState(market?.price ?? null);
  const [current, setCurrent] = useState(market?.current ?? null);
  const [next, setNext] = useState(market?.next ?? null);
  const [ended, setEnded] = useState<Period | null>(market?.ended ?? null);
  const [tick, setTick] = useState<{ price: number; at: number } | null>(null);
  const offset = useRef(0);
  const bounds = useRef<OffsetBounds>([]);
  const firstData = useRef(true);
  const revalidator = useRevalidator();

  // the largest lower bound of the offset of the last 30 s (clock-offset.ts says why)
  const learn = useCallback((serverMs: number, receivedAt: number) => {
    bounds.current = withStamp(bounds.current, serverMs, receivedAt, Date.now());
    offset.current = offsetOf(bounds.current);
  }, []);

  useEffect(() => {
    if (!market) return;
    setPrice(market.price);
    setCurrent(market.current);
    setNext(market.next);
    setEnded(market.ended);
    // the document's data arrived with its first byte (the server renders it whole before sending);
    // later data (a re-read) at most now
    const navigation = firstData.current
      ? (performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined)
      : undefined;
    firstData.current = false;
    const receivedAt = navigation?.responseStart ? performance.timeOrigin + navigation.responseStart : Date.now();
    learn(Date.parse(market.serverTime), Math.min(receivedAt, Date.now()));
  }, [market, learn]);

  const onEvent = useCallback(
    (message: MarketStreamEvent) => {
      if (message?.type === "tick" && typeof message.price === "number") {
        setPrice(message.price);
        const at = Date.parse(message.at);
        // a tick is a moment on the platform's clock, received just now
        if (Number.isFinite(at)) {
          learn(at, Date.now());
          setTick({ price: message.price, at });
        }
      } else if (message?.type === "period" && message.current) {
        setCurrent(message.current);
        if (message.next) setNext(message.next);
        if (message.ended) setEnded(message.ended);
      }
    },
    [learn],
  );
  // one message a second: an array of events (a tick, and a period event when one started)
  const onMessage = useCallback(
    (raw: unknown) => {
      for (const event of Array.isArray(raw) ? raw : [raw]) onEvent(event as MarketStreamEvent);
    },
    [onEvent],
  );
  const { open: connected, refused, down } = useSocket(market ? `/ws/market/${market.pair.symbol}` : null, onMessage);

  const clock = useRef<ServerClock>({ now: () => Date.now() + offset.current }).current;

  const endsAt = current?.endsAt;
  const state = revalidator.state;
  useEffect(() => {
    if (!endsAt) return;
    const wait = Date.parse(endsAt) - clock.now() + 2_000;
    const timer = setTimeout(
      () => {
        if (state === "idle") revalidator.revalidate();
      },
      Math.max(wait, 1_000),
    );
    return () => clearTimeout(timer);
    // one re-read per period: the revalidator's identity changes with every render
  }, [endsAt]);

  return { price, current, next, ended, tick, connected, refused, down, clock };
}
