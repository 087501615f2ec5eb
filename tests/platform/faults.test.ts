import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CALLS,
  fillPath,
  IDEMPOTENCY_HEADER,
  SITE_HEADER,
  type CallBody,
  type CallName,
  type Envelope,
} from "../../server/contract";
import { BET_OPTIONS } from "#rules/bet-options";
import {
  auditMember,
  auditSite,
  faultSeed,
  FAULT_ENTRY,
  memberIdOf,
  memberObject,
  quiesce,
  seededRandom,
  setPlatformClock,
  siteObject,
  type MemberAudit,
} from "../helpers/faults";
import { createPlatform, TEST_OPERATOR_KEY, type Platform, type TestMember } from "../helpers/platform";
import { FAST_PAIR, fastPair } from "./game-helpers";
import { BANK_OPTION, bankBody, DEMO_OPTION, fund, MONEY_SITE, uploadAll } from "./money-helpers";

/**
 * Faults (server/platform/README.md, "Invariants"; tests/README.md, "Fault seeds"): requests
 * lost before or after the platform acted, clients that give up at random moments, member objects
 * that crash inside or right after a transaction, duplicates racing their original, alarms
 * delivered twice, operators deciding the same item twice at once. Every step is followed by a Jepsen-style audit of every member of the site.
 *
 * The schedule comes from a seeded PRNG (printed; FAULT_SEED=<n> replays it). The clock is stopped
 * a day ahead, so no alarm fires by itself: the schedule delivers every alarm. Which attempt of a
 * request the platform finished before its client gave up still depends on the machine; the
 * invariants hold whichever it was.
 */

const SEED = faultSeed("platform");
const CONFIG = {
  ...MONEY_SITE,
  depositOptions: [DEMO_OPTION, BANK_OPTION],
  pairs: [FAST_PAIR],
  odds: { high: 1.95, low: 1.95, odd: 1.95, even: 1.95, rise: 1.95, fall: 1.95, counter: 1.95, draw: 9 },
  minBetAmount: 100,
  maxBetAmount: 100_000,
} as const;
const GAMES = ["binary", "contract"] as const;

let platform: Platform;
let clock: number;
const ctx = (step: string) => `seed ${SEED}, ${step}`;

async function tick(to: number) {
  clock = to;
  await setPlatformClock(platform, to);
}

beforeAll(async () => {
  platform = await createPlatform({ wrapEntry: FAULT_ENTRY });
  // A period start a day ahead, plus half a second: no alarm comes due while the tests run.
  await tick(Math.ceil((Date.now() + 86_400_000) / 5000) * 5000 + 500);
  await platform.operator("operatorPutPair", { params: { pair: FAST_PAIR }, body: fastPair() });
});

/** Each group of tests has a site of its own, so that its audits read every member of it and no one else. */
let site = "";
async function openSite(siteId: string) {
  site = siteId;
  await platform.seedSite(siteId, CONFIG as never);
}
afterAll(() => platform?.dispose());

// requests under faults ---------------------------------------------------------------------------

type Fault = "none" | "client-abort" | "lose-request" | "lose-response" | "crash-after" | "crash-inside";
type Answer = { status: number; envelope: Envelope<unknown> };
type Attempt = { lost: true; fault: Fault } | ({ lost: false; fault: Fault } & Answer);

interface Sent {
  member: TestMember;
  name: CallName;
  key: string;
  answers: Answer[];
  /** an attempt was lost or crashed: the platform may have acted without the client knowing */
  uncertain: boolean;
  /** sent once more, cleanly, after the platform was quiet */
  resolved?: true;
}

const FAULT_WEIGHTS: Record<Fault, number> = {
  none: 40,
  "client-abort": 20,
  "lose-request": 10,
  "lose-response": 15,
  "crash-after": 8,
  "crash-inside": 7,
};

/** One attempt of a member call with `key`, with `fault` applied. */
async function attempt(
  m: TestMember,
  name: CallName,
  input: { body?: unknown; params?: Record<string, string> },
  key: string | undefined,
  fault: Fault,
  abortAfterMs: number,
): Promise<Attempt> {
  const spec = CALLS[name];
  const headers: Record<string, string> = { Authorization: `Bearer ${m.token}`, [SITE_HEADER]: m.siteId };
  if (key) headers[IDEMPOTENCY_HEADER] = key;
  if (fault === "lose-request" || fault === "lose-response") headers["X-Test-Fault"] = fault;
  if (fault === "crash-after" || fault === "crash-inside") {
    // refused when another request crashed the object just now: this attempt then goes unharmed
    await armCrash(m, fault === "crash-after" ? "after" : "inside", 1).catch(() => undefined);
  }
  const init: RequestInit = { method: spec.method, headers };
  if (input.body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(input.body);
  }
  const abort = new AbortController();
  if (fault === "client-abort") {
    init.signal = abort.signal;
    setTimeout(() => abort.abort(), abortAfterMs);
  }
  try {
    const response = await platform.fetch(fillPath(spec.path, input.params), init);
    if (response.headers.get("X-Test-Lost")) return { lost: true, fault };
    return { lost: false, fault, status: response.status, envelope: (await response.json()) as Envelope<unknown> };
  } catch (error) {
    if (fault === "client-abort") return { lost: true, fault };
    throw error;
  }
}

