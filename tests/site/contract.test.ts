import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CONTRACT_SETTINGS } from "../../server/contract/positions";
import { liquidationPrice, notional, payoutAt, positionFee, type PositionTerms } from "#rules/position-math";
import { formatPrice } from "../../app/utils/game";
import { formatMoney } from "../../app/utils/money";
import messages from "../../locales/en-US/messages.json";
import { freshMember, modeOf, registerFields, Visitor, type Stack } from "../helpers/site";
import { sharedStack } from "../helpers/shared";

/**
 * The contract page on the server (app/README.md, "Contract trading"): the preview a page without
 * JavaScript shows is the platform's arithmetic (positions.ts) at the price it posts as seenPrice;
 * every form is post/redirect/get; refusals come back translated next to the form.
 */

const PAIR = "BTC-USDT";
const PAGE = `/game/contract?pair=${PAIR}`;

let stack: Stack;
beforeAll(async () => {
  stack = await sharedStack();
});
afterAll(() => stack?.dispose());

async function member(): Promise<Visitor> {
  const visitor = new Visitor(stack, "http://localhost");
  expect((await visitor.post("/register", registerFields(freshMember()))).status).toBe(302);
  return visitor;
}

const keyOf = (html: string) => /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1];
const seenPriceOf = (html: string) => Number(/name="seenPrice" value="(\d+)"/.exec(html)?.[1]);
const clean = (html: string) => html.replace(/<!-- -->/g, "");
const textOf = (html: string, testId: string) =>
  new RegExp(`<(\\w+)[^>]*data-testid="${testId}"[^>]*>([\\s\\S]*?)</\\1>`)
    .exec(clean(html))?.[2]
    ?.replace(/<[^>]+>/g, "");
/** steps → the price as typed at 2 digits */
const typed = (steps: number) => (steps / 100).toFixed(2);

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

/** Posts the ticket as a browser without JavaScript: the page's key and seen price, plus `fields`. */
async function postTicket(visitor: Visitor, fields: Record<string, string>) {
  const html = await (await visitor.get(PAGE)).text();
  const price = seenPriceOf(html);
  const body = {
    intent: "open",
    pair: PAIR,
    side: "long",
    leverage: "10",
    margin: "10",
    seenPrice: String(price),
    idempotencyKey: keyOf(html)!,
    mode: modeOf(html),
    ...fields,
  };
  return { response: await visitor.post(PAGE, body), price };
}

