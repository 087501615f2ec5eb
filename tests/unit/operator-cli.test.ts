import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HDKey } from "@scure/bip32";
import { afterEach, describe, expect, it } from "vitest";
import { accessHeaders, httpOperatorClient } from "../../server/cli/operator/client";
import { COMMANDS } from "../../server/cli/operator/commands";
import { formatMoney, formatTime, table } from "../../server/cli/operator/format";
import { minorDigits } from "#rules/units";
import { DESIGN_DEFAULTS } from "../../server/contract/theme-design";
import { nodeIo, run } from "../../server/cli/operator/run";
import { synopsis, type Io } from "../../server/cli/operator/spec";

/**
 * The operator CLI without a platform: `run(argv, io)` gets a fake fetch (answering per path and
 * recording every request), a fake wrangler (spawn) and captured output.
 */

interface Sent {
  url: URL;
  method: string;
  headers: Headers;
  body: string | undefined;
}

type Answer = (url: URL, sent: Sent) => Response | undefined;

/** A pool option's counts as the platform answers them (no xpub). */
const POOL_COUNTS = { optionId: "usdt-trc20", source: "pool", xpub: null, free: 0, assigned: 0, derived: 0 };

const LOCAL_ENV = { PLATFORM_URL: "http://127.0.0.1:8788", OPERATOR_KEY: "test-operator-key" };
const ok = (data: unknown) => Response.json({ statusCode: 200, message: "ok", data });
const refusal = (statusCode: number, message: string) => Response.json({ statusCode, message }, { status: statusCode });
/** Site info as the CLI reads it for the currency (the rest of the site does not matter here). */
const siteInfo = (currency: string) => (url: URL) =>
  url.pathname === "/site/info/demo" ? ok({ siteId: "demo", currency }) : undefined;

function fakeIo(options: { env?: Record<string, string>; answer?: Answer } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const sent: Sent[] = [];
  const spawned: Array<{ command: string; args: string[]; cwd: string }> = [];
  const io: Io = {
    ...nodeIo(),
    out: (text) => void out.push(text),
    err: (text) => void err.push(text),
    env: options.env ?? LOCAL_ENV,
    cwd: tmpdir(),
    fetch: async (input, init) => {
      const request = new Request(input as RequestInfo, init);
      const entry: Sent = {
        url: new URL(request.url),
        method: request.method,
        headers: request.headers,
        body: request.body ? await request.text() : undefined,
      };
      sent.push(entry);
      return options.answer?.(entry.url, entry) ?? refusal(400, "invalid_parameters");
    },
    spawn: (command, args, cwd) => {
      spawned.push({ command, args: [...args], cwd });
      return 0;
    },
    localOperatorKey: () => "local-dev-key",
  };
  return { io, out, err, sent, spawned, stdout: () => out.join("\n"), stderr: () => err.join("\n") };
}

const temporary: string[] = [];
afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("help", () => {
  it("lists every command with its arguments and one-line summary, for --help, help and no command, exit 0", async () => {
    const outputs: string[] = [];
    for (const argv of [["--help"], ["help"], []]) {
      const cli = fakeIo();
      expect(await run(argv, cli.io), argv.join(" ")).toBe(0);
      outputs.push(cli.stdout());
      expect(cli.sent).toHaveLength(0);
    }
    expect(outputs[1]).toBe(outputs[0]);
    expect(outputs[2]).toBe(outputs[0]);
    for (const spec of COMMANDS) {
      expect(outputs[0], spec.name).toContain(synopsis(spec));
      expect(outputs[0], spec.name).toContain(spec.summary);
    }
    // every existing command is still there, plus the new one
    const names = COMMANDS.map((spec) => spec.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "put-site",
        "get-site",
        "publish-press",
        "publish-campaign",
        "publish-instruction",
        "set-chat",
        "deposits",
        "confirm-deposit",
        "refuse-deposit",
        "withdrawals",
        "approve-withdrawal",
        "reject-withdrawal",
        "bank-applications",
        "approve-bank",
        "reject-bank",
        "messages",
        "message",
        "reply",
        "sms",
        "audit",
        "retire",
        "pairs",
        "put-pair",
        "pair-audit",
        "fairness",
        "seed",
        "campaign-end",
        "contract-settings",
        "open-interest",
        "protection",
        "member",
        "end-break",
        "site-links",
        "link-sites",
        "unlink-site",
        "map-host",
        "bank-documents",
        "day-totals",
      ]),
    );
    // the environment is documented
    for (const variable of [
      "PLATFORM_URL",
      "OPERATOR_KEY",
      "CF_ACCESS_CLIENT_ID",
      "CF_ACCESS_CLIENT_SECRET",
      "STATE_DIR",
    ]) {
      expect(outputs[0]).toContain(variable);
    }
  });

  it("`help map-host` and `map-host --help` show its usage, flags and an example", async () => {
    const help = fakeIo();
    expect(await run(["help", "map-host"], help.io)).toBe(0);
    const text = help.stdout();
    expect(text).toContain("usage: npm run operator -- map-host <hostname> <siteId> [--remote]");
    expect(text).toContain("--remote");
    expect(text).toMatch(/examples?:\n {2}npm run operator -- map-host brand\.localhost demo/);

    const flag = fakeIo();
    expect(await run(["map-host", "--help"], flag.io)).toBe(0);
    expect(flag.stdout()).toBe(text);
    expect(flag.sent).toHaveLength(0);
    expect(flag.spawned).toHaveLength(0);
  });

  it("every command's help has at least one example", async () => {
    for (const spec of COMMANDS) {
      const cli = fakeIo();
      expect(await run(["help", spec.name], cli.io)).toBe(0);
      expect(cli.stdout(), spec.name).toMatch(new RegExp(`examples?:\\n {2}\\S*.*npm run operator -- ${spec.name}\\b`));
    }
  });
});

/** A command line as a shell splits it: spaces, '…' and "…" (enough for the examples). */
function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const match of line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)) words.push(match[1] ?? match[2] ?? match[3]!);
  return words;
}

describe("the examples", () => {
  it("every example in the help is a command line the CLI accepts (never a usage error)", async () => {
    for (const spec of COMMANDS) {
      for (const example of spec.examples) {
        const argv = shellWords(example.split("npm run operator -- ").pop()!);
        const cli = fakeIo({ env: { PLATFORM_URL: "https://operator.example.com", OPERATOR_KEY: "k".repeat(40) } });
        const code = await run(argv, { ...cli.io, readText: () => "{}" });
        expect(code, `${example}\n${cli.stderr()}`).not.toBe(2);
      }
    }
  });
});

describe("refusing a command line before anything is sent (exit 2)", () => {
  it("an unknown command exits non-zero and suggests the closest one", async () => {
    const cli = fakeIo();
    expect(await run(["depostis", "demo"], cli.io)).toBe(2);
    expect(cli.err[0]).toBe("error: unknown command depostis (did you mean deposits?)");
    expect(cli.sent).toHaveLength(0);
  });

  it("an unknown flag (--remtoe) is refused in one line with a hint, and nothing is sent or run", async () => {
    const cli = fakeIo({ answer: siteInfo("USD") });
    expect(await run(["map-host", "brand.example.com", "demo", "--remtoe"], cli.io)).toBe(2);
    expect(cli.err[0]).toMatch(/^error: unknown flag --remtoe for map-host \(did you mean --remote\?\)/);
    expect(cli.err[1]).toBe("see: npm run operator -- help map-host");
    expect(cli.sent).toHaveLength(0);
    expect(cli.spawned).toHaveLength(0);
  });

  it("a missing required flag (reject-withdrawal without --reason) is refused and nothing is sent", async () => {
    const cli = fakeIo({ answer: () => ok({}) });
    expect(await run(["reject-withdrawal", "demo", "1"], cli.io)).toBe(2);
    expect(cli.err[0]).toMatch(/^error: missing --reason <text>/);
    expect(cli.err[1]).toBe("see: npm run operator -- help reject-withdrawal");
    expect(cli.sent).toHaveLength(0);
  });

  it("a missing or an extra positional argument is refused and nothing is sent", async () => {
    const missing = fakeIo({ answer: () => ok([]) });
    expect(await run(["deposits"], missing.io)).toBe(2);
    expect(missing.err[0]).toMatch(/^error: missing <siteId>/);

    const extra = fakeIo({ answer: () => ok([]) });
    expect(await run(["deposits", "demo", "more"], extra.io)).toBe(2);
    expect(extra.err[0]).toBe("error: unexpected argument 'more': deposits takes <siteId>");

    const invalid = fakeIo({ answer: () => ok([]) });
    expect(await run(["deposits", "Not A Site"], invalid.io)).toBe(2);
    expect(missing.sent.length + extra.sent.length + invalid.sent.length).toBe(0);
  });

  it("a body that does not fit the contract is explained, not sent", async () => {
    const cli = fakeIo({ answer: () => ok({}) });
    expect(await run(["put-pair", "SOL-USDT", "--json", '{"name":"SOL/USDT"}'], cli.io)).toBe(2);
    expect(cli.err[0]).toMatch(/^error: the body does not fit operatorPutPair: /);
    expect(cli.sent).toHaveLength(0);
  });
});

