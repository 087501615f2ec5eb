import { afterAll, beforeAll, describe, expect, it } from "vitest";
import messages from "../../locales/en-US/messages.json";
import { memberWithGameFunds, modeOf, type Stack, type Visitor } from "../helpers/site";
import { sharedStack } from "../helpers/shared";

/**
 * One mode never acts on the other, through the site (app/README.md, "Practice mode"): each
 * attack of the finding replayed as a browser without JavaScript sends it. The member keeps two
 * tabs: a page rendered in one mode, and the header's switch posted from another tab; then the
 * first page's form is sent. Every bet, open, close and TP/SL form carries the page's mode, and
 * the site refuses it when the session's mode differs, with a toast, back on the page now showing
 * the mode in force.
 */

/** hour-long periods: a bet never meets the cut-off by chance */
const PAIR = "BTC-USDT";
const GAME = `/game?pair=${PAIR}`;
const CONTRACT = `/game/contract?pair=${PAIR}`;

let stack: Stack;
beforeAll(async () => {
  // BTC-USDT's periods last an hour there: a bet never meets the cut-off (tests/helpers/shared.ts)
  stack = await sharedStack();
});
afterAll(() => stack?.dispose());

/** The header's switch, posted from "the other tab". */
async function switchTo(visitor: Visitor, mode: "practice" | "real") {
  expect(
    (await visitor.post("/mode", { mode, redirectTo: "/user" }, { csrf: await visitor.csrf("/user") })).status,
  ).toBe(302);
}

const clean = (html: string) => html.replace(/<!-- -->/g, "");
const textOf = (html: string, testId: string) =>
  new RegExp(`<(\\w+)[^>]*data-testid="${testId}"[^>]*>([\\s\\S]*?)</\\1>`)
    .exec(clean(html))?.[2]
    ?.replace(/<[^>]+>/g, "");
const keyOf = (html: string) => /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1];
const periodOf = (html: string) => /name="periodNo" value="(\d+)"/.exec(html)?.[1];
const seenPriceOf = (html: string) => /name="seenPrice" value="(\d+)"/.exec(html)?.[1];
const inPractice = (html: string) => /<html[^>]*data-mode="practice"/.test(html);
/** The first rendered form holding every one of `parts`. */
const formWith = (html: string, ...parts: string[]) =>
  [...html.matchAll(/<form[\s\S]*?<\/form>/g)].map((m) => m[0]).find((f) => parts.every((p) => f.includes(p))) ?? "";
/** The form of the open position `id` of `intent` (close or triggers), as rendered. */
const positionForm = (html: string, id: string, intent: "close" | "triggers") =>
  formWith(html, `name="intent" value="${intent}"`, `value="${id}"`);

