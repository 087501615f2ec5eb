import { describe, expect, it } from "vitest";
import { offsetOf, withStamp, type OffsetBounds } from "../../app/components/game/clock-offset";

/**
 * The game page's clock (app/components/game/clock-offset.ts): a platform stamp received late
 * gives a loose bound, one received fast a tight one; the page keeps the tightest of the last 30 s.
 */
describe("the platform's clock offset", () => {
  it("is the largest bound: the page's data after a 3 s load does not put the clock 3 s behind", () => {
    // the platform is 2 s ahead of this device; the page's data was made at device time 1000
    // and its first byte arrived 3 s later; a tick made at device time 4500 arrived 300 ms later
    let bounds: OffsetBounds = withStamp([], 1_000 + 2_000, 4_000, 4_000);
    expect(offsetOf(bounds)).toBe(-1_000);
    bounds = withStamp(bounds, 4_500 + 2_000, 4_800, 4_800);
    expect(offsetOf(bounds)).toBe(1_700);
    // a later tick that took longer (1.2 s) does not pull the clock back
    bounds = withStamp(bounds, 5_000 + 2_000, 6_200, 6_200);
    expect(offsetOf(bounds)).toBe(1_700);
  });

  it("forgets bounds older than its window, so a clock that moved is followed", () => {
    let bounds: OffsetBounds = withStamp([], 10_000, 9_000, 9_000);
    expect(offsetOf(bounds)).toBe(1_000);
    bounds = withStamp(bounds, 50_000, 49_800, 49_800);
    expect(offsetOf(bounds)).toBe(200);
    expect(bounds).toHaveLength(1);
  });

  it("ignores a stamp that is not a time, and is 0 with none", () => {
    expect(offsetOf(withStamp([], Number.NaN, 1_000, 1_000))).toBe(0);
  });
});
