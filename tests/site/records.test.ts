import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestMember } from "../helpers/platform";
import { Visitor, type Stack } from "../helpers/site";
import { sharedStack } from "../helpers/shared";

/**
 * The records page (/user/record) against the reference platform: money is moved through the
 * platform API directly, then the site's three tabs must show it, page it and filter it, all
 * with plain links and a GET form (no JavaScript).
 */

let stack: Stack;
let member: TestMember;
let visitor: Visitor;
let gameCode: string;

// 20 small deposits first, so the newest entries (the big deposit, the transfer) fill page 1 and
// each list runs to a second page of 20
const SMALL_DEPOSITS = 20;

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
// a range around today, so a run that crosses midnight UTC still finds its entries
const FROM = day(-1);
const TO = day(1);

beforeAll(async () => {
  stack = await sharedStack();
  const site = await stack.platform.call("siteInfo", { params: { siteId: "demo" } });
  gameCode = site.envelope.data!.games[0]!.code;
  member = await stack.platform.signupMember("demo");
  for (let i = 0; i < SMALL_DEPOSITS; i++) await deposit(1000);
  await deposit(5000);
  const transfer = await stack.platform.call("transfer", {
    token: member.token,
    siteId: "demo",
    body: { direction: "in", gameCode, amount: 1000 },
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });
  expect(transfer.envelope.message).toBe("ok");
  visitor = new Visitor(stack);
  expect((await visitor.signIn(member.account, member.password)).status).toBe(302);
});
afterAll(() => stack?.dispose());

async function deposit(amount: number) {
  const result = await stack.platform.call("deposit", {
    token: member.token,
    siteId: "demo",
    body: { optionId: "demo-instant", amount },
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });
  expect(result.envelope.message).toBe("ok");
  expect(result.envelope.data?.status).toBe("credited");
}

const decode = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

/** The text of each row of the page's table body, cells separated by " | ". */
function rows(html: string): string[] {
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? "";
  return body
    .split("</tr>")
    .map((row) =>
      decode(row.replace(/<\/t[hd]>/g, " | ").replace(/<[^>]+>/g, ""))
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter(Boolean);
}

/** The query of the first link whose attributes match `attribute` (e.g. rel="next"). */
function linkQuery(html: string, attribute: string): URLSearchParams | undefined {
  for (const tag of html.match(/<a\s[^>]*>/g) ?? []) {
    if (!tag.includes(attribute)) continue;
    const href = decode(/\shref="([^"]*)"/.exec(tag)?.[1] ?? "");
    const url = new URL(href, "http://localhost");
    expect(url.pathname).toBe("/user/record");
    return url.searchParams;
  }
  return undefined;
}

async function page(query: string, headers: Record<string, string> = {}) {
  const response = await visitor.get(`/user/record?${query}`, headers);
  return { status: response.status, html: await response.text() };
}

