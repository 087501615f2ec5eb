import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { MemberStreamEvent } from "../../../server/contract";
import type { Position } from "~/utils/contract";
import { modeOfWallet } from "~/utils/game";
import { useSocket } from "../game/use-socket";

type GameWallet = { code: string; name: string; balance: number };

/** Announcements shown at once; an older one gives way to a newer one. */
const MAX_ANNOUNCED = 3;

/**
 * The member's open positions and game wallet, live: the page's data to begin with, then the
 * member stream (server/contract/stream.ts), which carries every open, TP/SL change and close as a
 * `position` event, and a `balance` event after each. A close the member did not ask for from
 * this page (take-profit, stop-loss, stop-out, or a close from another tab) is announced at once
 * and the page's data is read again, so both lists and the wallet follow; without JavaScript the
 * next page load shows the same.
 */
export function usePositions(initial: Position[], initialWallet: GameWallet | null, gameCode: string | undefined) {
  const [open, setOpen] = useState(initial);
  const [wallet, setWallet] = useState(initialWallet);
  const [announced, setAnnounced] = useState<Position[]>([]);
  const closedIds = useRef(new Set<string>());
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  useEffect(() => setOpen(initial.filter((p) => !closedIds.current.has(p.id))), [initial]);
  useEffect(() => setWallet(initialWallet), [initialWallet]);

  const onMessage = useCallback(
    (raw: unknown) => {
      const message = raw as MemberStreamEvent;
      if (message?.type === "position" && message.position?.id) {
        const position = message.position;
        // the stream carries both modes' positions: this page lists its own mode's only
        if ((position.mode ?? "real") !== modeOfWallet(gameCode)) return;
        if (position.status === "open") {
          if (!closedIds.current.has(position.id)) setOpen((list) => upsert(list, position));
          return;
        }
        if (closedIds.current.has(position.id)) return;
        closedIds.current.add(position.id);
        setOpen((list) => list.filter((p) => p.id !== position.id));
        // the member's own close comes back with its toast after the redirect; a trigger's is news
        if (position.closeReason !== "member") setAnnounced((list) => [position, ...list].slice(0, MAX_ANNOUNCED));
        revalidate.current();
      } else if (message?.type === "balance" && message.wallets?.games && modeOfWallet(gameCode) === "real") {
        const found = message.wallets.games.find((g) => g.code === gameCode) ?? message.wallets.games[0] ?? null;
        // the stream names wallets in the site's default language: keep the name the page was given
        setWallet((current) => (found && current?.code === found.code ? { ...found, name: current.name } : found));
      }
    },
    [gameCode],
  );
  useSocket("/ws/member", onMessage);

  const dismiss = useCallback((id: string) => setAnnounced((list) => list.filter((p) => p.id !== id)), []);
  return { open, wallet, announced, dismiss };
}

function upsert(list: Position[], position: Position): Position[] {
  const index = list.findIndex((p) => p.id === position.id);
  if (index === -1) return [position, ...list];
  const next = list.slice();
  next[index] = position;
  return next;
}
