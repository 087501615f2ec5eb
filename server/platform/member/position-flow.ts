import type { OpenPositionBody, Position, PositionTriggersBody } from "../../contract";
import type { AccountMode } from "#rules/account-mode";
import type { SessionProof } from "../auth/token";
import type { MarketClose, MarketPosition } from "../market/positions";
import { fail, ok, type Result } from "../result";
import { marketStub } from "../stubs";
import { replay } from "./ledger";
import type { MemberState } from "./member-state";
import * as money from "./money";
import type { Page, PageQuery } from "./pages";
import * as positions from "./positions";
import * as practice from "./practice";
import { SingleFlight } from "./single-flight";
import { errorFields, log } from "../../log/log";

/** An open's intent older than this has lost its request (a crash); the alarm completes or drops it. */
export const INTENT_STALE_MS = 15_000;

/**
 * The two steps of an open and the market's answers to closes, through the member object's own
 * methods (`finishOpen`, `closedBy`), so that a test's subclass of the object can step in between
 * (tests/platform/positions-helpers.ts).
 */
export interface PositionSteps {
  finishOpen(intent: positions.PositionRow, market: Result<MarketPosition | null>): Promise<Result<Position>>;
  closedBy(close: MarketClose): Result<Position>;
}

/**
 * Contract trading as the member object runs it (the rules and rows: positions.ts): an open is an
 * intent, the market's acceptance, then the money, one open at a time; closes and new triggers
 * are decided by the market and applied here once.
 */
