import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatUntil } from "../../app/utils/messages";
import { createStack, freshMember, modeOf, registerFields, Visitor, type Stack } from "../helpers/site";
import { advanceSiteClock, SITE_HARNESS_ENTRY, takePlatformCalls } from "../helpers/site-harness";
import { SHIFTED_CLOCK_ENTRY, shiftedClock } from "../helpers/shifted-clock";

/**
 * Player protection on the site (app/README.md, "Player protection"): the limits page and its
 * forms without JavaScript, a break closing the pages that lead to money, refusals with their
 * figures in the member's language, and the reality check shown when due. The site's clock and
 * the platform's can both be moved ahead (the site harness's entry, and the platform's shifted
 * clock of server/cli/local/shifted-clock.ts), so a reality check falls due without waiting.
 */

let stack: Stack;
let platformClock: ReturnType<typeof shiftedClock>;
beforeAll(async () => {
  stack = await createStack({ siteEntry: SITE_HARNESS_ENTRY, platformEntry: SHIFTED_CLOCK_ENTRY });
  platformClock = shiftedClock(stack.platform);
});
afterAll(() => stack?.dispose());

async function member(): Promise<Visitor> {
  const visitor = new Visitor(stack, "http://localhost");
  expect((await visitor.post("/register", registerFields(freshMember()))).status).toBe(302);
  return visitor;
}

const keyOf = (html: string) => /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1];
const periodOf = (html: string) => /name="periodNo" value="(\d+)"/.exec(html)?.[1];
/** The page's text as a browser shows it: tags and React's separators dropped, entities read. */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");
const testIdText = (html: string, testId: string) =>
  new RegExp(`<(\\w+)[^>]*data-testid="${testId}"[^>]*>([\\s\\S]*?)</\\1>`)
    .exec(html.replace(/<!-- -->/g, ""))?.[2]
    ?.replace(/<[^>]+>/g, "")
    .trim();

/**
 * The game page with at least 5 s of betting left on its Next round (the countdown the server
 * rendered), so a bet posted from it meets the rule under test, not the round's cut-off. With
 * less, the platform's clock moves to that round's start, after which the one after it takes bets.
 */
async function gamePage(visitor: Visitor): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const html = await (await visitor.get("/game")).text();
    const timer = /data-testid="cutoff-timer" data-phase="(open|closed)"[\s\S]*?dateTime="PT(\d+)S"/.exec(html);
    expect(timer, "the Next round's countdown").not.toBeNull();
    if (timer![1] === "open" && Number(timer![2]) >= 5) return html;
    expect(attempt, "a round with betting left after the clock moved").toBe(0);
    const { next } = (await stack.platform.call("market", { params: { pair: "BTC-USDT" } })).envelope.data!;
    await platformClock.jumpTo(Date.parse(next.startsAt) + 100);
  }
}

async function deposit(visitor: Visitor, amount: string) {
  const key = keyOf(await (await visitor.get("/user/deposit")).text())!;
  return visitor.post("/user/deposit", { optionId: "demo-instant", amount, idempotencyKey: key });
}

const setLimit = (visitor: Visitor, kind: string, period: string, amount: string, op = "set") =>
  visitor.post("/user/limits", { intent: "limit", kind, period, amount, op });

