/**
 * The platform's clock from this device (app/README.md, "The game page", "The cut-off"). A stamp
 * of the platform's time (the page's `serverTime`, a tick's `at`) was made before it arrived here,
 * so platform time minus device time is at least `stamp − arrival`. The offset is the largest
 * such bound of the last `windowMs`: the stamp that travelled fastest, the closest. Taking each
 * stamp's own difference instead put the clock behind by that stamp's journey, which for the
 * page's data on a slow phone is the whole page load.
 */
export type OffsetBounds = { bound: number; at: number }[];

/** The bounds kept after a stamp `serverMs` that arrived at device time `receivedAt`, seen `now`. */
export function withStamp(
  bounds: OffsetBounds,
  serverMs: number,
  receivedAt: number,
  now: number,
  windowMs = 30_000,
): OffsetBounds {
  if (!Number.isFinite(serverMs) || !Number.isFinite(receivedAt)) return bounds;
  return [...bounds.filter((b) => now - b.at < windowMs), { bound: serverMs - receivedAt, at: now }];
}

/** The offset the bounds give: platform time ≈ device time + this. */
export function offsetOf(bounds: OffsetBounds): number {
  return bounds.length > 0 ? Math.max(...bounds.map((b) => b.bound)) : 0;
}