describe("formatting", () => {
  it("prints minor units as money in the currency: 123456 with 2 decimals in USD is $1,234.56", () => {
    expect(formatMoney(123456, "USD", 2)).toBe("$1,234.56");
    expect(formatMoney(123456, "USD")).toBe("$1,234.56");
    expect(formatMoney(5, "USD")).toBe("$0.05");
    expect(formatMoney(123456, "JPY")).toBe("¥123,456");
    expect(minorDigits("USD")).toBe(2);
    expect(minorDigits("JPY")).toBe(0);
    // exact at the edge of safe integers: no float rounding
    expect(formatMoney(Number.MAX_SAFE_INTEGER, "USD")).toBe("$90,071,992,547,409.91");
  });

  it("prints times in UTC", () => {
    expect(formatTime("2025-03-04T05:06:07.890Z")).toBe("2025-03-04 05:06:07 UTC");
    expect(formatTime(null)).toBe("—");
  });

  it("aligns a table: header, rule, left text, right-aligned numbers; long cells cut; a placeholder when empty", () => {
    const rows = [
      { id: "a1", amount: "$5.00", note: "short" },
      { id: "b22", amount: "$1,234.56", note: "x".repeat(50) },
    ];
    const columns = [
      { header: "ID", value: (r: (typeof rows)[number]) => r.id },
      { header: "AMOUNT", value: (r: (typeof rows)[number]) => r.amount, align: "right" as const },
      { header: "NOTE", value: (r: (typeof rows)[number]) => r.note, max: 8 },
    ];
    expect(table(rows, columns)).toBe(
      ["ID      AMOUNT  NOTE", "---  ---------  --------", "a1       $5.00  short", "b22  $1,234.56  xxxxxxx…"].join(
        "\n",
      ),
    );
    expect(table([], columns, "(no deposits)")).toBe("(no deposits)");
  });
});

