import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { MemberStreamEvent } from "../../../server/contract";
import { modeOfWallet, type Order, type Wallets } from "~/utils/game";
import { useSocket } from "./use-socket";

type Tickets = { orders: Order[]; settled: Order[]; gameWallet: Wallets["games"][number] | null; error: string | null };

const POLL_MS = 4_000;
/** Results shown at once; an older one gives way to a newer one. */
const MAX_RESULTS = 3;

/**
 * Current (open) orders, the game wallet, and the results of bets that settled while the page was
 * open: from the page's data, then the member stream (a settled order arrives there right after
 * its period ends) and the quiet ticket-query poll (a fetcher, so no loading overlay; only while
 * the page is visible), which also carries the last seconds' settled orders, so a result missed
 * on a dropped socket is still shown. A settled order leaves the current orders at once: it is in
 * the history.
 */
export function useTickets(initial: Tickets, gameCode: string | undefined) {
  const [orders, setOrders] = useState(initial.orders);
  const [gameWallet, setGameWallet] = useState(initial.gameWallet);
  const [error, setError] = useState(initial.error);
  const [results, setResults] = useState<Order[]>([]);
  /** bets this page showed open: only their results are shown (not ones settled before it opened) */
  const seenOpen = useRef(new Set(initial.orders.map((o) => o.id)));
  const settledIds = useRef(new Set<string>());
  const fetcher = useFetcher<Tickets>();

  const settle = useCallback((order: Order) => {
    if (settledIds.current.has(order.id)) return;
    settledIds.current.add(order.id);
    setOrders((list) => list.filter((o) => o.id !== order.id));
    if (seenOpen.current.has(order.id)) setResults((list) => [order, ...list].slice(0, MAX_RESULTS));
  }, []);

  const take = useCallback(
    (data: Tickets) => {
      for (const o of data.orders) seenOpen.current.add(o.id);
      setOrders(data.orders.filter((o) => !settledIds.current.has(o.id)));
      setGameWallet(data.gameWallet);
      setError(data.error);
      for (const o of data.settled) settle(o);
    },
    [settle],
  );

  useEffect(() => take(initial), [initial, take]);
  useEffect(() => {
    if (fetcher.data) take(fetcher.data);
  }, [fetcher.data, take]);

  const { load, state } = fetcher;
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && state === "idle") load("/api/game/tickets");
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [load, state]);

  const onMessage = useCallback(
    (raw: unknown) => {
      const message = raw as MemberStreamEvent;
      if (message?.type === "order" && message.order?.id) {
        const order = message.order;
        // the stream carries both modes' orders: this page lists its own mode's only
        if ((order.mode ?? "real") !== modeOfWallet(gameCode)) return;
        if (order.status === "open") {
          seenOpen.current.add(order.id);
          setOrders((list) => upsert(list, order));
        } else settle(order);
      } else if (message?.type === "balance" && message.wallets?.games && modeOfWallet(gameCode) === "real") {
        const found = message.wallets.games.find((g) => g.code === gameCode) ?? message.wallets.games[0] ?? null;
        // the stream names wallets in the site's default language: keep the name the page was given
        setGameWallet((current) => (found && current?.code === found.code ? { ...found, name: current.name } : found));
      }
    },
    [gameCode, settle],
  );
  useSocket("/ws/member", onMessage);

  const dismiss = useCallback((id: string) => setResults((list) => list.filter((o) => o.id !== id)), []);
  return { orders, gameWallet, error, results, dismiss };
}

function upsert(orders: Order[], order: Order): Order[] {
  const index = orders.findIndex((o) => o.id === order.id);
  if (index === -1) return [order, ...orders];
  const next = orders.slice();
  next[index] = order;
  return next;
}
