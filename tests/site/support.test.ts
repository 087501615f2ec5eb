import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO2_SITE, DEMO_SITE } from "../../server/cli/seed/sites";
import { eventually } from "../platform/money-helpers";
import { createStack, publishSeedContent, freshMember, registerFields, Visitor, type Stack } from "../helpers/site";

let stack: Stack;

beforeAll(async () => {
  stack = await createStack();
  await publishSeedContent(stack.platform, DEMO_SITE, DEMO2_SITE);
});
afterAll(() => stack?.dispose());

async function member(origin = "http://localhost") {
  const visitor = new Visitor(stack, origin);
  const m = freshMember();
  const response = await visitor.post("/register", registerFields(m));
  expect(response.status).toBe(302);
  return { visitor, account: m.account };
}

/** The form's idempotency key as rendered by the page. */
async function formKey(visitor: Visitor, path: string): Promise<string> {
  const html = await (await visitor.get(path)).text();
  const key = /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1];
  expect(key, `idempotency key on ${path}`).toBeDefined();
  return key!;
}

const count = (html: string, pattern: RegExp) => html.match(new RegExp(pattern.source, "g"))?.length ?? 0;

async function stillSignedIn(visitor: Visitor) {
  const home = await visitor.get("/user");
  expect(home.status).toBe(200);
}

describe("messages", () => {
  it("sends a message once, shows the operator's reply as unread, then as read in the thread, and takes the member's reply", async () => {
    const { visitor, account } = await member();
    const message = {
      title: "Where is my deposit?",
      content: "I sent 500 yesterday.\r\nReference 12345.",
      idempotencyKey: await formKey(visitor, "/user/message"),
    };
    const sent = await visitor.post("/user/message", message);
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/user/message");
    // a double click or a back-and-resubmit sends the same key: still one message
    expect((await visitor.post("/user/message", message)).status).toBe(302);

    let list = (await visitor.follow("/user/message")).html;
    expect(list).toContain("Message sent.");
    expect(list).toContain("Where is my deposit?");
    expect(count(list, /data-testid="message-item"/)).toBe(1);
    expect(list).not.toContain('data-testid="unread-badge"');

    const queued = await eventually(async () => {
      const { envelope } = await stack.platform.operator("operatorMessages", { params: { siteId: "demo" } });
      return envelope.data?.find((m) => m.account === account);
    });
    const replied = await stack.platform.operator("operatorReplyMessage", {
      params: { siteId: "demo", memberId: queued.memberId, id: queued.id },
      body: { content: "We found it.\nIt is credited now." },
    });
    expect(replied.envelope.statusCode).toBe(200);

    list = (await visitor.follow("/user/message")).html;
    expect(list).toContain('data-testid="unread-badge"');
    expect(list).toContain("1 reply");
    expect(list).toContain(`href="/user/message/${queued.id}"`);

    const thread = (await visitor.follow(`/user/message/${queued.id}`)).html;
    // the member's text as typed (line break kept as "\n"), then customer service's, each marked
    expect(thread).toContain("I sent 500 yesterday.\nReference 12345.");
    expect(thread).toContain("We found it.\nIt is credited now.");
    expect(count(thread, /data-from="member"/)).toBe(1);
    expect(count(thread, /data-from="operator"/)).toBe(1);
    expect(thread).toContain("Customer service");
    expect(thread).toContain("Times are in UTC.");
    // reading the thread marks the reply read
    expect((await visitor.follow("/user/message")).html).not.toContain('data-testid="unread-badge"');

    const reply = await visitor.post(`/user/message/${queued.id}`, {
      content: "Thank you!",
      idempotencyKey: await formKey(visitor, `/user/message/${queued.id}`),
    });
    expect(reply.status).toBe(302);
    const after = (await visitor.follow(`/user/message/${queued.id}`)).html;
    expect(after).toContain("Reply sent.");
    expect(after).toContain("Thank you!");
    expect(count(after, /data-from="member"/)).toBe(2);
  });

  it("answers another member's message id with message_not_found (404) and keeps them signed in", async () => {
    const owner = await member();
    await owner.visitor.post("/user/message", {
      title: "Private",
      content: "Mine only",
      idempotencyKey: await formKey(owner.visitor, "/user/message"),
    });
    const mine = await eventually(async () => {
      const { envelope } = await stack.platform.operator("operatorMessages", { params: { siteId: "demo" } });
      return envelope.data?.find((m) => m.account === owner.account);
    });

    const { visitor: other } = await member();
    const page = await other.get(`/user/message/${mine.id}`);
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(html).toContain("This message does not exist.");
    expect(html).not.toContain("Mine only");
    await stillSignedIn(other);

    const reply = await other.post(`/user/message/${mine.id}`, {
      content: "hello",
      idempotencyKey: await formKey(other, "/user/message"),
    });
    expect(reply.status).toBe(400);
    expect(await reply.text()).toContain("This message does not exist.");
    await stillSignedIn(other);
  });

  it("needs a title and content, and a reply needs content (English)", async () => {
    const { visitor } = await member();
    const empty = await visitor.post("/user/message", {
      title: "  ",
      content: "",
      idempotencyKey: await formKey(visitor, "/user/message"),
    });
    expect(empty.status).toBe(400);
    const html = await empty.text();
    expect(html).toContain("Please enter a title.");
    expect(html).toContain("Please enter the content.");
    expect(html).toMatch(/aria-invalid="true"/);

    await visitor.post("/user/message", {
      title: "Hello",
      content: "First words",
      idempotencyKey: await formKey(visitor, "/user/message"),
    });
    const id = /href="\/user\/message\/([^"]+)"/.exec((await visitor.follow("/user/message")).html)?.[1];
    expect(id).toBeDefined();
    const reply = await visitor.post(`/user/message/${id}`, {
      content: " \r\n ",
      idempotencyKey: await formKey(visitor, `/user/message/${id}`),
    });
    expect(reply.status).toBe(400);
    expect(await reply.text()).toContain("Please write your reply.");
  });

  it("needs a title and content in Traditional Chinese on the zh-TW site", async () => {
    const { visitor } = await member("http://brand2.localhost");
    const response = await visitor.post("/user/message", {
      title: "",
      content: "",
      idempotencyKey: await formKey(visitor, "/user/message"),
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("請輸入標題。");
    expect(html).toContain("請輸入內容。");
  });
});