describe("contract page", { timeout: 30_000 }, () => {
  it("renders, without JavaScript, the preview positions.ts gives at the price it posts as seenPrice", async () => {
    const visitor = await member();
    const first = await (await visitor.get(PAGE)).text();
    const near = seenPriceOf(first);
    const tp = Math.round(near * 0.97);
    const sl = Math.round(near * 1.01);
    const html = await (
      await visitor.get(`${PAGE}&side=short&margin=12.34&leverage=20&takeProfit=${typed(tp)}&stopLoss=${typed(sl)}`)
    ).text();
    const price = seenPriceOf(html);
    expect(price).toBeGreaterThan(0);
    const terms: PositionTerms = {
      side: "short",
      margin: 1234,
      leverage: 20,
      entryPrice: price,
      ...DEFAULT_CONTRACT_SETTINGS,
    };
    const money = (m: number) => formatMoney(m, "USD", "en-US");
    expect(textOf(html, "preview-entry")).toBe(formatPrice(price, 2, "en-US"));
    expect(textOf(html, "preview-notional")).toBe(money(notional(terms)));
    expect(textOf(html, "preview-fee")).toBe(money(positionFee(terms)));
    expect(textOf(html, "preview-cost")).toBe(money(1234 + positionFee(terms)));
    // the closing fee is the opening fee again (both on the notional at the open), and the risk line counts the fees in
    expect(textOf(html, "preview-close-fee")).toBe(money(positionFee(terms)));
    expect(textOf(html, "preview-risk")).toBe("You can lose the margin and the fees, never more.");
    expect(textOf(html, "preview-liquidation")).toBe(formatPrice(liquidationPrice(terms), 2, "en-US"));
    const at = (p: number) => {
      const payout = payoutAt(terms, p);
      const net = payout - 1234 - positionFee(terms);
      return `pays ${money(payout)} · net ${net > 0 ? "+" : ""}${money(net)}`;
    };
    expect(textOf(html, "preview-tp")).toBe(at(tp));
    expect(textOf(html, "preview-sl")).toBe(at(sl));
    // the leverage and side in the address are the ones checked
    expect(clean(html)).toContain('name="leverage" checked="" value="20"');
    expect(clean(html)).toContain('name="side" checked="" value="short"');
  });

  it("without JavaScript: Update figures redirects to the ticket's address; Open posts, redirects with a toast and lists the position; Close redirects with a toast", async () => {
    const visitor = await fundedMember("100");
    const preview = await visitor.post(PAGE, {
      intent: "preview",
      pair: PAIR,
      side: "short",
      margin: "",
      chip: "5.00",
      leverage: "50",
      takeProfit: "",
      stopLoss: "",
    });
    expect(preview.status).toBe(302);
    expect(preview.headers.get("location")).toBe(`/game/contract?pair=${PAIR}&side=short&margin=5.00&leverage=50`);

    const { response } = await postTicket(visitor, { margin: "", chip: "10.00", leverage: "10" });
    expect(response.status, clean(await response.clone().text()).match(/role="alert"[^>]*>([^<]*)/)?.[1]).toBe(302);
    const location = response.headers.get("location")!;
    expect(location).toMatch(/^\/game\/contract\?pair=BTC-USDT&position=[A-Za-z0-9_-]+&leverage=10$/);
    const page = (await visitor.follow(location)).html;
    expect(page).toContain(messages.position_opened);
    // margin 10.00 + fee ⌈100.00 × 0.05 %⌉ = 0.05 left the game wallet
    expect(textOf(page, "game-wallet")).toBe("US$89.95");
    expect(clean(page)).toContain('data-testid="open-card"');

    const id = /data-position-id="([^"]+)"/.exec(page)![1]!;
    const close = await visitor.post(location, {
      intent: "close",
      positionId: id,
      mode: modeOf(page),
      idempotencyKey: /name="idempotencyKey" value="([^"]+)"/g.exec(
        page.slice(page.indexOf('data-testid="open-card"')),
      )![1]!,
    });
    expect(close.status).toBe(302);
    const after = (await visitor.follow(close.headers.get("location")!)).html;
    expect(after).toContain(messages.position_closed);
    expect(clean(after)).not.toContain('data-testid="open-card"');
    const closed = (await visitor.follow(`${PAGE}&tab=closed`)).html;
    expect(textOf(closed, "close-reason")).toBe("Closed by you");

    // the records: the close states what the position made or lost in all (payout − margin 10.00 −
    // fee 0.05), coloured as a gain or a loss, with the payout beside it, never the payout as a
    // gain; the open what left the wallet
    const records = clean((await visitor.follow("/user/record")).html);
    const raw = [...records.matchAll(/<tr[^>]*data-testid="account-record"[^>]*>([\s\S]*?)<\/tr>/g)].map((m) => m[1]!);
    const rows = raw.map((row) => row.replace(/<[^>]+>/g, " "));
    const closedRow =
      /Position closed\s+Positions \(margin\) → Game wallet: .+?\s(Loss −|Profit \+?)US\$(\d+\.\d\d)\s*·\s*paid US\$(\d+\.\d\d)/.exec(
        rows[0]!,
      );
    expect(closedRow, rows[0]).not.toBeNull();
    const [, word, net, paid] = closedRow!;
    const signedNet = Math.round(Number(net) * 100) * (word!.startsWith("Loss") ? -1 : 1);
    expect(signedNet, "the row's result is the payout less the margin and the opening fee").toBe(
      Math.round(Number(paid) * 100) - 1005,
    );
    expect(raw[0]).toContain(signedNet < 0 ? 'class="pnl-loss"' : signedNet > 0 ? 'class="pnl-gain"' : "<strong>");
    const amountCell = /<td class="slot-amount[^"]*"[^>]*>([\s\S]*?)<\/td>/.exec(raw[0]!)?.[1] ?? "";
    expect(amountCell).toContain('data-testid="position-result"');
    expect(amountCell, "the payout is not coloured as a gain").not.toContain("amount-credit");
    expect(rows[1]).toMatch(/Position opened\s+Game wallet: .+ → Positions \(margin\)\s+−US\$10\.05/);
  });

  it.each([
    ["a margin under the minimum", { margin: "0.50" }, messages.margin_out_of_range],
    ["a leverage the site does not offer", { leverage: "7" }, messages.leverage_not_offered],
    ["a long's take-profit under the price", { takeProfit: "1.00" }, messages.take_profit_wrong_side],
    ["a long's stop-loss over the price", { stopLoss: "99999999.00" }, messages.stop_loss_wrong_side],
    ["a price that is no number", { takeProfit: "abc" }, "Enter the price as a number, e.g. 3456.78."],
  ])("refuses %s with the platform's message beside the form (400), and opens nothing", async (_, fields, message) => {
    const visitor = await fundedMember("20");
    const { response } = await postTicket(visitor, fields);
    expect(response.status).toBe(400);
    const html = clean(await response.text());
    expect(html).toContain(message.replace(/'/g, "&#x27;"));
    expect(textOf(html, "game-wallet")).toBe("US$20.00");
  });

  it("shows the platform's refusal (an empty game wallet) in the member's language", async () => {
    const visitor = await member();
    await visitor.post("/language", { locale: "ja_JP", redirectTo: PAGE });
    const { response } = await postTicket(visitor, {});
    expect(response.status).toBe(400);
    const html = clean(await response.text());
    const ja = (await import("../../locales/ja-JP/messages.json")).default;
    expect(html).toContain(ja.insufficient_game_wallet_balance);
  });

  it("a close or TP/SL change of a position that is not the member's says so next to it", async () => {
    const visitor = await member();
    const close = await visitor.post(PAGE, {
      intent: "close",
      positionId: "no-such-position",
      mode: "real",
      idempotencyKey: crypto.randomUUID(),
    });
    expect(close.status).toBe(400);
    expect(clean(await close.text())).toContain(messages.position_not_found);
  });
});
