import { createContext, lazy, useContext, type ComponentProps, type ComponentType } from "react";

/**
 * Code loaded apart from a page's own (app/README.md, "Initial JavaScript"), which the server
 * render may still use: the toast, the game's lower sections, the live socket. Each piece is named
 * by its source file (`id`, as the build's metafile names it), so that:
 * - the server records the pieces a render used, and the document names their chunks for the
 *   browser to fetch with the page's own (root.tsx, PieceTail; the chunks of each piece come
 *   from public/build/pieces-<version>.json, written by the build);
 * - the browser loads those pieces before it hydrates (entry.client.tsx), and a piece already
 *   loaded renders at once instead of suspending: a Suspense boundary that waits for its code
 *   while the page's first effects update it is what React's error #421 is about, and it then
 *   throws the server's HTML of that boundary away.
 */

/** What the server's render records (one per request, from entry.server.tsx). */
export const RenderedPieces = createContext<{
  /** ids of the pieces this render used */
  used: Set<string>;
  /** the live streams the render shows, which the document opens early (utils/early-sockets.ts) */
  streams: Set<string>;
  /**
   * The markup that ends the body (root.tsx, PieceTail): a modulepreload link per chunk of the
   * pieces used so far, beyond the page's own. Made by the server only, so that none of its code
   * is in the browser's.
   */
  tail(): string;
} | null>(null);

/** A piece's files: its chunk and the chunks it imports, as /build/ URLs. */
export type PieceChunks = Record<string, string[]>;

export interface Piece<T> {
  id: string;
  /** loads the module (once) */
  load(): Promise<T>;
  /** the module if loaded already */
  loaded(): T | undefined;
}

/** every piece by id (a file may be loaded by several, e.g. two components of one module) */
const pieces = new Map<string, Piece<unknown>[]>();

/** A module loaded apart from the page's code, by its source file. */
export function piece<T>(id: string, load: () => Promise<T>): Piece<T> {
  let module: T | undefined;
  let pending: Promise<T> | undefined;
  const entry: Piece<T> = {
    id,
    load: () =>
      (pending ??= load().then((m) => {
        module = m;
        return m;
      })),
    loaded: () => module,
  };
  pieces.set(id, [...(pieces.get(id) ?? []), entry as Piece<unknown>]);
  return entry;
}

/** Records that this render shows a live stream (its path), for the document to open it early. */
export function useStreamPath(path: string | null): void {
  const rendered = useContext(RenderedPieces);
  if (path) rendered?.streams.add(path);
}

/** Records that this render uses a piece (a hook: the server's render names its chunks in the page). */
export function usePiece(p: Piece<unknown>): void {
  useContext(RenderedPieces)?.used.add(p.id);
}

/**
 * React.lazy for a piece: the same, except that a piece loaded already is handed to React at once
 * (a thenable that calls back synchronously, which React.lazy takes as resolved) instead of by a
 * promise, which would suspend the first render for a tick even with the code at hand.
 */
export function lazyPiece<T extends ComponentType<any>>( // eslint-disable-line @typescript-eslint/no-explicit-any -- as React.lazy's own
  id: string,
  load: () => Promise<{ default: T }>,
): ComponentType<ComponentProps<T>> & { preload: () => Promise<unknown> } {
  const p = piece(id, load);
  const Lazy = lazy(() => {
    const module = p.loaded();
    if (!module) return p.load();
    return { then: (resolve: (m: { default: T }) => void) => resolve(module) } as Promise<{ default: T }>;
  });
  function LazyPiece(props: ComponentProps<T>) {
    usePiece(p);
    return <Lazy {...props} />;
  }
  // a piece a state of the page shows later (the bet form's cut-off): loaded once the page runs, so
  // that state renders at once when it comes
  LazyPiece.preload = p.load;
  return LazyPiece;
}

/** Browser: loads the pieces the server's render used (named by the page), so hydration needs no wait. */
export function loadPieces(ids: Iterable<string>): Promise<unknown> {
  const wanted = [...ids].flatMap((id) => pieces.get(id) ?? []);
  return Promise.all(wanted.map((p) => p.load().catch(() => undefined)));
}