function makeSender(rng: ReturnType<typeof seededRandom>) {
  const log: Sent[] = [];
  /** attempts per fault, and how many of them the client never heard back from */
  const faults: Record<string, { sent: number; lost: number }> = {};
  const pickFault = () => rng.weighted(FAULT_WEIGHTS);
  const count = (r: Attempt) => {
    const c = (faults[r.fault] ??= { sent: 0, lost: 0 });
    c.sent += 1;
    if (r.lost || r.status === 500) c.lost += 1;
    return r;
  };

  /**
   * A keyed request as a careful client sends it: after a lost answer or a 500 (the outcome is
   * unknown) it retries with the same key; the fourth attempt onwards travels without faults.
   */
  async function keyed(
    m: TestMember,
    name: CallName,
    input: { body?: unknown; params?: Record<string, string> },
    key = rng.uuid(),
  ) {
    const sent: Sent = { member: m, name, key, answers: [], uncertain: false };
    log.push(sent);
    for (let n = 0; n < 8; n++) {
      const fault = n < 3 ? pickFault() : "none";
      const result = count(await attempt(m, name, input, key, fault, rng.int(0, 25)));
      if (result.lost) {
        sent.uncertain = true;
        continue;
      }
      sent.answers.push({ status: result.status, envelope: result.envelope });
      if (result.status !== 500) break;
      sent.uncertain = true;
    }
    return sent;
  }

  /** The same request (same key) sent `copies` times at once, each with its own fault and start delay. */
  async function duplicates(
    m: TestMember,
    name: CallName,
    input: { body?: unknown; params?: Record<string, string> },
    copies: number,
  ) {
    const key = rng.uuid();
    const sent: Sent = { member: m, name, key, answers: [], uncertain: false };
    log.push(sent);
    const plans = Array.from({ length: copies }, () => ({
      fault: pickFault(),
      delay: rng.int(0, 15),
      abortAfter: rng.int(0, 25),
    }));
    const results = await Promise.all(
      plans.map(async (plan) => {
        await new Promise((resolve) => setTimeout(resolve, plan.delay));
        return count(await attempt(m, name, input, key, plan.fault, plan.abortAfter));
      }),
    );
    for (const r of results) {
      if (r.lost) sent.uncertain = true;
      else {
        sent.answers.push({ status: r.status, envelope: r.envelope });
        if (r.status === 500) sent.uncertain = true;
      }
    }
    return sent;
  }

  /**
   * After the platform is quiet: a request whose outcome the client could not know is sent once
   * more, cleanly, with its key: it must answer what was stored (a replay) or act now, once.
   */
  async function resolveUncertain(input: (s: Sent) => { body?: unknown; params?: Record<string, string> }) {
    await quiesce(platform);
    for (const s of log) {
      if (!s.uncertain || s.resolved || s.answers.some((a) => a.status === 200)) continue;
      s.resolved = true;
      for (let n = 0; n < 3; n++) {
        const r = await attempt(s.member, s.name, input(s), s.key, "none", 0);
        if (r.lost) continue;
        s.answers.push({ status: r.status, envelope: r.envelope });
        if (r.status !== 500) break;
      }
    }
    await quiesce(platform);
  }

  return { log, faults, keyed, duplicates, resolveUncertain };
}

/**
 * Invariant 3 per key: every 200 a client saw for a key is the same answer, and it is the
 * response the member object stored with the key's one operation; a key whose every attempt was
 * answered with a refusal left no operation at all.
 */
