import { useEffect, useRef, useState } from "react";
import { piece, usePiece, useStreamPath } from "~/utils/lazy-piece";

/** How long a stream may be closed (or take to open) before the page says it is not live. */
const DOWN_MS = 5_000;

/** the socket's code, a piece of its own: the page names its chunk when it renders a stream (lazy-piece.tsx) */
const liveSocket = piece("app/components/game/live-socket.ts", () => import("./live-socket"));

/**
 * A live stream of this site for as long as the component shows (live-socket.ts opens and
 * reopens it; its code is fetched once the page is live). `path` null keeps it closed. Returns
 * whether it is open, whether the platform refused it for a limit (too many streams), and whether
 * it is down: not open for DOWN_MS, from the start or since it closed (live-socket.ts reopens a
 * dropped stream at once, so a blip is not news). Until then a page need not announce it (the
 * game's "Not live" line would come and go as the page loads).
 */
export function useSocket(
  path: string | null,
  onMessage: (message: unknown) => void,
): { open: boolean; refused: boolean; down: boolean } {
  const handler = useRef(onMessage);
  handler.current = onMessage;
  const [open, setOpen] = useState(false);
  const [refused, setRefused] = useState(false);
  const [down, setDown] = useState(false);
  usePiece(liveSocket);
  useStreamPath(path);

  useEffect(() => {
    if (!path || typeof WebSocket === "undefined") return;
    let stop: (() => void) | undefined;
    let gone = false;
    // counting from the start, or from when an open stream closed (a failed reopen keeps counting)
    let slow: ReturnType<typeof setTimeout> | undefined = setTimeout(() => setDown(true), DOWN_MS);
    void liveSocket.load().then(({ openSocket }) => {
      if (gone) return;
      stop = openSocket(path, {
        onOpen: () => {
          clearTimeout(slow);
          slow = undefined;
          setOpen(true);
          setRefused(false);
          setDown(false);
        },
        onClose: (tooMany) => {
          setOpen(false);
          setRefused(tooMany);
          slow ??= setTimeout(() => setDown(true), DOWN_MS);
        },
        onMessage: (message) => handler.current(message),
      });
    });
    return () => {
      gone = true;
      clearTimeout(slow);
      stop?.();
      setOpen(false);
      setDown(false);
    };
  }, [path]);

  return { open, refused, down };
}