export class PositionFlow {
  /** The open being asked of the market: one per member at a time (like a bet). */
  private readonly gate = new SingleFlight();
  /** TP/SL changes run one after another, so the stored values are the market's last accepted ones. */
  private triggerQueue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly m: MemberState,
    private readonly steps: PositionSteps,
  ) {}

  /**
   * Opens a position: the member's limits and the intent in one transaction, then the market
   * accepts it at its price (an await), then the money moves in a second transaction. A retry
   * with the same key while it runs waits for it; after a crash it completes the same intent.
   */
  async openPosition(
    proof: SessionProof,
    idem: money.Idem,
    body: OpenPositionBody,
    rules: positions.ContractRules,
  ): Promise<Result<Position>> {
    const m = this.m;
    return m.asMember(proof, async (member) => {
      const replayed = m.ctx.storage.transactionSync(() => replay(m.sql, money.requestKey(idem.key), idem.fingerprint));
      if (replayed) return replayed as Result<Position>;
      const meanwhile = {
        busy: () => fail(400, "position_in_progress"),
        again: () => this.openPosition(proof, idem, body, rules),
      };
      return this.gate.run<Result<Position>>(idem.key, meanwhile, async () => {
        let intent = positions.intentByKey(m.sql, idem.key);
        if (intent && intent.fingerprint !== idem.fingerprint) return fail(400, "idempotency_conflict");
        if (!intent) {
          const begun = m.ctx.storage.transactionSync(() =>
            positions.beginOpen(m.sql, idem, body, { ...rules, sessionId: proof.sessionId }, new Date().toISOString()),
          );
          if (!begun.ok) return begun;
          intent = begun.data;
          // the alarm that recovers the intent if this request dies before its second step
          m.scheduleAlarm();
        }
        const s = rules.settings;
        const market = await marketStub(m.env, intent.pair).openPosition(intent.pair, {
          siteId: member.site_id,
          memberId: member.member_id,
          positionId: intent.id,
          side: intent.side,
          margin: intent.margin,
          leverage: intent.leverage,
          feePpm: intent.fee_ppm,
          stopOutBp: intent.stop_out_bp,
          seenPrice: intent.seen_price,
          slippageBp: s.slippageBp,
          maxNotionalPerPair: s.maxNotionalPerPair,
          closeOnly: s.closeOnlyPairs.includes(intent.pair),
          takeProfit: intent.take_profit,
          stopLoss: intent.stop_loss,
          practice: intent.mode === "practice",
        });
        return this.steps.finishOpen(intent, market);
      });
    });
  }

  /**
   * The second step of an open, from the market's answer: a refusal drops the intent; an accepted
   * position moves the money, or, if the wallet was spent meanwhile, is cancelled at the market
   * first and then given up here (in that order, so a crash between leaves an intent to retry).
   */
  async finishOpen(intent: positions.PositionRow, market: Result<MarketPosition | null>): Promise<Result<Position>> {
    const m = this.m;
    if (!market.ok || market.data === null || market.data.void) {
      m.ctx.storage.transactionSync(() => positions.dropIntent(m.sql, intent.id));
      return market.ok ? fail(400, "position_not_found") : market;
    }
    const accepted = market.data;
    const done = m.atomically(() => positions.completeOpen(m.sql, intent, accepted, Date.now(), m.streaming()));
    if (done.ok || done.message !== "insufficient_game_wallet_balance") return done;
    await marketStub(m.env, intent.pair).cancelPosition(intent.pair, intent.id);
    m.ctx.storage.transactionSync(() => positions.voidIntent(m.sql, intent.id));
    return done;
  }

  /** Intents whose request never came back (a crash): completed from what the market recorded, or dropped. */
  async recoverIntents(): Promise<void> {
    const m = this.m;
    for (const intent of positions.staleIntents(m.sql, new Date(Date.now() - INTENT_STALE_MS).toISOString())) {
      if (this.gate.runs(intent.request_key)) continue;
      try {
        const found = await marketStub(m.env, intent.pair).findPosition(intent.pair, intent.id);
        // A retry with the intent's key may have begun while the market answered: its own call to
        // the market decides (dropping the intent now could leave what it opens there without us).
        if (this.gate.runs(intent.request_key)) continue;
        await this.steps.finishOpen(intent, found);
      } catch (error) {
        log("error", "positions: recovering an intent failed", { intentId: intent.id, ...errorFields(error) });
      }
    }
  }

  positions(
    proof: SessionProof,
    q: PageQuery & { status: "open" | "closed" },
    mode: AccountMode = "real",
  ): Result<Page<Position>> {
    return this.m.asMember(proof, () => ok(positions.listPositions(this.m.sql, q, mode)));
  }

  /** A position the member may act on in this mode: open (or closed, answered as it is); another mode's is not found. */
  private actionable(id: string, mode: AccountMode): Result<positions.PositionRow> {
    const row = positions.positionInMode(this.m.sql, id, mode);
    if (!row || row.status === "void") return fail(400, "position_not_found");
    if (row.status === "opening") return fail(400, "position_in_progress");
    return ok(row);
  }

  /** Applies a close the market answered with, and answers the position as it is after it. */
  closedBy(close: MarketClose): Result<Position> {
    const m = this.m;
    m.atomically(() => {
      positions.applyClose(m.sql, close, Date.now(), m.streaming());
      return ok(null);
    });
    return ok(positions.toPosition(positions.positionRow(m.sql, close.positionId)!));
  }

  /**
   * Closes at the market's price. The market decides (one call at a time there): if a trigger
   * closed the position first, its close is the answer, applied here once either way.
   */
  async closePosition(proof: SessionProof, id: string, mode: AccountMode = "real"): Promise<Result<Position>> {
    const m = this.m;
    return m.asMember(proof, async () => {
      const row = this.actionable(id, mode);
      if (!row.ok) return row;
      if (row.data.status === "closed") return ok(positions.toPosition(row.data));
      const close = await marketStub(m.env, row.data.pair).closePosition(
        row.data.pair,
        id,
        row.data.mode === "practice",
      );
      if (!close.ok) return close;
      return this.steps.closedBy(close.data);
    });
  }

  /** New take-profit and stop-loss: the market checks them against its price and keeps them as triggers first. */
  async setPositionTriggers(
    proof: SessionProof,
    id: string,
    body: PositionTriggersBody,
    mode: AccountMode = "real",
  ): Promise<Result<Position>> {
    const m = this.m;
    const run = () =>
      m.asMember(proof, async () => {
        const row = this.actionable(id, mode);
        if (!row.ok) return row;
        if (row.data.status === "closed") return ok(positions.toPosition(row.data));
        const set = await marketStub(m.env, row.data.pair).setTriggers(
          row.data.pair,
          id,
          body.takeProfit,
          body.stopLoss,
          row.data.mode === "practice",
        );
        if (!set.ok) return set;
        if (set.data.close) return this.steps.closedBy(set.data.close);
        return m.atomically(() => positions.storeTriggers(m.sql, id, body.takeProfit, body.stopLoss, m.streaming()));
      });
    const next = this.triggerQueue.then(run, run);
    this.triggerQueue = next.catch(() => undefined);
    return next;
  }

  /**
   * The market's outbox: closes its ticks (or the member) decided. Each is applied once; the
   * answer lists the ones the market may forget (applied now, or nothing left to do), and leaves
   * out closes of an open still being completed, which the market delivers again.
   */
  applyCloses(siteId: string, closes: MarketClose[]): string[] {
    const m = this.m;
    const profile = m.profile();
    if (!profile || profile.site_id !== siteId) return closes.map((c) => c.positionId);
    const acked: string[] = [];
    m.ctx.storage.transactionSync(() => {
      for (const close of closes) {
        if (positions.applyClose(m.sql, close, Date.now(), m.streaming()) !== "later") acked.push(close.positionId);
      }
    });
    m.scheduleAlarm();
    return acked;
  }

  /** Invariant: the positions account holds exactly the open positions' margins. Read by the tests. */
  checkPositions(mode: AccountMode = "real"): { held: number; openMargin: number } {
    const account = practice.accountsOf(mode, "").positions;
    const held = this.m.sql
      .exec<{ b: number }>("SELECT COALESCE(MAX(balance), 0) AS b FROM balances WHERE account = ?", account)
      .one().b;
    return { held, openMargin: positions.openMargin(this.m.sql, mode) };
  }
}