function expectKeysOnce(log: Sent[], audits: Map<string, MemberAudit>, context: string) {
  for (const s of log) {
    const audit = audits.get(memberIdOf(s.member.token))!;
    const op = audit.operations.find((o) => o.key === `request:${s.key}`);
    const oks = s.answers.filter((a) => a.status === 200).map((a) => JSON.stringify(a.envelope));
    const where = `${context}: ${s.name} key ${s.key} answered ${JSON.stringify(s.answers.map((a) => a.envelope.message))}${s.uncertain ? " (uncertain)" : ""}`;
    for (const answer of s.answers) expect(answer.status, where).not.toBe(404);
    expect(new Set(oks).size, `${where}: identical successes`).toBeLessThanOrEqual(1);
    if (oks.length > 0) {
      expect(op, `${where}: stored operation`).toBeDefined();
      expect(JSON.parse(oks[0]!).data, where).toEqual(JSON.parse(op!.response));
    } else if (!s.uncertain) {
      expect(op, `${where}: a refused key leaves nothing`).toBeUndefined();
    }
    if (op) {
      expect(op.call, where).toBe(s.name);
      // after the quiet resend, an effect is never one its client did not hear of
      expect(oks.length, `${where}: an effect nobody was told of`).toBeGreaterThan(0);
    }
  }
}

// fixtures ----------------------------------------------------------------------------------------

async function member(): Promise<TestMember> {
  return platform.signupMember(site);
}

/** The member's alarm, by hand; a fresh stub each time, since a crash resets the object behind an old one. */
async function runAlarm(m: TestMember | string): Promise<void> {
  await (await memberObject(platform, typeof m === "string" ? m : memberIdOf(m.token))).__alarm();
}

async function armCrash(m: TestMember, when: "after" | "inside", countdown: number): Promise<void> {
  await (await memberObject(platform, memberIdOf(m.token))).__armCrash(when, countdown);
}

async function deliverOutbox(m: TestMember) {
  for (let n = 0; n < 4; n++) {
    await runAlarm(m).catch(() => undefined);
    if ((await auditMember(platform, memberIdOf(m.token))).outbox === 0) return;
  }
  throw new Error("the outbox was not delivered");
}

async function applyForBank(m: TestMember) {
  const files = await uploadAll(platform, m);
  const applied = await platform.call("bankApply", {
    token: m.token,
    siteId: m.siteId,
    body: bankBody(files),
    headers: { [IDEMPOTENCY_HEADER]: crypto.randomUUID() },
  });
  expect(applied.envelope.statusCode, applied.envelope.message).toBe(200);
  await deliverOutbox(m);
}

async function market() {
  const { envelope } = await platform.call("market", { params: { pair: FAST_PAIR } });
  expect(envelope.statusCode, envelope.message).toBe(200);
  return envelope.data!;
}

/**
 * Moves the clock past the end of the period taking bets now and its close's beacon round (at
 * most 3 s later, decision 031): every bet taken so far named it or one before it, so all of them
 * can settle.
 */
async function pastEveryBet() {
  await tick(Date.parse((await market()).next.endsAt) + 3_100);
}

const body = <N extends CallName>(_name: N, value: CallBody<N>) => value;

async function expectSettledFromRecordedPrices(audits: MemberAudit[], context: string) {
  const settled = audits.flatMap((a) => a.orders.filter((o) => o.status !== "open"));
  if (settled.length === 0) return;
  const needed = new Set(settled.map((o) => o.periodNo));
  const outcomes = new Map<string, Record<string, string> | null>();
  for (let page = 1; page <= 20 && [...needed].some((p) => !outcomes.has(p)); page++) {
    const quotes = await platform.call("quotes", {
      params: { pair: FAST_PAIR },
      query: { page: String(page), pageSize: "100" } as never,
    });
    for (const p of quotes.envelope.data!.items) outcomes.set(p.periodNo, p.outcomes);
    if (quotes.envelope.data!.items.length < 100) break;
  }
  const status = { win: "won", lose: "lost", refund: "refunded" } as const;
  for (const o of settled) {
    const outcome = outcomes.get(o.periodNo)?.[o.option] as keyof typeof status | undefined;
    expect(outcome, `${context}: the recorded outcome of ${o.periodNo}`).toBeDefined();
    expect(o.status, `${context}: bet ${o.id} on ${o.option} in ${o.periodNo}`).toBe(status[outcome!]);
  }
}

async function audit(log: Sent[], context: string) {
  await quiesce(platform);
  const { totals, audits } = await auditSite(platform, site, context);
  expectKeysOnce(log, new Map(audits.map((a) => [a.memberId, a])), context);
  await expectSettledFromRecordedPrices(audits, context);
  return { totals, audits };
}

// the tests ---------------------------------------------------------------------------------------