describe("limits page", { timeout: 30_000 }, () => {
  it("lists the six limits as none, the site's default reality check, the break form, and is in the member menu", async () => {
    const visitor = await member();
    const { response, html } = await visitor.follow("/user/limits");
    expect(response.status).toBe(200);
    const page = text(html);
    expect(page).toContain("Deposit limits");
    expect(page).toContain("Loss limits");
    for (const kind of ["deposit", "loss"])
      for (const period of ["day", "week", "month"]) expect(html).toContain(`data-testid="limit-${kind}-${period}"`);
    expect(page.match(/Limit No limit/g)).toHaveLength(6);
    // the demo site's default is 60 minutes: marked, and chosen while the member has not chosen
    expect(page).toContain("Every 60 minutes (site default)");
    expect(html).toMatch(/<input type="radio" name="minutes" checked="" value="60"\/>/);
    expect(page).toContain("I understand it cannot be undone or shortened.");
    expect(page).toContain("No changes yet.");
    expect(html).toContain('href="/user/limits"');
  });

  it("sets a limit without JavaScript, shows what is used and left, and keeps an increase pending for 24 hours", async () => {
    const visitor = await member();
    const set = await setLimit(visitor, "deposit", "day", "100");
    expect(set.status).toBe(302);
    expect(set.headers.get("location")).toBe("/user/limits");
    expect(text((await visitor.follow("/user/limits")).html)).toContain("Your limit is saved.");
    expect((await deposit(visitor, "40")).status).toBe(302);
    let html = (await visitor.follow("/user/limits")).html;
    expect(testIdText(html, "limit-deposit-day-remaining")).toBe("US$60.00");
    expect(text(html)).toMatch(/Daily \(24 hours\) Limit US\$100\.00 Used US\$40\.00 Remaining US\$60\.00/);

    // raising it: the limit in force stays, the new amount waits with the moment it applies
    expect((await setLimit(visitor, "deposit", "day", "250")).status).toBe(302);
    html = (await visitor.follow("/user/limits")).html;
    const pending = testIdText(html, "limit-deposit-day-pending");
    expect(pending).toMatch(/^Changes to US\$250\.00 from [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}$/);
    // a page in UTC names the zone once, in the footer
    expect(html).toContain("Times are in UTC.");
    expect(testIdText(html, "limit-deposit-day-remaining")).toBe("US$60.00");
    // the history, newest first
    const history = text(/data-testid="limits-history"[\s\S]*?<\/ol>/.exec(html)![0]);
    expect(history.indexOf("US$100.00 → US$250.00")).toBeGreaterThan(-1);
    expect(history.indexOf("US$100.00 → US$250.00")).toBeLessThan(history.indexOf("No limit → US$100.00"));

    // removing waits too
    expect((await setLimit(visitor, "deposit", "day", "", "remove")).status).toBe(302);
    html = (await visitor.follow("/user/limits")).html;
    expect(testIdText(html, "limit-deposit-day-pending")).toMatch(/^Changes to No limit from /);
  });

  it("refuses an amount that is not money on the form it came from, asking the platform nothing", async () => {
    const visitor = await member();
    await takePlatformCalls(stack);
    const response = await setLimit(visitor, "loss", "week", "abc");
    expect(response.status).toBe(400);
    expect(await takePlatformCalls(stack)).not.toContain("PUT /player/protection/limit");
    const html = await response.text();
    expect(text(html)).toContain("Enter an amount such as 100 or 100.50.");
    // the message sits in the loss-week form only
    const row = /data-testid="limit-loss-week"[\s\S]*?<\/form>/.exec(html)![0];
    expect(row).toContain('aria-invalid="true"');
    expect(/data-testid="limit-loss-day"[\s\S]*?<\/form>/.exec(html)![0]).not.toContain('aria-invalid="true"');
  });

  it("shows a deposit limit's refusal with the amount that remains, in the member's language", async () => {
    const visitor = await member();
    expect((await setLimit(visitor, "deposit", "week", "50")).status).toBe(302);
    expect((await deposit(visitor, "30")).status).toBe(302);
    const refused = await deposit(visitor, "30");
    expect(refused.status).toBe(400);
    expect(text(await refused.text())).toContain(
      "This deposit would pass your weekly deposit limit. You can deposit US$20.00 more now.",
    );
    expect((await visitor.post("/language", { locale: "ja_JP", redirectTo: "/" })).status).toBe(302);
    const japanese = await deposit(visitor, "30");
    expect(text(await japanese.text())).toContain(
      "この入金は1週間の入金上限を超えます。現在あとUS$20.00まで入金できます。",
    );
  });

  it("shows a loss limit's refusal on the bet form with what may still be risked", async () => {
    const visitor = await member();
    expect((await deposit(visitor, "10")).status).toBe(302);
    const key = keyOf(await (await visitor.get("/user/transfer")).text())!;
    expect(
      (await visitor.post("/user/transfer", { direction: "in", gameCode: "binary", amount: "10", idempotencyKey: key }))
        .status,
    ).toBe(302);
    expect((await setLimit(visitor, "loss", "day", "1")).status).toBe(302);
    const html = await gamePage(visitor);
    const response = await visitor.post("/game", {
      pair: "BTC-USDT",
      periodNo: periodOf(html)!,
      option: "high",
      amount: "5",
      idempotencyKey: keyOf(html)!,
      mode: modeOf(html),
    });
    expect(response.status).toBe(400);
    expect(text(await response.text())).toContain(
      "This would pass your daily loss limit. You can risk US$1.00 more now.",
    );
  });
});

