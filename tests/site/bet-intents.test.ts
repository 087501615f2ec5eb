import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PAIRS } from "../../server/platform/market/pairs";
import {
  createStack,
  freshMember,
  idempotencyKeyOf,
  memberWithGameFunds,
  modeOf,
  registerFields,
  Visitor,
  type Stack,
} from "../helpers/site";

/**
 * One key per bet intent (app/README.md, "Money forms and idempotency keys"): the bet form's key
 * is the page's, and the action derives each bet's key from it and the bet, so different bets
 * posted with one form key are each placed, the same bet posted twice once, and a refusal
 * between them takes nothing back. "Move and bet" moves money then bets, each once. On BTC-USDT
 * with hour-long periods: a bet never meets its cut-off by chance.
 */
const PAIR = "BTC-USDT";
const PATH = `/game?pair=${PAIR}`;

let stack: Stack;
beforeAll(async () => {
  stack = await createStack();
  const { envelope } = await stack.platform.operator("operatorPutPair", {
    params: { pair: PAIR },
    body: { ...DEFAULT_PAIRS[PAIR]!, periodSeconds: 3600, cutoffSeconds: 1 },
  });
  expect(envelope.statusCode, envelope.message).toBe(200);
});
afterAll(() => stack?.dispose());

const periodOf = (html: string) => /name="periodNo" value="(\d+)"/.exec(html)?.[1];

/** The bet form of the game page as rendered: its key, round and mode. */
async function betForm(visitor: Visitor) {
  const html = await (await visitor.get(PATH)).text();
  return { idempotencyKey: idempotencyKeyOf(html)!, periodNo: periodOf(html)!, mode: modeOf(html), pair: PAIR };
}

/** The member's open orders and game wallet, as the page's ticket poll reads them. */
async function tickets(visitor: Visitor) {
  const body = (await (await visitor.get("/api/game/tickets")).json()) as {
    orders: { option: string; amount: number }[];
    gameWallet: { balance: number };
  };
  return { orders: body.orders.map((o) => `${o.option} ${o.amount}`).sort(), game: body.gameWallet.balance };
}

/** The main account's balance as the member overview shows it ("US$90.00"). */
async function mainBalance(visitor: Visitor): Promise<string | undefined> {
  const html = (await visitor.follow("/user")).html.replace(/<!-- -->/g, "");
  return /data-testid="main-balance"[^>]*>([\s\S]*?)<\/dd>/
    .exec(html)?.[1]
    ?.replace(/<[^>]+>/g, "")
    .trim();
}

describe("bets on one page", { timeout: 30_000 }, () => {
  it("places five different bets posted with one form key, the same bet twice once, and a refusal between them keeps the earlier ones", async () => {
    const visitor = await memberWithGameFunds(stack, "100");
    const form = await betForm(visitor);
    const bets = [
      { option: "high", amount: "1" },
      { option: "odd", amount: "1" },
      { option: "rise", amount: "2" },
      { option: "high", amount: "5" },
      { option: "draw", amount: "1" },
    ];
    for (const bet of bets) expect((await visitor.post(PATH, { ...form, ...bet })).status, bet.option).toBe(302);
    // the first bet again, same form key: a double tap, placed once
    expect((await visitor.post(PATH, { ...form, ...bets[0]! })).status).toBe(302);
    // a refusal between them (low against high in the same round) takes nothing back
    const refused = await visitor.post(PATH, { ...form, option: "low", amount: "1" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("cannot both be bet in the same round");
    expect(await tickets(visitor)).toEqual({
      orders: ["draw 100", "high 100", "high 500", "odd 100", "rise 200"],
      game: 10_000 - 1_000,
    });
  });

  it("answers the bet bar's queue (reply=json) with what was placed and a new key, the toast flashed", async () => {
    const visitor = await memberWithGameFunds(stack, "10");
    const form = await betForm(visitor);
    // as Remix's fetcher posts: the route's data, not its document
    const response = await visitor.post(
      `${PATH}&_data=routes%2Fgame`,
      { ...form, option: "even", amount: "2", reply: "json" },
      { csrf: await visitor.csrf(PATH) },
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { placed: unknown; idempotencyKey: string };
    expect(body.placed).toEqual({ periodNo: form.periodNo, option: "even", amount: 200, moved: null });
    expect(body.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.idempotencyKey).not.toBe(form.idempotencyKey);
    expect((await visitor.follow(PATH)).html).toContain(`Bet placed on round ${form.periodNo}.`);
  });
});

describe("Move and bet", { timeout: 30_000 }, () => {
  /** A member with `amount` deposited into the main account and nothing in the game wallet. */
  async function depositor(amount: string): Promise<Visitor> {
    const visitor = new Visitor(stack);
    expect((await visitor.post("/register", registerFields(freshMember()))).status).toBe(302);
    const key = idempotencyKeyOf(await (await visitor.get("/user/deposit")).text())!;
    expect(
      (await visitor.post("/user/deposit", { optionId: "demo-instant", amount, idempotencyKey: key })).status,
    ).toBe(302);
    return visitor;
  }

  it("moves the amount on the button, then bets; submitted twice it moves and bets once", async () => {
    const visitor = await depositor("100");
    const form = await betForm(visitor);
    const fields = { ...form, option: "high", amount: "5", intent: "move-and-bet", move: "10.00" };
    const first = await visitor.post(PATH, fields);
    expect(first.status).toBe(302);
    expect((await visitor.follow(first.headers.get("location")!)).html).toContain(
      `Moved US$10.00 to your game wallet. Bet placed on round ${form.periodNo}.`,
    );
    expect((await visitor.post(PATH, fields)).status).toBe(302);
    expect(await tickets(visitor)).toEqual({ orders: ["high 500"], game: 500 });
    expect(await mainBalance(visitor)).toBe("US$90.00");
  });

  it("without JavaScript, a bet the game wallet cannot cover comes back offering to move ten chips' worth and bet", async () => {
    const visitor = await depositor("100");
    const form = await betForm(visitor);
    const refused = await visitor.post(PATH, { ...form, option: "high", amount: "5" });
    expect(refused.status).toBe(400);
    const html = (await refused.text()).replace(/<!-- -->/g, "");
    expect(html).toContain("Insufficient game wallet balance.");
    // the demo site's smallest chip is US$1: the US$5 shortfall rounds up to US$10
    expect(html).toContain('<input type="hidden" name="move" value="10.00"/>');
    expect(html).toMatch(
      /<button type="submit" name="intent" value="move-and-bet"[^>]*>Move US\$10\.00 and bet<\/button>/,
    );
    // an empty game wallet on a page at rest: no stake chosen yet, nothing offered
    expect((await visitor.follow(PATH)).html).not.toContain('value="move-and-bet"');
  });

  it("refuses cleanly when the main account is short: nothing moved, nothing bet", async () => {
    const visitor = await depositor("10");
    const form = await betForm(visitor);
    const response = await visitor.post(PATH, {
      ...form,
      option: "high",
      amount: "15",
      intent: "move-and-bet",
      move: "20.00",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Insufficient balance.");
    expect(await tickets(visitor)).toEqual({ orders: [], game: 0 });
    expect(await mainBalance(visitor)).toBe("US$10.00");
  });
});