describe("requests lost at every point, then retried with the same key", { timeout: 120_000 }, () => {
  beforeAll(() => openSite("faults-retry"));
  it("has exactly one effect for deposits, transfers both ways, withdrawals and bets, whatever fault hit them", async () => {
    const rng = seededRandom(SEED);
    const sender = makeSender(rng);
    const m = await member();
    await applyForBank(m);
    await platform.operator("operatorApproveBank", {
      params: { siteId: site, memberId: memberIdOf(m.token) },
      body: { reason: "" },
    });
    const requests: [CallName, () => unknown][] = [
      ["deposit", () => body("deposit", { optionId: DEMO_OPTION.id, amount: rng.int(20, 40) * 1000 })],
      ["deposit", () => body("deposit", { optionId: BANK_OPTION.id, amount: rng.int(1, 5) * 1000 })],
      [
        "transfer",
        () => body("transfer", { direction: "in", gameCode: rng.pick(GAMES), amount: rng.int(5, 20) * 100 }),
      ],
      [
        "transfer",
        () => body("transfer", { direction: "out", gameCode: rng.pick(GAMES), amount: rng.int(1, 5) * 100 }),
      ],
      [
        "withdraw",
        () => body("withdraw", { amount: rng.int(1, 3) * 1000, transactionPassword: m.transactionPassword }),
      ],
      [
        "placeOrder",
        () => ({ pair: FAST_PAIR, option: rng.pick(BET_OPTIONS), amount: rng.int(1, 5) * 100, mode: "real" }),
      ],
    ];
    const faults: Fault[] = ["client-abort", "lose-request", "lose-response", "crash-after", "crash-inside"];
    for (const fault of faults) {
      for (const [name, make] of requests) {
        const input = { body: make() as Record<string, unknown> };
        if (name === "placeOrder") {
          await tick(Math.ceil(clock / 5000) * 5000 + 200);
          input.body.periodNo = (await market()).next.periodNo;
        }
        const key = rng.uuid();
        const first = await attempt(m, name, input, key, fault, rng.int(0, 25));
        const s: Sent = {
          member: m,
          name,
          key,
          answers: first.lost ? [] : [first],
          uncertain: first.lost || first.status === 500,
        };
        sender.log.push(s);
        await sender.resolveUncertain(() => input);
        const step = ctx(`${name} ${JSON.stringify(input.body)} after ${fault}`);
        if (!first.lost && first.status !== 500) {
          // the first attempt was answered: a retry with its key replays a success exactly
          const again = await attempt(m, name, input, key, "none", 0);
          expect(again.lost, step).toBe(false);
          if (!again.lost) {
            s.answers.push(again);
            if (first.status === 200) expect(again.envelope, step).toEqual(first.envelope);
          }
        }
        await audit(sender.log, step);
      }
    }
    // the bets settle once, after their period, even with a crash in the middle of the settlement
    await pastEveryBet();
    await armCrash(m, "after", 1);
    await runAlarm(m).catch(() => undefined);
    await runAlarm(m);
    const { audits } = await audit(sender.log, ctx("after settling"));
    const mine = audits.find((a) => a.memberId === memberIdOf(m.token))!;
    expect(
      mine.orders.filter((o) => o.status === "open"),
      ctx("nothing left open"),
    ).toEqual([]);
    expect(
      sender.log.every((s) => s.answers.length > 0),
      ctx("every key was answered in the end"),
    ).toBe(true);
  });

  it("answers concurrent duplicates of a request alike and acts once, while the first is still running", async () => {
    const rng = seededRandom(SEED + 1);
    const sender = makeSender(rng);
    const m = await member();
    await applyForBank(m);
    await platform.operator("operatorApproveBank", {
      params: { siteId: site, memberId: memberIdOf(m.token) },
      body: { reason: "" },
    });
    const inputs: [CallName, () => Promise<unknown>][] = [
      ["deposit", async () => body("deposit", { optionId: DEMO_OPTION.id, amount: 50_000 })],
      ["deposit", async () => body("deposit", { optionId: BANK_OPTION.id, amount: 2_000 })],
      ["transfer", async () => body("transfer", { direction: "in", gameCode: "binary", amount: 5_000 })],
      ["transfer", async () => body("transfer", { direction: "out", gameCode: "binary", amount: 1_000 })],
      ["withdraw", async () => body("withdraw", { amount: 3_000, transactionPassword: m.transactionPassword })],
      [
        "placeOrder",
        async () => {
          await tick(Math.ceil(clock / 5000) * 5000 + 200);
          return {
            pair: FAST_PAIR,
            periodNo: (await market()).next.periodNo,
            option: rng.pick(BET_OPTIONS),
            amount: 500,
            mode: "real",
          };
        },
      ],
    ];
    for (const [name, make] of inputs) {
      const input = { body: await make() };
      const s = await sender.duplicates(m, name, input, rng.int(3, 6));
      await sender.resolveUncertain(() => input);
      const step = ctx(`${s.answers.length} answered duplicates of ${name}`);
      const { audits } = await audit(sender.log, step);
      const mine = audits.find((a) => a.memberId === memberIdOf(m.token))!;
      // exactly one operation for the key: the stored answer every success repeated
      expect(
        mine.operations.filter((o) => o.key === `request:${s.key}`),
        step,
      ).toHaveLength(s.answers.some((a) => a.status === 200) ? 1 : 0);
      expect(s.answers.filter((a) => a.status === 200).length, step).toBeGreaterThan(0);
    }
  });
});

