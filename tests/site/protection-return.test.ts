import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStack, freshMember, registerFields, Visitor, type Stack } from "../helpers/site";
import { advanceSiteClock, SITE_HARNESS_ENTRY } from "../helpers/site-harness";
import { SHIFTED_CLOCK_ENTRY, shiftedClock } from "../helpers/shifted-clock";

/**
 * The way back from a self-exclusion on the site (decision 033), on a stack of its own: the test
 * moves both clocks half a year, and no other test's market activity may be pending then (a
 * market catches its feed up to the clock it is woken at).
 */

let stack: Stack;
let platformClock: ReturnType<typeof shiftedClock>;
beforeAll(async () => {
  stack = await createStack({ siteEntry: SITE_HARNESS_ENTRY, platformEntry: SHIFTED_CLOCK_ENTRY });
  platformClock = shiftedClock(stack.platform);
});
afterAll(() => stack?.dispose());

const keyOf = (html: string) => /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1];
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

async function member(): Promise<Visitor> {
  const visitor = new Visitor(stack, "http://localhost");
  expect((await visitor.post("/register", registerFields(freshMember()))).status).toBe(302);
  return visitor;
}

describe("decision 033: the return from a self-exclusion", { timeout: 60_000 }, () => {
  it("a self-exclusion past its minimum stays until the member asks to return, then ends 24 hours later", async () => {
    let visitor = await member();
    const key = keyOf((await visitor.follow("/user/limits")).html)!;
    const started = await visitor.post("/user/limits", {
      intent: "break",
      duration: "6m",
      confirm: "on",
      idempotencyKey: key,
    });
    expect(started.status).toBe(302);
    const account = String((await visitor.session("demo"))!.account);
    // 183 days on: the session has ended long ago, so the member signs in again
    const days = (n: number) => n * 24 * 3_600_000;
    await advanceSiteClock(stack, days(183));
    await platformClock.advance(days(183));
    visitor = new Visitor(stack, "http://localhost");
    expect((await visitor.post("/login", { account, password: freshMember().password })).status).toBe(302);

    let page = (await visitor.follow("/user/limits")).html;
    expect(testIdText(page, "active-break")).toContain("Self-excluded: the minimum ended");
    expect(text(page)).toContain("It stays in force until you ask to return.");
    expect((await visitor.follow("/user/deposit")).html).toContain("Self-excluded until you ask to return");

    expect((await visitor.post("/user/limits", { intent: "return" })).status).toBe(302);
    page = (await visitor.follow("/user/limits")).html;
    expect(text(page)).toContain("Your return is on its way: your self-exclusion ends in 24 hours.");
    expect(testIdText(page, "active-break")).toMatch(/Self-exclusion ends [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(page).not.toContain('name="intent" value="return"');

    await advanceSiteClock(stack, days(1) + 60_000);
    await platformClock.advance(days(1) + 60_000);
    const open = (await visitor.follow("/user/deposit")).html;
    expect(open).not.toContain('data-testid="break-panel"');
    expect(open).toContain('name="amount"');
  });
});
