import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshMember, modeOf, registerFields, Visitor, type Stack } from "../helpers/site";
import { sharedStack } from "../helpers/shared";
import { MEMBER_PAGES } from "../helpers/member-pages";

/**
 * Practice mode, site side (app/README.md, "Practice mode"): the session keeps the mode, the
 * platform client sends it on every member call, and every page says which money it shows.
 * Without JavaScript throughout: plain posts and the HTML the server renders.
 */

/** hour-long periods: a bet never meets the cut-off by chance */
const PAIR = "BTC-USDT";

let stack: Stack;
beforeAll(async () => {
  // BTC-USDT's periods last an hour there: a bet never meets the cut-off (tests/helpers/shared.ts)
  stack = await sharedStack();
});
afterAll(() => stack?.dispose());

async function member(): Promise<Visitor> {
  const visitor = new Visitor(stack, "http://localhost");
  expect((await visitor.post("/register", registerFields(freshMember()))).status).toBe(302);
  return visitor;
}

/** The header's switch, posted as a browser without JavaScript posts it. */
async function switchTo(visitor: Visitor, mode: "practice" | "real", redirectTo = "/user") {
  return visitor.post("/mode", { mode, redirectTo }, { csrf: await visitor.csrf("/user") });
}

const clean = (html: string) => html.replace(/<!-- -->/g, "");
const textOf = (html: string, testId: string) =>
  new RegExp(`<(\\w+)[^>]*data-testid="${testId}"[^>]*>([\\s\\S]*?)</\\1>`)
    .exec(clean(html))?.[2]
    ?.replace(/<[^>]+>/g, "");
const keyOf = (html: string) => /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1];
const periodOf = (html: string) => /name="periodNo" value="(\d+)"/.exec(html)?.[1];
const inPractice = (html: string) => /<html[^>]*data-mode="practice"/.test(html);

