import { expect } from "vitest";
import type { Platform } from "./platform";

export { SHIFTED_CLOCK_ENTRY } from "../../server/cli/local/shifted-clock";

/**
 * The clock of a platform behind the shifted-clock entry (SHIFTED_CLOCK_ENTRY, as createPlatform's
 * `wrapEntry` or createStack's `platformEntry`): it runs, and the platform's alarms fire by
 * themselves as deployed, but a test that needs a period's boundary moves the clock there instead
 * of waiting for it. `jumpTo(at)` moves it ahead to `at` (never back: the entry keeps the largest
 * offset it was given), `advance(ms)` by `ms`. The waits left after a jump are for what the
 * market's next alarm delivers, a second at most.
 */
export function shiftedClock(platform: Platform) {
  let offset = 0;
  const now = () => Date.now() + offset;
  const jumpTo = async (at: number): Promise<void> => {
    const ahead = at - now();
    if (ahead <= 0) return;
    offset += ahead;
    const response = await platform.fetch("/__test__/clock-offset", { method: "POST", body: String(offset) });
    expect(response.status).toBe(200);
  };
  return {
    /** the platform's time */
    now,
    jumpTo,
    advance: (ms: number) => jumpTo(now() + ms),
  };
}
