import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshMember, idempotencyKeyOf, modeOf, registerFields, Visitor, type Stack } from "../helpers/site";
import { HOUR_PAIR, sharedStack } from "../helpers/shared";

/**
 * The overview's balances (app/README.md, "Member center"; server/platform/README.md,
 * "Balances"): the total is the platform's and equals its parts, money staked on an open bet and
 * held as an open position's margin included; in practice mode the card shows the play money.
 * Without JavaScript: the HTML the server renders.
 */

let stack: Stack;
beforeAll(async () => {
  // BTC-USDT's periods last an hour there: a bet never meets the cut-off (tests/helpers/shared.ts)
  stack = await sharedStack();
});
afterAll(() => stack?.dispose());

const GAME = `/game?pair=${HOUR_PAIR}`;
const CONTRACT = `/game/contract?pair=${HOUR_PAIR}`;

const clean = (html: string) => html.replace(/<!-- -->/g, "");
const textOf = (html: string, testId: string) =>
  new RegExp(`<(\\w+)[^>]*data-testid="${testId}"[^>]*>([\\s\\S]*?)</\\1>`)
    .exec(clean(html))?.[2]
    ?.replace(/<[^>]+>/g, "");
/** "US$1,234.56" → 123456 minor units: integers only, as the page shows cents */
const minorOf = (text: string | undefined) => {
  const digits = /^US\$([\d,]+)\.(\d\d)$/.exec(text ?? "");
  expect(digits, `an amount: ${text}`).not.toBeNull();
  return Number(digits![1]!.replaceAll(",", "")) * 100 + Number(digits![2]);
};
/** every part the card lists (data-testid on each <dd>), by test id */
const partsOf = (html: string) => {
  const card = clean(html).slice(clean(html).indexOf('data-testid="balances"'));
  const list = card.slice(card.indexOf("<dl"), card.indexOf("</dl>"));
  return Object.fromEntries(
    [...list.matchAll(/<dd data-testid="([\w-]+)">([\s\S]*?)<\/dd>/g)].map((m) => [
      m[1]!,
      minorOf(m[2]!.replace(/<[^>]+>/g, "")),
    ]),
  );
};

async function bet(visitor: Visitor, amount: string) {
  const page = (await visitor.follow(GAME)).html;
  const response = await visitor.post(GAME, {
    pair: HOUR_PAIR,
    periodNo: /name="periodNo" value="(\d+)"/.exec(page)![1]!,
    idempotencyKey: idempotencyKeyOf(page)!,
    mode: modeOf(page),
    amount,
    option: "high",
  });
  expect(response.status).toBe(302);
}

describe("the overview's balances", { timeout: 30_000 }, () => {
  it("the total equals its parts with money in an open bet and an open position, and counts both", async () => {
    const visitor = new Visitor(stack, "http://localhost");
    expect((await visitor.post("/register", registerFields(freshMember()))).status).toBe(302);
    const deposit = idempotencyKeyOf(await (await visitor.get("/user/deposit")).text())!;
    expect(
      (await visitor.post("/user/deposit", { optionId: "demo-instant", amount: "100", idempotencyKey: deposit }))
        .status,
    ).toBe(302);
    const transfer = idempotencyKeyOf(await (await visitor.get("/user/transfer")).text())!;
    expect(
      (
        await visitor.post("/user/transfer", {
          direction: "in",
          gameCode: "binary",
          amount: "60",
          idempotencyKey: transfer,
        })
      ).status,
    ).toBe(302);
    await bet(visitor, "5");
    const ticket = (await visitor.follow(CONTRACT)).html;
    const open = await visitor.post(CONTRACT, {
      intent: "open",
      pair: HOUR_PAIR,
      side: "long",
      leverage: "10",
      margin: "10",
      seenPrice: /name="seenPrice" value="(\d+)"/.exec(ticket)![1]!,
      idempotencyKey: idempotencyKeyOf(ticket)!,
      mode: modeOf(ticket),
    });
    expect(open.status).toBe(302);

    const home = (await visitor.follow("/user")).html;
    const parts = partsOf(home);
    expect(parts).toEqual({
      "main-balance": 4_000,
      "on-hold": 0,
      // 60.00 in, 5.00 staked, 10.00 margin and the opening fee ⌈100.00 × 0.05 %⌉ = 0.05 out
      "game-balance-binary": 4_495,
      "in-bets": 500,
      "in-positions": 1_000,
    });
    const total = minorOf(textOf(home, "balance-total"));
    expect(total, "the total is the sum of the parts").toBe(Object.values(parts).reduce((a, b) => a + b, 0));
    // what was deposited less the one fee paid: nothing staked or held is left out
    expect(total).toBe(10_000 - 5);
  });

  it("in practice mode the card shows the play money, a practice bet in it, and no Deposit or Withdraw", async () => {
    const visitor = new Visitor(stack, "http://localhost");
    expect((await visitor.post("/register", registerFields(freshMember()))).status).toBe(302);
    const csrf = await visitor.csrf("/user");
    expect((await visitor.post("/mode", { mode: "practice", redirectTo: "/user" }, { csrf })).status).toBe(302);
    await bet(visitor, "5");

    const home = (await visitor.follow("/user")).html;
    expect(partsOf(home)).toEqual({ available: 999_500, "in-bets": 500, "in-positions": 0 });
    expect(minorOf(textOf(home, "balance-total"))).toBe(1_000_000);
    expect(home).toContain('data-testid="practice-shortcuts"');
    expect(home).not.toContain('href="/user/deposit" class="button');
    expect(home).not.toContain('data-testid="main-balance"');
  });
});