describe("settlement alarms", { timeout: 60_000 }, () => {
  beforeAll(() => openSite("faults-settle"));
  it("settles every bet once when the alarm is delivered twice at once, and after crashes inside and after its transactions", async () => {
    const rng = seededRandom(SEED + 2);
    const members = await Promise.all([member(), member()]);
    for (const m of members) {
      const funded = await attempt(
        m,
        "deposit",
        { body: { optionId: DEMO_OPTION.id, amount: 100_000 } },
        crypto.randomUUID(),
        "none",
        0,
      );
      expect(funded.lost ? null : funded.envelope.message).toBe("ok");
      const moved = await attempt(
        m,
        "transfer",
        { body: { direction: "in", gameCode: "binary", amount: 100_000 } },
        crypto.randomUUID(),
        "none",
        0,
      );
      expect(moved.lost ? null : moved.envelope.message).toBe("ok");
    }
    for (const [round, crash] of (["after", "inside", "none", "after"] as const).entries()) {
      // bets in three periods in a row, so one alarm settles several periods (and a crash lands between them)
      for (let period = 0; period < 3; period++) {
        await tick(Math.ceil(clock / 5000) * 5000 + 200);
        const periodNo = (await market()).next.periodNo;
        for (const m of members) {
          for (const option of ["high", "odd", "rise", "counter", "draw"] as const) {
            const r = await attempt(
              m,
              "placeOrder",
              { body: { pair: FAST_PAIR, periodNo, option, amount: rng.int(1, 5) * 100, mode: "real" } },
              crypto.randomUUID(),
              "none",
              0,
            );
            expect(r.lost ? null : r.envelope.message, ctx(`bet in round ${round}`)).toBe("ok");
          }
        }
      }
      await pastEveryBet();
      const [a, b] = members as [TestMember, TestMember];
      if (crash !== "none") await armCrash(a, crash, rng.int(1, 3));
      const runs = await Promise.allSettled([runAlarm(a), runAlarm(a), runAlarm(b), runAlarm(b)]);
      if (crash !== "none")
        expect(
          runs.some((r) => r.status === "rejected"),
          ctx(`the crash ${crash} happened`),
        ).toBe(true);
      // the runtime delivers the alarm again after a crash: twice more, one of them concurrent with a bet
      await Promise.all([runAlarm(a), runAlarm(a), runAlarm(b)]);
      const { audits } = await audit([], ctx(`round ${round}, crash ${crash}`));
      for (const a of audits.filter((x) => members.some((m) => memberIdOf(m.token) === x.memberId))) {
        expect(
          a.orders.filter((o) => o.status === "open"),
          ctx(`open bets after round ${round}`),
        ).toEqual([]);
      }
    }
  });
});

