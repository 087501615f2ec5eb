import { expect } from "vitest";
import { STOPPED_CLOCK_JS, objectStub, type Platform } from "./platform";

/**
 * Tools of the fault suites (tests/platform/faults.test.ts, tests/site/faults.test.ts): a seeded
 * schedule, a platform entry that can lose requests and crash member objects, and a Jepsen-style
 * audit of the invariants (server/platform/README.md, "Invariants") over every member of a site.
 */

// the schedule ------------------------------------------------------------------------------------

export interface Random {
  readonly seed: number;
  /** a float in [0, 1) */
  next(): number;
  /** an integer in [min, max] */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  /** picks a key of `weights` with probability proportional to its weight */
  weighted<K extends string>(weights: Record<K, number>): K;
  /** a version-4-shaped UUID from the schedule (same seed, same keys) */
  uuid(): string;
}

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const hex = (n: number) => Array.from({ length: n }, () => int(0, 15).toString(16)).join("");
  return {
    seed,
    next,
    int,
    pick: (items) => items[int(0, items.length - 1)]!,
    chance: (p) => next() < p,
    weighted(weights) {
      const entries = Object.entries(weights) as [keyof typeof weights, number][];
      let roll = next() * entries.reduce((sum, [, w]) => sum + w, 0);
      for (const [key, weight] of entries) {
        roll -= weight;
        if (roll < 0) return key;
      }
      return entries[entries.length - 1]![0];
    },
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${(8 + int(0, 3)).toString(16)}${hex(3)}-${hex(12)}`,
  };
}

/** The schedule `npm test` runs: the same every time, so a run is repeatable. */
export const DEFAULT_FAULT_SEED = 20261122;

/**
 * The seed of a run: FAULT_SEED when set (a number replays that schedule; `random` explores a new
 * one), else DEFAULT_FAULT_SEED. It is printed, and every assertion message of the suites carries
 * it, so a failing schedule can be run again.
 */
export function faultSeed(suite: string): number {
  const fromEnv = process.env.FAULT_SEED;
  const seed =
    fromEnv === "random" ? Math.floor(Math.random() * 2 ** 32) : fromEnv ? Number(fromEnv) >>> 0 : DEFAULT_FAULT_SEED;
  console.log(`[faults] ${suite}: seed ${seed} (replay with FAULT_SEED=${seed})`);
  return seed;
}

// the platform under faults -----------------------------------------------------------------------

/**
 * An entry around the real platform bundle (createPlatform's `wrapEntry`), for tests only:
 * - `POST /__test__/clock` stops the isolate's clock at the posted epoch ms ("" lets it run again),
 *   as CLOCK_ENTRY does; objects of the platform share the isolate, so they see the same clock;
 * - the `X-Test-Fault` header loses a request: `lose-request` never reaches the platform,
 *   `lose-response` is handled in full and its answer thrown away (status 599, `X-Test-Lost`);
 * - every request runs to its end even when its client goes away (`waitUntil`), and
 *   `GET /__test__/inflight` counts the ones still running, so a test can wait for quiet;
 * - a member object can be armed to crash (`ctx.abort()`, a real reset: its memory is gone) at
 *   its n-th next transaction: inside it (rolled back), or right after it, where, as in a real
 *   crash, the runtime may or may not have made its writes durable yet (no answer is given either way);
 * - `__alarm()` delivers the member's alarm by hand; `__audit()` and `__dump()` read its tables;
 *   the site object's `__memberIds()` lists every member of the site's directory.
 */
export const FAULT_ENTRY = `
  import worker, { MarketObject, MemberObject, SiteObject } from "./worker.js";
  export { OperatorObject } from "./worker.js";

  ${STOPPED_CLOCK_JS}

  const dumpTables = (sql) => {
    const tables = sql.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name").toArray();
    return JSON.stringify(tables.map(({ name }) => [name, sql.exec('SELECT * FROM "' + name + '" ORDER BY rowid').toArray()]));
  };

  class TestMemberObject extends MemberObject {
    constructor(ctx, env) {
      super(ctx, env);
      const storage = ctx.storage;
      const commit = storage.transactionSync.bind(storage);
      this.crash = null;
      storage.transactionSync = (work) => {
        const crash = this.crash;
        if (!crash || --crash.countdown > 0) return commit(work);
        this.crash = null;
        if (crash.when === "inside") {
          try { commit(() => { work(); throw new Error("injected: rolled back"); }); } catch {}
        } else commit(work);
        this.ctx.abort("injected crash " + crash.when + " a transaction");
        throw new Error("injected crash " + crash.when + " a transaction");
      };
    }
    __armCrash(when, countdown) { this.crash = { when, countdown }; }
    async __alarm() { await this.alarm(); }
    __audit() {
      const sql = this.ctx.storage.sql;
      const rows = (query) => sql.exec(query).toArray();
      return JSON.stringify({
        ledger: this.checkLedger(),
        deposits: rows("SELECT id, amount, status FROM deposits"),
        transfers: rows("SELECT id, direction, game_code AS gameCode, amount FROM transfers"),
        withdrawals: rows("SELECT id, amount, fee, status FROM withdrawals"),
        orders: rows("SELECT id, pair, period_no AS periodNo, option, amount, odds_bp AS oddsBp, status, payout, game_code AS gameCode FROM orders"),
        // the answers that did something: a refusal kept as its key's answer (refusal not null) did nothing
        operations: rows("SELECT key, call, response FROM operations WHERE refusal IS NULL"),
        postings: rows("SELECT account, amount, type, reference FROM postings"),
        bank: rows("SELECT status FROM bank_account")[0]?.status ?? "none",
        outbox: rows("SELECT COUNT(*) AS n FROM outbox")[0].n,
      });
    }
    __dump() { return dumpTables(this.ctx.storage.sql); }
  }

  class TestSiteObject extends SiteObject {
    __memberIds() {
      return this.ctx.storage.sql.exec("SELECT member_id FROM accounts ORDER BY member_id").toArray().map((r) => r.member_id);
    }
    __dump() { return dumpTables(this.ctx.storage.sql); }
  }

  export { MarketObject, TestMemberObject as MemberObject, TestSiteObject as SiteObject };

  let inflight = 0;
  const lost = () => new Response(null, { status: 599, headers: { "X-Test-Lost": "1" } });

  export default {
    async fetch(request, env, ctx) {
      const { pathname } = new URL(request.url);
      if (pathname === "/__test__/clock") {
        const text = await request.text();
        frozen = text === "" ? null : Number(text);
        return new Response(new Date().toISOString());
      }
      if (pathname === "/__test__/inflight") return Response.json({ inflight });
      const fault = request.headers.get("X-Test-Fault");
      if (fault === "lose-request") return lost();
      const headers = new Headers(request.headers);
      headers.delete("X-Test-Fault");
      inflight += 1;
      const work = worker.fetch(new Request(request, { headers }), env, ctx).finally(() => { inflight -= 1; });
      ctx.waitUntil(work.catch(() => undefined));
      if (fault === "lose-response") {
        await work.catch(() => undefined);
        return lost();
      }
      return work;
    },
  };
`;

export const memberIdOf = (token: string) => Buffer.from(token, "base64url").toString().split(".")[1]!;

type TestMemberStub = {
  __armCrash(when: "after" | "inside", countdown: number): Promise<void>;
  __alarm(): Promise<void>;
  __audit(): Promise<string>;
  __dump(): Promise<string>;
};
type TestSiteStub = { __memberIds(): Promise<string[]>; __dump(): Promise<string> };

export async function memberObject(platform: Platform, memberId: string): Promise<TestMemberStub> {
  return objectStub<TestMemberStub>(platform, "MEMBER", memberId);
}

export async function siteObject(platform: Platform, siteId: string): Promise<TestSiteStub> {
  return objectStub<TestSiteStub>(platform, "SITE", siteId);
}

/** Stops the platform's clock at `at` (epoch ms); null lets it run. */
export async function setPlatformClock(platform: Platform, at: number | null): Promise<void> {
  const response = await platform.fetch("/__test__/clock", { method: "POST", body: at === null ? "" : String(at) });
  expect(response.status).toBe(200);
}

/** Waits until no request is running on the platform any more (lost and abandoned ones included). */
export async function quiesce(platform: Platform, timeoutMs = 15_000): Promise<void> {
  const start = Date.now();
  for (;;) {
    const { inflight } = (await (await platform.fetch("/__test__/inflight")).json()) as { inflight: number };
    if (inflight === 0) return;
    if (Date.now() - start > timeoutMs)
      throw new Error(`${inflight} platform requests still running after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// the audit ---------------------------------------------------------------------------------------

export interface MemberAudit {
  memberId: string;
  ledger: {
    mismatches: unknown[];
    total: number;
    negative: unknown[];
    balances: Record<string, number>;
  };
  deposits: { id: string; amount: number; status: "pending" | "credited" | "refused" }[];
  transfers: { id: string; direction: "in" | "out"; gameCode: string; amount: number }[];
  withdrawals: { id: string; amount: number; fee: number; status: "pending" | "paid" | "rejected" }[];
  orders: {
    id: string;
    pair: string;
    periodNo: string;
    option: string;
    amount: number;
    oddsBp: number;
    status: "open" | "won" | "lost" | "refunded";
    payout: number;
    gameCode: string;
  }[];
  operations: { key: string; call: string; response: string }[];
  postings: { account: string; amount: number; type: string; reference: string }[];
  bank: "none" | "under_review" | "approved" | "rejected";
  outbox: number;
}

export async function auditMember(platform: Platform, memberId: string): Promise<MemberAudit> {
  const stub = await memberObject(platform, memberId);
  return { memberId, ...(JSON.parse(await stub.__audit()) as Omit<MemberAudit, "memberId">) };
}

const own = (account: string) => account === "main" || account === "hold" || account.startsWith("game:");

/** Per account, the sum of the postings with this reference (accounts that net to zero left out). */
function netOf(postings: MemberAudit["postings"], reference: string): Record<string, number> {
  const net: Record<string, number> = {};
  for (const p of postings) if (p.reference === reference) net[p.account] = (net[p.account] ?? 0) + p.amount;
  for (const [account, amount] of Object.entries(net)) if (amount === 0) delete net[account];
  return net;
}

const withoutZeros = (net: Record<string, number>) =>
  Object.fromEntries(Object.entries(net).filter(([, v]) => v !== 0));

/** What each kind of row must have moved in the ledger, from its own recorded state. */
function expectedNet(a: MemberAudit): Map<string, Record<string, number>> {
  const expected = new Map<string, Record<string, number>>();
  for (const d of a.deposits)
    expected.set(d.id, d.status === "credited" ? { "external:deposit": -d.amount, main: d.amount } : {});
  for (const t of a.transfers) {
    const game = `game:${t.gameCode}`;
    expected.set(
      t.id,
      t.direction === "in" ? { main: -t.amount, [game]: t.amount } : { [game]: -t.amount, main: t.amount },
    );
  }
  for (const w of a.withdrawals) {
    const held = w.amount + w.fee;
    expected.set(
      w.id,
      withoutZeros(
        w.status === "pending"
          ? { main: -held, hold: held }
          : w.status === "paid"
            ? { main: -held, "external:withdrawal": w.amount, fees: w.fee }
            : {},
      ),
    );
  }
  for (const o of a.orders) {
    const game = `game:${o.gameCode}`;
    expected.set(o.id, withoutZeros({ [game]: o.payout - o.amount, house: o.amount - o.payout }));
  }
  return expected;
}

/** The ids a kind of request's stored responses name: one per operation, so a duplicate shows twice. */
function answeredIds(a: MemberAudit, call: string): string[] {
  return a.operations
    .filter((op) => op.call === call && op.key.startsWith("request:"))
    .map((op) => (JSON.parse(op.response) as { id: string }).id)
    .sort();
}

export interface Totals {
  members: number;
  /** confirmed deposits */
  moneyIn: number;
  /** paid withdrawals plus their fees */
  moneyOut: number;
  /** main + hold + game wallets of every member */
  balances: number;
  /** stakes of every bet minus what settlements paid back */
  betsNet: number;
}

/**
 * The invariants over one member, from its own tables: every balance equals its postings, postings
 * sum to zero, nothing own is negative; each deposit, transfer, withdrawal and bet row is the
 * effect of exactly one stored request (no double effect, no effect without a request); each row
 * moved exactly what its state says (a double credit shows as a wrong net); every settled bet has
 * exactly one settlement operation, with the payout its odds give.
 */
export function expectSoundMember(a: MemberAudit, context: string): void {
  const where = `${context}, member ${a.memberId}`;
  expect(a.ledger.mismatches, `${where}: balances against postings`).toEqual([]);
  expect(a.ledger.total, `${where}: postings sum to zero`).toBe(0);
  expect(a.ledger.negative, `${where}: negative balances`).toEqual([]);

  for (const [call, rows] of [
    ["deposit", a.deposits],
    ["transfer", a.transfers],
    ["withdraw", a.withdrawals],
    ["placeOrder", a.orders],
  ] as const) {
    expect(answeredIds(a, call), `${where}: one ${call} row per stored request`).toEqual(rows.map((r) => r.id).sort());
  }
  const expected = expectedNet(a);
  for (const [reference, net] of expected) {
    expect(netOf(a.postings, reference), `${where}: what ${reference} moved`).toEqual(net);
  }
  const known = new Set(expected.keys());
  expect(
    a.postings.filter((p) => !known.has(p.reference)),
    `${where}: postings of no deposit, transfer, withdrawal or bet`,
  ).toEqual([]);

  const settlements = new Map<string, number>();
  for (const op of a.operations)
    if (op.key.startsWith("settle:")) settlements.set(op.key.slice(7), (settlements.get(op.key.slice(7)) ?? 0) + 1);
  for (const o of a.orders) {
    expect(settlements.get(o.id) ?? 0, `${where}: settlements of bet ${o.id} (${o.status})`).toBe(
      o.status === "open" ? 0 : 1,
    );
    const won = Math.floor((o.amount * o.oddsBp) / 10_000);
    const payout = { open: 0, lost: 0, won, refunded: o.amount }[o.status];
    expect(o.payout, `${where}: payout of bet ${o.id} (${o.status})`).toBe(payout);
  }
}

/**
 * The Jepsen bank check over every member the site's directory lists (not only those the test
 * remembers): money in = money out + every balance + what the bets kept, and each member sound.
 */
export async function auditSite(
  platform: Platform,
  siteId: string,
  context: string,
): Promise<{ totals: Totals; audits: MemberAudit[] }> {
  const ids = await (await siteObject(platform, siteId)).__memberIds();
  const audits = await Promise.all(ids.map((id) => auditMember(platform, id)));
  const totals: Totals = { members: audits.length, moneyIn: 0, moneyOut: 0, balances: 0, betsNet: 0 };
  for (const a of audits) {
    expectSoundMember(a, context);
    totals.moneyIn += a.deposits.filter((d) => d.status === "credited").reduce((sum, d) => sum + d.amount, 0);
    totals.moneyOut += a.withdrawals.filter((w) => w.status === "paid").reduce((sum, w) => sum + w.amount + w.fee, 0);
    totals.balances += Object.entries(a.ledger.balances)
      .filter(([account]) => own(account))
      .reduce((sum, [, balance]) => sum + balance, 0);
    totals.betsNet += a.orders.reduce((sum, o) => sum + o.amount - o.payout, 0);
  }
  expect(totals.moneyIn, `${context}: money in = out + balances + bets (${JSON.stringify(totals)})`).toBe(
    totals.moneyOut + totals.balances + totals.betsNet,
  );
  return { totals, audits };
}
