import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_LIMITS } from "../../server/contract";
import { STREAM_CLOSE } from "../../server/contract/stream-close";
import { DEFAULT_PAIRS } from "../../server/platform/market/pairs";
import { SHIFTED_CLOCK_ENTRY, shiftedClock } from "../helpers/shifted-clock";
import { createStack, freshMember, modeOf, registerFields, Visitor, type Stack } from "../helpers/site";

/**
 * BTC-USDT with hour-long periods (a bet on the next one never meets its cut-off by chance);
 * ETH-USDT runs 8-second periods, betting on each closing a second before it starts. The
 * platform's clock runs, and is moved ahead where a test needs a period to end
 * (tests/helpers/shifted-clock.ts); the pages show the platform's time.
 */
const SLOW_PAIR = "BTC-USDT";
const FAST_PAIR = "ETH-USDT";

let stack: Stack;
let clock: ReturnType<typeof shiftedClock>;
beforeAll(async () => {
  stack = await createStack({ platformEntry: SHIFTED_CLOCK_ENTRY });
  clock = shiftedClock(stack.platform);
  for (const [pair, timing] of [
    [SLOW_PAIR, { periodSeconds: 3600, cutoffSeconds: 1 }],
    [FAST_PAIR, { periodSeconds: 8, cutoffSeconds: 1 }],
  ] as const) {
    const { envelope } = await stack.platform.operator("operatorPutPair", {
      params: { pair },
      body: { ...DEFAULT_PAIRS[pair]!, ...timing },
    });
    expect(envelope.statusCode, envelope.message).toBe(200);
  }
});
afterAll(() => stack?.dispose());

async function member(origin = "http://localhost"): Promise<Visitor> {
  const visitor = new Visitor(stack, origin);
  const response = await visitor.post("/register", registerFields(freshMember()));
  expect(response.status).toBe(302);
  return visitor;
}

const keyOf = (html: string) => /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1];
const periodOf = (html: string) => /name="periodNo" value="(\d+)"/.exec(html)?.[1];
/** React's text separators dropped, so texts read as a browser shows them. */
const clean = (html: string) => html.replace(/<!-- -->/g, "");
const textOf = (html: string, testId: string) =>
  new RegExp(`<(\\w+)[^>]*data-testid="${testId}"[^>]*>([\\s\\S]*?)</\\1>`)
    .exec(clean(html))?.[2]
    ?.replace(/<[^>]+>/g, "");

/** A member with `amount` (dollars) in the game wallet, moved there through the deposit and transfer forms. */
async function fundedMember(amount: string): Promise<Visitor> {
  const visitor = await member();
  const deposit = keyOf(await (await visitor.get("/user/deposit")).text())!;
  expect(
    (await visitor.post("/user/deposit", { optionId: "demo-instant", amount, idempotencyKey: deposit })).status,
  ).toBe(302);
  const transfer = keyOf(await (await visitor.get("/user/transfer")).text())!;
  expect(
    (await visitor.post("/user/transfer", { direction: "in", gameCode: "binary", amount, idempotencyKey: transfer }))
      .status,
  ).toBe(302);
  return visitor;
}

/** Posts the bet form of `path` as a browser without JavaScript does: the page's pair, period and key, plus `fields`. */
async function postBet(visitor: Visitor, fields: Record<string, string>, path = `/game?pair=${SLOW_PAIR}`) {
  const html = await (await visitor.get(path)).text();
  const pair = new URL(path, "http://x").searchParams.get("pair") ?? SLOW_PAIR;
  return visitor.post(path, {
    pair,
    periodNo: periodOf(html)!,
    idempotencyKey: keyOf(html)!,
    mode: modeOf(html),
    amount: "",
    ...fields,
  });
}

