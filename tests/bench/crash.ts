import { randomInt, randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { CallBody, CallData, CallName, Envelope, Position } from "../../server/contract";
import type { BetOption } from "#rules/bet-options";
import { localOperatorKey } from "../../server/cli/local/dev-vars";
import { auditCrash, type CrashAudit } from "./crash-audit";
import { Client, newJournal, Server, type Mode } from "./crash-journal";
import { ROOT, SITE_ID } from "./config";
import { startStack, type Stack } from "./stack";
import { pool, sleep } from "./stats";

type MarketState = CallData<"market">;

/**
 * The crash scenario (tests/README.md, "Benchmark"): the product as deployed (serve.ts) on a state
 * folder that survives restarts, members driving every money and game call with deliberate
 * replays and conflicting bodies, and the whole server killed with SIGKILL several times — with
 * requests in flight, within ~200 ms of a period's end with open bets, and as a tick crosses many
 * stop-outs — then restarted on the same state while every unanswered request is sent again with
 * its key until answered. Afterwards every answered key is replayed once more (after an operator
 * took the bet pair off the site and each member changed the transaction password, which must not
 * change a stored answer), and crash-audit.ts judges the journal against the members' books.
 */

export interface CrashOptions {
  members: number;
  kills: number;
  /** how long the members trade, kills included */
  seconds: number;
  log: (line: string) => void;
}

export type KillKind = "in-flight" | "period-end" | "stop-out";

export interface KillRecord {
  kind: KillKind;
  at: string;
  /** requests sent and not answered when the group was killed */
  inFlight: number;
  note: string;
  /** seconds from the kill until the restarted server answered */
  restartSeconds: number;
}

export interface CrashResult extends CrashAudit {
  members: number;
  seconds: number;
  /** every request sent, every one sent again after no answer, deliberate replays and conflicting bodies */
  requests: number;
  unanswered: number;
  replays: number;
  conflicts: number;
  keys: number;
  operatorCalls: number;
  calls: Record<string, number>;
  kills: KillRecord[];
  notEnvelopes: string[];
}

/** The bet pair: short periods, so many end (and settle) during the run. */
const BET_PAIR = "CRB-USDT";
/** The position pair: volatile, so 100× positions stop out within seconds. */
const POSITION_PAIR = "CRP-USDT";
const BET_PAIR_CONFIG = {
  name: "CRB Walk",
  precision: 2,
  periodSeconds: 10,
  cutoffSeconds: 2,
  startPrice: 6_000_000,
  volatilityBp: 2,
  paused: false,
};
const POSITION_PAIR_CONFIG = {
  name: "CRP Walk",
  precision: 2,
  periodSeconds: 60,
  cutoffSeconds: 10,
  startPrice: 300_000,
  volatilityBp: 30,
  paused: false,
};
const STATE = "tests/.tmp/bench-crash-state";
/** every key of the last run with all its answers, the conflicts, operator calls and kills */
const JOURNAL_FILE = "tests/.tmp/bench-crash-journal.json";
const PASSWORD = "crash-login-1";
const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const OPTIONS: BetOption[] = ["high", "low", "odd", "even", "rise", "fall", "counter", "draw"];

interface Member {
  n: number;
  account: string;
  token: string;
  transactionPassword: string;
  /** estimates from the last wallets read, to size amounts (refusals are fine, most should pass) */
  main: number;
  game: number;
  open: Map<string, { mode: Mode; side: "long" | "short" }>;
}

/** A small deterministic generator per member, so two runs choose alike. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

export async function crashScenario(options: CrashOptions): Promise<CrashResult> {
  const { log } = options;
  const journal = newJournal();
  const server = new Server();
  const client = new Client(journal, server, localOperatorKey());
  const kills: KillRecord[] = [];
  let stack: Stack = await startStack({ stateDir: STATE, clockControl: false });
  try {
    // the pairs, on the demo site
    for (const [pair, config] of [
      [BET_PAIR, BET_PAIR_CONFIG],
      [POSITION_PAIR, POSITION_PAIR_CONFIG],
    ] as const) {
      const put = await client.operator("operatorPutPair", { params: { pair }, body: config });
      if (put.statusCode !== 200) throw new Error(`operatorPutPair ${pair}: ${put.statusCode} ${put.message}`);
    }
    const site = await client.must(undefined, "siteInfo", { params: { siteId: SITE_ID } });
    const added = await client.operator("operatorPutSite", {
      params: { siteId: SITE_ID },
      body: { pairs: [...site.pairs, BET_PAIR, POSITION_PAIR] },
    });
    if (added.statusCode !== 200) throw new Error(`operatorPutSite: ${added.statusCode} ${added.message}`);
    const gameCode = site.games[0]!.code;
    const leverages = site.contractSettings.leverageOptions;
    const topLeverage = leverages[leverages.length - 1]!;

    const run = randomInt(100, 1000);
    log(`  ${options.members} members: sign-up, bank account, a confirmed deposit, a transfer`);
    const members = await pool(
      Array.from({ length: options.members }, (_, n) => n),
      4,
      (n) => setUpMember(client, run, n, gameCode),
    );

    // the market states, read at most twice a second for everyone
    const markets = new Map<string, { at: number; state: Promise<MarketState> }>();
    const market = (pair: string): Promise<MarketState> => {
      const cached = markets.get(pair);
      if (cached && Date.now() - cached.at < 500) return cached.state;
      const state = client.must(undefined, "market", { params: { pair } });
      markets.set(pair, { at: Date.now(), state });
      state.catch(() => markets.delete(pair));
      return state;
    };

    const began = Date.now();
    const endAt = began + options.seconds * 1000;
    let stopping = false;

    /**
     * One call as the scenario's clients make it: now and then two copies at once, a replay after
     * the answer, or the same key with another body.
     */
    async function act<N extends CallName>(
      m: Member,
      rng: () => number,
      name: N,
      input: { params?: unknown; body?: CallBody<N>; mode?: Mode },
      conflictBody?: (body: CallBody<N>) => CallBody<N>,
    ): Promise<Envelope<unknown>> {
      const roll = rng();
      const args = input as never;
      if (roll < 0.05) {
        const key = randomUUID();
        const [first] = await Promise.all([
          client.member(m.n, m.token, name, args, key),
          client.member(m.n, m.token, name, args, key),
        ]);
        return first.envelope;
      }
      const first = await client.member(m.n, m.token, name, args);
      if (roll < 0.2) await client.member(m.n, m.token, name, args, first.key);
      else if (roll < 0.28 && conflictBody && input.body) {
        await client.member(m.n, m.token, name, { ...input, body: conflictBody(input.body) } as never, first.key);
      }
      return first.envelope;
    }

    async function decideWithdrawal(id: string, rng: () => number) {
      const params = { siteId: SITE_ID, id };
      const roll = rng();
      if (roll < 0.1) {
        // two operators decide at once: one decision may take effect, never both
        await Promise.all([
          client.operator("operatorApproveWithdrawal", { params, body: { reason: "" } }),
          client.operator("operatorRejectWithdrawal", { params, body: { reason: "two at once" } }),
        ]);
      } else if (roll < 0.2) {
        await Promise.all([
          client.operator("operatorApproveWithdrawal", { params, body: { reason: "" } }),
          client.operator("operatorApproveWithdrawal", { params, body: { reason: "" } }),
        ]);
      } else if (roll < 0.4) await client.operator("operatorRejectWithdrawal", { params, body: { reason: "refused" } });
      else await client.operator("operatorApproveWithdrawal", { params, body: { reason: "" } });
    }

    async function openPosition(
      m: Member,
      rng: () => number,
      mode: Mode,
      side: "long" | "short",
      leverage: number,
      replays = true,
    ) {
      const state = await market(POSITION_PAIR);
      if (state.price === null) return;
      const body: CallBody<"openPosition"> = {
        pair: POSITION_PAIR,
        side,
        margin: 100 + Math.floor(rng() * 200),
        leverage,
        seenPrice: state.price,
        takeProfit: null,
        stopLoss: null,
        mode,
      };
      const answer = replays
        ? await act(m, rng, "openPosition", { body, mode }, (b) => ({ ...b, margin: b.margin + 1 }))
        : (await client.member(m.n, m.token, "openPosition", { body, mode })).envelope;
      if (answer.statusCode === 200) m.open.set((answer.data as Position).id, { mode, side });
    }

    async function memberLoop(m: Member) {
      const rng = random(run * 1000 + m.n);
      let step = 0;
      while (!stopping && Date.now() < endAt) {
        step += 1;
        if (step % 6 === 1) {
          const wallets = await client.read(m.token, "wallets");
          if (wallets.statusCode === 200 && wallets.data) {
            m.main = wallets.data.main.balance;
            m.game = wallets.data.games.find((g) => g.code === gameCode)?.balance ?? 0;
          }
        }
        const roll = rng() * 100;
        const mode: Mode = rng() < 0.25 ? "practice" : "real";
        if (roll < 28) {
          const state = await market(BET_PAIR);
          const amount = 100 * (1 + Math.floor(rng() * 4));
          await act(
            m,
            rng,
            "placeOrder",
            {
              body: {
                pair: BET_PAIR,
                periodNo: state.next.periodNo,
                option: OPTIONS[Math.floor(rng() * OPTIONS.length)]!,
                amount,
                mode,
              },
              mode,
            },
            (b) => ({ ...b, amount: b.amount + 100 }),
          );
        } else if (roll < 42) {
          if (m.open.size >= 6) continue;
          await openPosition(
            m,
            rng,
            mode,
            rng() < 0.5 ? "long" : "short",
            leverages[Math.floor(rng() * leverages.length)]!,
          );
        } else if (roll < 54) {
          const [id, open] = [...m.open.entries()][Math.floor(rng() * m.open.size)] ?? [];
          if (!id || !open) continue;
          const answer = await act(m, rng, "closePosition", {
            params: { id },
            body: { mode: open.mode },
            mode: open.mode,
          });
          if (
            answer.statusCode === 200 ||
            answer.message === "position_closed" ||
            answer.message === "position_not_found"
          )
            m.open.delete(id);
        } else if (roll < 60) {
          const [id, open] = [...m.open.entries()][Math.floor(rng() * m.open.size)] ?? [];
          if (!id || !open) continue;
          const state = await market(POSITION_PAIR);
          if (state.price === null) continue;
          const up = Math.round(state.price * 1.01);
          const down = Math.round(state.price * 0.99);
          const body = {
            ...(open.side === "long" ? { takeProfit: up, stopLoss: down } : { takeProfit: down, stopLoss: up }),
            mode: open.mode,
          };
          await client.member(m.n, m.token, "setPositionTriggers", { params: { id }, body, mode: open.mode });
        } else if (roll < 70) {
          // now and then more than the main account holds: a refusal that must change nothing
          const amount = rng() < 0.1 ? m.main + 1_000 : 100 + Math.floor(rng() * Math.max(100, m.main / 3));
          await act(m, rng, "transfer", { body: { direction: "in", gameCode, amount } }, (b) => ({
            ...b,
            amount: b.amount + 1,
          }));
        } else if (roll < 78) {
          const amount = rng() < 0.1 ? m.game + 1_000 : 100 + Math.floor(rng() * Math.max(100, m.game / 4));
          await act(m, rng, "transfer", { body: { direction: "out", gameCode, amount } }, (b) => ({
            ...b,
            amount: b.amount + 1,
          }));
        } else if (roll < 88) {
          const amount = 1_000 + 100 * Math.floor(rng() * 40);
          const answer = await act(m, rng, "deposit", { body: { optionId: "bank-transfer", amount } }, (b) => ({
            ...b,
            amount: b.amount + 100,
          }));
          if (answer.statusCode === 200) {
            const id = (answer.data as { id: string }).id;
            const params = { siteId: SITE_ID, id };
            if (rng() < 0.2)
              await Promise.all([
                client.operator("operatorConfirmDeposit", { params, body: { reason: "" } }),
                client.operator("operatorConfirmDeposit", { params, body: { reason: "" } }),
              ]);
            else await client.operator("operatorConfirmDeposit", { params, body: { reason: "" } });
          }
        } else if (roll < 96) {
          const amount = 1_000 + 100 * Math.floor(rng() * 10);
          const answer = await act(
            m,
            rng,
            "withdraw",
            { body: { amount, transactionPassword: m.transactionPassword } },
            (b) => ({ ...b, amount: b.amount + 100 }),
          );
          if (answer.statusCode === 200) await decideWithdrawal((answer.data as { id: string }).id, rng);
        } else {
          await client.read(m.token, "practice", { mode: "practice" });
        }
      }
    }

    // the kills, spread over the run; the first with requests in flight, the second at a period's
    // end, the third as a tick crosses many stop-outs, the rest with requests in flight
    const plan: KillKind[] = Array.from({ length: options.kills }, (_, i) =>
      i === 1 ? "period-end" : i === 2 ? "stop-out" : "in-flight",
    );
    const crash = async (kind: KillKind, note: string) => {
      server.down();
      const inFlight = server.inFlight;
      const at = new Date().toISOString();
      const start = Date.now();
      await stack.kill();
      stack = await startStack({ stateDir: STATE, keepState: true, clockControl: false, appendLog: true });
      const restartSeconds = (Date.now() - start) / 1000;
      server.up();
      kills.push({ kind, at, inFlight, note, restartSeconds });
      log(
        `  kill ${kills.length} (${kind}): ${inFlight} requests in flight; ${note}; back in ${restartSeconds.toFixed(1)} s`,
      );
    };
    const killer = async () => {
      for (let i = 0; i < plan.length; i++) {
        await sleep(began + ((i + 1) * (endAt - began)) / (plan.length + 1) - Date.now());
        if (stopping) return;
        const kind = plan[i]!;
        if (kind === "in-flight") {
          const deadline = Date.now() + 5_000;
          while (server.inFlight === 0 && Date.now() < deadline) await sleep(5);
          await crash(kind, `${((Date.now() - began) / 1000) | 0} s into the run`);
        } else if (kind === "period-end") {
          const state = await client.must(undefined, "market", { params: { pair: BET_PAIR } });
          const ends = Date.parse(state.current.endsAt);
          const bets = [...journal.keys.values()].filter(
            (e) =>
              e.call === "placeOrder" &&
              e.answers.some(
                (a) => a.includes(`"periodNo":"${state.current.periodNo}"`) && a.startsWith('{"statusCode":200'),
              ),
          ).length;
          const offset = randomInt(-150, 150);
          await sleep(ends + offset - Date.now());
          await crash(
            kind,
            `${offset >= 0 ? "+" : ""}${offset} ms from the end of period ${state.current.periodNo} with ${bets} bets on it`,
          );
        } else {
          // the burst: with the pair paused (at once: no new tick, its last one good for 5 s)
          // every member opens a long and a short at the top leverage, so all share one entry
          // price; resumed, the first tick past one side's stop-out crosses all of that side
          const rng = random(run);
          const pause = (paused: boolean) =>
            client.operator("operatorPutPair", {
              params: { pair: POSITION_PAIR },
              body: { ...POSITION_PAIR_CONFIG, paused },
            });
          await pause(true);
          markets.delete(POSITION_PAIR);
          await Promise.all(
            members.map(async (m) => {
              await openPosition(m, rng, "real", "long", topLeverage, false);
              await openPosition(m, rng, "real", "short", topLeverage, false);
            }),
          );
          await pause(false);
          const open = await pool(
            members,
            8,
            async (m) =>
              (await client.must(m.token, "positions", { query: { status: "open", page: 1, pageSize: 100 } })).items,
          );
          const tops = open.flat().filter((p) => p.leverage === topLeverage);
          const longLiq = Math.max(...tops.filter((p) => p.side === "long").map((p) => p.liquidationPrice));
          const shortLiq = Math.min(...tops.filter((p) => p.side === "short").map((p) => p.liquidationPrice));
          const deadline = Date.now() + 60_000;
          let price = (await market(POSITION_PAIR)).price ?? 0;
          while (price > longLiq && price < shortLiq && Date.now() < deadline) {
            await sleep(100);
            price = (await client.must(undefined, "market", { params: { pair: POSITION_PAIR } })).price ?? price;
          }
          const crossing = tops.filter((p) =>
            p.side === "long" ? price <= p.liquidationPrice : price >= p.liquidationPrice,
          ).length;
          await crash(
            kind,
            crossing > 0
              ? `a tick at ${price} crossed ${crossing} of ${tops.length} open ${topLeverage}× stop-outs`
              : `no tick crossed a stop-out within 60 s (${tops.length} open at ${topLeverage}×)`,
          );
        }
      }
    };

    log(`  trading for ${options.seconds} s with ${plan.length} kills`);
    const killing = killer().catch((error: unknown) => {
      // a restart that failed ends the run: the members' waiting requests fail instead of hanging
      stopping = true;
      server.fail(error);
      throw error;
    });
    const trading = Promise.all(members.map((m) => memberLoop(m)));
    await Promise.all([trading.finally(() => (stopping = true)), killing]);

    log("  after the run: decisions, closes, settlement, then every answered key once more");
    await finishRun(client, members);
    // an operator takes the bet pair off the site; each member changes the transaction password:
    // neither may change what a stored answer says
    const now = await client.must(undefined, "siteInfo", { params: { siteId: SITE_ID } });
    await client.operator("operatorPutSite", {
      params: { siteId: SITE_ID },
      body: { pairs: now.pairs.filter((p) => p !== BET_PAIR) },
    });
    for (const m of members) {
      const next = `${m.transactionPassword}x`;
      const changed = await client.member(m.n, m.token, "changeTransactionPassword", {
        body: { oldTransactionPassword: m.transactionPassword, newTransactionPassword: next },
      });
      if (changed.envelope.statusCode === 200) m.transactionPassword = next;
    }
    const answered = [...journal.keys.values()].filter((e) => e.answers.some((a) => a.startsWith('{"statusCode":200')));
    await pool(answered, 8, async (entry) => {
      const m = members[entry.member]!;
      entry.answersBeforeFinal = entry.answers.length;
      await client.member(
        m.n,
        m.token,
        entry.call,
        { body: JSON.parse(entry.body) as never, params: JSON.parse(entry.params) as never, mode: entry.mode },
        entry.key,
      );
    });

    log("  audit");
    const audit = await auditCrash(client, members);
    // every key with its answers, to look into a violation after the run
    writeFileSync(
      join(ROOT, JOURNAL_FILE),
      JSON.stringify(
        { keys: [...journal.keys.values()], conflicts: journal.conflicts, operatorCalls: journal.operatorCalls, kills },
        null,
        1,
      ),
    );
    const entries = [...journal.keys.values()];
    const calls: Record<string, number> = {};
    for (const e of entries) calls[e.call] = (calls[e.call] ?? 0) + 1;
    return {
      ...audit,
      members: members.length,
      seconds: options.seconds,
      requests: journal.sent,
      unanswered: journal.unanswered,
      replays: entries.reduce((n, e) => n + e.replays, 0),
      conflicts: journal.conflicts.length,
      keys: entries.length,
      operatorCalls: journal.operatorCalls.length,
      calls,
      kills,
      notEnvelopes: journal.notEnvelopes,
    };
  } finally {
    await stack.stop();
  }
}