describe("records page", () => {
  it("sends a visitor to sign in first", async () => {
    const response = await new Visitor(stack).get("/user/record?tab=transactions");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login");
  });

  it("shows the deposit and the transfer as one row each in the account records, with balances and the postings inside", async () => {
    const { status, html } = await page("tab=account");
    expect(status).toBe(200);
    expect(html).toContain("<caption>Account records</caption>");
    expect(html).toMatch(/<th scope="col" class="slot-side">Balance after<\/th>/);
    const list = rows(html);
    expect(list).toHaveLength(20);
    // the main account after 20 × $10 and $50 holds $250, then $240 after the transfer
    expect(list).toContainEqual(
      expect.stringMatching(
        /\| Deposit Main account \| \+US\$50\.00 \| US\$250\.00 \| 1 ledger entry ?Main account \+US\$50\.00 /,
      ),
    );
    // the transfer is one row on the main account; both of its postings are in its detail
    const transfers = list.filter((row) => row.includes("| To game wallet "));
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatch(
      /\| To game wallet Main account → Game wallet: .+ \| −US\$10\.00 \| US\$240\.00 \| 2 ledger entries ?Main account −US\$10\.00 Balance after US\$240\.00 ?Game wallet: .+ \+US\$10\.00 Balance after US\$10\.00 ?Reference: /,
    );
  });

  it("shows the deposit and the transfer with their status in the transaction records", async () => {
    const { status, html } = await page("tab=transactions");
    expect(status).toBe(200);
    expect(html).toContain("<caption>Transaction records</caption>");
    const list = rows(html);
    expect(list).toHaveLength(20);
    expect(list).toContainEqual(
      expect.stringMatching(/\| Deposit Instant demo credit \| \+US\$50\.00 \| Credited \|$/),
    );
    expect(list).toContainEqual(
      expect.stringMatching(/\| To game wallet Main account → Game wallet: .+ \| −US\$10\.00 \| Done \|$/),
    );
  });

  it("shows the empty state in the withdrawal records of a member who has not withdrawn", async () => {
    const { status, html } = await page("tab=withdrawals");
    expect(status).toBe(200);
    expect(html).toContain("There are no records yet.");
    expect(html).not.toContain("<table");
  });

  it("marks the current tab and keeps the dates, but not the page, in the tab links", async () => {
    const { html } = await page(`tab=transactions&from=${FROM}&to=${TO}&page=2`);
    const tabs = /<nav aria-label="Kind of record"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
    const current = /<a\s[^>]*aria-current="page"[^>]*>([^<]*)<\/a>/.exec(tabs);
    expect(current?.[1]).toBe("Transaction records");
    const toAccount = linkQuery(html, "tab=account");
    expect(Object.fromEntries(toAccount!)).toEqual({ tab: "account", from: FROM, to: TO });
  });

  it("pages with links that keep the tab and the dates", async () => {
    const first = await page(`tab=account&from=${FROM}&to=${TO}`);
    expect(rows(first.html)).toHaveLength(20);
    expect(first.html).toContain("Page 1 of 2");
    expect(linkQuery(first.html, 'rel="prev"')).toBeUndefined();
    const next = linkQuery(first.html, 'rel="next"')!;
    expect(Object.fromEntries(next)).toEqual({ tab: "account", from: FROM, to: TO, page: "2" });

    const second = await page(next.toString());
    expect(second.status).toBe(200);
    expect(second.html).toContain("Page 2 of 2");
    // 21 deposits and the transfer: 22 operations (one row each), 2 on the second page
    expect(rows(second.html)).toHaveLength(2);
    expect(linkQuery(second.html, 'rel="next"')).toBeUndefined();
    const previous = linkQuery(second.html, 'rel="prev"')!;
    expect(Object.fromEntries(previous)).toEqual({ tab: "account", from: FROM, to: TO });
  });

  it("filters by date with a GET form that keeps the tab", async () => {
    const { status, html } = await page("tab=transactions&from=2000-01-01&to=2000-01-31");
    expect(status).toBe(200);
    expect(html).toContain("There are no records between these dates.");
    expect(html).not.toContain("<table");
    expect(html).toMatch(/<form[^>]*method="get"[^>]*action="\/user\/record"/);
    expect(html).toMatch(/<input type="hidden" name="tab" value="transactions"\/>/);
    expect(html).toMatch(/<input[^>]*type="date"[^>]*name="from"[^>]*value="2000-01-01"/);
    expect(html).toMatch(/<input[^>]*type="date"[^>]*name="to"[^>]*value="2000-01-31"/);
  });

  it("refuses a start date after the end date with a translated message", async () => {
    const english = await page("tab=withdrawals&from=2025-02-10&to=2025-02-01");
    expect(english.status).toBe(400);
    expect(english.html).toMatch(/role="alert"[^>]*>The start date must not be later than the end date\.</);
    expect(english.html).toMatch(/<input type="hidden" name="tab" value="withdrawals"\/>/);
    expect(english.html).toMatch(/name="from"[^>]*value="2025-02-10"/);

    const japanese = await page("tab=withdrawals&from=2025-02-10&to=2025-02-01", {
      cookie: `${visitor.cookieHeader}; locale=ja_JP`,
    });
    expect(japanese.status).toBe(400);
    expect(japanese.html).toContain("開始日には終了日以前の日付を指定してください。");
  });

  it("ignores a bad tab, page or date and shows the defaults", async () => {
    const { status, html } = await page("tab=nope&page=-3&from=2025-02-30&to=yesterday");
    expect(status).toBe(200);
    expect(html).toContain("<caption>Account records</caption>");
    expect(html).toContain("Page 1 of 2");
    expect(html).not.toContain('value="2025-02-30"');
  });

  it("colours no transfer between the member's own accounts as a gain or a loss", async () => {
    for (const tab of ["account", "transactions"]) {
      const { html } = await page(`tab=${tab}`);
      const row =
        /<tr[^>]*>(?:(?!<\/tr>)[\s\S])*?To game wallet[\s\S]*?<\/tr>/.exec(html.replace(/<!-- -->/g, ""))?.[0] ?? "";
      expect(row, tab).toContain('class="amount-neutral"');
      expect(row, tab).not.toMatch(/amount-(debit|credit)/);
      // a deposit still reads as money in
      expect(html, tab).toContain('class="amount-credit"');
    }
  });
});