describe("operators deciding the same item twice at once", { timeout: 60_000 }, () => {
  beforeAll(() => openSite("faults-operator"));
  type Decision = { name: CallName; params: Record<string, string>; wins: string };

  /** Sends the decisions at once, each answer maybe lost; exactly one wins, the rest answer already_decided. */
  async function race(rng: ReturnType<typeof seededRandom>, decisions: Decision[], context: string): Promise<string> {
    const answers = await Promise.all(
      decisions.map(async (d) => {
        const fault = rng.pick(["none", "none", "lose-response", "client-abort"] as const);
        const headers: Record<string, string> = {
          Authorization: `Bearer ${TEST_OPERATOR_KEY}`,
          "Content-Type": "application/json",
        };
        if (fault === "lose-response") headers["X-Test-Fault"] = fault;
        const abort = new AbortController();
        if (fault === "client-abort") setTimeout(() => abort.abort(), rng.int(0, 20));
        try {
          const response = await platform.fetch(fillPath(CALLS[d.name].path, d.params), {
            method: "POST",
            headers,
            body: JSON.stringify({ reason: `decided by ${d.name}` }),
            signal: fault === "client-abort" ? abort.signal : undefined,
          });
          if (response.headers.get("X-Test-Lost")) return { fault, answer: null };
          return { fault, answer: { d, envelope: (await response.json()) as Envelope<{ status: string }> } };
        } catch {
          return { fault, answer: null };
        }
      }),
    );
    await quiesce(platform);
    const answered = answers.flatMap((a) => (a.answer ? [a.answer] : []));
    const winners = answered.filter((a) => a.envelope.statusCode === 200);
    expect(winners.length, context).toBeLessThanOrEqual(1);
    for (const a of answered)
      if (a.envelope.statusCode !== 200) expect(a.envelope.message, context).toBe("already_decided");
    // every answer lost: the operator asks again and hears that it is decided. Only when every
    // copy was aborted by the client may none have been sent before its abort (on a busy machine
    // an abort 0 to 20 ms on can come first): then this one decides, and is the winner
    const again = await platform.operator(decisions[0]!.name, {
      params: decisions[0]!.params as never,
      body: { reason: "again" } as never,
    });
    const allAborted = answers.every((a) => a.fault === "client-abort");
    if (!allAborted || winners.length > 0) expect(again.envelope.message, context).toBe("already_decided");
    else expect(["already_decided", "ok"], context).toContain(again.envelope.message);
    return winners[0]?.d.wins ?? (again.envelope.statusCode === 200 ? decisions[0]!.wins : "");
  }

  it("lets exactly one of approve and reject win for withdrawals, deposits and bank applications, with answers lost", async () => {
    const rng = seededRandom(SEED + 3);
    for (let round = 0; round < 3; round++) {
      const m = await member();
      const memberId = memberIdOf(m.token);
      await applyForBank(m);
      const bankWinner = await race(
        rng,
        rng.chance(0.5)
          ? [
              { name: "operatorApproveBank", params: { siteId: site, memberId }, wins: "approved" },
              { name: "operatorRejectBank", params: { siteId: site, memberId }, wins: "rejected" },
            ]
          : [
              { name: "operatorRejectBank", params: { siteId: site, memberId }, wins: "rejected" },
              { name: "operatorApproveBank", params: { siteId: site, memberId }, wins: "approved" },
              { name: "operatorApproveBank", params: { siteId: site, memberId }, wins: "approved" },
            ],
        ctx(`bank application, round ${round}`),
      );
      const bank = (await auditMember(platform, memberId)).bank;
      if (bankWinner) expect(bank, ctx("bank status")).toBe(bankWinner);
      expect(["approved", "rejected"], ctx("bank decided")).toContain(bank);

      const funded = await attempt(
        m,
        "deposit",
        { body: { optionId: DEMO_OPTION.id, amount: 50_000 } },
        crypto.randomUUID(),
        "none",
        0,
      );
      expect(funded.lost ? null : funded.envelope.message).toBe("ok");
      const pendingDeposit = await attempt(
        m,
        "deposit",
        { body: { optionId: BANK_OPTION.id, amount: 7_000 } },
        crypto.randomUUID(),
        "none",
        0,
      );
      const depositId = (pendingDeposit as Answer).envelope.data as { id: string };
      const items: Decision[][] = [
        [
          { name: "operatorConfirmDeposit", params: { siteId: site, id: depositId.id }, wins: "credited" },
          { name: "operatorRefuseDeposit", params: { siteId: site, id: depositId.id }, wins: "refused" },
          { name: "operatorConfirmDeposit", params: { siteId: site, id: depositId.id }, wins: "credited" },
        ],
      ];
      if (bank === "approved") {
        const w = await attempt(
          m,
          "withdraw",
          { body: { amount: 5_000, transactionPassword: m.transactionPassword } },
          crypto.randomUUID(),
          "none",
          0,
        );
        const id = ((w as Answer).envelope.data as { id: string }).id;
        items.push([
          { name: "operatorRejectWithdrawal", params: { siteId: site, id }, wins: "rejected" },
          { name: "operatorApproveWithdrawal", params: { siteId: site, id }, wins: "paid" },
          { name: "operatorRejectWithdrawal", params: { siteId: site, id }, wins: "rejected" },
        ]);
      }
      await deliverOutbox(m);
      for (const decisions of items) {
        const step = ctx(`${decisions[0]!.name} race, round ${round}`);
        const winner = await race(rng, decisions, step);
        const { audits } = await audit([], step);
        const a = audits.find((x) => x.memberId === memberId)!;
        const item = [...a.deposits, ...a.withdrawals].find((x) => x.id === decisions[0]!.params.id)!;
        expect(item.status, step).not.toBe("pending");
        if (winner) expect(item.status, step).toBe(winner);
        const decisionOps = a.operations.filter((o) => o.key.endsWith(`${decisions[0]!.params.id}:decision`));
        expect(decisionOps, step).toHaveLength(1);
      }
    }
  });
});