describe("answers", () => {
  const deposit = {
    id: "d1",
    memberId: "m1",
    account: "alice",
    optionId: "bank-transfer",
    optionName: "Bank transfer",
    amount: 123456,
    status: "pending",
    reason: "",
    createdAt: "2025-03-04T05:06:07.000Z",
    decidedAt: null,
  };

  it("lists deposits as a table with amounts in the site's currency (read from its site info)", async () => {
    const cli = fakeIo({
      answer: (url) => (url.pathname === "/operator/sites/demo/deposits" ? ok([deposit]) : siteInfo("EUR")(url)),
    });
    expect(await run(["deposits", "demo"], cli.io)).toBe(0);
    const [header, rule, row] = cli.out[0]!.split("\n");
    expect(header).toMatch(/^ID\s+REFERENCE\s+ACCOUNT\s+OPTION\s+AMOUNT\s+PAY\s+STATUS\s+REQUESTED \(UTC\)/);
    expect(rule).toMatch(/^-+ {2}-+/);
    expect(row).toContain("€1,234.56");
    expect(row).toContain("2025-03-04 05:06:07");
    expect(cli.sent.map((s) => `${s.method} ${s.url.pathname}${s.url.search}`)).toEqual([
      "GET /operator/sites/demo/deposits?status=pending",
      "GET /site/info/demo",
    ]);
    expect(cli.sent[0]!.headers.get("Authorization")).toBe("Bearer test-operator-key");
  });

  const crypto = {
    ...deposit,
    id: "d2",
    optionId: "usdt-trc20",
    optionName: "USDT (TRC20)",
    payment: {
      kind: "crypto",
      reference: "K7M4Q9TX",
      asset: "USDT",
      network: "TRON (TRC20)",
      address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      assetAmount: "38.580000",
    },
  };

  it("lists each deposit's reference and what the member pays (asset amount and address)", async () => {
    const cli = fakeIo({
      answer: (url) => (url.pathname === "/operator/sites/demo/deposits" ? ok([crypto]) : siteInfo("TWD")(url)),
    });
    expect(await run(["deposits", "demo"], cli.io)).toBe(0);
    expect(cli.out[0]).toMatch(/REFERENCE/);
    expect(cli.out[0]).toContain("K7M4Q9TX");
    expect(cli.out[0]).toContain("38.580000 USDT → TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
  });

  it("confirms a deposit by its reference (any case): finds the one pending deposit with it, then confirms that id", async () => {
    const cli = fakeIo({
      answer: (url) => {
        if (url.pathname === "/operator/sites/demo/deposits") return ok([deposit, crypto]);
        if (url.pathname === "/operator/sites/demo/deposits/d2/confirm") return ok({ ...crypto, status: "credited" });
        return siteInfo("TWD")(url);
      },
    });
    expect(await run(["confirm-deposit", "demo", "k7m4q9tx"], cli.io)).toBe(0);
    expect(cli.sent.map((s) => `${s.method} ${s.url.pathname}`)).toContain(
      "POST /operator/sites/demo/deposits/d2/confirm",
    );
    expect(cli.stdout()).toContain("K7M4Q9TX");
  });

  it("decides nothing when no pending deposit, or more than one, has the reference (exit 1)", async () => {
    for (const listed of [[deposit], [crypto, { ...crypto, id: "d3" }]]) {
      const cli = fakeIo({
        answer: (url) => (url.pathname === "/operator/sites/demo/deposits" ? ok(listed) : undefined),
      });
      expect(await run(["refuse-deposit", "demo", "K7M4Q9TX", "--reason", "none arrived"], cli.io)).toBe(1);
      expect(cli.sent.map((s) => s.method)).toEqual(["GET"]);
      expect(cli.stderr()).toMatch(/K7M4Q9TX/);
    }
  });

  it("loads pool addresses from a file and --addresses, each once, and prints the pool's counts", async () => {
    const cli = fakeIo({
      answer: (url) => (url.pathname.endsWith("/addresses") ? ok({ ...POOL_COUNTS, free: 3, assigned: 1 }) : undefined),
    });
    const a = "TT5AYBAGYpv8PkfykPzfn1jRvNDfNS2r7e";
    const b = "TB1rnnQnMV6RgCmffGLpkMSJVnLRhQLV4K";
    const argv = [
      "add-deposit-addresses",
      "demo",
      "usdt-trc20",
      "--file",
      "pool.txt",
      "--addresses",
      `${b}, TCXJUMYVKe3HR7ydhBT3YCc6JcQxS9pYxs`,
    ];
    expect(await run(argv, { ...cli.io, readText: () => `${a}\n${b}\n` })).toBe(0);
    expect(cli.sent[0]!.url.pathname).toBe("/operator/sites/demo/deposit-options/usdt-trc20/addresses");
    expect(JSON.parse(cli.sent[0]!.body!)).toEqual({ addresses: [a, b, "TCXJUMYVKe3HR7ydhBT3YCc6JcQxS9pYxs"] });
    expect(cli.stdout()).toMatch(/free:\s+3/);
    const bad = fakeIo();
    expect(await run(["add-deposit-addresses", "demo", "usdt-trc20", "--addresses", "not-an-address"], bad.io)).toBe(1);
    expect(bad.sent).toEqual([]);
  });

  it("deposit-xpub refuses an xprv before sending anything, and never prints it", async () => {
    const account = HDKey.fromMasterSeed(new Uint8Array(32).fill(7)).derive("m/44'/195'/0'");
    const cli = fakeIo();
    expect(await run(["deposit-xpub", "demo2", "usdt-trc20", "--xpub", account.privateExtendedKey], cli.io)).toBe(1);
    expect(cli.sent).toEqual([]);
    expect(cli.stderr()).toMatch(/deposit_xprv_refused/);
    expect(cli.stdout() + cli.stderr()).not.toContain(account.privateExtendedKey.slice(4));
    const wrongLevel = fakeIo();
    expect(
      await run(
        ["deposit-xpub", "demo2", "usdt-trc20", "--xpub", account.deriveChild(0).publicExtendedKey],
        wrongLevel.io,
      ),
    ).toBe(1);
    expect(wrongLevel.sent).toEqual([]);
    expect(wrongLevel.stderr()).toMatch(/deposit_xpub_invalid/);
  });

  it("deposit-xpub sends an account xpub, and deposit-addresses prints who holds which index", async () => {
    const xpub = HDKey.fromMasterSeed(new Uint8Array(32).fill(7)).derive("m/44'/195'/0'").publicExtendedKey;
    const pool = { ...POOL_COUNTS, source: "xpub", xpub, derived: 2 };
    const holder = {
      memberId: "m-1",
      account: "alice",
      address: "TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC",
      index: 1,
      assignedAt: "2026-11-27T08:00:00.000Z",
    };
    const cli = fakeIo({
      answer: (url, sent) =>
        url.pathname.endsWith("/xpub") && sent.method === "PUT"
          ? ok(pool)
          : url.pathname.endsWith("/addresses")
            ? ok({ ...pool, holders: { items: [holder], total: 1, page: 1, pageSize: 50 } })
            : undefined,
    });
    expect(await run(["deposit-xpub", "demo2", "usdt-trc20", "--xpub", xpub], cli.io)).toBe(0);
    expect(cli.sent[0]!.url.pathname).toBe("/operator/sites/demo2/deposit-options/usdt-trc20/xpub");
    expect(JSON.parse(cli.sent[0]!.body!)).toEqual({ xpub });
    expect(await run(["deposit-addresses", "demo2", "usdt-trc20", "--address", holder.address], cli.io)).toBe(0);
    expect(cli.sent[1]!.url.searchParams.get("address")).toBe(holder.address);
    expect(cli.stdout()).toMatch(/derived:\s+2 \(indexes 0 … 1; watch them all\)/);
    expect(cli.stdout()).toMatch(/alice\s+1\s+TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC/);
  });

  it("campaign-end ends a campaign and prints its rule in the site's currency", async () => {
    const rule = {
      kind: "deposit_bonus",
      key: "first-deposit",
      optIn: true,
      startsAt: "2025-01-01T00:00:00.000Z",
      endsAt: null,
      endedAt: "2026-03-04T05:06:07.000Z",
      cap: 10_000,
      percentBp: 1000,
      deposits: "first",
      wagering: 5,
    };
    const cli = fakeIo({
      answer: (url) =>
        url.pathname === "/operator/sites/demo/campaign-rules/first-deposit/end" ? ok(rule) : siteInfo("USD")(url),
    });
    expect(await run(["campaign-end", "demo", "first-deposit"], cli.io)).toBe(0);
    expect(cli.sent[0]!.method).toBe("POST");
    expect(JSON.parse(cli.sent[0]!.body!)).toEqual({});
    expect(cli.stdout()).toBe(
      "ended first-deposit: deposit bonus 10% of the first deposit, cap $100.00, wagering 5×, join required, 2025-01-01 00:00:00 – open-ended, ENDED 2026-03-04 05:06:07",
    );
  });

  it("fairness lists a pair's commitments newest first: hidden seeds say when they are revealed, revealed ones are printed", async () => {
    const day = (label: string, seed: string | null, revealAt: string) => ({
      pair: "BTC-USDT",
      day: label,
      algorithm: "hmac-sha256-walk-1",
      commitment: "c".repeat(64),
      committedAt: "2026-11-23T00:00:05.000Z",
      seed,
      revealAt,
      volatilityBp: 1,
      precision: 2,
      periodSeconds: 60,
      cutoffSeconds: 10,
    });
    const cli = fakeIo({
      answer: (url) =>
        url.pathname === "/market/BTC-USDT/fairness"
          ? ok([
              day("2026-11-25", null, "2026-11-26T00:00:00.000Z"),
              day("2026-11-24", "5".repeat(64), "2026-11-25T00:00:00.000Z"),
            ])
          : undefined,
    });
    expect(await run(["fairness", "BTC-USDT"], cli.io)).toBe(0);
    const [header, , tomorrow, today] = cli.out[0]!.split("\n");
    expect(header).toMatch(/^DAY\s+COMMITMENT \(SHA-256 of the seed\)\s+COMMITTED \(UTC\)\s+SEED/);
    expect(tomorrow).toContain(`2026-11-25  ${"c".repeat(64)}`);
    expect(tomorrow).toContain("hidden until 2026-11-26 00:00:00");
    expect(today).toContain("5".repeat(64));
    expect(cli.sent.map((s) => `${s.method} ${s.url.pathname}`)).toEqual(["GET /market/BTC-USDT/fairness"]);
  });

  it("pair-audit lists what operators did to a pair, newest first, with the periods a pause voided", async () => {
    const cli = fakeIo({
      answer: (url) =>
        url.pathname === "/operator/pairs/BTC-USDT/audit"
          ? ok([
              {
                at: "2026-11-27T05:00:03.000Z",
                actor: "operator",
                action: "pair_resumed",
                details: { voided: null, changesFrom: null, name: "BTC/USDT" },
              },
              {
                at: "2026-11-27T05:00:01.000Z",
                actor: "operator",
                action: "pair_paused",
                details: { voided: "202611270301,202611270302", changesFrom: null, name: "BTC/USDT" },
              },
            ])
          : undefined,
    });
    expect(await run(["pair-audit", "BTC-USDT"], cli.io)).toBe(0);
    const [header, , resumed, paused] = cli.out[0]!.split("\n");
    expect(header).toMatch(/^AT \(UTC\)\s+ACTOR\s+ACTION\s+DETAILS/);
    expect(resumed).toContain("pair_resumed");
    expect(resumed).not.toContain("voided");
    expect(paused).toContain("pair_paused");
    expect(paused).toContain("voided=202611270301,202611270302");
    expect(cli.sent.map((s) => `${s.method} ${s.url.pathname}`)).toEqual(["GET /operator/pairs/BTC-USDT/audit"]);
  });

  it("put-pair prints when a change applies: the first day committed after it, or now", async () => {
    const info = { symbol: "SOL-USDT", name: "SOL/USDT", precision: 3, periodSeconds: 60, cutoffSeconds: 10 };
    const body =
      '{"name":"SOL/USDT","precision":3,"periodSeconds":30,"cutoffSeconds":10,"startPrice":142500,"volatilityBp":2}';
    const later = fakeIo({ answer: () => ok({ ...info, changesFrom: "2026-11-26T00:00:00.000Z" }) });
    expect(await run(["put-pair", "SOL-USDT", "--json", body], later.io)).toBe(0);
    expect(later.stdout()).toMatch(
      /applies from:\s+2026-11-26 00:00:00 UTC: the first day whose seed is committed after this change/,
    );
    const now = fakeIo({ answer: () => ok({ ...info, changesFrom: null }) });
    expect(await run(["put-pair", "SOL-USDT", "--json", body], now.io)).toBe(0);
    expect(now.stdout()).toMatch(/applies from:\s+now/);
  });

  it("a refusal prints its code and message on stderr and exits 1", async () => {
    const cli = fakeIo({ answer: () => refusal(400, "already_decided") });
    expect(await run(["confirm-deposit", "demo", "d1"], cli.io)).toBe(1);
    expect(cli.out).toEqual([]);
    expect(cli.stderr()).toContain("already_decided");
    expect(cli.stderr()).toContain("This request has already been decided.");
  });

  it("says when an approved withdrawal waits for a second operator (four eyes), and who approved first", async () => {
    const pending = {
      id: "w1",
      amount: 6_000_000,
      fee: 1_000,
      limitAmount: 10_000_000,
      details: "Bank ****1234",
      status: "pending",
      reason: "",
      createdAt: "2026-11-27T10:00:00.000Z",
      decidedAt: null,
      memberId: "m1",
      account: "alice",
      firstApproval: { operatorId: "op_0123456789abcdef", name: "Cashier Lin", at: "2026-11-27T10:05:00.000Z" },
    };
    const cli = fakeIo({
      answer: (url) =>
        url.pathname === "/operator/sites/demo/withdrawals/w1/approve" ? ok(pending) : siteInfo("USD")(url),
    });
    expect(await run(["approve-withdrawal", "demo", "w1"], cli.io)).toBe(0);
    expect(cli.stdout()).toMatch(/status:\s+approved by Cashier Lin, waiting for a second operator/);
    const same = fakeIo({ answer: () => refusal(400, "second_approver_required") });
    expect(await run(["approve-withdrawal", "demo", "w1"], same.io)).toBe(1);
    expect(same.stderr()).toContain("The second approval must come from a different operator.");
  });

  it("--json prints the raw envelope (before or after the command) and asks nothing more", async () => {
    for (const argv of [
      ["--json", "deposits", "demo"],
      ["deposits", "demo", "--json"],
    ]) {
      const cli = fakeIo({ answer: () => ok([deposit]) });
      expect(await run(argv, cli.io)).toBe(0);
      expect(JSON.parse(cli.stdout())).toEqual({ statusCode: 200, message: "ok", data: [deposit] });
      expect(cli.sent).toHaveLength(1);
    }
  });

  it("on a body command --json <value> is the body, and a trailing --json the output flag", async () => {
    const cli = fakeIo({
      answer: (url) => (url.pathname === "/operator/sites/demo" ? ok({ siteId: "demo" }) : undefined),
    });
    expect(await run(["put-site", "demo", "--json", '{"title":"Demo"}', "--json"], cli.io)).toBe(0);
    expect(cli.sent[0]!.method).toBe("PUT");
    expect(JSON.parse(cli.sent[0]!.body!)).toEqual({ title: "Demo" });
    expect(JSON.parse(cli.stdout())).toEqual({ statusCode: 200, message: "ok", data: { siteId: "demo" } });
  });
});

describe("player protection", () => {
  const limit = (kind: string, period: string, amount: number | null, used = 0, pending: unknown = null) => ({
    kind,
    period,
    amount,
    used,
    remaining: amount === null ? null : Math.max(0, amount - used),
    pending,
  });
  const state = {
    currency: "USD",
    limits: [
      limit("deposit", "day", 50_000, 12_345),
      limit("deposit", "week", null),
      limit("deposit", "month", null),
      limit("loss", "day", 10_000, 2_500, { amount: 20_000, appliesAt: "2026-03-05T05:06:07.000Z", ready: false }),
      limit("loss", "week", 30_000, 0, { amount: null, appliesAt: "2026-03-01T00:00:00.000Z", ready: true }),
      limit("loss", "month", null),
    ],
    realityCheckMinutes: 30,
    realityCheckIsSiteDefault: false,
    activeBreak: {
      kind: "exclusion",
      duration: "6m",
      startedAt: "2026-03-04T05:06:07.000Z",
      until: "2026-09-02T05:06:07.000Z",
      mayReturn: false,
      returnAt: null,
      linked: false,
    },
    history: [
      {
        at: "2026-03-04T05:06:07.000Z",
        change: "exclusion",
        kind: null,
        period: null,
        from: null,
        to: null,
        duration: "6m",
        appliesAt: "2026-03-04T05:06:07.000Z",
      },
      {
        at: "2026-03-04T05:00:00.000Z",
        change: "limit",
        kind: "loss",
        period: "day",
        from: 10_000,
        to: 20_000,
        duration: null,
        appliesAt: "2026-03-05T05:00:00.000Z",
      },
    ],
  };
  const path = "/operator/sites/demo/members/m_3k9x2/protection";

  it("protection prints the limits in the site's currency, pending changes with their time, the break and the changes", async () => {
    const cli = fakeIo({ answer: (url) => (url.pathname === path ? ok(state) : siteInfo("USD")(url)) });
    expect(await run(["protection", "demo", "m_3k9x2"], cli.io)).toBe(0);
    expect(cli.sent[0]!.method).toBe("GET");
    const out = cli.stdout();
    expect(out).toMatch(/deposit \/ day\s+\$500\.00\s+\$123\.45\s+\$376\.55/);
    expect(out).toContain("$200.00 from 2026-03-05 05:06:07 UTC");
    expect(out).toContain("none, ready: member to confirm");
    expect(out).toContain("every 30 minutes (the member's choice)");
    expect(out).toContain(
      "exclusion 6m, since 2026-03-04 05:06:07 UTC until 2026-09-02 05:06:07 UTC (cannot end early)",
    );
    expect(out).toContain("$100.00 → $200.00");
  });

  it("end-break sends the reason, prints the platform's refusal with the break's end, and exits 1", async () => {
    const cli = fakeIo({
      answer: (url) =>
        url.pathname === `${path}/end`
          ? Response.json(
              { statusCode: 400, message: "break_cannot_end_early", data: { until: "2026-09-02T05:06:07.000Z" } },
              { status: 400 },
            )
          : undefined,
    });
    expect(await run(["end-break", "demo", "m_3k9x2", "--reason", "The member called"], cli.io)).toBe(1);
    expect(cli.sent[0]!.method).toBe("POST");
    expect(JSON.parse(cli.sent[0]!.body!)).toEqual({ reason: "The member called" });
    expect(cli.out).toEqual([]);
    expect(cli.stderr()).toContain("break_cannot_end_early");
    expect(cli.stderr()).toContain("This one ends 2026-09-02 05:06:07 UTC.");
  });

  it("end-break without --reason is a usage error and sends nothing", async () => {
    const cli = fakeIo();
    expect(await run(["end-break", "demo", "m_3k9x2"], cli.io)).toBe(2);
    expect(cli.sent).toEqual([]);
  });

  it("link-sites sends the sites and the reason and prints the group; a bad site id sends nothing", async () => {
    const cli = fakeIo({
      answer: (url) =>
        url.pathname === "/operator/sites/demo/links" ? ok({ siteId: "demo", linked: ["demo2", "demo3"] }) : undefined,
    });
    expect(await run(["link-sites", "demo", "--with", "demo2, demo3", "--reason", "Sister brands"], cli.io)).toBe(0);
    expect(cli.sent[0]!.method).toBe("POST");
    expect(JSON.parse(cli.sent[0]!.body!)).toEqual({ sites: ["demo2", "demo3"], reason: "Sister brands" });
    expect(cli.stdout()).toContain("demo is linked with demo2, demo3: a break taken on one holds on all");

    const bad = fakeIo();
    expect(await run(["link-sites", "demo", "--with", "demo2,Not A Site", "--reason", "x"], bad.io)).toBe(2);
    expect(bad.sent).toEqual([]);
  });

  it("unlink-site posts the reason and says the site is linked with none", async () => {
    const cli = fakeIo({
      answer: (url) =>
        url.pathname === "/operator/sites/demo2/links/remove" ? ok({ siteId: "demo2", linked: [] }) : undefined,
    });
    expect(await run(["unlink-site", "demo2", "--reason", "Brand sold"], cli.io)).toBe(0);
    expect(JSON.parse(cli.sent[0]!.body!)).toEqual({ reason: "Brand sold" });
    expect(cli.stdout()).toContain("demo2 is linked with no site");
  });
});

describe("member", () => {
  const T = "2026-03-04T05:06:07.000Z";
  const noLimit = (kind: string, period: string) => ({
    kind,
    period,
    amount: null,
    used: 0,
    remaining: null,
    pending: null,
  });
  const overview = {
    memberId: "m_3k9x2",
    account: "alice",
    currency: "USD",
    createdAt: "2026-01-02T03:04:05.000Z",
    lastLoginAt: T,
    wallets: {
      currency: "USD",
      main: { balance: 188_500, onHold: 101_500, bonus: 2_000 },
      games: [{ code: "binary", name: "Binary", balance: 400_000 }],
      inBets: 100_000,
      inPositions: 50_000,
      total: 840_000,
    },
    openBets: [
      {
        id: "o_1",
        pair: "BTC-USDT",
        periodNo: "202603040001",
        option: "high",
        amount: 100_000,
        odds: 1.95,
        priceAtBet: 6_123_450,
        status: "open",
        payout: 0,
        currency: "USD",
        startsAt: T,
        endsAt: "2026-03-04T05:07:07.000Z",
        createdAt: T,
        settledAt: null,
        closePrice: null,
        lastDigit: null,
        mode: "real",
        voidReason: null,
      },
    ],
    positions: [
      {
        id: "p_1",
        pair: "ETH-USDT",
        side: "long",
        margin: 50_000,
        leverage: 10,
        notional: 500_000,
        entryPrice: 312_345,
        liquidationPrice: 290_000,
        takeProfit: 330_000,
        stopLoss: null,
        feePpm: 600,
        stopOutBp: 8000,
        openFee: 300,
        gameCode: "contract",
        mode: "real",
        currency: "USD",
        status: "open",
        openedAt: T,
        closedAt: null,
        closePrice: null,
        closeReason: null,
        closeFee: null,
        pnl: null,
        payout: null,
        net: null,
      },
    ],
    deposits: [
      {
        id: "d_2",
        optionId: "bank-transfer",
        optionName: "Bank transfer",
        amount: 300_000,
        status: "pending",
        reason: "",
        createdAt: T,
        decidedAt: null,
        payment: {
          kind: "bank",
          reference: "DP7Q2K",
          bank: "Demo Bank",
          branch: "Main",
          accountName: "Demo Ltd.",
          accountNumber: "0015",
        },
      },
    ],
    withdrawals: [
      {
        id: "w_1",
        amount: 100_000,
        fee: 1_500,
        limitAmount: 5_000_000,
        details: "Demo Bank ••••6789",
        status: "rejected",
        reason: "name does not match",
        createdAt: T,
        decidedAt: T,
      },
    ],
    protection: {
      currency: "USD",
      limits: [
        { kind: "deposit", period: "day", amount: 50_000, used: 0, remaining: 50_000, pending: null },
        noLimit("deposit", "week"),
        noLimit("deposit", "month"),
        noLimit("loss", "day"),
        noLimit("loss", "week"),
        noLimit("loss", "month"),
      ],
      realityCheckMinutes: 30,
      realityCheckIsSiteDefault: true,
      activeBreak: null,
      history: [],
    },
    audit: [
      {
        id: "a_1",
        type: "withdrawal_rejected",
        at: T,
        actor: "operator",
        account: "alice",
        memberId: "m_3k9x2",
        address: "",
        operator: { id: "op_0123456789abcdef", name: "Cashier Lin" },
        details: { reason: "name does not match" },
      },
    ],
  };
  const path = "/operator/sites/demo/accounts/alice";

  it("prints balances, open bets and positions, deposits, withdrawals, limits and audit entries in the site's currency", async () => {
    const cli = fakeIo({ answer: (url) => (url.pathname === path ? ok(overview) : siteInfo("USD")(url)) });
    expect(await run(["member", "demo", "alice"], cli.io)).toBe(0);
    expect(cli.sent[0]!.method).toBe("GET");
    const out = cli.stdout();
    expect(out).toContain(
      "member alice (m_3k9x2) · signed up 2026-01-02 03:04:05 UTC · last sign-in 2026-03-04 05:06:07 UTC",
    );
    expect(out).toMatch(/main:\s+\$1,885\.00/);
    expect(out).toMatch(/on hold:\s+\$1,015\.00 \(withdrawals waiting\)/);
    expect(out).toMatch(/bonus:\s+\$20\.00 \(locked by wagering, not in the total\)/);
    expect(out).toMatch(/Binary \(game wallet\):\s+\$4,000\.00/);
    expect(out).toMatch(/total:\s+\$8,400\.00/);
    expect(out).toContain("open bets (1):");
    expect(out).toMatch(/o_1\s+BTC-USDT\s+202603040001\s+high\s+\$1,000\.00\s+1\.95\s+2026-03-04 05:07:07/);
    expect(out).toMatch(/p_1\s+ETH-USDT\s+long\s+\$500\.00\s+×10\s+330000 \/ —/);
    expect(out).toMatch(/d_2\s+\$3,000\.00\s+pending\s+Bank transfer\s+DP7Q2K/);
    expect(out).toMatch(/w_1\s+\$1,000\.00\s+\$15\.00\s+rejected: name does not match/);
    expect(out).toMatch(/deposit \/ day\s+\$500\.00/);
    expect(out).toContain("every 30 minutes (the site's default)");
    expect(out).toMatch(/withdrawal_rejected\s+Cashier Lin \(op_0123456789abcdef\)\s+reason=name does not match/);
  });

  it("finds the member by mobile number or id with --by, through the lookup call", async () => {
    const lookup = "/operator/sites/demo/member";
    for (const [argv, query] of [
      [["member", "demo", "0912 345 678", "--by", "mobile"], { mobile: "0912 345 678" }],
      [["member", "demo", "m_3k9x2", "--by", "id"], { memberId: "m_3k9x2" }],
    ] as const) {
      const cli = fakeIo({ answer: (url) => (url.pathname === lookup ? ok(overview) : siteInfo("USD")(url)) });
      expect(await run([...argv], cli.io), argv.join(" ")).toBe(0);
      const sent = new URL(cli.sent[0]!.url);
      expect(sent.pathname).toBe(lookup);
      expect(Object.fromEntries(sent.searchParams)).toEqual(query);
      expect(cli.stdout()).toContain("member alice (m_3k9x2)");
    }
    const wrong = fakeIo();
    expect(await run(["member", "demo", "a b", "--by", "id"], wrong.io)).toBe(2);
    expect(await run(["member", "demo", "alice", "--by", "email"], wrong.io)).toBe(2);
    expect(wrong.sent).toEqual([]);
  });

  it("says so when the account is not the site's, exit 1", async () => {
    const cli = fakeIo({ answer: (url) => (url.pathname === path ? refusal(400, "account_not_found") : undefined) });
    expect(await run(["member", "demo", "alice"], cli.io)).toBe(1);
    expect(cli.out).toEqual([]);
    expect(cli.stderr()).toContain("refused: account_not_found");
  });

  it("refuses a malformed account or a missing one before anything is sent, and suggests the command for a typo", async () => {
    for (const argv of [
      ["member", "demo"],
      ["member", "demo", "a b"],
    ]) {
      const cli = fakeIo();
      expect(await run(argv, cli.io), argv.join(" ")).toBe(2);
      expect(cli.sent).toEqual([]);
    }
    const typo = fakeIo();
    expect(await run(["membr", "demo", "alice"], typo.io)).toBe(2);
    expect(typo.err[0]).toBe("error: unknown command membr (did you mean member?)");
  });
});

describe("bank-documents", () => {
  const application = {
    memberId: "m1",
    account: "alice",
    status: "under_review",
    reason: "",
    bank: "Demo Bank",
    branch: "Main",
    accountName: "Alice",
    accountNumber: "0015-123-456789",
    accountNumberLast4: "6789",
    currency: "USD",
    address: "1 Road",
    submittedAt: "2025-03-04T05:06:07.000Z",
    reviewedAt: null,
    idFrontFileId: "f-front",
    idBackFileId: "f-back",
    passbookFileId: "f-pass",
  };
  const files: Record<string, { type: string; bytes: Uint8Array }> = {
    "f-front": { type: "image/jpeg", bytes: new Uint8Array([0xff, 0xd8, 0xff, 1]) },
    "f-back": { type: "image/png", bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 2]) },
    "f-pass": { type: "image/webp", bytes: new Uint8Array([0x52, 0x49, 0x46, 0x46, 3]) },
  };
  const answer: Answer = (url) => {
    if (url.pathname === "/operator/sites/demo/bank-applications") return ok([application]);
    const file = /^\/operator\/sites\/demo\/files\/(.+)$/.exec(url.pathname)?.[1];
    const found = file ? files[file] : undefined;
    if (found)
      return new Response(new Blob([new Uint8Array(found.bytes)]), { headers: { "Content-Type": found.type } });
    return file ? refusal(400, "file_not_found") : undefined;
  };

  it("saves the ID card front/back and passbook with extensions from their content types, and says what it saved", async () => {
    const dir = mkdtempSync(join(tmpdir(), "operator-cli-"));
    temporary.push(dir);
    const out = join(dir, "review");
    const cli = fakeIo({ answer });
    expect(await run(["bank-documents", "demo", "m1", "--out", out], cli.io)).toBe(0);

    expect(readdirSync(out).sort()).toEqual(["m1-id-back.png", "m1-id-front.jpg", "m1-passbook.webp"]);
    expect(new Uint8Array(readFileSync(join(out, "m1-id-front.jpg")))).toEqual(files["f-front"]!.bytes);
    expect(new Uint8Array(readFileSync(join(out, "m1-id-back.png")))).toEqual(files["f-back"]!.bytes);
    expect(new Uint8Array(readFileSync(join(out, "m1-passbook.webp")))).toEqual(files["f-pass"]!.bytes);
    expect(cli.sent[0]!.url.searchParams.get("status")).toBe("all");
    expect(cli.sent.every((s) => s.headers.get("Authorization") === "Bearer test-operator-key")).toBe(true);
    expect(cli.stdout()).toContain(join(out, "m1-id-front.jpg"));
    expect(cli.stdout()).toContain("image/webp");
  });

  it("reports a member without an application, and a missing file, with exit 1", async () => {
    const dir = mkdtempSync(join(tmpdir(), "operator-cli-"));
    temporary.push(dir);
    const nobody = fakeIo({ answer });
    expect(await run(["bank-documents", "demo", "m9", "--out", dir], nobody.io)).toBe(1);
    expect(nobody.stderr()).toContain("no bank application of member m9");

    const gone = fakeIo({
      answer: (url) =>
        url.pathname.endsWith("/f-back") ? refusal(400, "file_not_found") : answer(url, undefined as never),
    });
    expect(await run(["bank-documents", "demo", "m1", "--out", dir], gone.io)).toBe(1);
    expect(gone.stderr()).toContain("file_not_found");
    expect(readdirSync(dir).sort()).toEqual(["m1-id-front.jpg", "m1-passbook.webp"]);
  });

  it("needs --out", async () => {
    const cli = fakeIo({ answer });
    expect(await run(["bank-documents", "demo", "m1"], cli.io)).toBe(2);
    expect(cli.err[0]).toMatch(/^error: missing --out <dir>/);
    expect(cli.sent).toHaveLength(0);
  });
});

