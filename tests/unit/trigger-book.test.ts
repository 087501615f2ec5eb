import { describe, expect, it } from "vitest";
import { TriggerBook, type PositionTriggers, type Trigger } from "../../server/platform/market/trigger-book";
import { seededRandom } from "../helpers/faults";

/**
 * The market's sorted book of trigger prices (server/platform/market/trigger-book.ts): a tick must
 * close exactly the positions whose stop-out, stop-loss or take-profit it reaches, name each close
 * by the strongest trigger crossed, and stay sorted through any sequence of adds, replaces and
 * removes. Checked by hand on the edges and against a brute-force model over thousands of
 * seeded random operations.
 */

type Reason = Trigger["reason"];
const RANK: Record<Reason, number> = { stop_out: 3, stop_loss: 2, take_profit: 1 };

/** The rule, written out plainly: which triggers a price reaches, and the reason that wins. */
function bruteCrossed(positions: Iterable<PositionTriggers>, price: number): Map<string, Reason> {
  const out = new Map<string, Reason>();
  for (const p of positions) {
    const hits: Reason[] = [];
    const long = p.side === "long";
    // a long loses when the price falls: its stop-out and stop-loss fire at ≤, its take-profit at ≥
    if (long ? price <= p.liquidationPrice : price >= p.liquidationPrice) hits.push("stop_out");
    if (p.stopLoss !== null && (long ? price <= p.stopLoss : price >= p.stopLoss)) hits.push("stop_loss");
    if (p.takeProfit !== null && (long ? price >= p.takeProfit : price <= p.takeProfit)) hits.push("take_profit");
    if (hits.length > 0) out.set(p.positionId, hits.sort((a, b) => RANK[b] - RANK[a])[0]!);
  }
  return out;
}

const sorted = (m: Map<string, Reason>) => [...m.entries()].sort(([a], [b]) => a.localeCompare(b));

/** The book's two private lists, read to prove they stay ordered (falling: highest first; rising: lowest first). */
function lists(book: TriggerBook): { falling: Trigger[]; rising: Trigger[] } {
  return book as unknown as { falling: Trigger[]; rising: Trigger[] };
}

const long = (
  positionId: string,
  liquidationPrice: number,
  stopLoss: number | null,
  takeProfit: number | null,
): PositionTriggers => ({
  positionId,
  side: "long",
  liquidationPrice,
  stopLoss,
  takeProfit,
});
const short = (
  positionId: string,
  liquidationPrice: number,
  stopLoss: number | null,
  takeProfit: number | null,
): PositionTriggers => ({
  positionId,
  side: "short",
  liquidationPrice,
  stopLoss,
  takeProfit,
});