describe("practice mode", { timeout: 30_000 }, () => {
  it("the switch is a plain form: it sets the session's mode and sends the member back to the same page", async () => {
    const visitor = await member();
    const before = await visitor.follow("/user/record");
    expect(inPractice(before.html), "real by default").toBe(false);
    expect(before.html).toContain('action="/mode"');
    expect(before.html).not.toContain('data-testid="practice-banner"');

    const toPractice = await switchTo(visitor, "practice", "/user/record?tab=account");
    expect(toPractice.status).toBe(302);
    expect(toPractice.headers.get("location")).toBe("/user/record?tab=account");
    const practice = await visitor.follow("/user/record?tab=account");
    expect(inPractice(practice.html)).toBe(true);
    expect(practice.html).toContain('data-testid="practice-banner"');
    // the first switch of the session shows the play money the member starts with
    expect(clean(practice.html)).toContain("You are in practice mode with US$10,000.00 of play money");
    expect(textOf(practice.html, "practice-balance")).toBe("US$10,000.00");

    // an address elsewhere is not followed
    const away = await visitor.post(
      "/mode",
      { mode: "real", redirectTo: "https://evil.example/" },
      { csrf: await visitor.csrf("/user") },
    );
    expect(away.headers.get("location")).toBe("/user");
    const real = await visitor.follow("/user/record");
    expect(inPractice(real.html)).toBe(false);
    expect(real.html).not.toContain('data-testid="practice-banner"');
  });

  it("a switch without the CSRF token changes nothing", async () => {
    const visitor = await member();
    const forged = await visitor.post("/mode", { mode: "practice", redirectTo: "/user" }, { csrf: null });
    expect(forged.status).toBeGreaterThanOrEqual(400);
    expect(inPractice((await visitor.follow("/user")).html)).toBe(false);
  });

  it("a bet in practice mode is paid from the practice balance, never the game wallet, and lists with practice orders only", async () => {
    const visitor = await member();
    expect((await switchTo(visitor, "practice")).status).toBe(302);
    const path = `/game?pair=${PAIR}`;
    const page = (await visitor.follow(path)).html;
    // the bet bar shows the practice balance where the game wallet would be
    expect(textOf(page, "game-wallet")).toBe("US$10,000.00");
    expect(clean(page)).toContain("Practice balance");
    const bet = await visitor.post(path, {
      pair: PAIR,
      periodNo: periodOf(page)!,
      idempotencyKey: keyOf(page)!,
      mode: modeOf(page),
      amount: "5",
      option: "high",
    });
    expect(bet.status).toBe(302);
    const after = (await visitor.follow(path)).html;
    expect(textOf(after, "game-wallet")).toBe("US$9,995.00");
    expect(textOf(after, "practice-balance")).toBe("US$9,995.00");
    expect(clean(after)).toMatch(/data-testid="current-orders"[\s\S]*?mode-badge-practice/);

    // real money: untouched, and the practice bet is not among the real orders
    await switchTo(visitor, "real");
    const real = (await visitor.follow(path)).html;
    expect(textOf(real, "game-wallet")).toBe("US$0.00");
    expect(real).not.toContain('data-testid="current-orders"');
    const transfer = (await visitor.follow("/user/transfer")).html;
    expect(textOf(transfer, "game-balance-binary")).toBe("US$0.00");
    expect(textOf(transfer, "main-balance")).toBe("US$0.00");
  });

  it("the deposit, transfer and withdrawal pages show the real-money panel instead of their form; a deposit posted anyway is refused", async () => {
    const visitor = await member();
    const depositPage = (await visitor.follow("/user/deposit")).html;
    const staleKey = keyOf(depositPage)!;
    await switchTo(visitor, "practice");
    for (const path of ["/user/deposit", "/user/transfer", "/user/withdraw"]) {
      const html = (await visitor.follow(path)).html;
      expect(html, path).toContain('data-testid="real-money-only"');
      expect(clean(html), path).toContain("These use real money");
      expect(html, path).not.toContain('name="amount"');
    }
    // a form from before the switch: the platform refuses play money, and the page says why
    const refused = await visitor.post("/user/deposit", {
      optionId: "demo-instant",
      amount: "10",
      idempotencyKey: staleKey,
    });
    expect(refused.status).toBe(400);
    expect(clean(await refused.text())).toContain(
      "You are in practice mode. Switch to real money to deposit, transfer or withdraw.",
    );
    await switchTo(visitor, "real");
    expect((await visitor.follow("/user/deposit")).html).toContain('name="amount"');
  });

  it("every member page in practice mode carries the banner and the practice accent", async () => {
    const visitor = await member();
    await switchTo(visitor, "practice");
    const pages = [...MEMBER_PAGES, "/game", "/"];
    for (const path of pages) {
      const { response, html } = await visitor.follow(path);
      expect(response.status, path).toBe(200);
      expect(inPractice(html), path).toBe(true);
      expect(html, path).toContain('data-testid="practice-banner"');
      expect(html, path).toContain(":root[data-mode=practice]{--accent:");
    }
  });

  it("records separate practice from real: the list says its money, and practice operations show in practice mode only", async () => {
    const visitor = await member();
    await switchTo(visitor, "practice");
    const path = `/game?pair=${PAIR}`;
    const page = (await visitor.follow(path)).html;
    expect(
      (
        await visitor.post(path, {
          pair: PAIR,
          periodNo: periodOf(page)!,
          idempotencyKey: keyOf(page)!,
          mode: modeOf(page),
          amount: "5",
          option: "low",
        })
      ).status,
    ).toBe(302);

    const practice = clean((await visitor.follow("/user/record?tab=account")).html);
    expect(practice).toMatch(/data-testid="records-mode" data-mode="practice"/);
    expect(practice).toContain("Practice records only");
    expect(practice).toMatch(/data-testid="account-record"[\s\S]*?mode-badge-practice/);

    await switchTo(visitor, "real");
    const real = clean((await visitor.follow("/user/record?tab=account")).html);
    expect(real).toMatch(/data-testid="records-mode" data-mode="real"/);
    expect(real).not.toContain("mode-badge-practice");
    expect(real).not.toContain('data-testid="account-record"');
  });

  it("the reset form brings the practice balance back, once per key", async () => {
    const visitor = await member();
    await switchTo(visitor, "practice");
    const path = `/game?pair=${PAIR}`;
    const page = (await visitor.follow(path)).html;
    await visitor.post(path, {
      pair: PAIR,
      periodNo: periodOf(page)!,
      idempotencyKey: keyOf(page)!,
      mode: modeOf(page),
      amount: "50",
      option: "high",
    });
    const before = (await visitor.follow("/user")).html;
    expect(textOf(before, "practice-balance")).toBe("US$9,950.00");
    const resetKey = /name="idempotencyKey" value="([^"]+)"[^>]*>(?:(?!<\/form>)[\s\S])*value="reset"/.exec(
      before,
    )?.[1];
    expect(resetKey).toBeTruthy();
    const reset = await visitor.post(
      "/mode",
      { intent: "reset", idempotencyKey: resetKey!, redirectTo: "/user" },
      { csrf: await visitor.csrf("/user") },
    );
    expect(reset.headers.get("location")).toBe("/user");
    const after = (await visitor.follow("/user")).html;
    expect(textOf(after, "practice-balance")).toBe("US$10,000.00");
    expect(clean(after)).toContain("Your practice balance is back to US$10,000.00.");
  });
});
