import type { Order } from "../../contract";
import type { AccountMode } from "#rules/account-mode";
import type { SessionProof } from "../auth/token";
import type { PeriodResult } from "../market/reads";
import { fail, ok, type Result } from "../result";
import { marketStub } from "../stubs";
import * as game from "./game";
import { replay } from "./ledger";
import type { MemberState } from "./member-state";
import * as money from "./money";
import type { Page, PageQuery } from "./pages";
import * as rebates from "./rebates";
import { SingleFlight } from "./single-flight";
import { errorFields, log } from "../../log/log";
import { recordMetric } from "../metrics";

/**
 * The member's bets as the object takes and settles them (the rules and rows: game.ts): a bet asks
 * the market between the member's two steps, one bet at a time; a settlement asks for, or is
 * handed, the period's result.
 */
export class Betting {
  /** The bet being taken (between the market's answer and the commit): one per member at a time. */
  private readonly gate = new SingleFlight();

  constructor(private readonly m: MemberState) {}

  /**
   * A bet. The market is asked for its latest tick and schedule (an await, so other requests of
   * this member may run meanwhile: a second bet then answers order_in_progress, a retry with the
   * same key waits for the first and answers its stored response); then one transaction checks
   * every rule against the clock of the commit, records the order and debits the stake.
   */
  async placeOrder(
    proof: SessionProof,
    idem: money.Idem,
    body: game.OrderBody,
    rules: game.BetRules,
  ): Promise<Result<Order>> {
    const m = this.m;
    return m.asMember(proof, async () => {
      const replayed = m.ctx.storage.transactionSync(() => replay(m.sql, money.requestKey(idem.key), idem.fingerprint));
      if (replayed) return replayed as Result<Order>;
      const meanwhile = {
        busy: () => fail(400, "order_in_progress"),
        again: () => this.placeOrder(proof, idem, body, rules),
      };
      return this.gate.run<Result<Order>>(idem.key, meanwhile, async () => {
        // Cheap refusals first, before the market is asked (the commit checks them all again).
        if (!rules.pairs.includes(body.pair)) return fail(400, "invalid_trading_pair");
        if (!game.amountInRange(body.amount, rules)) return fail(400, "amount_out_of_range");
        const market = await marketStub(m.env, body.pair).betSnapshot(body.pair, m.profile()?.member_id);
        if (!market.ok) return market;
        // The session may have ended while the market answered.
        const again = m.authorize(proof);
        if (!again.ok) return again;
        return m.atomically(() => {
          const asked = { ...rules, sessionId: proof.sessionId };
          const placed = game.placeOrder(m.sql, idem, body, asked, market.data, Date.now(), m.streaming());
          // the rebate period this bet falls in becomes due (member/rebates.ts); never a practice bet's
          if (placed.ok && rules.mode !== "practice" && rules.rebates?.length)
            rebates.noteBet(m.sql, rules.rebates, placed.data, Date.now());
          return placed;
        });
      });
    });
  }

  orders(
    proof: SessionProof,
    q: PageQuery & { status: "open" | "settled" | "all" },
    mode: AccountMode = "real",
  ): Result<Page<Order>> {
    return this.m.asMember(proof, () => ok(game.listOrders(this.m.sql, q, mode)));
  }

  openOrders(proof: SessionProof, mode: AccountMode = "real"): Result<Order[]> {
    return this.m.asMember(proof, () => ok(game.openOrders(this.m.sql, mode)));
  }

  /**
   * Settles the bets of every ended period from the market's recorded prices. The market call is
   * an await, so the settling transaction takes only bets still open: a second run (an alarm
   * delivered twice, or re-run after a crash) settles nothing twice. Returns when to try again
   * for a period whose close the market has not recorded yet.
   */
  async settleDue(): Promise<number | null> {
    const m = this.m;
    // Normally the market has handed over the result already (applyResult) and nothing is due.
    let retryAt: number | null = null;
    for (const due of game.duePeriods(m.sql, Date.now())) {
      try {
        const result = await marketStub(m.env, due.pair).result(due.pair, due.period_start);
        if (!result.ok || result.data === null) {
          retryAt = Date.now() + 500;
          continue;
        }
        const settled = result.data;
        const count = m.ctx.storage.transactionSync(() =>
          game.settlePeriod(m.sql, due.pair, due.period_start, settled, new Date().toISOString(), m.streaming()),
        );
        this.countSettled(due.pair, count);
      } catch (error) {
        const siteId = m.profile()?.site_id;
        log("error", "settlement failed", {
          siteId,
          pair: due.pair,
          periodStart: due.period_start,
          ...errorFields(error),
        });
        recordMetric(m.env, "error", siteId, "settlement");
        retryAt = Date.now() + 1000;
      }
    }
    return retryAt;
  }

  /**
   * A period's result, handed over by the market when its close is recorded (market/results.ts):
   * settles this member's open bets of that period in one transaction. Idempotent: bets already
   * settled (by an earlier delivery or by the alarm's own question) are not taken again.
   */
  applyResult(pair: string, periodStart: number, result: PeriodResult): number {
    const m = this.m;
    const settled = m.ctx.storage.transactionSync(() =>
      game.settlePeriod(m.sql, pair, periodStart, result, new Date().toISOString(), m.streaming()),
    );
    this.countSettled(pair, settled);
    m.scheduleAlarm();
    return settled;
  }

  /** One settlement data point per period that settled bets of this member (metrics.ts). */
  private countSettled(pair: string, count: number): void {
    if (count > 0) recordMetric(this.m.env, "settlement", this.m.profile()?.site_id, pair, { count });
  }
}