describe("game page", { timeout: 20_000 }, () => {
  it("renders the Live and Next rounds, the odds and the chips on the server; the bet form posts the Next round", async () => {
    const visitor = await member();
    const { response, html } = await visitor.follow("/game");
    expect(response.status).toBe(200);
    const live = textOf(html, "live-period")!;
    const next = textOf(html, "next-period")!;
    expect(live).toMatch(/^\d{12,13}$/);
    // the Next round is the one after the Live one: the same day's next index, or the next day's first
    // when the Live round is its day's last (a period never straddles midnight)
    const nextDay = (day: string) =>
      new Date(Date.parse(`${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}T00:00:00Z`) + 86_400_000)
        .toISOString()
        .slice(0, 10)
        .replace(/-/g, "");
    expect([String(Number(live) + 1), `${nextDay(live.slice(0, 8))}0001`]).toContain(next);
    // bets go to the Next round, never the Live one, whose open is known already
    expect(periodOf(html)).toBe(next);
    expect(textOf(html, "cutoff-timer")).toMatch(/^Betting closes in\s*\d+:\d{2}$/);
    expect(html).toMatch(/data-testid="cutoff-timer" data-phase="open"/);
    expect(textOf(html, "end-timer")).toMatch(/^Ends in\s*\d+:\d{2}$/);
    expect(textOf(html, "live-bets")).toBe("None");
    expect(textOf(html, "game-price")).toMatch(/Price\s*[\d,]+\.\d{2}$/);
    expect(clean(html)).toMatch(/data-testid="odds-high">(<[^>]+>[^<]*<\/span>)?×1\.95</);
    expect(clean(html)).toMatch(/data-testid="odds-draw">(<[^>]+>[^<]*<\/span>)?×9\.00</);
    for (const chip of ["US$1.00", "US$5.00", "US$10.00", "US$50.00", "US$100.00"]) expect(html).toContain(chip);
    // an empty game wallet points to the transfer page
    expect(textOf(html, "game-wallet")).toBe("US$0.00");
    expect(html).toContain('href="/user/transfer"');
  });

  it("opens the live streams from the head and preloads every script at low priority, so the first paint waits for neither", async () => {
    const visitor = await member();
    const { html } = await visitor.follow(`/game?pair=${FAST_PAIR}`);
    const head = html.slice(0, html.indexOf("</head>"));
    // the head's one inline script opens the market stream before the body has arrived
    const script = /<script nonce="[^"]+" id="tz-script">([\s\S]*?)<\/script>/.exec(head)?.[1] ?? "";
    expect(script).toContain("new WebSocket");
    expect(script).toContain(`"/ws/market/${FAST_PAIR}"`);
    expect(html.slice(html.indexOf("</head>"))).not.toContain("new WebSocket");
    const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
    expect(preloads.length).toBeGreaterThan(5);
    expect(preloads.filter((link) => !link.includes('fetchpriority="low"'))).toEqual([]);
    // a page without streams keeps the head's script to the time zone
    const { html: terms } = await visitor.follow("/terms");
    expect(terms).not.toContain("new WebSocket");
  });

  it("renders the same game inside the member center at /user/gamePage", async () => {
    const visitor = await member();
    const { response, html } = await visitor.follow("/user/gamePage?pair=ETH-USDT");
    expect(response.status).toBe(200);
    expect(html, "the member center's menu").toContain('<details class="member-menu">');
    expect(html).toContain("Walk 2 Index");
    expect(textOf(html, "next-period")).toMatch(/^\d{12,13}$/);
  });

  it("places a bet posted as a plain form: the game wallet is debited and the order is listed", async () => {
    const visitor = await fundedMember("100");
    // a chip with an empty amount box (a browser without JavaScript)
    const response = await postBet(visitor, { option: "high", chip: "5.00" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/game?pair=${SLOW_PAIR}`);

    const page = (await visitor.follow(response.headers.get("location")!)).html;
    // the toast names the round the bet is on: the Next one, still not started
    const next = textOf(page, "next-period")!;
    expect(page).toContain(`Bet placed on round ${next}.`);
    expect(textOf(page, "game-wallet")).toBe("US$95.00");
    const current = /data-testid="current-orders"[\s\S]*?<\/ul>/.exec(clean(page))?.[0] ?? "";
    expect(current).toContain("High");
    expect(current).toContain("US$5.00");
    expect(current).toContain("Open");
    // under its round: Next, as it has not started; the Live round holds none of the member's bets
    expect(current).toMatch(/data-testid="order-round"[^>]*>Next</);
    expect(current).toContain(`round ${next}`);
    expect(textOf(page, "live-bets")).toBe("None");

    const history = (await visitor.follow(`/game?pair=${SLOW_PAIR}&tab=history`)).html;
    const table = /data-testid="order-history"[\s\S]*?<\/table>/.exec(clean(history))?.[0] ?? "";
    expect(table).toContain("High/Low");
    expect(table).toContain("High");
    expect(table).toContain("US$5.00");
    expect(table).toContain("×1.95");
    expect(table).toContain("USD");
  });

  it("settles a bet right after its period ends, with the outcome and payout in the history", async () => {
    const visitor = await fundedMember("50");
    const path = `/game?pair=${FAST_PAIR}`;
    const market = async () => (await stack.platform.call("market", { params: { pair: FAST_PAIR } })).envelope.data!;
    let placed: Response | undefined;
    // betting on the next 8-second period closes a second before it starts: a bet can meet the
    // cut-off, then the clock moves past that period's start, where the one after it takes bets
    for (let attempt = 0; attempt < 3 && placed?.status !== 302; attempt++) {
      if (attempt > 0) await clock.jumpTo(Date.parse((await market()).next.startsAt) + 100);
      placed = await postBet(visitor, { option: "even", amount: "10" }, path);
    }
    expect(placed?.status, placed && /role="alert"[^>]*>([^<]*)/.exec(await placed.text())?.[1]).toBe(302);

    // the bet's period is at most the one taking bets now: the clock moves past its end, and
    // the market's next alarm settles it
    await clock.jumpTo(Date.parse((await market()).next.endsAt) + 100);
    let row = "";
    for (const started = Date.now(); Date.now() - started < 15_000;) {
      const html = clean((await visitor.follow(`${path}&tab=history`)).html);
      row = /data-testid="order-history"[\s\S]*?<tbody>([\s\S]*?)<\/tr>/.exec(html)?.[1]?.replace(/<[^>]+>/g, "") ?? "";
      if (/Won|Lost|Refunded/.test(row)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // Win/loss: the net result, the payout beside it when one was paid (floor(10.00 × 1.95) = 19.50 on a win)
    expect(row).toMatch(/Won \+US\$9\.50 · paid US\$19\.50|Lost −US\$10\.00(?! ·)|Refunded US\$10\.00(?! ·)/);
    const balance = textOf((await visitor.follow(path)).html, "game-wallet");
    expect(["US$59.50", "US$40.00", "US$50.00"]).toContain(balance);
  });

  it.each([
    [{ option: "high", amount: "" }, "Please enter the order amount."],
    [{ amount: "5" }, "Please choose a game mode."],
    [{ option: "high", amount: "0.50" }, "The amount is below the minimum."],
    [{ option: "high", amount: "20000" }, "The amount is above the maximum."],
  ])("refuses %j with %j and takes nothing", async (fields, message) => {
    const visitor = await fundedMember("20");
    const response = await postBet(visitor, fields);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    expect(textOf((await visitor.follow("/game")).html, "game-wallet")).toBe("US$20.00");
  });

  it("refuses a bet on the Live round with period_started, translated, and takes nothing", async () => {
    const visitor = await fundedMember("20");
    const html = await (await visitor.get(`/game?pair=${SLOW_PAIR}`)).text();
    const live = textOf(html, "live-period")!;
    const response = await visitor.post(`/game?pair=${SLOW_PAIR}`, {
      pair: SLOW_PAIR,
      periodNo: live,
      idempotencyKey: keyOf(html)!,
      mode: modeOf(html),
      option: "high",
      amount: "5",
    });
    expect(response.status).toBe(400);
    expect(clean(await response.text())).toContain(
      "This round has already started, so it no longer takes bets. Place your bet on the next round.",
    );
    expect(textOf((await visitor.follow("/game")).html, "game-wallet")).toBe("US$20.00");
  });

  it("shows the platform's refusal translated: an empty game wallet, in English and Traditional Chinese", async () => {
    const english = await member();
    const response = await postBet(english, { option: "odd", amount: "1" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Insufficient game wallet balance.");

    const chinese = await member("http://brand2.localhost");
    const zh = await postBet(chinese, { option: "odd", amount: "10" });
    expect(await zh.text()).toContain("遊戲錢包餘額不足");
  });

  it("names the game as the site does (gameName, in the member's language): heading, <title>, header link, member menu, home", async () => {
    const english = await member();
    for (const path of ["/game", "/user/gamePage"]) {
      const html = clean((await english.follow(path)).html);
      expect(html, path).toMatch(/<h1>1-minute rounds<\/h1>/);
      expect(html, path).toContain("<title>1-minute rounds · Demo Trade</title>");
      // the header's link: an icon and the name (shown from tablet width, the phone's accessible name)
      expect(html, path).toMatch(
        /<a [^>]*href="\/game"[^>]*>(?:<svg[\s\S]*?<\/svg>)?<span class="nav-label">1-minute rounds<\/span><\/a>/,
      );
    }
    expect(clean((await english.follow("/user")).html)).toMatch(
      /<a [^>]*href="\/user\/gamePage"[^>]*>1-minute rounds<\/a>/,
    );
    expect(clean((await english.follow("/")).html)).toMatch(
      /<a [^>]*href="\/game"[^>]*class="button button-primary"[^>]*>1-minute rounds<\/a>|<a [^>]*class="button button-primary"[^>]*href="\/game"[^>]*>1-minute rounds<\/a>/,
    );
    // brand2's base language is zh-TW, where the game is 極速一分鐘; its English name is Turbo minute
    const chinese = await member("http://brand2.localhost");
    const zh = clean((await chinese.follow("/game")).html);
    expect(zh).toMatch(/<h1>極速一分鐘<\/h1>/);
    expect(zh).toContain("<title>極速一分鐘 · Brand Two Markets</title>");
    expect((await chinese.post("/language", { locale: "en_US", redirectTo: "/" })).status).toBe(302);
    const en = clean((await chinese.follow("/game")).html);
    expect(en).toMatch(/<h1>Turbo minute<\/h1>/);
  });

  it("answers a pair the site does not offer with the 404 page naming the address, on both game routes, instead of another pair", async () => {
    const visitor = await member();
    for (const path of ["/game?pair=SOL-USDT", "/user/gamePage?pair=SOL-USDT&tab=history"]) {
      const response = await visitor.get(path);
      expect(response.status, path).toBe(404);
      const html = clean(await response.text());
      expect(html, path).toContain("Page Not Found");
      expect(html, path).toContain(`<code>${path.replace(/&/g, "&amp;")}</code>`);
      expect(html, path).not.toContain('name="periodNo"');
    }
    // brand2 offers BTC-USDT alone: ETH-USDT, a pair of the other site, is not found there either
    const other = await member("http://brand2.localhost");
    expect((await other.get("/game?pair=ETH-USDT")).status).toBe(404);
    // no pair is the site's first; a pair it offers is that pair
    expect((await visitor.get("/game")).status).toBe(200);
    expect((await visitor.get(`/game?pair=${FAST_PAIR}`)).status).toBe(200);
  });

  it("sends signed-out visitors to /login", async () => {
    const visitor = new Visitor(stack);
    for (const path of ["/game", "/user/gamePage", "/api/game/tickets"]) {
      const response = await visitor.get(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toBe("/login");
    }
  });

  it("answers the quiet ticket poll with the member's open orders and game wallet as JSON", async () => {
    const visitor = await fundedMember("30");
    expect((await postBet(visitor, { option: "low", amount: "2" })).status).toBe(302);
    const response = await visitor.get("/api/game/tickets");
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      orders: { option: string; status: string }[];
      gameWallet: { balance: number };
    };
    expect(body.orders).toEqual([expect.objectContaining({ option: "low", status: "open" })]);
    expect(body.gameWallet.balance).toBe(2_800);
  });

  it("refuses the member stream without a session, and a market stream of a pair the site does not offer", async () => {
    const visitor = new Visitor(stack);
    expect((await visitor.get("/ws/member", { upgrade: "websocket" })).status).toBe(401);
    expect((await visitor.get("/ws/market/DOGE-USDT", { upgrade: "websocket" })).status).toBe(404);
    const signedIn = await member();
    expect((await signedIn.get("/ws/member", { upgrade: "websocket", origin: "http://evil.example" })).status).toBe(
      403,
    );
  });

  it("proxies the live streams through the site: market ticks, and the member's own orders", async () => {
    const market = await stack.fetch(`http://localhost/ws/market/${SLOW_PAIR}`, { headers: { upgrade: "websocket" } });
    expect(market.status).toBe(101);
    const events = (await firstMessage(market)) as { type: string }[];
    expect(events.map((e) => e.type)).toContain("tick");

    const visitor = await fundedMember("10");
    const stream = await stack.fetch("http://localhost/ws/member", {
      headers: { upgrade: "websocket", cookie: visitor.cookieHeader },
    });
    expect(stream.status).toBe(101);
    const next = firstMessage(stream);
    expect((await postBet(visitor, { option: "rise", amount: "1" })).status).toBe(302);
    expect(await next).toMatchObject({ type: expect.stringMatching(/^(order|balance)$/) });
  });

  it("closes the member stream within 5 s of sign-out (the outside test saw no close in 5 s)", async () => {
    const visitor = await member();
    const stream = await stack.fetch("http://localhost/ws/member", {
      headers: { upgrade: "websocket", cookie: visitor.cookieHeader },
    });
    expect(stream.status).toBe(101);
    const socket = (stream as Response & { webSocket: WebSocket & { accept(): void } }).webSocket;
    socket.accept();
    const closed = new Promise<{ code: number; at: number }>((resolve) =>
      socket.addEventListener("close", (event) => resolve({ code: event.code, at: Date.now() }), { once: true }),
    );
    const signedOut = Date.now();
    expect((await visitor.post("/logout", {})).status).toBe(302);
    const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 5_000));
    const close = await Promise.race([closed, timeout]);
    expect(close, "a close within 5 s").not.toBeNull();
    expect(close!.code).toBe(4001);
    expect(close!.at - signedOut).toBeLessThan(5_000);
  });
});