describe("records in the member's time zone", () => {
  /** The first record's time as the page prints it, and the instant it prints. */
  async function firstTime(cookie?: string) {
    const { html } = await page("tab=account", cookie ? { cookie: `${visitor.cookieHeader}; ${cookie}` } : {});
    const match = /<time dateTime="([^"]+)">([^<]+)<\/time>/.exec(html.replace(/<!-- -->/g, ""));
    expect(match, "a record's time").not.toBeNull();
    return { iso: match![1]!, text: decode(match![2]!), html };
  }
  const expected = (iso: string, timeZone: string) =>
    new Intl.DateTimeFormat("en-US", {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
      timeZone,
    }).format(new Date(iso));

  it("renders times in UTC on a 24-hour clock, the page saying so once, until the browser has said its zone, then in that zone", async () => {
    const utc = await firstTime();
    expect(utc.text).toBe(expected(utc.iso, "UTC"));
    expect(utc.html).toContain("Times are in UTC.");
    // the page carries the script that tells the server the browser's zone
    expect(utc.html).toMatch(
      /<script nonce="[^"]+" id="tz-script">\(function\(\)\{try\{var z=Intl\.DateTimeFormat\(\)/,
    );

    const taipei = await firstTime("tz=Asia%2FTaipei");
    expect(taipei.iso).toBe(utc.iso);
    expect(taipei.text).toBe(expected(taipei.iso, "Asia/Taipei"));
    expect(taipei.html).not.toContain("Times are in UTC.");
    expect(taipei.text).not.toBe(utc.text);
    expect(taipei.html).toContain("Dates and times are in your time zone (Asia/Taipei).");
  });

  it("ignores a cookie that names no time zone", async () => {
    const bad = await firstTime("tz=Mars%2FOlympus");
    expect(bad.text).toBe(expected(bad.iso, "UTC"));
  });

  it("offers Today, 7 days and 30 days ending on the member's today, in their zone", async () => {
    const dayIn = (zone: string) =>
      new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
        new Date(),
      );
    const before = (day: string, days: number) =>
      new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
    // UTC+14 and UTC−11: at any moment one of them is on another date than UTC
    const zones = ["Pacific/Kiritimati", "Pacific/Pago_Pago"];
    expect(zones.some((zone) => dayIn(zone) !== dayIn("UTC"))).toBe(true);
    for (const zone of zones) {
      const today = dayIn(zone);
      const { html } = await page("tab=transactions", {
        cookie: `${visitor.cookieHeader}; tz=${encodeURIComponent(zone)}`,
      });
      for (const [testId, days] of [
        ["range-today", 1],
        ["range-days_7", 7],
        ["range-days_30", 30],
      ] as const) {
        const tag = new RegExp(`<a[^>]*data-testid="${testId}"[^>]*>`).exec(html)?.[0] ?? "";
        const href = decode(/href="([^"]*)"/.exec(tag)?.[1] ?? "");
        expect(Object.fromEntries(new URL(href, "http://localhost").searchParams), `${zone} ${testId}`).toEqual({
          tab: "transactions",
          from: before(today, days - 1),
          to: today,
        });
      }
    }
    // the days filter in the member's zone too: the records made in this run are on each zone's
    // today, and the other zone's today (a day away) read in this zone holds none of them
    const [east, west] = zones.map(dayIn) as [string, string];
    const filtered = async (zone: string, day: string) =>
      (
        await page(`tab=transactions&from=${day}&to=${day}`, {
          cookie: `${visitor.cookieHeader}; tz=${encodeURIComponent(zone)}`,
        })
      ).html;
    expect(rows(await filtered(zones[0]!, east)).length).toBeGreaterThan(0);
    expect(rows(await filtered(zones[1]!, west)).length).toBeGreaterThan(0);
    expect(await filtered(zones[0]!, west)).toContain("There are no records between these dates.");
    expect(await filtered(zones[1]!, east)).toContain("There are no records between these dates.");

    // the range in force is marked
    const today = dayIn("UTC");
    const { html } = await page(`tab=transactions&from=${before(today, 6)}&to=${today}`);
    expect(html).toMatch(
      /<a[^>]*aria-current="true"[^>]*data-testid="range-days_7"|<a[^>]*data-testid="range-days_7"[^>]*aria-current="true"/,
    );
  });
});
