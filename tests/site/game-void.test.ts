import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VOID_REASONS } from "../../server/contract";
import { DEFAULT_PAIRS } from "../../server/platform/market/pairs";
import { escapeRegExp } from "../helpers/regexp";
import { SHIFTED_CLOCK_ENTRY, shiftedClock } from "../helpers/shifted-clock";
import { createStack, memberWithGameFunds, modeOf, Visitor, type Stack } from "../helpers/site";

/**
 * A void period as the member sees it (app/README.md, "The game page"; server/platform/README.md):
 * the operator pauses the pair right after a bet on the Next round and resumes it seconds later,
 * so that round is void (the pause or resume after its cut-off, or the feed's gap while its bets
 * were open) and the bet is refunded. Its history row, the quotes and the period's fairness page
 * then say it was void with the reason the platform recorded, and colour no option as a winner.
 * On a stack of its own: the pause would disturb the other game tests' rounds. The platform's
 * clock runs and is moved ahead instead of waited for (tests/helpers/shifted-clock.ts).
 */
const PAIR = "ETH-USDT";
const CONFIG = { ...DEFAULT_PAIRS[PAIR]!, periodSeconds: 4, cutoffSeconds: 1 };
const GAME = JSON.parse(readFileSync(new URL("../../locales/en-US/game.json", import.meta.url), "utf8")) as {
  void_reason: Record<string, string>;
  outcome: Record<string, string>;
};
const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;");
const clean = (html: string) => html.replace(/<!-- -->/g, "");
const keyOf = (html: string) => /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1];
const periodOf = (html: string) => /name="periodNo" value="(\d+)"/.exec(html)?.[1];

let stack: Stack;
let clock: ReturnType<typeof shiftedClock>;
beforeAll(async () => {
  stack = await createStack({ platformEntry: SHIFTED_CLOCK_ENTRY });
  clock = shiftedClock(stack.platform);
  const { envelope } = await stack.platform.operator("operatorPutPair", { params: { pair: PAIR }, body: CONFIG });
  expect(envelope.statusCode, envelope.message).toBe(200);
});
afterAll(() => stack?.dispose());

const market = async () => (await stack.platform.call("market", { params: { pair: PAIR } })).envelope.data!;
const putPaused = async (paused: boolean) => {
  const { envelope } = await stack.platform.operator("operatorPutPair", {
    params: { pair: PAIR },
    body: { ...CONFIG, paused },
  });
  expect(envelope.statusCode, envelope.message).toBe(200);
};

describe("a void period", { timeout: 60_000 }, () => {
  it("shows as void with its reason in the history, the quotes and on its fairness page, its bet refunded", async () => {
    const visitor = await memberWithGameFunds(stack);

    // a bet on the Next round (a 4-second round's betting closes a second before it starts: a
    // refusal means the page was a boundary late, so the clock moves past that round's start)
    const path = `/game?pair=${PAIR}`;
    let periodNo = "";
    for (let attempt = 0; attempt < 3 && !periodNo; attempt++) {
      if (attempt > 0) await clock.jumpTo(Date.parse((await market()).next.startsAt) + 100);
      const html = await (await visitor.get(path)).text();
      const placed = await visitor.post(path, {
        pair: PAIR,
        periodNo: periodOf(html)!,
        idempotencyKey: keyOf(html)!,
        mode: modeOf(html),
        option: "high",
        amount: "1",
      });
      if (placed.status === 302) periodNo = periodOf(html)!;
    }
    expect(periodNo, "a bet was placed").toMatch(/^\d{12,13}$/);
    // the operator pauses the pair at once and resumes it 2.5 s later: the feed draws nothing meanwhile
    await putPaused(true);
    await clock.advance(2_500);
    await putPaused(false);

    // past the end of the bet's round (at most the one taking bets now), then until it is settled
    await clock.jumpTo(Date.parse((await market()).next.endsAt) + 100);
    let history = "";
    for (const started = Date.now(); Date.now() - started < 15_000 && !history.includes("Refunded US$0.00");) {
      history = clean((await visitor.follow(`${path}&tab=history`)).html);
      if (!history.includes("Refunded US$0.00")) await new Promise((r) => setTimeout(r, 100));
    }
    const { envelope } = await stack.platform.call("periodProof", { params: { pair: PAIR, periodNo } });
    expect(envelope.statusCode, envelope.message).toBe(200);
    const reason = envelope.data!.period.voidReason!;
    expect(VOID_REASONS).toContain(reason);
    const said = escaped(GAME.void_reason[reason]!);

    // the history: the table's result cell and the phone card both give the reason; the bet is refunded
    const row = /data-testid="order-history"[\s\S]*?<tbody>([\s\S]*?)<\/tr>/.exec(history)?.[1] ?? "";
    expect(row).toContain(periodNo);
    expect(row).toContain(`data-void="${reason}"`);
    expect(row).toContain(said);
    // the stake given back, in the words every place uses (components/game/bet-result.ts)
    expect(row.replace(/<[^>]+>/g, "")).toContain("Refunded US$1.00");
    expect(row).not.toContain("paid US$");
    const card = /data-testid="order-cards"[\s\S]*?<\/li>/.exec(history)?.[0] ?? "";
    expect(card).toContain(said);

    // the quotes: one cell with the reason in place of the eight outcomes, none of them a win
    const quotes = clean((await visitor.follow(`${path}&tab=quotes`)).html);
    const quoteRow = new RegExp(`<tr><th scope="row">${periodNo}[\\s\\S]*?</tr>`).exec(quotes)?.[0] ?? "";
    expect(quoteRow).toMatch(new RegExp(`<td colSpan="8"|<td colspan="8"`));
    expect(quoteRow).toContain(said);
    expect(quoteRow).toContain('class="void-badge">Void<');
    expect(quoteRow).not.toContain("outcome-win");
    expect(quotes).toMatch(new RegExp(`data-testid="quote-void">${escapeRegExp(said)}<`));

    // the fairness page: the reason above the outcomes, every outcome a refund, none coloured as a win
    const fairness = clean((await visitor.follow(`/fairness/${PAIR}/${periodNo}`)).html);
    expect(fairness).toContain(`data-testid="period-void">${said}<`);
    const outcomes = /data-testid="period-outcomes"[\s\S]*?<\/ul>/.exec(fairness)?.[0] ?? "";
    expect(outcomes.match(/class="outcome-refund"/g)).toHaveLength(8);
    expect(outcomes).not.toMatch(/outcome-(win|lose)/);
  });

  it("is not said of a period that was not void", async () => {
    // an ended period of the pair without a void reason (the ones whose betting overlapped the
    // pause, and the pair's first two, were void): three rounds on, a read of the quotes catches
    // the market up, and its page gives outcomes, not a reason
    await clock.advance(3 * CONFIG.periodSeconds * 1000);
    const { envelope } = await stack.platform.call("quotes", {
      params: { pair: PAIR },
      query: { page: 1, pageSize: 50 } as never,
    });
    expect(envelope.statusCode, envelope.message).toBe(200);
    const fine = envelope.data!.items.find((p) => p.voidReason === null);
    expect(fine, "an ended period that was not void").toBeDefined();
    const visitor = new Visitor(stack);
    const fairness = clean((await visitor.follow(`/fairness/${PAIR}/${fine!.periodNo}`)).html);
    expect(fairness).not.toContain('data-testid="period-void"');
    const outcomes = /data-testid="period-outcomes"[\s\S]*?<\/ul>/.exec(fairness)?.[0] ?? "";
    expect(outcomes).toMatch(/outcome-(win|lose)/);
  });
});