describe("a seeded schedule of everything at once", { timeout: 120_000 }, () => {
  beforeAll(() => openSite("faults-schedule"));
  it("keeps the invariants over every member after every step", async () => {
    const rng = seededRandom(SEED + 4);
    const sender = makeSender(rng);
    const members = await Promise.all([member(), member(), member(), member()]);
    // every member starts with money (a plain demo deposit), so whatever the schedule draws, money
    // flows through transfers, bets and withdrawals under its faults
    for (const m of members) await fund(platform, m, 50_000);
    for (const m of members) await applyForBank(m);
    // two can withdraw from the start; the others wait for an operator's decision in the schedule
    for (const m of members.slice(0, 2)) {
      const approved = await platform.operator("operatorApproveBank", {
        params: { siteId: site, memberId: memberIdOf(m.token) },
        body: { reason: "" },
      });
      expect(approved.envelope.message).toBe("ok");
    }
    const inputsBySent = new Map<string, { body?: unknown; params?: Record<string, string> }>();
    const remember = async (p: Promise<Sent>, input: { body?: unknown }) => {
      const s = await p;
      inputsBySent.set(s.key, input);
      return s;
    };

    /**
     * A request of the member, mostly one its balances allow (so that money flows all the way to
     * bets, payouts and paid withdrawals), sometimes any amount (a refusal is a step too).
     */
    const money = async (m: TestMember): Promise<[CallName, { body: unknown }]> => {
      const { balances } = (await auditMember(platform, memberIdOf(m.token))).ledger;
      const afford = (balance: number, step: number, max: number) =>
        rng.chance(0.8) && balance >= step
          ? rng.int(1, Math.min(max, Math.floor(balance / step))) * step
          : rng.int(1, max) * step;
      const game = rng.pick(GAMES);
      const kind = rng.weighted({ demoDeposit: 3, bankDeposit: 1, transferIn: 3, transferOut: 2, withdraw: 3, bet: 3 });
      switch (kind) {
        case "demoDeposit":
          return ["deposit", { body: { optionId: DEMO_OPTION.id, amount: rng.int(1, 30) * 1000 } }];
        case "bankDeposit":
          return ["deposit", { body: { optionId: BANK_OPTION.id, amount: rng.int(1, 10) * 1000 } }];
        case "transferIn":
          return [
            "transfer",
            { body: { direction: "in", gameCode: game, amount: afford(balances.main ?? 0, 100, 100) } },
          ];
        case "transferOut":
          return [
            "transfer",
            { body: { direction: "out", gameCode: game, amount: afford(balances[`game:${game}`] ?? 0, 100, 50) } },
          ];
        case "withdraw":
          // amount + 1.5 % + 1.00 must fit: about 1,116 for each 1,000
          return [
            "withdraw",
            {
              body: {
                amount: (afford(balances.main ?? 0, 1116, 20) / 1116) * 1000,
                transactionPassword: m.transactionPassword,
              },
            },
          ];
        case "bet":
          return [
            "placeOrder",
            {
              body: {
                pair: FAST_PAIR,
                periodNo: (await market()).next.periodNo,
                option: rng.pick(BET_OPTIONS),
                amount: afford(balances["game:binary"] ?? 0, 100, 30),
                mode: "real",
              },
            },
          ];
      }
    };

    const counts: Record<string, number> = {};
    for (let step = 0; step < 28; step++) {
      const action = rng.weighted({ request: 5, duplicates: 2, burst: 2, decisions: 2, alarms: 2, clock: 2 });
      counts[action] = (counts[action] ?? 0) + 1;
      let m = rng.pick(members);
      switch (action) {
        case "request": {
          const [name, input] = await money(m);
          await remember(sender.keyed(m, name, input), input);
          break;
        }
        case "duplicates": {
          const [name, input] = await money(m);
          await remember(sender.duplicates(m, name, input, rng.int(2, 4)), input);
          break;
        }
        case "burst": {
          // different requests of one member at once: they interleave at every await of the platform
          const planned = await Promise.all(Array.from({ length: rng.int(2, 4) }, () => money(m)));
          await Promise.all(planned.map(([name, input]) => remember(sender.keyed(m, name, input), input)));
          break;
        }
        case "decisions": {
          // the operator works the queue: a member with something waiting, withdrawals first
          const waiting = await Promise.all(members.map((x) => auditMember(platform, memberIdOf(x.token))));
          const withWithdrawal = members.filter((_, i) => waiting[i]!.withdrawals.some((x) => x.status === "pending"));
          if (withWithdrawal.length > 0) m = rng.pick(withWithdrawal);
          await deliverOutbox(m);
          const a = await auditMember(platform, memberIdOf(m.token));
          const params = { siteId: site };
          const choices: { name: CallName; params: Record<string, string> }[][] = [];
          const w = a.withdrawals.find((x) => x.status === "pending");
          if (w)
            choices.push([
              { name: "operatorApproveWithdrawal", params: { ...params, id: w.id } },
              { name: "operatorRejectWithdrawal", params: { ...params, id: w.id } },
            ]);
          const d = a.deposits.find((x) => x.status === "pending");
          if (d)
            choices.push([
              { name: "operatorConfirmDeposit", params: { ...params, id: d.id } },
              { name: "operatorRefuseDeposit", params: { ...params, id: d.id } },
            ]);
          if (a.bank === "under_review") {
            const memberId = memberIdOf(m.token);
            choices.push([
              { name: "operatorApproveBank", params: { ...params, memberId } },
              { name: "operatorRejectBank", params: { ...params, memberId } },
            ]);
          }
          if (choices.length === 0) break;
          // withdrawals first, more often than not, so that money also leaves the site
          const pair = w && rng.chance(0.6) ? choices[0]! : rng.pick(choices);
          const decide = (decision: (typeof pair)[number]) =>
            platform.operator(decision.name, {
              params: decision.params as never,
              body: { reason: "schedule" } as never,
            });
          const results = await Promise.all((rng.chance(0.5) ? pair : [...pair].reverse()).map(decide));
          const messages = results.map((r) => r.envelope.message).sort();
          const where = ctx(`step ${step}: ${pair[0]!.name} race ${JSON.stringify(messages)}`);
          // a crash armed earlier (by a request that never reached a transaction) may hit a decision
          expect(
            messages.every((x) => ["ok", "already_decided", "internal_error"].includes(x)),
            where,
          ).toBe(true);
          expect(messages.filter((x) => x === "ok").length, where).toBeLessThanOrEqual(1);
          if (!messages.includes("internal_error")) expect(messages, where).toEqual(["already_decided", "ok"]);
          await quiesce(platform);
          const after = await auditMember(platform, memberIdOf(m.token));
          const undecided =
            after.withdrawals.some((x) => x.id === pair[0]!.params.id && x.status === "pending") ||
            after.deposits.some((x) => x.id === pair[0]!.params.id && x.status === "pending") ||
            (pair[0]!.name === "operatorApproveBank" && after.bank === "under_review");
          if (undecided) expect((await decide(pair[0]!)).envelope.message, where).toBe("ok");
          else expect((await decide(pair[1]!)).envelope.message, where).toBe("already_decided");
          break;
        }
        case "alarms": {
          if (rng.chance(0.5))
            await armCrash(m, rng.pick(["after", "inside"] as const), rng.int(1, 3)).catch(() => undefined);
          await Promise.allSettled(Array.from({ length: rng.int(2, 3) }, () => runAlarm(m)));
          await runAlarm(m).catch(() => undefined);
          break;
        }
        case "clock":
          await tick(clock + rng.int(300, 4_000));
          break;
      }
      await sender.resolveUncertain((s) => inputsBySent.get(s.key)!);
      await audit(sender.log, ctx(`step ${step} (${action})`));
    }

    // the end of the day: every period ends, every member's alarm runs, no bet of the site stays open
    await pastEveryBet();
    for (const memberId of await (await siteObject(platform, site)).__memberIds()) {
      await runAlarm(memberId).catch(() => undefined);
      await runAlarm(memberId);
    }
    const { totals, audits } = await audit(sender.log, ctx("the end"));
    expect(
      audits.flatMap((a) => a.orders).filter((o) => o.status === "open"),
      ctx("open bets at the end"),
    ).toEqual([]);
    console.log(
      `[faults] platform schedule ${SEED + 4}: ${JSON.stringify({
        steps: counts,
        totals,
        answers: sender.log.reduce<Record<string, number>>((tally, x) => {
          const last = `${x.name}: ${x.answers[x.answers.length - 1]?.envelope.message ?? "lost"}`;
          return { ...tally, [last]: (tally[last] ?? 0) + 1 };
        }, {}),
        faults: sender.faults,
      })}`,
    );
    // the schedule really moved money and really lost requests
    expect(totals.moneyIn, ctx("money moved")).toBeGreaterThan(0);
    expect(
      sender.log.some((s) => s.uncertain),
      ctx("some requests were lost"),
    ).toBe(true);
  });
});