describe("a stream over the platform's limit", () => {
  it("is opened and closed at once with close code 4029, so the page can say why it is not live", async () => {
    // outside production the site takes the browser's address from X-Client-Address (server/site/README.md, "Client address")
    const headers = { upgrade: "websocket", "X-Client-Address": "192.0.2.77" };
    type Socket = WebSocket & { accept(): void };
    const opened: Socket[] = [];
    for (let i = 0; i < CLIENT_LIMITS.marketSocketsPerNetwork; i++) {
      const response = await stack.fetch(`http://localhost/ws/market/${SLOW_PAIR}`, { headers });
      expect(response.status, `socket ${i + 1}`).toBe(101);
      const socket = (response as Response & { webSocket: Socket }).webSocket;
      socket.accept();
      opened.push(socket);
    }
    const over = await stack.fetch(`http://localhost/ws/market/${SLOW_PAIR}`, { headers });
    expect(over.status).toBe(101);
    const socket = (over as Response & { webSocket: Socket }).webSocket;
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.addEventListener("close", (event) => resolve({ code: event.code, reason: event.reason }), { once: true }),
    );
    socket.accept();
    expect(await closed).toEqual({ code: STREAM_CLOSE.tooManyStreams, reason: "too_many_streams" });
    // another network is not held up
    const other = await stack.fetch(`http://localhost/ws/market/${SLOW_PAIR}`, {
      headers: { ...headers, "X-Client-Address": "192.0.2.78" },
    });
    expect(await firstMessage(other)).toBeTruthy();
    for (const ws of opened) ws.close();
  });
});

/** The first JSON message of a proxied socket (Miniflare hands the client end back on the response). */
function firstMessage(response: Response): Promise<unknown> {
  const socket = (response as Response & { webSocket: WebSocket & { accept(): void } }).webSocket;
  socket.accept();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no message within 5 s")), 5_000);
    socket.addEventListener(
      "message",
      (event) => {
        clearTimeout(timer);
        resolve(JSON.parse(String(event.data)));
        // the platform may have closed its end already
        try {
          socket.close();
        } catch {
          // already closed
        }
      },
      { once: true },
    );
  });
}
