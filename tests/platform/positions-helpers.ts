import { expect } from "vitest";
import { termsOf, type PairConfig, type Position } from "../../server/contract";
import { payoutAt, pnlAt, positionFee } from "#rules/position-math";
import { STOPPED_CLOCK_JS, objectStub, type Platform, type TestMember } from "../helpers/platform";
import { memberCall, memberIdOf } from "./money-helpers";

/**
 * Tools of the contract-trading fault suite (tests/platform/positions-faults.test.ts): an entry
 * around the real platform bundle in which the test decides every price, can hold a call between
 * two of its steps, and can make one step throw once; and the exactly-once audit over every member
 * of a site.
 *
 * The entry (createPlatform's `wrapEntry`), for tests only:
 * - a stopped clock, as CLOCK_ENTRY (`POST /__test__/clock`); set a day ahead of the real one, so
 *   no alarm fires by itself: a test runs the member's alarm and the market's deliveries by hand;
 * - a scripted feed: the market object's `adapter(config)` answers the ticks a test posted for
 *   the pair's name (`POST /__test__/script`), so every price is the test's;
 * - gates: `await pass(point)` at named points of the market's open and close holds a call there
 *   while the test does something else (`POST /__test__/gate` hold/release, `GET` how many wait);
 * - faults: a named step throws once (`POST /__test__/fault`), before or after its work:
 *   the market's open (its answer never comes back), the member's finishOpen (the second step of
 *   an open), applyCloses (a delivered close) and closedBy (the market's answer to a close), per
 *   member;
 * - `__settle()` waits for the market's delivery of closes, `__redeliver(id)` makes it deliver a
 *   close again, `__rows()` reads its positions; `__alarm()` (run it), `__alarmAt()`,
 *   `__clearAlarm()`, `__positions()` and `__postings()` on the member object; `__memberIds()` on
 *   the site object.
 * Module state is shared: the objects run in the entry's isolate under Miniflare.
 */
export const POSITIONS_ENTRY = `
  import worker, { MarketObject, MemberObject, SiteObject } from "./worker.js";
  export { OperatorObject } from "./worker.js";
  ${STOPPED_CLOCK_JS}

  const scripts = new Map();
  const faults = new Map();
  const gates = new Map();
  // A held call polls (a promise resolved from another request's context would not wake it).
  async function pass(point) {
    const gate = gates.get(point);
    if (!gate) return;
    gate.arrived += 1;
    while (gates.get(point) === gate) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  function takeFault(name) {
    const mode = faults.get(name);
    if (mode) faults.delete(name);
    return mode ?? null;
  }

  class TestMarketObject extends MarketObject {
    adapter(config) {
      const script = scripts.get(config.name);
      if (!script) return super.adapter(config);
      return { ticksAfter: (last, until) => script.filter((t) => t.second > last.second && t.second <= until) };
    }
    async openPosition(symbol, req) {
      if (takeFault("market.openPosition")) throw new Error("injected: the market's open is lost");
      await pass("market.openPosition:before");
      const answer = await super.openPosition(symbol, req);
      await pass("market.openPosition:after");
      return answer;
    }
    async findPosition(symbol, id) {
      const answer = await super.findPosition(symbol, id);
      await pass("market.findPosition:after");
      return answer;
    }
    async closePosition(symbol, id, practice) {
      await pass("market.closePosition:before");
      const answer = await super.closePosition(symbol, id, practice);
      await pass("market.closePosition:after");
      return answer;
    }
    async __settle() { await this.settleDeliveries(); }
    __redeliver(id) { this.ctx.storage.sql.exec("UPDATE positions SET delivered = 0 WHERE position_id = ?", id); }
    __rows() { return this.ctx.storage.sql.exec("SELECT * FROM positions ORDER BY opened_at, position_id").toArray(); }
  }

  class TestMemberObject extends MemberObject {
    memberFault(step) { return takeFault(step + ":" + (this.profile()?.member_id ?? "")); }
    async finishOpen(intent, market) {
      const mode = this.memberFault("member.finishOpen");
      if (mode === "before") throw new Error("injected crash before the open's second step");
      const answer = await super.finishOpen(intent, market);
      if (mode === "after") throw new Error("injected crash after the open's second step");
      return answer;
    }
    applyCloses(siteId, closes) {
      const mode = this.memberFault("member.applyCloses");
      if (mode === "before") throw new Error("injected crash before applying closes");
      const acked = super.applyCloses(siteId, closes);
      if (mode === "after") throw new Error("injected crash after applying closes");
      return acked;
    }
    closedBy(close) {
      if (this.memberFault("member.closedBy")) throw new Error("injected crash before applying the market's answer to a close");
      return super.closedBy(close);
    }
    async __alarm() { await this.alarm(); }
    async __alarmAt() { return this.ctx.storage.getAlarm(); }
    async __clearAlarm() { await this.ctx.storage.deleteAlarm(); }
    __positions() { return this.ctx.storage.sql.exec("SELECT * FROM positions ORDER BY seq").toArray(); }
    __postings() {
      return this.ctx.storage.sql
        .exec("SELECT operation_key AS operationKey, account, amount, type, reference FROM postings WHERE type LIKE 'position_%' ORDER BY id")
        .toArray();
    }
  }

  class TestSiteObject extends SiteObject {
    __memberIds() {
      return this.ctx.storage.sql.exec("SELECT member_id FROM accounts ORDER BY member_id").toArray().map((r) => r.member_id);
    }
  }

  export { TestMarketObject as MarketObject, TestMemberObject as MemberObject, TestSiteObject as SiteObject };

  export default {
    async fetch(request, env, ctx) {
      const { pathname, searchParams } = new URL(request.url);
      if (pathname === "/__test__/clock") {
        frozen = Number(await request.text());
        return new Response(new Date().toISOString());
      }
      if (pathname === "/__test__/script") {
        const { name, ticks } = await request.json();
        scripts.set(name, [...(scripts.get(name) ?? []), ...ticks]);
        return new Response("ok");
      }
      if (pathname === "/__test__/fault") {
        const { name, mode } = await request.json();
        faults.set(name, mode);
        return new Response("ok");
      }
      if (pathname === "/__test__/gate") {
        if (request.method === "GET") return Response.json({ arrived: gates.get(searchParams.get("point"))?.arrived ?? 0 });
        const { point, action } = await request.json();
        if (action === "hold") gates.set(point, { arrived: 0 });
        else gates.delete(point);
        return new Response("ok");
      }
      return worker.fetch(request, env, ctx);
    },
  };
`;