/** A member with an approved bank account, a confirmed bank deposit and game funds; every call in the journal. */
async function setUpMember(client: Client, run: number, n: number, gameCode: string): Promise<Member> {
  const account = `crash${run}_${n}`;
  const transactionPassword = "crash-trade-2";
  const signup = await client.read(undefined, "signup", {
    body: {
      siteId: SITE_ID,
      account,
      password: PASSWORD,
      transactionPassword,
      realName: `Crash Member ${n}`,
      areaCode: "+886",
      mobile: `09${run}${String(n).padStart(5, "0")}`,
    },
  });
  if (signup.statusCode !== 200 && signup.message !== "account_exists")
    throw new Error(`signup: ${signup.statusCode} ${signup.message}`);
  const { token } = await client.must(undefined, "signin", { body: { siteId: SITE_ID, account, password: PASSWORD } });
  const files: string[] = [];
  for (const kind of ["id_front", "id_back", "passbook"] as const) {
    const file = new Blob([new Uint8Array(PNG_1X1)], { type: "image/png" });
    files.push((await client.must(token, "upload", { body: { kind }, file })).fileId);
  }
  const bank = await client.member(n, token, "bankApply", {
    body: {
      bank: "Crash Bank",
      branch: "Main",
      accountName: `Crash Member ${n}`,
      accountNumber: "0015-123-456789",
      currency: "USD",
      address: "1 Test Road",
      idFrontFileId: files[0]!,
      idBackFileId: files[1]!,
      passbookFileId: files[2]!,
    },
  });
  if (bank.envelope.statusCode !== 200)
    throw new Error(`bankApply: ${bank.envelope.statusCode} ${bank.envelope.message}`);
  const deposit = await client.member(n, token, "deposit", { body: { optionId: "bank-transfer", amount: 50_000 } });
  if (deposit.envelope.statusCode !== 200)
    throw new Error(`deposit: ${deposit.envelope.statusCode} ${deposit.envelope.message}`);
  await client.operator("operatorConfirmDeposit", {
    params: { siteId: SITE_ID, id: deposit.envelope.data!.id },
    body: { reason: "" },
  });
  await client.member(n, token, "transfer", { body: { direction: "in", gameCode, amount: 20_000 } });
  await client.must(token, "practice", { mode: "practice" });
  return { n, account, token, transactionPassword, main: 30_000, game: 20_000, open: new Map() };
}