describe("breaks", { timeout: 30_000 }, () => {
  it("refuses a break without the confirmation, starting nothing", async () => {
    const visitor = await member();
    const key = keyOf(await (await visitor.get("/user/limits")).text())!;
    await takePlatformCalls(stack);
    const response = await visitor.post("/user/limits", { intent: "break", duration: "24h", idempotencyKey: key });
    expect(response.status).toBe(400);
    expect(await takePlatformCalls(stack)).not.toContain("POST /player/protection/break");
    expect(text(await response.text())).toContain("Tick the box to confirm you understand.");
    expect((await visitor.follow("/user/limits")).html).not.toContain('data-testid="active-break"');
  });

  it("closes the pages that lead to money during a time-out and leaves withdrawing and the records open", async () => {
    const visitor = await member();
    expect((await deposit(visitor, "20")).status).toBe(302);
    // a game page rendered before the break
    const before = await gamePage(visitor);
    const key = keyOf(await (await visitor.get("/user/limits")).text())!;
    const started = await visitor.post("/user/limits", {
      intent: "break",
      duration: "24h",
      confirm: "on",
      idempotencyKey: key,
    });
    expect(started.status).toBe(302);
    const limits = (await visitor.follow("/user/limits")).html;
    const until = /Time-out until ([^<]+)</.exec(limits.replace(/<!-- -->/g, ""))?.[1];
    expect(until).toMatch(/\d{2}:\d{2}$/);

    for (const path of ["/game", "/user/gamePage", "/game/contract", "/user/deposit"]) {
      const { response, html } = await visitor.follow(path);
      expect(response.status, path).toBe(200);
      expect(html, path).toContain('data-testid="break-panel"');
      expect(text(html), path).toContain(`On a break until ${until}`);
      expect(html, path).toContain('href="/user/withdraw"');
      expect(html, path).toContain('href="/user/record"');
    }
    expect((await visitor.follow("/game")).html).not.toContain('name="periodNo"');
    // its bet, posted now, is refused by the platform, and the refusal names the end in the panel
    const bet = await visitor.post("/game", {
      pair: "BTC-USDT",
      periodNo: periodOf(before)!,
      option: "high",
      amount: "1",
      idempotencyKey: keyOf(before)!,
      mode: modeOf(before),
    });
    expect(bet.status).toBe(400);
    expect(text(await bet.text())).toContain(`You are taking a time-out until ${until} UTC.`);
    expect((await visitor.follow("/game/contract")).html).not.toContain('name="leverage"');
    expect((await visitor.follow("/user/deposit")).html).not.toContain('name="optionId"');
    // transfers: out of the game only
    const transfer = (await visitor.follow("/user/transfer")).html;
    expect(transfer).toContain('data-testid="break-panel"');
    expect(transfer).toContain('value="out"');
    expect(transfer).not.toContain('value="in"');
    // withdrawing and the records stay as they are
    for (const path of ["/user/withdraw", "/user/record"]) {
      const { response, html } = await visitor.follow(path);
      expect(response.status, path).toBe(200);
      expect(html, path).not.toContain('data-testid="break-panel"');
    }
  });

  it("shows the platform's break refusal with the end's date in the member's language", async () => {
    const visitor = await member();
    const depositKey = keyOf(await (await visitor.get("/user/deposit")).text())!;
    const key = keyOf(await (await visitor.get("/user/limits")).text())!;
    expect(
      (await visitor.post("/user/limits", { intent: "break", duration: "6m", confirm: "on", idempotencyKey: key }))
        .status,
    ).toBe(302);
    expect((await visitor.post("/language", { locale: "ja_JP", redirectTo: "/" })).status).toBe(302);
    // a deposit form rendered before the break, posted after it
    const refused = await visitor.post("/user/deposit", {
      optionId: "demo-instant",
      amount: "10",
      idempotencyKey: depositKey,
    });
    expect(refused.status).toBe(400);
    const page = text(await refused.text());
    // the platform's message with the break's end as Intl writes it in Japanese (2027年5月25日 09:55 UTC)
    const until = /(\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2} UTC)まで自己排除中です。/.exec(page)?.[1];
    expect(until, page).toBeDefined();
    // the same moment the panel names (in the page's zone, UTC here, said once in the footer)
    expect(page).toContain(`${until!.replace(/ UTC$/, "")}まで自己排除中 `);
    const year = new Date(Date.now() + 182 * 86_400_000).getUTCFullYear();
    expect(until!.startsWith(`${year}年`)).toBe(true);
    expect(formatUntil("2027-05-25T09:55:00.000Z", "ja-JP")).toBe("2027年5月25日 09:55 UTC");
    // a transfer into the game, refused the same way on the transfer page
    const transferKey = keyOf(await (await visitor.get("/user/transfer")).text())!;
    const transfer = await visitor.post("/user/transfer", {
      direction: "in",
      gameCode: "binary",
      amount: "1",
      idempotencyKey: transferKey,
    });
    expect(transfer.status).toBe(400);
    expect(text(await transfer.text())).toContain(`${until}まで自己排除中です。`);
  });
});