describe("map-host", () => {
  it("refuses a site the platform does not know, and writes nothing", async () => {
    const cli = fakeIo({ answer: () => refusal(400, "invalid_site") });
    expect(await run(["map-host", "brand.example.com", "nosuch"], cli.io)).toBe(1);
    expect(cli.sent.map((s) => s.url.pathname)).toEqual(["/site/info/nosuch"]);
    expect(cli.stderr()).toContain("no site nosuch");
    expect(cli.spawned).toHaveLength(0);
  });

  it("writes the local [env.dev] namespace, with --persist-to when STATE_DIR is set", async () => {
    const cli = fakeIo({ env: { ...LOCAL_ENV, STATE_DIR: "/tmp/state" }, answer: siteInfo("USD") });
    expect(await run(["map-host", "brand.localhost", "demo"], cli.io)).toBe(0);
    expect(cli.spawned).toHaveLength(1);
    expect(cli.spawned[0]!.command).toBe("npx");
    expect(cli.spawned[0]!.args).toEqual([
      "wrangler",
      "kv",
      "key",
      "put",
      "--binding",
      "TENANTS",
      "--config",
      "wrangler.toml",
      "--env",
      "dev",
      "--local",
      "--persist-to",
      "/tmp/state",
      "brand.localhost",
      "demo",
    ]);
  });

  it("--remote writes production's namespace (no --env) after checking the site on the production platform", async () => {
    const env = { PLATFORM_URL: "https://operator.example.com", OPERATOR_KEY: "k".repeat(40) };
    const cli = fakeIo({ env, answer: siteInfo("USD") });
    expect(await run(["map-host", "brand.example.com", "demo", "--remote"], cli.io)).toBe(0);
    expect(cli.sent[0]!.url.href).toBe("https://operator.example.com/site/info/demo");
    expect(cli.spawned[0]!.args).toEqual([
      "wrangler",
      "kv",
      "key",
      "put",
      "--binding",
      "TENANTS",
      "--config",
      "wrangler.toml",
      "--remote",
      "brand.example.com",
      "demo",
    ]);

    const local = fakeIo({ answer: siteInfo("USD") });
    expect(await run(["map-host", "brand.example.com", "demo", "--remote"], local.io)).toBe(2);
    expect(local.sent).toHaveLength(0);
    expect(local.spawned).toHaveLength(0);
  });
});

