import { memberStub } from "../stubs";
import type { MarketState } from "./market-state";
import * as positions from "./positions";
import * as results from "./results";
import { errorFields, log } from "../../log/log";

/** The pair's outboxes to member objects: closes of positions, and periods' results (at least once; each applied once there). */

/** Closes (and results) handed to member objects per alarm, and how many member objects are called at once. */
const DELIVERY_BATCH = 5000;
const DELIVERY_PARALLEL = 64;

/**
 * The closes' outbox: every decided close goes to its member's object until that object has
 * applied it (at least once; the member's object applies each close once, by position id). Runs
 * in the background, one delivery at a time; what fails stays undelivered for the next alarm.
 */
export function deliverCloses(m: MarketState): void {
  if (m.delivering) return;
  const due = positions.undelivered(m.sql, DELIVERY_BATCH);
  if (due.size === 0) return;
  const run = async () => {
    const members = [...due];
    for (let i = 0; i < members.length; i += DELIVERY_PARALLEL) {
      await Promise.all(
        members.slice(i, i + DELIVERY_PARALLEL).map(async ([memberId, { siteId, closes }]) => {
          try {
            const applied = await memberStub(m.env, memberId).applyCloses(siteId, closes);
            positions.markDelivered(m.sql, applied);
          } catch (error) {
            positions.markAttempt(
              m.sql,
              closes.map((c) => c.positionId),
            );
            log("error", "positions: delivery of closes to a member failed", {
              closes: closes.length,
              ...errorFields(error),
            });
          }
        }),
      );
    }
  };
  m.delivering = run().finally(() => {
    m.delivering = null;
  });
}

/**
 * The results' outbox (results.ts): every recorded period's result goes to each member object
 * registered for it, 64 at a time, in the background; the member settles that period's bets in
 * one transaction. Read through `result` (which the tests' forced outcomes replace).
 */
export function deliverResults(m: MarketState): void {
  if (m.handingResults) return;
  const symbol = m.stored()?.symbol;
  const due = symbol
    ? results.dueResults(m.sql, Math.floor(Date.now() / 1000), DELIVERY_BATCH)
    : new Map<number, string[]>();
  if (!symbol || due.size === 0) return;
  const run = async () => {
    for (const [start, members] of due) {
      const result = m.hooks.result(symbol, start);
      if (!result.ok || result.data === null) continue;
      const settled = result.data;
      for (let i = 0; i < members.length; i += DELIVERY_PARALLEL) {
        await Promise.all(
          members.slice(i, i + DELIVERY_PARALLEL).map(async (memberId) => {
            try {
              await memberStub(m.env, memberId).applyResult(symbol, start, settled);
              results.markResultDelivered(m.sql, start, memberId);
            } catch (error) {
              results.markResultAttempt(m.sql, start, memberId);
              log("error", "results: delivery to a member failed", {
                pair: symbol,
                periodStart: start,
                ...errorFields(error),
              });
            }
          }),
        );
      }
    }
  };
  m.handingResults = run().finally(() => {
    m.handingResults = null;
  });
}

/** Starts the results' delivery if any is due and waits for it (tests deliver by hand on a stopped clock). */
export async function settleResults(m: MarketState): Promise<void> {
  deliverResults(m);
  await m.handingResults;
}

/** Waits for the delivery under way (tests and the alarm's callers that must see it done). */
export async function settleDeliveries(m: MarketState): Promise<void> {
  deliverCloses(m);
  await m.delivering;
}