describe("reality check", { timeout: 30_000 }, () => {
  it("asks the platform only once it may be due, shows time and net when due, and Continue returns to the page", async () => {
    const visitor = await member();
    expect((await visitor.post("/user/limits", { intent: "reality", minutes: "15" })).status).toBe(302);
    await visitor.follow("/user");
    await takePlatformCalls(stack);
    // before the due time: the session's cached dueAt answers, the platform is not asked
    await visitor.follow("/user/record");
    expect(await takePlatformCalls(stack)).not.toContain("GET /player/reality-check");
    expect((await visitor.follow("/user/record")).html).not.toContain('data-testid="reality-check"');

    // 16 minutes later on both clocks: due
    await advanceSiteClock(stack, 16 * 60_000);
    await platformClock.advance(16 * 60_000);
    const { html } = await visitor.follow("/user/record");
    expect(html).toContain('data-testid="reality-check"');
    expect(testIdText(html, "reality-played")).toBe("16 min");
    expect(testIdText(html, "reality-net")).toBe("US$0.00");
    expect(text(html)).toContain("Continue");

    const next = await visitor.post(
      "/reality-check",
      { intent: "continue", redirectTo: "/user/record" },
      { csrf: await visitor.csrf("/user/record") },
    );
    expect(next.status).toBe(302);
    expect(next.headers.get("location")).toBe("/user/record");
    expect((await visitor.follow("/user/record")).html).not.toContain('data-testid="reality-check"');
  });

  it("a bet posted while the check is due is refused by the platform, with the message pointing to the check", async () => {
    const visitor = await member();
    expect((await deposit(visitor, "10")).status).toBe(302);
    const key = keyOf(await (await visitor.get("/user/transfer")).text())!;
    expect(
      (await visitor.post("/user/transfer", { direction: "in", gameCode: "binary", amount: "10", idempotencyKey: key }))
        .status,
    ).toBe(302);
    expect((await visitor.post("/user/limits", { intent: "reality", minutes: "15" })).status).toBe(302);
    await advanceSiteClock(stack, 16 * 60_000);
    await platformClock.advance(16 * 60_000);
    const html = await gamePage(visitor);
    expect(html).toContain('data-testid="reality-check"');
    const response = await visitor.post("/game", {
      pair: "BTC-USDT",
      periodNo: periodOf(html)!,
      option: "high",
      amount: "5",
      idempotencyKey: keyOf(html)!,
      mode: modeOf(html),
    });
    expect(response.status).toBe(400);
    expect(text(await response.text())).toContain(
      "Your reality check is due. Answer it (Continue or Stop) before you bet or trade again.",
    );
  });

  it("Stop signs the member out", async () => {
    const visitor = await member();
    const response = await visitor.post("/reality-check", { intent: "stop" }, { csrf: await visitor.csrf("/user") });
    expect(response.status).toBe(302);
    expect((await visitor.follow("/user")).path).toBe("/login");
  });
});