/** Pending deposits confirmed, pending withdrawals approved, every position closed, every bet settled. */
async function finishRun(client: Client, members: Member[]): Promise<void> {
  const mine = new Set(members.map((m) => m.account));
  const deposits = await client.operator("operatorDeposits", {
    params: { siteId: SITE_ID },
    query: { status: "pending" },
  });
  for (const d of deposits.data ?? []) {
    if (mine.has(d.account))
      await client.operator("operatorConfirmDeposit", { params: { siteId: SITE_ID, id: d.id }, body: { reason: "" } });
  }
  const withdrawals = await client.operator("operatorWithdrawals", {
    params: { siteId: SITE_ID },
    query: { status: "pending" },
  });
  for (const w of withdrawals.data ?? []) {
    if (mine.has(w.account))
      await client.operator("operatorApproveWithdrawal", {
        params: { siteId: SITE_ID, id: w.id },
        body: { reason: "" },
      });
  }
  await pool(members, 4, async (m) => {
    for (const mode of ["real", "practice"] as const) {
      for (;;) {
        const open = await client.must(m.token, "positions", {
          query: { status: "open", page: 1, pageSize: 100 },
          mode,
        });
        if (open.items.length === 0) break;
        for (const p of open.items)
          await client.member(m.n, m.token, "closePosition", { params: { id: p.id }, body: { mode }, mode });
        await sleep(200);
      }
    }
  });
  const deadline = Date.now() + 90_000;
  for (const m of members) {
    for (const mode of ["real", "practice"] as const) {
      while ((await client.must(m.token, "ticketQuery", { mode })).length > 0 && Date.now() < deadline)
        await sleep(1_000);
    }
  }
}
