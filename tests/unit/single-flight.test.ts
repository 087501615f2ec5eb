import { describe, expect, it } from "vitest";
import { SingleFlight } from "../../server/platform/member/single-flight";

/**
 * The member object's one-request-at-a-time gate (server/platform/member/single-flight.ts), which
 * a bet and an open of a position each go through: whoever holds it, what another request and a
 * copy of the running one are answered, and that it opens however the work ends. Promises
 * resolved by hand, no clock.
 */

/** A promise the test resolves when it likes: the market's answer, as it were. */
function later<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe("SingleFlight", () => {
  it("answers another request busy at once while one runs, without running its work", async () => {
    const gate = new SingleFlight();
    const market = later<string>();
    const first = gate.run("key-a", { busy: () => "busy", again: async () => "again" }, () => market.promise);
    let ranSecond = false;
    const second = await gate.run("key-b", { busy: () => "busy", again: async () => "again" }, async () => {
      ranSecond = true;
      return "second";
    });
    expect(second).toBe("busy");
    expect(ranSecond).toBe(false);
    market.resolve("first");
    expect(await first).toBe("first");
  });

  it("takes the gate before any await: of two requests started in the same turn, the second is busy", async () => {
    const gate = new SingleFlight();
    const meanwhile = { busy: () => "busy", again: async () => "again" };
    const [a, b] = await Promise.all([
      gate.run("key-a", meanwhile, async () => "a"),
      gate.run("key-b", meanwhile, async () => "b"),
    ]);
    expect([a, b]).toEqual(["a", "busy"]);
  });

  it("has a copy of the running request (its key) wait for it, then start over", async () => {
    const gate = new SingleFlight();
    const market = later<string>();
    const steps: string[] = [];
    const first = gate.run("key-a", { busy: () => "busy", again: async () => "again" }, async () => {
      const answer = await market.promise;
      steps.push("first ended");
      return answer;
    });
    const copy = gate.run(
      "key-a",
      { busy: () => "busy", again: async () => (steps.push("copy again"), "stored answer") },
      async () => "never",
    );
    expect(gate.runs("key-a")).toBe(true);
    market.resolve("first");
    expect(await first).toBe("first");
    expect(await copy).toBe("stored answer");
    expect(steps).toEqual(["first ended", "copy again"]);
  });

  it("opens when the work ends, also when it throws", async () => {
    const gate = new SingleFlight();
    const meanwhile = { busy: () => "busy", again: async () => "again" };
    await expect(gate.run("key-a", meanwhile, async () => Promise.reject(new Error("market lost")))).rejects.toThrow(
      "market lost",
    );
    expect(gate.runs("key-a")).toBe(false);
    expect(await gate.run("key-b", meanwhile, async () => "b")).toBe("b");
  });
});