describe("decision 033: offers, confirmations and the way back", { timeout: 60_000 }, () => {
  it("offers deposit limits in the sign-up form (optional, checked before the account exists) and before the first deposit, never after it", async () => {
    // the form carries the offer, closed: sign-up asks nothing more of a member who skips it
    const page = (await new Visitor(stack, "http://localhost").follow("/register")).html;
    expect(page).toMatch(/<details class="sign-up-limits">\s*<summary>Set a deposit limit \(optional\)<\/summary>/);
    for (const name of ["limitDay", "limitWeek", "limitMonth"]) expect(page).toContain(`name="${name}"`);

    // a mistyped limit: refused at its box, and no account was made
    const typo = freshMember();
    const refused = await new Visitor(stack, "http://localhost").post("/register", {
      ...registerFields(typo),
      limitDay: "ten",
    });
    expect(refused.status).toBe(400);
    const again = await new Visitor(stack, "http://localhost").post("/login", {
      account: typo.account,
      password: typo.password,
    });
    expect(again.status).not.toBe(302);

    // one given: set at sign-up, in force at once, and the member lands where sign-up always lands
    const limited = new Visitor(stack, "http://localhost");
    const withLimit = await limited.post("/register", { ...registerFields(freshMember()), limitWeek: "500" });
    expect(withLimit.headers.get("location")).toBe("/user");
    expect(testIdText((await limited.follow("/user/limits")).html, "limit-deposit-week-remaining")).toBe("US$500.00");

    // none given: straight on, and the first deposit offers them again, above its form
    const visitor = new Visitor(stack, "http://localhost");
    const signedUp = await visitor.post("/register", registerFields(freshMember()));
    expect(signedUp.headers.get("location")).toBe("/user");

    // nothing given: refused on the screen, nothing set
    const empty = await visitor.post("/user/limits/offer", { day: "", week: "", month: "", next: "/user" });
    expect(empty.status).toBe(400);
    expect(text(await empty.text())).toContain("Enter at least one limit, or choose Not now.");
    expect((await visitor.follow("/user/deposit")).html).toContain('data-testid="limits-offer"');

    const saved = await visitor.post("/user/limits/offer", { day: "", week: "300", month: "", next: "/user/deposit" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/user/deposit");
    const deposit = (await visitor.follow("/user/deposit")).html;
    expect(text(deposit)).toContain("Your deposit limits are set.");
    // a deposit limit set: no more offer
    expect(deposit).not.toContain('data-testid="limits-offer"');
    const limits = (await visitor.follow("/user/limits")).html;
    expect(testIdText(limits, "limit-deposit-week-remaining")).toBe("US$300.00");
  });

  it("the deposit page offers no limits once a deposit was made", async () => {
    const visitor = await member();
    expect((await deposit(visitor, "10")).status).toBe(302);
    expect((await visitor.follow("/user/deposit")).html).not.toContain('data-testid="limits-offer"');
  });

  it("a raised limit is ready to confirm after 24 hours: every page prompts, the limits page confirms it, and only then it applies", async () => {
    const visitor = await member();
    expect((await setLimit(visitor, "deposit", "day", "100")).status).toBe(302);
    expect((await setLimit(visitor, "deposit", "day", "250")).status).toBe(302);
    expect((await visitor.follow("/user")).html).not.toContain('data-testid="limit-ready"');

    // 24 hours on, on both clocks
    await advanceSiteClock(stack, 24 * 3_600_000 + 60_000);
    await platformClock.advance(24 * 3_600_000 + 60_000);
    const home = (await visitor.follow("/user/record")).html;
    expect(testIdText(home, "limit-ready")).toContain("A limit change you asked for is ready to confirm.");
    expect(home).toMatch(/data-testid="limit-ready"[\s\S]*?<a[^>]*href="\/user\/limits"/);
    let page = (await visitor.follow("/user/limits")).html;
    expect(testIdText(page, "limit-deposit-day-pending")).toBe(
      "Ready to confirm: US$250.00. Until you confirm, your current limit stays.",
    );
    expect(text(page)).toMatch(/Daily \(24 hours\) Limit US\$100\.00/);

    const confirmed = await visitor.post("/user/limits", { intent: "confirm", kind: "deposit", period: "day" });
    expect(confirmed.status).toBe(302);
    page = (await visitor.follow("/user/limits")).html;
    expect(text(page)).toContain("Limit change confirmed.");
    expect(text(page)).toMatch(/Daily \(24 hours\) Limit US\$250\.00/);
    expect((await visitor.follow("/user/record")).html).not.toContain('data-testid="limit-ready"');
  });
});
