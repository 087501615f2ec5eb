import { errorFields, log } from "../log/log";
import type { PieceChunks } from "../../app/utils/lazy-piece";
import type { Env } from "./env";

/**
 * The chunks of each piece of code the browser loads on demand (app/utils/lazy-piece.tsx), from
 * public/build/pieces-<build>.json (server/cli/build/pieces.ts), read through the ASSETS binding
 * once per isolate and build. Without it (no ASSETS binding, a build without the file) pages name
 * no piece's chunks: the browser then fetches them once they run, as before, and nothing breaks.
 */
let cached: { build: string; chunks: Promise<PieceChunks> } | undefined;

export function pieceChunks(env: Env, build: string): Promise<PieceChunks> {
  if (cached?.build !== build) {
    const chunks = read(env, build);
    cached = { build, chunks };
    // a failed read is tried again by the next page, not kept for the isolate's life
    void chunks.then((found) => {
      if (Object.keys(found).length === 0 && cached?.chunks === chunks) cached = undefined;
    });
  }
  return cached.chunks;
}

async function read(env: Env, build: string): Promise<PieceChunks> {
  if (!env.ASSETS) return {};
  try {
    const response = await env.ASSETS.fetch(new Request(`https://assets.invalid/build/pieces-${build}.json`));
    if (!response.ok) {
      await response.body?.cancel();
      return {};
    }
    return (await response.json()) as PieceChunks;
  } catch (error) {
    log("error", "piece chunks unreadable", { worker: "site", ...errorFields(error) });
    return {};
  }
}
