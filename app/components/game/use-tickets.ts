import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import type { MemberStreamEvent } from "../../../server/contract";
import type { Order, Wallets } from "~/utils/game";
import { useSocket } from "./use-socket";

type Tickets = { orders: Order[]; gameWallet: Wallets["games"][number] | null; error: string | null };

const POLL_MS = 4_000;

/**
 * Current orders and the game wallet: from the page's data, then the quiet ticket-query poll
 * (a fetcher, so no loading overlay; only while the page is visible) and the member stream.
 */
export function useTickets(initial: Tickets, gameCode: string | undefined) {
  const [tickets, setTickets] = useState(initial);
  const fetcher = useFetcher<Tickets>();

  useEffect(() => setTickets(initial), [initial]);
  useEffect(() => {
    if (fetcher.data) setTickets(fetcher.data);
  }, [fetcher.data]);

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
        setTickets((t) => ({ ...t, orders: upsert(t.orders, message.order) }));
      } else if (message?.type === "balance" && message.wallets?.games) {
        const wallet = message.wallets.games.find((g) => g.code === gameCode) ?? message.wallets.games[0] ?? null;
        setTickets((t) => ({ ...t, gameWallet: wallet }));
      }
    },
    [gameCode],
  );
  useSocket("/ws/member", onMessage);

  return tickets;
}

function upsert(orders: Order[], order: Order): Order[] {
  const index = orders.findIndex((o) => o.id === order.id);
  if (index === -1) return [order, ...orders];
  const next = orders.slice();
  next[index] = order;
  return next;
}
