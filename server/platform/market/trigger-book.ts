import type { CloseReason } from "../../contract";
import type { PositionSide } from "#rules/position-math";

/**
 * The open positions' trigger prices of one pair, kept sorted so that a tick costs what it
 * crosses, not what is open (server/platform/README.md, "Contract trading").
 *
 * Every trigger fires either when the price falls to its level or below (a long's stop-loss and
 * stop-out, a short's take-profit) or when it rises to its level or above (a long's take-profit, a
 * short's stop-loss and stop-out). The two kinds are two arrays sorted so that the ones a tick
 * crosses are always a prefix: `falling` by level from highest, `rising` from lowest. A tick that
 * crosses nothing looks at the first entry of each and stops; one that crosses k triggers reads k.
 * Adding or removing is a binary search and a splice (memory moves, no comparisons of all).
 *
 * This is the market object's memory of its `positions` table, rebuilt from it when the object
 * starts; the table, not this, is what survives a crash.
 */

export interface Trigger {
  positionId: string;
  level: number;
  reason: Exclude<CloseReason, "member">;
}

export interface PositionTriggers {
  positionId: string;
  side: PositionSide;
  liquidationPrice: number;
  takeProfit: number | null;
  stopLoss: number | null;
}

/** When two triggers of one position are crossed by one tick (a gap), the stop-out names the close. */
const PRECEDENCE: Record<Trigger["reason"], number> = { stop_out: 3, stop_loss: 2, take_profit: 1 };

/** Index of the first entry that must come after `level` (keeps equal levels in insertion order). */
function insertionIndex(list: Trigger[], level: number, descending: boolean): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const before = descending ? list[mid]!.level >= level : list[mid]!.level <= level;
    if (before) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class TriggerBook {
  /** fire at price ≤ level; highest level first */
  private readonly falling: Trigger[] = [];
  /** fire at price ≥ level; lowest level first */
  private readonly rising: Trigger[] = [];
  /** each position's triggers, to find them again */
  private readonly byPosition = new Map<string, { falling: Trigger[]; rising: Trigger[] }>();

  get size(): number {
    return this.byPosition.size;
  }

  has(positionId: string): boolean {
    return this.byPosition.has(positionId);
  }

  /** Adds (or replaces) a position's triggers. */
  add(p: PositionTriggers): void {
    this.remove(p.positionId);
    const falling: Trigger[] = [];
    const rising: Trigger[] = [];
    const long = p.side === "long";
    (long ? falling : rising).push({ positionId: p.positionId, level: p.liquidationPrice, reason: "stop_out" });
    if (p.stopLoss !== null)
      (long ? falling : rising).push({ positionId: p.positionId, level: p.stopLoss, reason: "stop_loss" });
    if (p.takeProfit !== null)
      (long ? rising : falling).push({ positionId: p.positionId, level: p.takeProfit, reason: "take_profit" });
    for (const t of falling) this.falling.splice(insertionIndex(this.falling, t.level, true), 0, t);
    for (const t of rising) this.rising.splice(insertionIndex(this.rising, t.level, false), 0, t);
    this.byPosition.set(p.positionId, { falling, rising });
  }

  remove(positionId: string): void {
    const own = this.byPosition.get(positionId);
    if (!own) return;
    for (const t of own.falling) this.drop(this.falling, t, true);
    for (const t of own.rising) this.drop(this.rising, t, false);
    this.byPosition.delete(positionId);
  }

  private drop(list: Trigger[], t: Trigger, descending: boolean): void {
    // entries of equal level sit together just before the insertion index of that level
    let i = insertionIndex(list, t.level, descending) - 1;
    while (i >= 0 && list[i]!.level === t.level) {
      if (list[i] === t) {
        list.splice(i, 1);
        return;
      }
      i--;
    }
  }

  /**
   * The positions a tick at `price` closes, each with the reason that names its close (stop-out
   * before stop-loss before take-profit). Reads only the crossed prefixes; changes nothing (the
   * caller removes what it closes, in the same step as recording the closes).
   */
  crossedAt(price: number): Map<string, Trigger["reason"]> {
    const crossed = new Map<string, Trigger["reason"]>();
    const note = (t: Trigger) => {
      const before = crossed.get(t.positionId);
      if (before === undefined || PRECEDENCE[t.reason] > PRECEDENCE[before]) crossed.set(t.positionId, t.reason);
    };
    for (let i = 0; i < this.falling.length && this.falling[i]!.level >= price; i++) note(this.falling[i]!);
    for (let i = 0; i < this.rising.length && this.rising[i]!.level <= price; i++) note(this.rising[i]!);
    return crossed;
  }
}