describe("TriggerBook.crossedAt", () => {
  it("crosses nothing in an empty book, and nothing between the triggers", () => {
    const book = new TriggerBook();
    expect(book.crossedAt(1)).toEqual(new Map());
    expect(book.crossedAt(Number.MAX_SAFE_INTEGER)).toEqual(new Map());
    book.add(long("a", 900, 950, 1100));
    book.add(short("b", 1100, 1050, 900));
    expect(book.crossedAt(1000)).toEqual(new Map());
    expect(book.crossedAt(951)).toEqual(new Map());
    expect(book.crossedAt(1049)).toEqual(new Map());
  });

  it("fires a long's stop-loss and stop-out at ≤ their level and its take-profit at ≥; a short the other way round", () => {
    const book = new TriggerBook();
    book.add(long("L", 900, 950, 1100));
    book.add(short("S", 1200, 1150, 800));
    // exactly at the level counts; one step short of it does not
    expect(book.crossedAt(950)).toEqual(new Map([["L", "stop_loss"]]));
    expect(book.crossedAt(951)).toEqual(new Map());
    expect(book.crossedAt(900)).toEqual(new Map([["L", "stop_out"]]));
    expect(book.crossedAt(800)).toEqual(
      new Map([
        ["L", "stop_out"],
        ["S", "take_profit"],
      ]),
    );
    expect(book.crossedAt(801)).toEqual(new Map([["L", "stop_out"]]));
    expect(book.crossedAt(1100)).toEqual(new Map([["L", "take_profit"]]));
    expect(book.crossedAt(1099)).toEqual(new Map());
    expect(book.crossedAt(1150)).toEqual(
      new Map([
        ["L", "take_profit"],
        ["S", "stop_loss"],
      ]),
    );
    expect(book.crossedAt(1149)).toEqual(new Map([["L", "take_profit"]]));
    expect(book.crossedAt(1200)).toEqual(
      new Map([
        ["L", "take_profit"],
        ["S", "stop_out"],
      ]),
    );
    expect(book.crossedAt(1199).get("S")).toBe("stop_loss");
  });

  it("names a gap that crosses two triggers of a position by precedence stop_out > stop_loss > take_profit", () => {
    const book = new TriggerBook();
    book.add(long("L", 900, 950, null));
    book.add(short("S", 1100, 1050, null));
    // far past both the stop-loss and the stop-out: the stop-out names the close
    expect(book.crossedAt(10)).toEqual(new Map([["L", "stop_out"]]));
    expect(book.crossedAt(5000)).toEqual(new Map([["S", "stop_out"]]));
    // a stop-loss set at the very liquidation price (both at one level): still the stop-out
    book.add(long("L", 900, 900, null));
    expect(book.crossedAt(900)).toEqual(new Map([["L", "stop_out"]]));
    // a price that reaches a stop-loss and a take-profit at once (levels the book does not judge) names the stop-loss
    const odd = new TriggerBook();
    odd.add({ positionId: "X", side: "long", liquidationPrice: 10, stopLoss: 950, takeProfit: 940 });
    expect(odd.crossedAt(945)).toEqual(new Map([["X", "stop_loss"]]));
    odd.add({ positionId: "Y", side: "short", liquidationPrice: 5000, stopLoss: 1000, takeProfit: 1010 });
    expect(odd.crossedAt(1005).get("Y")).toBe("stop_loss");
  });

  it("keeps every position of an equal level, and removes only the one asked", () => {
    const book = new TriggerBook();
    for (const id of ["a", "b", "c", "d"]) book.add(long(id, 900, 950, 1100));
    expect(sorted(book.crossedAt(950))).toEqual([
      ["a", "stop_loss"],
      ["b", "stop_loss"],
      ["c", "stop_loss"],
      ["d", "stop_loss"],
    ]);
    book.remove("b");
    book.remove("nobody");
    expect(book.size).toBe(3);
    expect([...book.crossedAt(1100).keys()].sort()).toEqual(["a", "c", "d"]);
    expect(book.has("b")).toBe(false);
  });

  it("replaces a position's triggers on a second add (old levels no longer fire)", () => {
    const book = new TriggerBook();
    book.add(long("a", 900, 950, 1100));
    book.add(long("a", 900, null, 1200));
    expect(book.size).toBe(1);
    expect(book.crossedAt(950)).toEqual(new Map());
    expect(book.crossedAt(1100)).toEqual(new Map());
    expect(book.crossedAt(1200)).toEqual(new Map([["a", "take_profit"]]));
    expect(lists(book).falling).toHaveLength(1);
    expect(lists(book).rising).toHaveLength(1);
  });

  it("agrees with a brute-force check and stays sorted over 5000 seeded random adds, replaces and removes", () => {
    const random = seededRandom(18_2026);
    const book = new TriggerBook();
    const model = new Map<string, PositionTriggers>();
    const ids = Array.from({ length: 60 }, (_, i) => `p${i}`);
    // a narrow price range, so equal levels and multi-trigger gaps happen often
    const level = () => random.int(950, 1050);
    for (let step = 0; step < 5000; step++) {
      const op = random.weighted({ add: 5, remove: 2, query: 3 });
      if (op === "add") {
        const id = random.pick(ids);
        const side = random.chance(0.5) ? "long" : "short";
        const p: PositionTriggers = {
          positionId: id,
          side,
          liquidationPrice: level(),
          stopLoss: random.chance(0.6) ? level() : null,
          takeProfit: random.chance(0.6) ? level() : null,
        };
        book.add(p);
        model.set(id, p);
      } else if (op === "remove") {
        const id = random.pick(ids);
        book.remove(id);
        model.delete(id);
      } else {
        const price = random.int(940, 1060);
        expect(sorted(book.crossedAt(price)), `step ${step}, price ${price}`).toEqual(
          sorted(bruteCrossed(model.values(), price)),
        );
      }
      expect(book.size).toBe(model.size);
      const { falling, rising } = lists(book);
      const unordered = [
        ...falling.filter((t, i) => i > 0 && falling[i - 1]!.level < t.level).map(() => "falling"),
        ...rising.filter((t, i) => i > 0 && rising[i - 1]!.level > t.level).map(() => "rising"),
      ];
      if (unordered.length > 0) expect(unordered, `step ${step}: out of order`).toEqual([]);
      // both lists hold exactly the model's triggers: nothing left behind by a replace or remove
      const expected = [...model.values()].reduce(
        (n, p) => n + 1 + (p.stopLoss === null ? 0 : 1) + (p.takeProfit === null ? 0 : 1),
        0,
      );
      expect(falling.length + rising.length, `step ${step}: triggers held`).toBe(expected);
    }
  });
});