describe("news and announcements", () => {
  it("lists announcements and news in the member's language and opens one item's full text", async () => {
    const { visitor } = await member();
    const list = (await visitor.follow("/user/news")).html;
    expect(list).toContain("Announcements");
    expect(list).toContain("Scheduled maintenance");
    expect(list).toContain("Welcome to Demo Trade");
    expect(list.indexOf("Scheduled maintenance")).toBeLessThan(list.indexOf("Welcome to Demo Trade"));
    expect(list).toContain('href="/user/news/demo-welcome"');
    const item = (await visitor.follow("/user/news/demo-welcome")).html;
    expect(item).toContain("Every round lasts 60 seconds.");

    visitor.cookies.set("locale", "zh_TW");
    const zhList = (await visitor.follow("/user/news")).html;
    expect(zhList).toContain("公告");
    expect(zhList).toContain("例行維護公告");
    expect(zhList).not.toContain("Scheduled maintenance");
    const zhItem = (await visitor.follow("/user/news/demo-welcome")).html;
    expect(zhItem).toContain("每期60秒。");
  });

  it("answers an unknown item with a 404 page, signed in still", async () => {
    const { visitor } = await member();
    const response = await visitor.get("/user/news/no-such-item");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("This news item does not exist.");
    await stillSignedIn(visitor);
  });
});