describe("the operator key and Cloudflare Access", () => {
  it("refuses a non-local platform without OPERATOR_KEY, before sending anything", async () => {
    const cli = fakeIo({ env: { PLATFORM_URL: "https://operator.example.com" }, answer: () => ok([]) });
    expect(await run(["deposits", "demo"], cli.io)).toBe(2);
    expect(cli.stderr()).toContain("OPERATOR_KEY is not set");
    expect(cli.sent).toHaveLength(0);
  });

  it("uses the development key (localOperatorKey) for a local platform without OPERATOR_KEY", async () => {
    const cli = fakeIo({ env: { PLATFORM_URL: "http://localhost:8788" }, answer: () => ok([]) });
    expect(await run(["--json", "deposits", "demo"], cli.io)).toBe(0);
    expect(cli.sent[0]!.headers.get("Authorization")).toBe("Bearer local-dev-key");
  });

  it("sends CF-Access-Client-Id and -Secret on every request when both variables are set", async () => {
    const env = { ...LOCAL_ENV, CF_ACCESS_CLIENT_ID: "id.access", CF_ACCESS_CLIENT_SECRET: "secret" };
    const cli = fakeIo({ env, answer: (url) => (url.pathname.endsWith("/deposits") ? ok([]) : siteInfo("USD")(url)) });
    expect(await run(["deposits", "demo"], cli.io)).toBe(0);
    expect(await run(["--json", "get-site", "demo"], cli.io)).toBe(0);
    expect(cli.sent.map((s) => s.url.pathname)).toEqual([
      "/operator/sites/demo/deposits",
      "/site/info/demo",
      "/site/info/demo",
    ]);
    for (const request of cli.sent) {
      expect(request.headers.get("CF-Access-Client-Id")).toBe("id.access");
      expect(request.headers.get("CF-Access-Client-Secret")).toBe("secret");
    }
    expect(accessHeaders({})).toEqual({});
    expect(accessHeaders({ CF_ACCESS_CLIENT_ID: "only-the-id" })).toEqual({});
    // a person's own Access login, which a registry key needs in production
    expect(accessHeaders({ CF_ACCESS_TOKEN: "jwt.of.mei" })).toEqual({ "cf-access-token": "jwt.of.mei" });
  });

  it("keeps httpOperatorClient(baseUrl, key) for seeding and the benchmarks", async () => {
    const seen: Request[] = [];
    const client = httpOperatorClient("http://127.0.0.1:8788", "seed-key", {
      fetch: async (input, init) => {
        seen.push(new Request(input as RequestInfo, init));
        return ok(null);
      },
      headers: {},
    });
    const answer = await client("operatorRetireContent", { params: { siteId: "demo", kind: "press", id: "p1" } });
    expect(answer.statusCode).toBe(200);
    expect(seen[0]!.method).toBe("DELETE");
    expect(new URL(seen[0]!.url).pathname).toBe("/operator/sites/demo/press/p1");
    expect(seen[0]!.headers.get("Authorization")).toBe("Bearer seed-key");
  });
});

