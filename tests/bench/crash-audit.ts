import { isKeysAnswer, type LedgerRecord, type Order, type Position } from "../../server/contract";
import type { Client, KeyEntry, Mode } from "./crash-journal";
import { pool } from "./stats";

/**
 * The crash scenario's audit (crash.ts): the journal of every answer against each member's books
 * as the platform reports them afterwards. A violation is one of these kinds; the budget is zero.
 *
 * - `replay_answered_differently`: a key whose answers (same body) were not all the same bytes,
 *   one of them a 200: a client that retried was told something else than what happened;
 * - `refusals_differ`: a key refused twice, differently;
 *   (answers that are no key's answer, "send it again" — a 429, an ended session, another bet still
 *   running: contract/idempotency.ts — are left out of both)
 * - `conflict_accepted`: the same key with another body was not refused after the first body's
 *   200; `conflict_accepted_after_refusal`: the same after the first body's kept refusal;
 * - `200_without_one_effect`: a 200 whose deposit, transfer, withdrawal, bet or position the
 *   member's lists hold not exactly once;
 * - `effect_without_200`: an item in those lists that no 200 named (a refusal, or an unanswered
 *   request's retry answered with a refusal, that acted anyway);
 * - `negative_balance`, `ledger_mismatch` (a balance not the sum of its records, or its newest
 *   record's balance-after), `money_not_conserved` (the real balances against confirmed deposits,
 *   paid withdrawals, settled bets, closed positions and the platform's own credits),
 *   `practice_not_conserved` (the same in play money);
 * - `bet_not_settled_once`, `position_not_closed_once`: still open, or a stake, settlement, open
 *   or close recorded other than once;
 * - `decision_not_once`: a deposit credited, or a withdrawal paid or returned, other than once; or
 *   an approval and a rejection of one withdrawal both answered 200.
 */

export interface Violation {
  kind: string;
  count: number;
  /** how many of each cause (for a key's answers: the call and the answers' messages) */
  causes: Record<string, number>;
  /** the first example of each cause, then others, at most eight */
  examples: string[];
}

export interface CrashAudit {
  violations: Violation[];
  violationCount: number;
  totals: {
    depositsConfirmed: number;
    withdrawalsPaid: number;
    betsNet: number;
    positionsNet: number;
    platformCredits: number;
    balances: number;
    bets: number;
    positions: number;
    stopOuts: number;
  };
}

interface AuditMember {
  n: number;
  account: string;
  token: string;
}

const OK = '{"statusCode":200';

/** Whether an answer (an envelope's text) is its key's answer for good (contract/idempotency.ts). */
function kept(answer: string): boolean {
  try {
    const { statusCode, message } = JSON.parse(answer) as { statusCode: number; message: string };
    return isKeysAnswer(statusCode, message);
  } catch {
    return false;
  }
}