describe("campaigns and help", () => {
  it("shows a campaign with its dates in UTC, said once, and its rules", async () => {
    const { visitor } = await member();
    const html = (await visitor.follow("/user/activity")).html;
    expect(html).toContain("First deposit bonus");
    expect(html).toContain("10% of it is added to your bonus balance, up to US$100.00");
    expect(html).toContain("Runs from Jan 1, 2025, 00:00, no end date");
    expect(html).toContain("Times are in UTC.");
  });

  it("matches texts to rules by key: says what a rule pays, joins without JavaScript (once per key), and shows a rule without texts", async () => {
    const base = { startsAt: "2025-01-01T00:00:00.000Z", endsAt: null, endedAt: null };
    const put = await stack.platform.operator("operatorPutSite", {
      params: { siteId: "demo" },
      body: {
        campaignRules: [
          {
            ...base,
            kind: "deposit_bonus",
            key: "first-deposit",
            optIn: true,
            cap: 10_000,
            percentBp: 1000,
            deposits: "first",
            wagering: 5,
          },
          {
            ...base,
            kind: "rebate",
            key: "weekly-rebate",
            optIn: false,
            cap: 5_000,
            percentBp: 300,
            period: "week",
            rounds: 0,
          },
        ],
      },
    });
    expect(put.envelope.statusCode, put.envelope.message).toBe(200);
    try {
      const { visitor } = await member();
      const before = (await visitor.follow("/user/activity")).html;
      // the seeded texts, then what the rule pays, computed from the rule
      expect(before).toContain("First deposit bonus");
      expect(before).toContain("10% of your first deposit, up to US$100.00 · bet 5 × the bonus to unlock it");
      // one card holds both, tied by the texts' key: the title, then the rule
      expect(count(before, /data-campaign="first-deposit"/)).toBe(1);
      expect(before).toMatch(
        /data-campaign="first-deposit"[\s\S]*?First deposit bonus[\s\S]*?10% of your first deposit/,
      );
      // how bets count toward its wagering, on the bonus's card only, the example at the site's
      // odds (1.95): 250.00 + 250.00 always gets 487.50 back, so 12.50 counts
      expect(count(before, /data-testid="campaign-wagering"/)).toBe(1);
      expect(before).toMatch(
        /data-campaign="first-deposit"[\s\S]*?data-testid="campaign-wagering">Only the stake you could lose counts toward wagering/,
      );
      expect(before).toContain(
        "Rise US$250.00 with Counter indicator US$250.00 after a rising round always has one winner, so the US$500.00 counts as US$12.50.",
      );
      // a rule without texts: titled by its kind, every member takes part without joining
      expect(before).toContain(
        "3% of your net losses each week (Monday to Sunday, UTC), up to US$50.00, credited after the week ends",
      );
      expect(before).toContain("Every member takes part: no need to join.");
      // texts without a rule (the monthly challenge here) show as texts only: one Join form, the bonus's
      expect(count(before, /name="campaign" value="/)).toBe(1);

      const join = { campaign: "first-deposit", idempotencyKey: await formKey(visitor, "/user/activity") };
      const joined = await visitor.post("/user/activity", join);
      expect(joined.status).toBe(302);
      expect(joined.headers.get("location")).toBe("/user/activity");
      // the same key again (a double click): the platform acts once, the page says the same
      expect((await visitor.post("/user/activity", join)).status).toBe(302);
      const after = (await visitor.follow("/user/activity")).html;
      expect(after).toContain("You joined the campaign.");
      expect(after).toMatch(/✓ Joined on [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}/);
      expect(after).toContain("Your first deposit earns the bonus.");
      expect(count(after, /name="campaign" value="/)).toBe(0);

      // a campaign the site has no rule for cannot be joined: the card says why (400)
      const unknown = await visitor.post("/user/activity", {
        campaign: "no-such-campaign",
        idempotencyKey: crypto.randomUUID(),
      });
      expect(unknown.status).toBe(400);
      expect(await unknown.text()).toContain("This campaign does not exist.");
    } finally {
      // the seeded rules again, for the tests after this one
      await stack.platform.operator("operatorPutSite", {
        params: { siteId: "demo" },
        body: { campaignRules: DEMO_SITE.config.campaignRules },
      });
    }
  });

  it("shows the instructions of the chosen type", async () => {
    const { visitor } = await member();
    const rules = (await visitor.follow("/user/help?type=rules")).html;
    expect(rules).toContain("How a round works");
    expect(rules).not.toContain("Making a deposit");
    const deposit = (await visitor.follow("/user/help?type=deposit")).html;
    expect(deposit).toContain("Making a deposit");
    expect(deposit).not.toContain('id="returns"');
  });

  it("shows each pair's return to player under the rules, at the site's odds and the pair's parameters", async () => {
    const { visitor } = await member();
    const html = (await visitor.follow("/user/help?type=rules")).html;
    const section = /<section[^>]*id="returns"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    expect(section).toContain("Return to player");
    // the demo site offers both pairs, at odds 1.95 and 9
    const row = (pair: string, option: string) =>
      new RegExp(`<tr[^>]*data-testid="returns-${pair}-${option}"[\\s\\S]*?</tr>`).exec(section)?.[0] ?? "";
    // the rare draw refunds rise a little more often on ETH-USDT (its moves are smaller): a smaller edge
    for (const [pair, edge] of [
      ["BTC-USDT", "2.500%"],
      ["ETH-USDT", "2.498%"],
    ] as const) {
      expect(row(pair, "rise")).toContain("Odds 1.95");
      expect(row(pair, "rise")).toContain("97.50%");
      expect(row(pair, "rise")).toContain(`House edge ${edge}`);
      expect(row(pair, "high")).toContain("Win 50.00%");
      expect(row(pair, "high")).toContain("Refund 0%");
      expect(row(pair, "draw")).toContain("Odds 9.00");
      expect(row(pair, "draw")).not.toContain("Suspended");
    }
    expect(section).toContain(
      "Each second&#x27;s move has a standard deviation of 0.01% of the price; rounds last 60 s and betting closes 10 s before a round starts",
    );
    expect(section).toContain("the chance shown is the best one");
  });

  it("marks an option suspended when a pair's price makes it return 100 % or more", async () => {
    // the site names the pair before it exists (nothing to check then); at 30.00 and 1 bp a move is a step or none
    await stack.platform.seedSite("demo2", { pairs: ["BTC-USDT", "LOW-USDT"] });
    try {
      const created = await stack.platform.operator("operatorPutPair", {
        params: { pair: "LOW-USDT" },
        body: {
          name: "LOW Walk",
          precision: 2,
          periodSeconds: 60,
          cutoffSeconds: 10,
          startPrice: 3_000,
          volatilityBp: 1,
          paused: false,
        },
      });
      expect(created.envelope.statusCode, created.envelope.message).toBe(200);
      const { visitor } = await member("http://brand2.localhost");
      const html = (await visitor.follow("/user/help?type=rules")).html;
      const row = (pair: string, option: string) =>
        new RegExp(`<tr[^>]*data-testid="returns-${pair}-${option}"[\\s\\S]*?</tr>`).exec(html)?.[0] ?? "";
      expect(row("LOW-USDT", "draw")).toContain('class="returns-suspended"');
      expect(row("LOW-USDT", "draw")).toContain("暫停投注");
      expect(row("LOW-USDT", "rise")).not.toContain("暫停投注");
      expect(row("BTC-USDT", "draw")).not.toContain("暫停投注");
    } finally {
      await stack.platform.seedSite("demo2", { pairs: DEMO2_SITE.config.pairs });
    }
  });
});

describe("contact", () => {
  const chatAnchor = (html: string) => /<a [^>]*data-testid="chat-link"[^>]*>/.exec(html)?.[0] ?? "";

  it("passes the stored referrer code to the chat link, opened in a new tab", async () => {
    const visitor = new Visitor(stack);
    await visitor.get("/?ref=Friend42");
    const html = (await visitor.follow("/contact")).html;
    const anchor = chatAnchor(html);
    expect(anchor).toContain('href="https://chat.example.com/demo?referrer=Friend42"');
    expect(anchor).toContain('target="_blank"');
    expect(anchor).toContain('rel="noopener noreferrer"');
    expect(html).toContain("https://t.me/demotrade");
    expect(html).not.toContain('href="/user/message"');
  });

  it("strips whitespace from the stored code, and offers members their messages", async () => {
    const { visitor } = await member();
    visitor.cookies.set("referrerCode", encodeURIComponent(" Fr iend 42 "));
    const html = (await visitor.follow("/contact")).html;
    expect(chatAnchor(html)).toContain('href="https://chat.example.com/demo?referrer=Friend42"');
    expect(html).toContain('href="/user/message"');
  });

  it("shows each site's own chat link", async () => {
    const html = (await new Visitor(stack, "http://brand2.localhost").follow("/contact")).html;
    expect(chatAnchor(html)).toContain('href="https://chat.example.com/brand-two"');
    expect(html).toContain("聯絡我們");
  });
});

describe("download and web app manifest", () => {
  it("explains adding the site to the home screen and lists the configured apps", async () => {
    await stack.platform.seedSite("demo2", {
      appLinks: [{ platform: "android", url: "https://play.example.com/brand-two" }],
    });
    const { visitor } = await member("http://brand2.localhost");
    const html = (await visitor.follow("/user/download")).html;
    expect(html).toContain("加到主畫面");
    expect(html).toContain("加入主畫面");
    expect(html).toMatch(/data-testid="app-link-android"/);
    expect(html).toContain('href="https://play.example.com/brand-two"');
    expect(html).not.toMatch(/data-testid="app-link-ios"/);
  });

  it("differs per tenant, as JSON of the manifest type with a short public cache", async () => {
    const read = async (origin: string) => {
      const visitor = new Visitor(stack, origin);
      const page = await visitor.follow("/");
      expect(page.html).toContain('rel="manifest" href="/manifest.webmanifest"');
      // the page links it with credentials, so it comes with the visitor's session cookie
      const response = await visitor.get("/manifest.webmanifest");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/manifest+json");
      expect(response.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
      return (await response.json()) as {
        name: string;
        short_name: string;
        start_url: string;
        display: string;
        icons: { src: string; sizes?: string }[];
      };
    };
    const demo = await read("http://localhost");
    const brand2 = await read("http://brand2.localhost");
    expect(demo).toMatchObject({ name: "Demo Trade", short_name: "Demo Trade", start_url: "/", display: "standalone" });
    expect(brand2).toMatchObject({
      name: "Brand Two Markets",
      short_name: "Brand Two",
      start_url: "/",
      display: "standalone",
    });
    expect(demo.icons).toContainEqual(expect.objectContaining({ src: "/brand/demo/favicon.svg", sizes: "any" }));
    expect(brand2.icons).toContainEqual(expect.objectContaining({ src: "/brand/demo2/favicon.svg", sizes: "any" }));
  });
});
