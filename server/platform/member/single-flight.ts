/**
 * One request at a time: a member's bet, or a member's open of a position, each asks the market
 * (an await) between its two steps, and no second one may start meanwhile. The first request
 * takes the gate before its first await and holds it until it ends, however it ends. Another
 * request meanwhile is refused at once (`busy`); a copy of the running one (the same idempotency
 * key) waits for it and starts over (`again`), so it finds the answer the first one stored.
 * Memory only: the gate of a restarted object is open, and what it guarded is in its tables.
 */
export class SingleFlight {
  private running: { key: string; done: Promise<void> } | null = null;

  /** Whether the request with this key holds the gate now. */
  runs(key: string): boolean {
    return this.running?.key === key;
  }

  /** Runs `work` holding the gate (taken before any await, so two requests cannot both pass the check). */
  async run<T>(key: string, meanwhile: { busy: () => T; again: () => Promise<T> }, work: () => Promise<T>): Promise<T> {
    if (this.running) {
      if (this.running.key !== key) return meanwhile.busy();
      await this.running.done;
      return meanwhile.again();
    }
    let release = () => {};
    this.running = { key, done: new Promise<void>((resolve) => (release = resolve)) };
    try {
      return await work();
    } finally {
      this.running = null;
      release();
    }
  }
}
