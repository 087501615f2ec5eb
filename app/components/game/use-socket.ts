import { useEffect, useRef, useState } from "react";
import { piece, usePiece, useStreamPath } from "~/utils/lazy-piece";

/** the socket's code, a piece of its own: the page names its chunk when it renders a stream (lazy-piece.tsx) */
const liveSocket = piece("app/components/game/live-socket.ts", () => import("./live-socket"));

/**
 * A live stream of this site for as long as the component shows (live-socket.ts opens and
 * reopens it; its code is fetched once the page is live). `path` null keeps it closed. Returns
 * whether it is open, and whether the platform refused it for a limit (too many streams).
 */
export function useSocket(
  path: string | null,
  onMessage: (message: unknown) => void,
): { open: boolean; refused: boolean } {
  const handler = useRef(onMessage);
  handler.current = onMessage;
  const [open, setOpen] = useState(false);
  const [refused, setRefused] = useState(false);
  usePiece(liveSocket);
  useStreamPath(path);

  useEffect(() => {
    if (!path || typeof WebSocket === "undefined") return;
    let stop: (() => void) | undefined;
    let gone = false;
    void liveSocket.load().then(({ openSocket }) => {
      if (gone) return;
      stop = openSocket(path, {
        onOpen: () => {
          setOpen(true);
          setRefused(false);
        },
        onClose: (tooMany) => {
          setOpen(false);
          setRefused(tooMany);
        },
        onMessage: (message) => handler.current(message),
      });
    });
    return () => {
      gone = true;
      stop?.();
      setOpen(false);
    };
  }, [path]);

  return { open, refused };
}