export async function auditCrash(client: Client, members: AuditMember[]): Promise<CrashAudit> {
  const found = new Map<string, Violation>();
  const violate = (kind: string, example: string, cause = kind) => {
    const v = found.get(kind) ?? { kind, count: 0, causes: {}, examples: [] };
    v.count += 1;
    const first = v.causes[cause] === undefined;
    v.causes[cause] = (v.causes[cause] ?? 0) + 1;
    if (v.examples.length < 8 && (first || v.examples.length < 3)) v.examples.push(example);
    found.set(kind, v);
  };
  const journal = client.journal;

  // every key: one answer, byte for byte; answers that are no key's answer ("send it again": a
  // 429, an ended session, another bet still running; contract/idempotency.ts) may come before it
  for (const entry of journal.keys.values()) {
    const distinct = [...new Set(entry.answers.filter(kept))];
    if (distinct.length <= 1) continue;
    const kind = distinct.some((a) => a.startsWith(OK)) ? "replay_answered_differently" : "refusals_differ";
    // during the run, or only when the final round replayed it (after the pair left the site and
    // the transaction password changed)
    const during = new Set(entry.answers.slice(0, entry.answersBeforeFinal ?? entry.answers.length)).size > 1;
    const cause = `${entry.call}: ${distinct.map((a) => brief(a).split(" ").slice(0, 2).join(" ")).join(" then ")} (${during ? "during the run" : "final replay"})`;
    violate(
      kind,
      `${entry.call} (${entry.mode}) key ${entry.key} got ${distinct.length} answers: ${distinct.map(brief).join(" | ")}`,
      cause,
    );
  }
  for (const conflict of journal.conflicts) {
    if (!conflict.answers.some((a) => a.startsWith(OK))) continue;
    // a key is bound to its first body by the first answer kept under it, a refusal as much as a
    // 200; before any was kept (only "send it again" answers), another body is a new request
    const first = journal.keys.get(conflict.key);
    if (!first?.answers.some(kept)) continue;
    const bound = first.answers.some((a) => a.startsWith(OK));
    const example = `${conflict.call} key ${conflict.key}: first body ${first ? brief(first.answers[0]!) : "—"}, other body ${brief(conflict.answers[0]!)}`;
    violate(bound ? "conflict_accepted" : "conflict_accepted_after_refusal", example, conflict.call);
  }

  const totals: CrashAudit["totals"] = {
    depositsConfirmed: 0,
    withdrawalsPaid: 0,
    betsNet: 0,
    positionsNet: 0,
    platformCredits: 0,
    balances: 0,
    bets: 0,
    positions: 0,
    stopOuts: 0,
  };
  const byMember = new Map<number, KeyEntry[]>();
  for (const entry of journal.keys.values()) byMember.set(entry.member, [...(byMember.get(entry.member) ?? []), entry]);
  // operator decisions by withdrawal id: which answered 200
  const decisions = new Map<string, Set<string>>();
  for (const call of journal.operatorCalls) {
    if (call.call !== "operatorApproveWithdrawal" && call.call !== "operatorRejectWithdrawal") continue;
    if (!call.answers.some((a) => a.startsWith(OK))) continue;
    const id = (JSON.parse(call.params) as { id: string }).id;
    decisions.set(id, (decisions.get(id) ?? new Set()).add(call.call));
  }
  for (const [id, calls] of decisions)
    if (calls.size > 1) violate("decision_not_once", `withdrawal ${id}: both approved and rejected with 200`);

  await pool(members, 4, async (m) => {
    const who = m.account;
    const read = <T>(work: () => Promise<T>) => work();
    const pages = async <T>(
      name: "deposits" | "transfers" | "withdrawals" | "records" | "orders" | "positions",
      mode: Mode,
      extra: Record<string, string> = {},
    ): Promise<T[]> => {
      const items: T[] = [];
      for (let page = 1; ; page++) {
        const data = (await read(() =>
          client.must(m.token, name, { query: { page, pageSize: 100, ...extra } as never, mode }),
        )) as unknown as { items: T[]; total: number };
        items.push(...data.items);
        if (items.length >= data.total || data.items.length === 0) return items;
      }
    };
    const [wallets, practice, deposits, transfers, withdrawals, records, practiceRecords, orders, practiceOrders] =
      await Promise.all([
        client.must(m.token, "wallets"),
        client.must(m.token, "practice", { mode: "practice" }),
        pages<{ id: string; amount: number; status: string }>("deposits", "real"),
        pages<{ id: string }>("transfers", "real"),
        pages<{ id: string; amount: number; fee: number; status: string }>("withdrawals", "real"),
        pages<LedgerRecord>("records", "real"),
        pages<LedgerRecord>("records", "practice"),
        pages<Order>("orders", "real", { status: "all" }),
        pages<Order>("orders", "practice", { status: "all" }),
      ]);
    const positions: Record<Mode, Position[]> = { real: [], practice: [] };
    for (const mode of ["real", "practice"] as const) {
      for (const status of ["open", "closed"])
        positions[mode].push(...(await pages<Position>("positions", mode, { status })));
    }

    // every 200 acted once, and nothing acted without one
    const entries = byMember.get(m.n) ?? [];
    // a conflicting body's 200 counts here too (the conflict itself is its own violation above)
    const conflicts = journal.conflicts.filter((c) => c.member === m.n);
    const named = (call: string, mode: Mode) =>
      [...entries, ...conflicts]
        .filter((e) => e.call === call && e.mode === mode)
        .flatMap((e) =>
          e.answers
            .filter((a) => a.startsWith(OK))
            .slice(0, 1)
            .map((a) => (JSON.parse(a) as { data: { id: string } }).data.id),
        );
    const lists: [string, Mode, { id: string }[]][] = [
      ["deposit", "real", deposits],
      ["transfer", "real", transfers],
      ["withdraw", "real", withdrawals],
      ["placeOrder", "real", orders],
      ["placeOrder", "practice", practiceOrders],
      ["openPosition", "real", positions.real],
      ["openPosition", "practice", positions.practice],
    ];
    for (const [call, mode, list] of lists) {
      const ids = new Set(named(call, mode));
      for (const id of ids) {
        const times = list.filter((item) => item.id === id).length;
        if (times !== 1)
          violate("200_without_one_effect", `${who}: ${call} (${mode}) answered 200 with ${id}, listed ${times} times`);
      }
      for (const item of list)
        if (!ids.has(item.id))
          violate("effect_without_200", `${who}: ${call} (${mode}) ${item.id} was never answered 200`);
    }

    // no balance below zero; each the sum of its records
    const openMargin = (mode: Mode) =>
      positions[mode].filter((p) => p.status === "open").reduce((n, p) => n + p.margin, 0);
    const real: Record<string, number> = {
      main: wallets.main.balance,
      hold: wallets.main.onHold,
      bonus: wallets.main.bonus,
      positions: openMargin("real"),
    };
    for (const g of wallets.games) real[`game:${g.code}`] = g.balance;
    const play: Record<string, number> = { practice: practice.balance, "practice:positions": practice.positions };
    for (const [account, balance] of [...Object.entries(real), ...Object.entries(play)]) {
      if (balance < 0) violate("negative_balance", `${who}: ${account} ${balance}`);
    }
    for (const [balances, list] of [
      [real, records],
      [play, practiceRecords],
    ] as const) {
      for (const [account, balance] of Object.entries(balances)) {
        const mine = list.filter((r) => r.account === account);
        const sum = mine.reduce((n, r) => n + r.amount, 0);
        const newest = mine.reduce<LedgerRecord | undefined>((a, r) => (!a || r.id > a.id ? r : a), undefined);
        if (sum !== balance) violate("ledger_mismatch", `${who}: ${account} is ${balance}, its records sum to ${sum}`);
        else if (newest && newest.balanceAfter !== balance)
          violate("ledger_mismatch", `${who}: ${account} is ${balance}, its newest record says ${newest.balanceAfter}`);
      }
    }

    // every bet staked once and settled once; every position opened once and closed once
    for (const [list, mode, recs] of [
      [orders, "real", records],
      [practiceOrders, "practice", practiceRecords],
    ] as const) {
      for (const o of list) {
        const mine = recs.filter((r) => r.reference === o.id);
        const stakes = mine.filter((r) => r.type === "bet" && r.amount < 0);
        const settles = mine.filter((r) => (r.type === "payout" || r.type === "refund") && r.amount > 0);
        const paid = settles.reduce((n, r) => n + r.amount, 0);
        if (o.status === "open") violate("bet_not_settled_once", `${who}: ${mode} order ${o.id} still open`);
        else if (stakes.length !== 1 || stakes[0]!.amount !== -o.amount || settles.length > 1 || paid !== o.payout) {
          violate(
            "bet_not_settled_once",
            `${who}: ${mode} order ${o.id}: ${stakes.length} stakes, ${settles.length} settlements paying ${paid} (payout ${o.payout})`,
          );
        }
        if (mode === "real") totals.betsNet += o.payout - o.amount;
        totals.bets += 1;
      }
    }
    for (const mode of ["real", "practice"] as const) {
      const recs = mode === "real" ? records : practiceRecords;
      const held = mode === "real" ? "positions" : "practice:positions";
      for (const p of positions[mode]) {
        const mine = recs.filter((r) => r.reference === p.id);
        const opens = mine.filter((r) => r.type === "position_open" && r.account !== held);
        const releases = mine.filter((r) => r.type === "position_close" && r.account === held);
        const payouts = mine.filter((r) => r.type === "position_close" && r.account !== held);
        const paid = payouts.reduce((n, r) => n + r.amount, 0);
        if (p.status === "open") violate("position_not_closed_once", `${who}: ${mode} position ${p.id} still open`);
        else if (
          opens.length !== 1 ||
          releases.length !== 1 ||
          releases[0]!.amount !== -p.margin ||
          payouts.length > 1 ||
          paid !== p.payout
        ) {
          violate(
            "position_not_closed_once",
            `${who}: ${mode} position ${p.id}: ${opens.length} opens, ${releases.length} releases, ${payouts.length} payouts of ${paid} (payout ${p.payout})`,
          );
        }
        if (mode === "real") totals.positionsNet += p.status === "closed" ? p.net! : -p.openFee;
        totals.positions += 1;
        if (p.closeReason === "stop_out") totals.stopOuts += 1;
      }
    }

    // deposits credited once; withdrawals paid or returned once
    let deposited = 0;
    for (const d of deposits) {
      const credits = records.filter(
        (r) => r.reference === d.id && r.type === "deposit" && r.account === "main",
      ).length;
      if (credits !== (d.status === "credited" ? 1 : 0))
        violate("decision_not_once", `${who}: deposit ${d.id} (${d.status}) credited ${credits} times`);
      if (d.status === "credited") deposited += d.amount;
    }
    let withdrawn = 0;
    for (const w of withdrawals) {
      // a payment takes amount and fee off the hold in two records, a return in one: once means
      // one type of decision, releasing the hold exactly
      const ends = records.filter(
        (r) =>
          r.reference === w.id &&
          r.account === "hold" &&
          (r.type === "withdrawal_paid" || r.type === "withdrawal_returned"),
      );
      const released = -ends.reduce((n, r) => n + r.amount, 0);
      const types = new Set(ends.map((r) => r.type));
      if (w.status === "pending" ? ends.length > 0 : types.size !== 1 || released !== w.amount + w.fee) {
        violate(
          "decision_not_once",
          `${who}: withdrawal ${w.id} (${w.status}) released ${released} of ${w.amount + w.fee} held, as ${[...types].join(" and ") || "nothing"}`,
        );
      }
      const answered = decisions.get(w.id);
      if (answered?.size === 1 && (w.status === "paid") !== answered.has("operatorApproveWithdrawal")) {
        violate("decision_not_once", `${who}: withdrawal ${w.id} is ${w.status}, the 200 was ${[...answered][0]}`);
      }
      if (w.status === "paid") withdrawn += w.amount + w.fee;
    }

    // money conserved: what came in and went out, what the games made, and the platform's own credits
    const credits = records
      .filter((r) => (r.type === "bonus" || r.type === "rebate") && r.amount > 0)
      .reduce((n, r) => n + r.amount, 0);
    const balances = Object.values(real).reduce((n, b) => n + b, 0);
    const betsNet = orders.reduce((n, o) => n + o.payout - o.amount, 0);
    const positionsNet = positions.real.reduce((n, p) => n + (p.status === "closed" ? p.net! : -p.openFee), 0);
    const expected = deposited - withdrawn + betsNet + positionsNet + credits;
    if (balances !== expected) {
      violate(
        "money_not_conserved",
        `${who}: balances ${balances}, expected ${expected} (deposits ${deposited}, withdrawals ${withdrawn}, bets ${betsNet}, positions ${positionsNet}, credits ${credits})`,
      );
    }
    const funded = practiceRecords
      .filter((r) => r.type === "practice_fund" && r.account === "practice")
      .reduce((n, r) => n + r.amount, 0);
    const playNet =
      practiceOrders.reduce((n, o) => n + o.payout - o.amount, 0) +
      positions.practice.reduce((n, p) => n + (p.status === "closed" ? p.net! : -p.openFee), 0);
    const playBalance = practice.balance + practice.positions;
    if (playBalance !== funded + playNet)
      violate("practice_not_conserved", `${who}: practice ${playBalance}, expected ${funded + playNet}`);
    totals.depositsConfirmed += deposited;
    totals.withdrawalsPaid += withdrawn;
    totals.platformCredits += credits;
    totals.balances += balances;
  });

  const violations = [...found.values()].sort((a, b) => b.count - a.count);
  return { violations, violationCount: violations.reduce((n, v) => n + v.count, 0), totals };
}

/** An answer in a line: its status and message, and the id it names. */
function brief(answer: string): string {
  try {
    const e = JSON.parse(answer) as { statusCode: number; message: string; data?: { id?: string } };
    return `${e.statusCode} ${e.message}${e.data?.id ? ` ${e.data.id}` : ""}`;
  } catch {
    return answer.slice(0, 80);
  }
}