describe("theme", () => {
  const THEME = {
    light: { accent: "#0b5cad", background: "#f5f6f8", surface: "#ffffff" },
    dark: { accent: "#6cb6ff", background: "#0d1117", surface: "#161b22" },
    defaultScheme: "system",
    upDown: "locale",
    logo: "wordmark",
  };
  const site = (url: URL) =>
    url.pathname === "/site/info/demo" ? ok({ siteId: "demo", currency: "USD", theme: THEME }) : undefined;

  it("refuses a theme that fails WCAG AA before sending it, printing each failing pair", async () => {
    const cli = fakeIo({ answer: site });
    // a pale accent on a white surface: links and button text become unreadable
    expect(await run(["theme", "demo", "--light-accent", "#7dd3fc"], cli.io)).toBe(1);
    expect(cli.stderr()).toContain("light: accent #7dd3fc on surface #ffffff is 1.");
    expect(cli.stderr()).toContain("needs 4.5:1");
    // only the site was read: nothing was put
    expect(cli.sent.map((s) => `${s.method} ${s.url.pathname}`)).toEqual(["GET /site/info/demo"]);
  });

  it("puts a readable theme merged over the current one and prints the result", async () => {
    const cli = fakeIo({
      answer: (url, sent) =>
        url.pathname === "/operator/sites/demo"
          ? ok({ siteId: "demo", theme: JSON.parse(sent.body!).theme })
          : site(url),
    });
    const argv = [
      "theme",
      "demo",
      "--light-accent",
      "#0f766e",
      "--dark-surface",
      "#12201e",
      "--default-scheme",
      "dark",
      "--up-down",
      "red-up",
      "--logo",
      "mark-name",
    ];
    expect(await run(argv, cli.io)).toBe(0);
    const put = cli.sent.find((s) => s.method === "PUT")!;
    expect(JSON.parse(put.body!)).toEqual({
      theme: {
        light: { ...THEME.light, accent: "#0f766e" },
        dark: { ...THEME.dark, surface: "#12201e" },
        defaultScheme: "dark",
        upDown: "red-up",
        logo: "mark-name",
        // the stored theme predates the design parts: it is read, and sent back, with their defaults
        ...DESIGN_DEFAULTS,
      },
    });
    expect(cli.stdout()).toContain("accent #0f766e");
    expect(cli.stdout()).toContain("mark-name");
  });

  it("sets the design parts, each a closed choice, and prints them", async () => {
    const cli = fakeIo({
      answer: (url, sent) =>
        url.pathname === "/operator/sites/demo"
          ? ok({ siteId: "demo", theme: JSON.parse(sent.body!).theme })
          : site(url),
    });
    const argv = ["theme", "demo", "--font", "grotesk", "--scale", "compact", "--radius", "square"];
    argv.push("--density", "compact", "--buttons", "outline", "--hero", "split", "--imagery", "candles");
    expect(await run(argv, cli.io)).toBe(0);
    const put = JSON.parse(cli.sent.find((s) => s.method === "PUT")!.body!) as { theme: Record<string, unknown> };
    expect(put.theme).toMatchObject({
      font: "grotesk",
      scale: "compact",
      radius: "square",
      density: "compact",
      buttons: "outline",
      hero: "split",
      imagery: "candles",
    });
    expect(cli.stdout()).toMatch(/hero:\s+split/);
  });

  it("refuses a design value outside its choices as a usage error, with a 'did you mean'", async () => {
    const cli = fakeIo({ answer: site });
    expect(await run(["theme", "demo", "--radius", "rounded"], cli.io)).toBe(2);
    expect(cli.stderr()).toContain("--radius 'rounded': one of square, soft, round (did you mean round?)");
    expect(cli.sent).toHaveLength(0);
  });

  it("previews a theme with its CSS and <html> attributes without sending it", async () => {
    const cli = fakeIo({ answer: site });
    const argv = ["theme", "demo", "--hero", "banner", "--font", "serif", "--preview", "--css", "--lang", "ja-JP"];
    expect(await run(argv, cli.io)).toBe(0);
    expect(cli.sent.map((s) => s.method)).toEqual(["GET"]);
    expect(cli.stdout()).toContain("nothing was sent");
    expect(cli.stdout()).toContain('data-hero="banner"');
    // the Japanese page's serif reaches Japanese Mincho before any Chinese font
    expect(cli.stdout()).toContain('"Hiragino Mincho ProN", "Yu Mincho"');
    // the banner's tinted panel draws the accent too: practice takes the darker amber that reads on it
    expect(cli.stdout()).toContain(":root[data-mode=practice]{--accent:#92400e");
  });

  it("prints the platform's failing pairs when the platform refuses the theme", async () => {
    const cli = fakeIo({
      answer: (url) =>
        url.pathname === "/operator/sites/demo"
          ? Response.json(
              {
                statusCode: 400,
                message: "theme_contrast_too_low",
                data: { problems: ["dark: accent #111111 on surface #161b22 is 1.0:1, needs 4.5:1"] },
              },
              { status: 400 },
            )
          : site(url),
    });
    expect(await run(["theme", "demo", "--logo", "mark-name"], cli.io)).toBe(1);
    expect(cli.stderr()).toContain("theme_contrast_too_low");
    expect(cli.stderr()).toContain("dark: accent #111111 on surface #161b22 is 1.0:1");
  });

  it("refuses a colour that is not #rrggbb as a usage error, sending nothing", async () => {
    const cli = fakeIo({ answer: site });
    expect(await run(["theme", "demo", "--dark-accent", "teal"], cli.io)).toBe(2);
    expect(cli.sent).toHaveLength(0);
  });
});

