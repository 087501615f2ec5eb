import { RESTORE_WINDOW_DAYS } from "../contract";
import { fail, ok, type Result } from "./result";

/**
 * Point-in-time recovery of a SQLite-backed Durable Object (server/platform/README.md, "Restore,
 * exports and audit retention"), the object's half: the storage's bookmark for a time, and the
 * restart on it. Cloudflare keeps 30 days of each object's history; local workerd keeps none and
 * throws, which is answered as `restore_unavailable` with its words, so a rehearsal says so.
 */

const DAY_MS = 86_400_000;

/** A point the storage may still hold: in the past, and not before the recovery window. */
export function restorePointProblem(atMs: number, nowMs: number): string | null {
  if (!Number.isFinite(atMs) || atMs >= nowMs) return "the point is not in the past";
  if (atMs < nowMs - RESTORE_WINDOW_DAYS * DAY_MS) return `the point is more than ${RESTORE_WINDOW_DAYS} days ago`;
  return null;
}

/** The bookmark of the storage's state at `atMs`. */
export async function bookmarkFor(storage: DurableObjectStorage, atMs: number): Promise<Result<string>> {
  const problem = restorePointProblem(atMs, Date.now());
  if (problem) return fail(400, "restore_point_invalid", [problem]);
  try {
    return ok(await storage.getBookmarkForTime(atMs));
  } catch (error) {
    return fail(400, "restore_unavailable", [error instanceof Error ? error.message : String(error)]);
  }
}

/**
 * Restarts the object on `bookmark`: the storage is replaced by its state then when the object
 * next starts, and `abort` ends this instance now, so nothing runs on the state being left. The
 * caller's stub breaks with the abort; the next call through a new stub meets the restored object.
 */
export async function restartOn(ctx: DurableObjectState, bookmark: string): Promise<Result<null>> {
  try {
    await ctx.storage.onNextSessionRestoreBookmark(bookmark);
  } catch (error) {
    return fail(400, "restore_unavailable", [error instanceof Error ? error.message : String(error)]);
  }
  ctx.abort("restored to a point in time");
  return ok(null);
}