describe("a page of one mode never acts in the other", { timeout: 60_000 }, () => {
  it("the bet form and the contract ticket carry the mode their page was rendered in (the position forms: below)", async () => {
    const visitor = await memberWithGameFunds(stack, "100");
    for (const mode of ["real", "practice"] as const) {
      await switchTo(visitor, mode);
      const bet = formWith((await visitor.follow(GAME)).html, 'name="periodNo"');
      expect(modeOf(bet), `${mode} bet form`).toBe(mode);
      const ticket = formWith((await visitor.follow(CONTRACT)).html, 'name="seenPrice"');
      expect(modeOf(ticket), `${mode} ticket`).toBe(mode);
    }
  });

  it("two tabs: a bet from the practice page, sent after the other tab switched to real, bets nothing and says why", async () => {
    const visitor = await memberWithGameFunds(stack, "100");
    await switchTo(visitor, "practice");
    const practicePage = (await visitor.follow(GAME)).html;
    expect(inPractice(practicePage)).toBe(true);
    const before = textOf((await visitor.follow("/user/transfer")).html, "game-balance-binary");
    expect(before).toBe("US$100.00");

    await switchTo(visitor, "real");
    const bet = await visitor.post(GAME, {
      pair: PAIR,
      periodNo: periodOf(practicePage)!,
      idempotencyKey: keyOf(practicePage)!,
      mode: modeOf(practicePage),
      amount: "50",
      option: "high",
    });
    expect(bet.status).toBe(302);
    const back = await visitor.follow(bet.headers.get("location")!);
    expect(back.path).toBe(GAME);
    expect(textOf(back.html, "game-wallet"), "the real game wallet").toBe("US$100.00");
    expect(back.html).not.toContain('data-testid="current-orders"');
    expect(inPractice(back.html), "the page now shows the mode in force").toBe(false);
    expect(clean(back.html)).toContain(messages.account_mode_changed_real);

    // and the reverse: a real page's bet after switching to practice takes no play money
    const realPage = (await visitor.follow(GAME)).html;
    await switchTo(visitor, "practice");
    const reverse = await visitor.post(GAME, {
      pair: PAIR,
      periodNo: periodOf(realPage)!,
      idempotencyKey: keyOf(realPage)!,
      mode: modeOf(realPage),
      amount: "5",
      option: "low",
    });
    const practiceBack = await visitor.follow(reverse.headers.get("location")!);
    expect(clean(practiceBack.html)).toContain(messages.account_mode_changed_practice);
    expect(textOf(practiceBack.html, "practice-balance")).toBe("US$10,000.00");
  });

  it("a bet form that names no mode (a page from before) bets nothing", async () => {
    const visitor = await memberWithGameFunds(stack, "100");
    const page = (await visitor.follow(GAME)).html;
    const bet = await visitor.post(GAME, {
      pair: PAIR,
      periodNo: periodOf(page)!,
      idempotencyKey: keyOf(page)!,
      amount: "50",
      option: "high",
    });
    expect(bet.status).toBe(302);
    expect(clean((await visitor.follow(bet.headers.get("location")!)).html)).toContain(
      messages.account_mode_changed_real,
    );
    expect(textOf((await visitor.follow("/user/transfer")).html, "game-balance-binary")).toBe("US$100.00");
  });

  it("two tabs: the contract ticket of the practice page, sent after switching to real, opens nothing", async () => {
    const visitor = await memberWithGameFunds(stack, "100");
    await switchTo(visitor, "practice");
    const ticket = (await visitor.follow(CONTRACT)).html;
    await switchTo(visitor, "real");
    const open = await visitor.post(CONTRACT, {
      intent: "open",
      pair: PAIR,
      side: "long",
      leverage: "10",
      margin: "20",
      seenPrice: seenPriceOf(ticket)!,
      idempotencyKey: keyOf(ticket)!,
      mode: modeOf(ticket),
    });
    expect(open.status).toBe(302);
    const back = await visitor.follow(open.headers.get("location")!);
    expect(textOf(back.html, "game-wallet"), "the real game wallet").toBe("US$100.00");
    expect(back.html).not.toContain('data-testid="open-card"');
    expect(inPractice(back.html)).toBe(false);
    expect(clean(back.html)).toContain(messages.account_mode_changed_real);
  });

  it("a real position's close and TP/SL forms, sent after switching to practice, leave it open; naming it from practice is position_not_found", async () => {
    const visitor = await memberWithGameFunds(stack, "100");
    const ticket = (await visitor.follow(CONTRACT)).html;
    const opened = await visitor.post(CONTRACT, {
      intent: "open",
      pair: PAIR,
      side: "long",
      leverage: "10",
      margin: "10",
      seenPrice: seenPriceOf(ticket)!,
      idempotencyKey: keyOf(ticket)!,
      mode: modeOf(ticket),
    });
    expect(opened.status).toBe(302);
    const realPage = (await visitor.follow(opened.headers.get("location")!)).html;
    const id = /data-position-id="([^"]+)"/.exec(realPage)![1]!;
    const closeForm = positionForm(realPage, id, "close");
    const triggersForm = positionForm(realPage, id, "triggers");

    await switchTo(visitor, "practice");
    // (the real page's forms, sent as rendered: from a page without them, as before this check, they name no mode)
    const close = await visitor.post(CONTRACT, {
      intent: "close",
      positionId: id,
      idempotencyKey: keyOf(closeForm)!,
      mode: modeOf(closeForm) || "real",
    });
    expect(close.status).toBe(302);
    expect(clean((await visitor.follow(close.headers.get("location")!)).html)).toContain(
      messages.account_mode_changed_practice,
    );
    const triggers = await visitor.post(CONTRACT, {
      intent: "triggers",
      positionId: id,
      pair: PAIR,
      takeProfit: "",
      stopLoss: "",
      mode: modeOf(triggersForm) || "real",
    });
    expect(triggers.status).toBe(302);

    // a practice page's forms naming the real position's id: what an unknown id answers
    const byId = await visitor.post(CONTRACT, {
      intent: "close",
      positionId: id,
      idempotencyKey: crypto.randomUUID(),
      mode: "practice",
    });
    const unknown = await visitor.post(CONTRACT, {
      intent: "close",
      positionId: "no-such-position",
      idempotencyKey: crypto.randomUUID(),
      mode: "practice",
    });
    expect(byId.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(clean(await byId.text())).toContain(messages.position_not_found);
    expect(clean(await unknown.text())).toContain(messages.position_not_found);

    await switchTo(visitor, "real");
    const still = (await visitor.follow(CONTRACT)).html;
    expect(still).toContain(`data-position-id="${id}"`);
    expect(textOf(still, "game-wallet"), "margin and fee only").toBe("US$89.95");
    // the forms of a position carry the mode their page was rendered in
    expect(modeOf(closeForm)).toBe("real");
    expect(modeOf(triggersForm)).toBe("real");
  });

  it("one idempotency key, a practice bet then a real bet: the real bet is placed, not a replay of the practice one", async () => {
    const visitor = await memberWithGameFunds(stack, "100");
    await switchTo(visitor, "practice");
    const practicePage = (await visitor.follow(GAME)).html;
    const key = keyOf(practicePage)!;
    const practiceBet = await visitor.post(GAME, {
      pair: PAIR,
      periodNo: periodOf(practicePage)!,
      idempotencyKey: key,
      mode: "practice",
      amount: "5",
      option: "high",
    });
    expect(practiceBet.status).toBe(302);

    await switchTo(visitor, "real");
    const realPage = (await visitor.follow(GAME)).html;
    // the real page's form sent with the key the practice form used
    const realBet = await visitor.post(GAME, {
      pair: PAIR,
      periodNo: periodOf(realPage)!,
      idempotencyKey: key,
      mode: modeOf(realPage),
      amount: "5",
      option: "high",
    });
    expect(realBet.status).toBe(302);
    const after = (await visitor.follow(GAME)).html;
    expect(clean(after)).toMatch(/data-testid="current-orders"/);
    expect(textOf((await visitor.follow("/user/transfer")).html, "game-balance-binary")).toBe("US$95.00");
    await switchTo(visitor, "practice");
    expect(textOf((await visitor.follow(GAME)).html, "practice-balance")).toBe("US$9,995.00");
  });
});