/** A pair only these tests use, its feed scripted from its start price. */
export const SCRIPTED_PAIR = "FLT-USDT";
export const START_PRICE = 1_000_000;
export const scriptedPair: PairConfig = {
  name: "FLT Walk",
  precision: 2,
  periodSeconds: 60,
  cutoffSeconds: 10,
  startPrice: START_PRICE,
  volatilityBp: 1,
  paused: false,
};

// the entry's controls -----------------------------------------------------------------------------

const post = async (platform: Platform, path: string, body: unknown) => {
  const response = await platform.fetch(path, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  expect(response.status, path).toBe(200);
};

export type Fault =
  "market.openPosition" | `member.finishOpen:${string}` | `member.applyCloses:${string}` | `member.closedBy:${string}`;
/** Makes `step` throw once, before or after its work. */
export const armFault = (platform: Platform, name: Fault, mode: "before" | "after" = "before") =>
  post(platform, "/__test__/fault", { name, mode });

export type GatePoint =
  | "market.openPosition:before"
  | "market.openPosition:after"
  | "market.findPosition:after"
  | "market.closePosition:before"
  | "market.closePosition:after";
export const holdGate = (platform: Platform, point: GatePoint) =>
  post(platform, "/__test__/gate", { point, action: "hold" });
export const releaseGate = (platform: Platform, point: GatePoint) =>
  post(platform, "/__test__/gate", { point, action: "release" });
/** Waits until a call is held at `point`. */
export async function arrivedAt(platform: Platform, point: GatePoint): Promise<void> {
  for (let i = 0; i < 400; i++) {
    const { arrived } = (await (await platform.fetch(`/__test__/gate?point=${point}`)).json()) as { arrived: number };
    if (arrived > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`nothing reached ${point}`);
}

/** The scripted market: the clock and the prices move only when the test says so. */
export class ScriptedMarket {
  price = START_PRICE;
  constructor(
    private readonly platform: Platform,
    public clock: number,
  ) {}

  async setClock(at: number): Promise<void> {
    this.clock = at;
    await post(this.platform, "/__test__/clock", String(at));
  }

  /** One second later, a tick at `price`, recorded by the market (every trigger checked at it); nothing delivered yet. */
  async tick(price: number): Promise<void> {
    await this.setClock(this.clock + 1000);
    await post(this.platform, "/__test__/script", {
      name: scriptedPair.name,
      ticks: [{ second: Math.floor(this.clock / 1000), price }],
    });
    this.price = price;
    const { envelope } = await this.platform.call("market", { params: { pair: SCRIPTED_PAIR } });
    expect(envelope.data?.price, "the market took the scripted tick").toBe(price);
  }

  private async stub() {
    return objectStub<MarketStub>(this.platform, "MARKET", SCRIPTED_PAIR);
  }

  /** The market's outbox delivered to the member objects (what the alarm does after a tick). */
  async settle(): Promise<void> {
    await (await this.stub()).__settle();
  }

  async redeliver(positionId: string): Promise<void> {
    await (await this.stub()).__redeliver(positionId);
  }

  async rows(): Promise<MarketRow[]> {
    return (await this.stub()).__rows();
  }
}

export type MarketRow = {
  position_id: string;
  site_id: string;
  member_id: string;
  side: string;
  notional: number;
  entry_price: number;
  close_reason: string | null;
  close_price: number | null;
  delivered: number;
};
type MarketStub = { __settle(): Promise<void>; __redeliver(id: string): Promise<void>; __rows(): Promise<MarketRow[]> };

export type MemberPositionRow = {
  id: string;
  request_key: string;
  pair: string;
  side: Position["side"];
  status: "opening" | "open" | "closed" | "void";
  margin: number;
  leverage: number;
  fee_ppm: number;
  stop_out_bp: number;
  open_fee: number;
  entry_price: number | null;
  close_price: number | null;
  close_reason: string | null;
  close_fee: number | null;
  pnl: number | null;
  payout: number | null;
  net: number | null;
};
type Posting = { operationKey: string; account: string; amount: number; type: string; reference: string };
type LedgerCheck = { mismatches: unknown[]; total: number; negative: unknown[]; balances: Record<string, number> };
type MemberStub = {
  __alarm(): Promise<void>;
  __alarmAt(): Promise<number | null>;
  __clearAlarm(): Promise<void>;
  __positions(): Promise<MemberPositionRow[]>;
  __postings(): Promise<Posting[]>;
  checkLedger(): Promise<LedgerCheck>;
  checkPositions(): Promise<{ held: number; openMargin: number }>;
  applyCloses(
    siteId: string,
    closes: { positionId: string; reason: string; price: number; second: number }[],
  ): Promise<string[]>;
};

export async function memberStub(platform: Platform, memberId: string): Promise<MemberStub> {
  return objectStub<MemberStub>(platform, "MEMBER", memberId);
}
export const stubOf = (platform: Platform, m: TestMember) => memberStub(platform, memberIdOf(m));

export async function siteMemberIds(platform: Platform, siteId: string): Promise<string[]> {
  return objectStub<{ __memberIds(): Promise<string[]> }>(platform, "SITE", siteId).__memberIds();
}

// the audit ----------------------------------------------------------------------------------------

/**
 * The exactly-once invariants over every member of the site (not only those the test remembers):
 * the ledger is sound; the positions account holds exactly the open positions' margins and is
 * never negative; each open or closed position has exactly one position_open entry and each
 * closed one exactly one position_close entry (intents and voided opens none); a close paid what
 * the arithmetic gives at its price, at most max(0, margin + pnl − closeFee), never below zero,
 * and no member lost more than margin + fees; and every close the member applied is the close the
 * market decided (same reason, same price), so no position closed twice in two ways.
 */
export async function expectExactlyOnce(
  platform: Platform,
  market: ScriptedMarket,
  siteId: string,
  context: string,
): Promise<void> {
  const marketRows = new Map((await market.rows()).map((r) => [r.position_id, r]));
  const statusOf = new Map<string, MemberPositionRow["status"]>();
  const members = await Promise.all(
    (await siteMemberIds(platform, siteId)).map(async (memberId) => {
      const stub = await memberStub(platform, memberId);
      const [ledger, held, postings, rows] = await Promise.all([
        stub.checkLedger(),
        stub.checkPositions(),
        stub.__postings(),
        stub.__positions(),
      ]);
      return { memberId, ledger, held, postings, rows };
    }),
  );
  for (const { memberId, ledger, held, postings, rows } of members) {
    const where = `${context}, member ${memberId}`;
    expect(ledger, `${where}: ledger`).toMatchObject({ mismatches: [], total: 0, negative: [] });
    expect(held.held, `${where}: positions account = open margin`).toBe(held.openMargin);
    expect(held.held, `${where}: positions account never negative`).toBeGreaterThanOrEqual(0);
    for (const p of rows) {
      statusOf.set(p.id, p.status);
      const mine = postings.filter((x) => x.reference === p.id);
      const entries = (type: string) => new Set(mine.filter((x) => x.type === type).map((x) => x.operationKey)).size;
      const moved = ["open", "closed"].includes(p.status);
      expect(entries("position_open"), `${where}: opens of ${p.id} (${p.status})`).toBe(moved ? 1 : 0);
      expect(entries("position_close"), `${where}: closes of ${p.id} (${p.status})`).toBe(
        p.status === "closed" ? 1 : 0,
      );
      const wallet = mine.filter((x) => x.account.startsWith("game:")).reduce((n, x) => n + x.amount, 0);
      if (p.status === "open") expect(wallet, `${where}: ${p.id} took margin + fee`).toBe(-(p.margin + p.open_fee));
      const m = marketRows.get(p.id);
      if (p.status === "closed") {
        const terms = termsOf({ ...p, entryPrice: p.entry_price!, feePpm: p.fee_ppm, stopOutBp: p.stop_out_bp });
        expect(p.pnl, `${where}: pnl of ${p.id}`).toBe(pnlAt(terms, p.close_price!));
        expect(p.close_fee, `${where}: close fee of ${p.id}`).toBe(positionFee(terms));
        expect(p.payout!, `${where}: payout of ${p.id} ≤ max(0, margin + pnl − fee)`).toBeLessThanOrEqual(
          Math.max(0, p.margin + p.pnl! - p.close_fee!),
        );
        expect(p.payout, `${where}: payout of ${p.id}`).toBe(payoutAt(terms, p.close_price!));
        expect(p.payout!, `${where}: payout of ${p.id} ≥ 0`).toBeGreaterThanOrEqual(0);
        expect(p.net, `${where}: net of ${p.id}`).toBe(p.payout! - p.margin - p.open_fee);
        expect(p.net!, `${where}: ${p.id} lost no more than margin + fees`).toBeGreaterThanOrEqual(
          -(p.margin + p.open_fee),
        );
        expect(wallet, `${where}: ${p.id}'s wallet net`).toBe(p.net);
        if (m)
          expect([m.close_reason, m.close_price], `${where}: ${p.id} closed as the market decided`).toEqual([
            p.close_reason,
            p.close_price,
          ]);
      }
      if (p.status === "open" && m) {
        // open here: open at the market too, or a close the market has not delivered yet
        expect(
          m.close_reason === null || m.delivered === 0,
          `${where}: ${p.id} open here, delivered closed there`,
        ).toBe(true);
      }
      if (p.status === "void" && m) expect(m.close_reason, `${where}: ${p.id} void here`).not.toBeNull();
    }
  }
  // nothing lost: what the market holds open of this site, a member holds (or is completing), and
  // what it delivered as closed, a member closed (or gave up)
  for (const m of marketRows.values()) {
    if (m.site_id !== siteId) continue;
    const status = statusOf.get(m.position_id) ?? "missing";
    if (m.close_reason === null)
      expect(["open", "opening"], `${context}: ${m.position_id} open at the market, ${status} at its member`).toContain(
        status,
      );
    else if (m.delivered === 1)
      expect(
        ["closed", "void"],
        `${context}: ${m.position_id} delivered ${m.close_reason}, ${status} at its member`,
      ).toContain(status);
  }
}

/** The member's open call (first game wallet, scripted pair, 10× by default). */
export function openPosition(
  platform: Platform,
  m: TestMember,
  body: Partial<{
    side: "long" | "short";
    margin: number;
    leverage: number;
    seenPrice: number;
    takeProfit: number | null;
    stopLoss: number | null;
  }>,
  key?: string,
) {
  return memberCall(platform, m, "openPosition", {
    body: {
      pair: SCRIPTED_PAIR,
      side: "long",
      margin: 1000,
      leverage: 10,
      seenPrice: START_PRICE,
      takeProfit: null,
      stopLoss: null,
      ...body,
    },
    key,
  });
}

export async function listPositions(platform: Platform, m: TestMember, status: "open" | "closed"): Promise<Position[]> {
  const { envelope } = await memberCall(platform, m, "positions", { query: { status, pageSize: "50" } as never });
  expect(envelope.statusCode, envelope.message).toBe(200);
  return envelope.data!.items;
}