describe("icons", () => {
  it("renders the site's mark on its accent at 180, 192 and 512 px and uploads each as a PNG", async () => {
    const theme = {
      light: { accent: "#b45309", background: "#fbf7f0", surface: "#fffdf8" },
      dark: { accent: "#f59e0b", background: "#17110b", surface: "#221a11" },
      defaultScheme: "dark",
      upDown: "locale",
      logo: "mark-name",
    };
    const cli = fakeIo({
      answer: (url) => {
        if (url.pathname === "/site/info/demo2")
          return ok({ siteId: "demo2", favicon: "/brand/demo2/favicon.svg", theme });
        const size = /^\/operator\/sites\/demo2\/icons\/(\d+)$/.exec(url.pathname)?.[1];
        return size ? ok({ size: Number(size), bytes: 1 }) : undefined;
      },
    });
    const out = mkdtempSync(join(tmpdir(), "icons-"));
    try {
      expect(await run(["icons", "demo2", "--out", out], cli.io)).toBe(0);
      const puts = cli.sent.filter((s) => s.method === "PUT");
      expect(puts.map((s) => s.url.pathname)).toEqual(
        ["180", "192", "512"].map((size) => `/operator/sites/demo2/icons/${size}`),
      );
      for (const request of puts) expect(request.headers.get("content-type")).toMatch(/^multipart\/form-data/);
      // the PNGs written to --out are the sizes named, read from their IHDR
      for (const size of [180, 192, 512]) {
        const png = readFileSync(join(out, `demo2-${size}.png`));
        expect(png.subarray(12, 16).toString()).toBe("IHDR");
        expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
      }
      expect(readdirSync(out)).toHaveLength(3);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it("says the site has no mark, and sends nothing, when it has no favicon and no --mark is given", async () => {
    const cli = fakeIo({
      answer: (url) =>
        url.pathname === "/site/info/demo" ? ok({ siteId: "demo", favicon: "", theme: {} }) : undefined,
    });
    expect(await run(["icons", "demo"], cli.io)).toBe(2);
    expect(cli.stderr()).toContain("--mark");
    expect(cli.sent.filter((s) => s.method === "PUT")).toHaveLength(0);
  });
});

describe("contract-settings", () => {
  const SETTINGS = {
    leverageOptions: [5, 10, 20, 50, 100],
    feePpm: 500,
    maxFeeShareBp: 1000,
    stopOutBp: 1000,
    minMargin: 100,
    maxMargin: 1_000_000,
    maxOpenPositions: 20,
    maxNotionalPerMember: 100_000_000,
    maxNotionalPerPair: 1_000_000_000,
    slippageBp: 50,
    closeOnlyPairs: [] as string[],
  };
  const site = (url: URL) =>
    url.pathname === "/site/info/demo"
      ? ok({ siteId: "demo", currency: "USD", pairs: ["BTC-USDT", "ETH-USDT"], contractSettings: SETTINGS })
      : undefined;
  /** the platform stores what it is sent and answers the site with it */
  const storing = (url: URL, sent: Sent) =>
    url.pathname === "/operator/sites/demo" && sent.method === "PUT"
      ? ok({
          siteId: "demo",
          currency: "USD",
          pairs: ["BTC-USDT", "ETH-USDT"],
          contractSettings: JSON.parse(sent.body!).contractSettings,
        })
      : site(url);

  it("without flags prints the settings in words and the site's money, and sends nothing but the read", async () => {
    const cli = fakeIo({ answer: site });
    expect(await run(["contract-settings", "demo"], cli.io)).toBe(0);
    expect(cli.sent.map((s) => `${s.method} ${s.url.pathname}`)).toEqual(["GET /site/info/demo"]);
    const text = cli.stdout();
    expect(text).toMatch(/leverage:\s+5×, 10×, 20×, 50×, 100×/);
    expect(text).toContain("0.05 % of the notional at the open, charged at opening and again at closing (500 ppm)");
    expect(text).toContain("both fees together at most 10 % of the margin (1000 bp); at 100× they take 10.00 %");
    expect(text).toContain("when equity falls to 10 % of the margin (1000 bp)");
    expect(text).toContain("$1.00 – $10,000.00 per position");
    expect(text).toContain("0.5 % from the price the member saw (50 bp)");
    expect(text).toMatch(/close-only pairs:\s+none/);
  });

  it("changes only the fields given (amounts in the site's money), puts the whole object back and prints what was stored", async () => {
    const cli = fakeIo({ answer: storing });
    const argv = [
      "contract-settings",
      "demo",
      "--leverage",
      "2,5,10",
      "--fee-ppm",
      "600",
      "--min-margin",
      "2.50",
      "--max-margin",
      "10,000",
      "--max-notional-pair",
      "5000000",
      "--close-only",
      "ETH-USDT",
    ];
    expect(await run(argv, cli.io), cli.stderr()).toBe(0);
    const put = cli.sent.find((s) => s.method === "PUT")!;
    expect(put.url.pathname).toBe("/operator/sites/demo");
    expect(JSON.parse(put.body!)).toEqual({
      contractSettings: {
        ...SETTINGS,
        leverageOptions: [2, 5, 10],
        feePpm: 600,
        minMargin: 250,
        maxMargin: 1_000_000,
        maxNotionalPerPair: 500_000_000,
        closeOnlyPairs: ["ETH-USDT"],
      },
    });
    expect(cli.stdout()).toContain("0.06 % of the notional");
    expect(cli.stdout()).toContain("$2.50 – $10,000.00 per position");
    expect(cli.stdout()).toMatch(/close-only pairs:\s+ETH-USDT/);
  });

  it("--max-fee-share-bp lets the fees take more of the margin, and a higher leverage fits", async () => {
    const cli = fakeIo({ answer: storing });
    expect(
      await run(["contract-settings", "demo", "--leverage", "5,1000", "--max-fee-share-bp", "10000"], cli.io),
      cli.stderr(),
    ).toBe(0);
    expect(JSON.parse(cli.sent.find((s) => s.method === "PUT")!.body!).contractSettings).toMatchObject({
      leverageOptions: [5, 1000],
      maxFeeShareBp: 10_000,
    });
  });

  it("prints the platform's leverage_fees_too_high with the leverage, its share and the most allowed, and each line", async () => {
    const refusal = {
      statusCode: 400,
      message: "leverage_fees_too_high",
      data: {
        feeShare: { leverage: 200, sharePpm: 200_000, maxPpm: 100_000 },
        problems: [
          "leverage 200× takes 20.00 % of the margin in opening and closing fees; at most 10.00 % is allowed",
          "at this fee the highest leverage that fits is 100×",
        ],
      },
    };
    const cli = fakeIo({
      answer: (url, sent) => (sent.method === "PUT" ? Response.json(refusal, { status: 400 }) : site(url)),
    });
    expect(await run(["contract-settings", "demo", "--slippage-bp", "40"], cli.io)).toBe(1);
    expect(cli.stderr()).toContain(
      "leverage_fees_too_high — Leverage 200× takes 20.00 % of the margin in opening and closing fees; at most 10.00 % is allowed.",
    );
    expect(cli.stderr()).toContain("  at this fee the highest leverage that fits is 100×");
  });

  it("--open lifts close-only from a pair and keeps the others", async () => {
    const closed = { ...SETTINGS, closeOnlyPairs: ["BTC-USDT", "ETH-USDT"] };
    const cli = fakeIo({
      answer: (url, sent) =>
        url.pathname === "/site/info/demo"
          ? ok({ siteId: "demo", currency: "USD", pairs: ["BTC-USDT", "ETH-USDT"], contractSettings: closed })
          : storing(url, sent),
    });
    expect(await run(["contract-settings", "demo", "--open", "BTC-USDT"], cli.io)).toBe(0);
    expect(JSON.parse(cli.sent.find((s) => s.method === "PUT")!.body!).contractSettings.closeOnlyPairs).toEqual([
      "ETH-USDT",
    ]);
  });

  it.each([
    [["--min-margin", "20000"], "--min-margin: minMargin is at most maxMargin"],
    [["--leverage", "20,10"], "--leverage: ascending, each once"],
    [["--stop-out-bp", "10000"], "--stop-out-bp"],
    [["--min-margin", "1.005"], "not an amount of USD (at most 2 decimals)"],
    [["--close-only", "DOGE-USDT"], "the site does not offer DOGE-USDT"],
    [["--close-only", "BTC-USDT", "--open", "BTC-USDT"], "BTC-USDT is both in --close-only and --open"],
    [
      ["--leverage", "5,10,1000"],
      "leverage 1000× takes 100.00 % of the margin in opening and closing fees; at most 10.00 % is allowed",
    ],
    // a fee alone can break a leverage already offered
    [
      ["--fee-ppm", "501"],
      "leverage 100× takes 10.02 % of the margin in opening and closing fees; at most 10.00 % is allowed",
    ],
    [
      ["--max-fee-share-bp", "999"],
      "leverage 100× takes 10.00 % of the margin in opening and closing fees; at most 9.99 % is allowed",
    ],
  ])("refuses %j with the reason (exit 2) and puts nothing", async (flags, reason) => {
    const cli = fakeIo({ answer: storing });
    expect(await run(["contract-settings", "demo", ...flags], cli.io)).toBe(2);
    expect(cli.stderr()).toContain(reason);
    expect(cli.sent.filter((s) => s.method === "PUT")).toEqual([]);
  });

  it("refuses a value that is not a number before reading anything", async () => {
    const cli = fakeIo({ answer: storing });
    expect(await run(["contract-settings", "demo", "--fee-ppm", "0.05%"], cli.io)).toBe(2);
    expect(cli.sent).toEqual([]);
  });

  it("prints the platform's refusal and exits 1", async () => {
    const cli = fakeIo({
      answer: (url, sent) => (sent.method === "PUT" ? refusal(400, "invalid_parameters") : site(url)),
    });
    expect(await run(["contract-settings", "demo", "--max-open", "5"], cli.io)).toBe(1);
    expect(cli.stderr()).toContain("invalid_parameters");
    expect(cli.out).toEqual([]);
  });
});

describe("open-interest", () => {
  const row = {
    pair: "BTC-USDT",
    markPrice: 6123450,
    longPositions: 3,
    shortPositions: 1,
    longNotional: 300_000,
    shortNotional: 100_000,
    netNotional: 200_000,
    limit: 1_000_000,
    closeOnly: true,
    unrealizedPnl: 12_345,
    margin: 40_000,
  };
  const answer = (rows: unknown[]) => (url: URL) =>
    url.pathname === "/operator/sites/demo/open-interest"
      ? ok(rows)
      : url.pathname === "/market/pairs"
        ? ok([{ symbol: "BTC-USDT", name: "BTC/USDT", precision: 2, periodSeconds: 60, cutoffSeconds: 10 }])
        : siteInfo("USD")(url);

  it("prints one row per pair: mark in the pair's precision, counts, notional, signed net, limit used, close-only, PnL and margin", async () => {
    const cli = fakeIo({ answer: answer([row]) });
    expect(await run(["open-interest", "demo"], cli.io), cli.stderr()).toBe(0);
    const [header, , line] = cli.stdout().split("\n");
    expect(header!.split(/\s{2,}/)).toEqual([
      "PAIR",
      "MARK",
      "LONG",
      "LONG NOTIONAL",
      "SHORT",
      "SHORT NOTIONAL",
      "NET",
      "LIMIT (USED)",
      "CLOSE-ONLY",
      "MEMBERS' PNL",
      "MARGIN",
    ]);
    expect(line!.trim().split(/\s{2,}/)).toEqual([
      "BTC-USDT",
      "61234.50",
      "3",
      "$3,000.00",
      "1",
      "$1,000.00",
      "+$2,000.00",
      "$10,000.00 (40 %)",
      "yes",
      "+$123.45",
      "$400.00",
    ]);
    // the sign is explained: members gaining is the house paying
    expect(cli.stdout()).toContain("The house's exposure is its opposite");
    expect(cli.stdout()).toContain("All pairs: the house would pay $123.45 at the mark (-$123.45 for the house).");
  });

  it("says the house would take what the members lose", async () => {
    const cli = fakeIo({
      answer: answer([
        { ...row, unrealizedPnl: -500 },
        { ...row, pair: "ETH-USDT", markPrice: null, unrealizedPnl: -250 },
      ]),
    });
    expect(await run(["open-interest", "demo"], cli.io)).toBe(0);
    expect(cli.stdout()).toContain("All pairs: the house would take $7.50 at the mark (+$7.50 for the house).");
    expect(cli.stdout()).toMatch(/ETH-USDT\s+—/);
  });
});

describe("operators", () => {
  const operator = {
    id: "op_0123456789abcdef",
    name: "Chen Mei",
    email: "mei@example.com",
    sites: ["demo"],
    roles: ["finance", "support"],
    createdAt: "2026-11-27T08:00:00.000Z",
    keyIssuedAt: "2026-11-27T08:00:00.000Z",
    revokedAt: null,
  };

  it("add sends the person, their sites and roles, and prints the key once with a warning", async () => {
    const cli = fakeIo({
      answer: (url) =>
        url.pathname === "/operator/operators" ? ok({ operator, key: "opk_00112233aabbccdd.secret" }) : undefined,
    });
    const argv = [
      "operators",
      "add",
      "--name",
      "Chen Mei",
      "--email",
      "Mei@Example.com",
      "--sites",
      "demo",
      "--roles",
      "support,finance",
    ];
    expect(await run(argv, cli.io), cli.stderr()).toBe(0);
    expect(cli.sent.map((s) => `${s.method} ${s.url.pathname}`)).toEqual(["POST /operator/operators"]);
    expect(JSON.parse(cli.sent[0]!.body!)).toEqual({
      name: "Chen Mei",
      email: "mei@example.com",
      sites: ["demo"],
      roles: ["support", "finance"],
    });
    expect(cli.stdout()).toContain("key: opk_00112233aabbccdd.secret");
    expect(cli.stdout()).toContain("shown this once");
  });

  it("refuses an add without roles, an unknown role and a list mixing * with sites before sending anything (exit 2)", async () => {
    for (const argv of [
      ["operators", "add", "--name", "X", "--sites", "demo"],
      ["operators", "add", "--name", "X", "--sites", "demo", "--roles", "boss"],
      ["operators", "add", "--name", "X", "--sites", "*,demo", "--roles", "admin"],
      ["operators", "rotate"],
      ["operators", "revoke", "not-an-id"],
      ["operators", "list", "--name", "X"],
      ["operators", "remove"],
    ]) {
      const cli = fakeIo();
      expect(await run(argv, cli.io), argv.join(" ")).toBe(2);
      expect(cli.sent, argv.join(" ")).toHaveLength(0);
    }
  });

  it("lists operators, rotates and revokes by id", async () => {
    const cli = fakeIo({
      answer: (url, sent) => {
        if (url.pathname === "/operator/operators" && sent.method === "GET") return ok([operator]);
        if (url.pathname.endsWith("/rotate")) return ok({ operator, key: "opk_ffeeddccbbaa0011.new" });
        if (url.pathname.endsWith("/revoke")) return ok({ ...operator, revokedAt: "2026-11-27T09:00:00.000Z" });
        return undefined;
      },
    });
    expect(await run(["operators", "list"], cli.io)).toBe(0);
    expect(await run(["operators", "rotate", operator.id], cli.io)).toBe(0);
    expect(await run(["operators", "revoke", operator.id], cli.io)).toBe(0);
    expect(cli.sent.map((s) => `${s.method} ${s.url.pathname}`)).toEqual([
      "GET /operator/operators",
      `POST /operator/operators/${operator.id}/rotate`,
      `POST /operator/operators/${operator.id}/revoke`,
    ]);
    expect(cli.stdout()).toContain("Chen Mei");
    expect(cli.stdout()).toContain("key: opk_ffeeddccbbaa0011.new");
    expect(cli.stdout()).toContain("2026-11-27 09:00:00 UTC");
  });

  it("audit names the operator who acted, and filters by operator", async () => {
    const entry = {
      id: "e1",
      type: "operator_action",
      at: "2026-11-27T08:00:00.000Z",
      actor: "operator",
      account: "alice",
      memberId: "m-1",
      address: "",
      operator: { id: operator.id, name: "Chen Mei" },
      details: { call: "operatorFile", site: "demo" },
    };
    const cli = fakeIo({
      answer: (url) =>
        url.pathname === "/operator/sites/demo/audit"
          ? ok({ items: [entry], total: 1, page: 1, pageSize: 50 })
          : undefined,
    });
    expect(await run(["audit", "demo", "--operator", operator.id], cli.io), cli.stderr()).toBe(0);
    expect(cli.sent[0]!.url.searchParams.get("operator")).toBe(operator.id);
    expect(cli.stdout()).toContain(`Chen Mei (${operator.id})`);
    expect(cli.stdout()).toContain("m-1");
  });
});
