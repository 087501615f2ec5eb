import { HtmlValidate, type ConfigData, type Message } from "html-validate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEMBER_PAGES } from "../helpers/member-pages";
import { freshMember, modeOf, registerFields, Visitor, type Stack } from "../helpers/site";
import { sharedStack } from "../helpers/shared";

/**
 * Valid HTML: the server-rendered HTML of every page (public and member, both tenants, with and
 * without form errors and toasts) has no error under html-validate's "standard" preset, which
 * holds only rules of the HTML standard itself (content models, permitted attributes and values,
 * autocomplete tokens, ids, ARIA attribute use): the closest offline stand-in for the Nu HTML
 * Checker. Three rules of the Nu checker that the preset leaves out are added; no rule is off.
 */
export const NU_LIKE: ConfigData = {
  extends: ["html-validate:standard"],
  rules: {
    // Nu: "The aria-describedby attribute must point to an element in the same document."
    "no-missing-references": "error",
    // Nu: "An img element must have an alt attribute, except under certain conditions."
    "wcag/h37": "error",
    // Nu: "Attribute X is only allowed when the input type is …"
    "input-attributes": "error",
  },
};

const validator = new HtmlValidate(NU_LIKE);

/** Every error the validator finds in `html`, one line each, naming the rule and the markup. */
async function problems(html: string): Promise<string[]> {
  const report = await validator.validateString(html, "page.html");
  return report.results.flatMap((r) =>
    r.messages.map((m: Message) => `${m.ruleId}: ${m.message} @ ${m.selector ?? `${m.line}:${m.column}`}`),
  );
}

let stack: Stack;
beforeAll(async () => {
  // BTC-USDT's periods last an hour there: a bet never meets the cut-off (tests/helpers/shared.ts)
  stack = await sharedStack();
});
afterAll(() => stack?.dispose());

const keyOf = (html: string) => /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1] ?? "";
const periodOf = (html: string) => /name="periodNo" value="(\d+)"/.exec(html)?.[1] ?? "";

/** Validates each page the visitor reaches (following redirects) and collects every problem by page. */
async function validateAll(visitor: Visitor, paths: string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    const { html, response } = await visitor.follow(path);
    expect(response.headers.get("content-type"), path).toMatch(/text\/html/);
    const list = await problems(html);
    if (list.length) found[`${visitor.origin}${path}`] = list;
  }
  return found;
}

const PUBLIC = [
  "/",
  "/login",
  "/register",
  "/forgot-password",
  "/forgot-password?step=reset&account=someone",
  "/terms",
  "/contact",
  "/fairness",
  "/no-such-page",
];

/** A member with something on every page: a deposit, game wallet money, a bet, a message. */
async function memberWithHistory(origin: string, depositOption: string | null, betAmount: string): Promise<Visitor> {
  const visitor = new Visitor(stack, origin);
  expect((await visitor.post("/register", registerFields(freshMember()))).status).toBe(302);
  if (depositOption) {
    const deposit = keyOf(await (await visitor.get("/user/deposit")).text());
    expect(
      (await visitor.post("/user/deposit", { optionId: depositOption, amount: "500", idempotencyKey: deposit })).status,
    ).toBe(302);
    const transfer = keyOf(await (await visitor.get("/user/transfer")).text());
    expect(
      (
        await visitor.post("/user/transfer", {
          direction: "in",
          gameCode: "binary",
          amount: "200",
          idempotencyKey: transfer,
        })
      ).status,
    ).toBe(302);
    const game = await (await visitor.get("/game?pair=BTC-USDT")).text();
    const bet = await visitor.post("/game?pair=BTC-USDT", {
      pair: "BTC-USDT",
      periodNo: periodOf(game),
      idempotencyKey: keyOf(game),
      mode: modeOf(game),
      amount: betAmount,
      option: "high",
    });
    expect(bet.status).toBe(302);
  }
  const message = keyOf(await (await visitor.get("/user/message")).text());
  expect(
    (await visitor.post("/user/message", { title: "A question", content: "Where is it?", idempotencyKey: message }))
      .status,
  ).toBe(302);
  return visitor;
}

function memberPages(threadHref: string): string[] {
  const game = "/game?pair=BTC-USDT";
  return [
    ...MEMBER_PAGES,
    threadHref,
    game,
    `${game}&tab=history`,
    `${game}&tab=quotes`,
    `${game}&tab=rules`,
    `${game}&tab=chart`,
    "/game/contract?pair=BTC-USDT&margin=10&leverage=20",
    "/game/contract?pair=BTC-USDT&tab=closed",
    "/contact",
    "/",
    "/no-such-page",
  ];
}

describe("valid HTML (html-validate, the HTML standard's rules)", { timeout: 120_000 }, () => {
  it("finds an invalid autocomplete token and a dangling aria-describedby: the check can fail", async () => {
    const bad = `<!doctype html><html lang="en"><head><title>x</title></head><body><main>
      <label for="m">Mobile</label><input id="m" type="tel" autocomplete="nickname" aria-describedby="nowhere"></main></body></html>`;
    const found = await problems(bad);
    expect(found.some((p) => p.startsWith("valid-autocomplete"))).toBe(true);
    expect(found.some((p) => p.startsWith("no-missing-references"))).toBe(true);
  });

  for (const origin of ["http://localhost", "http://brand2.localhost"]) {
    it(`${origin}: every public page, and the sign-up, sign-in and reset forms with every error shown`, async () => {
      const visitor = new Visitor(stack, origin);
      const found = await validateAll(visitor, PUBLIC);
      for (const [path, fields] of [
        ["/register", {}],
        ["/login", { account: "nobody", password: "wrong-password" }],
        ["/forgot-password", { intent: "send" }],
        ["/forgot-password?step=reset&account=someone", { intent: "reset", account: "someone" }],
      ] as const) {
        const refused = await visitor.post(path, fields);
        expect(refused.status, path).toBe(400);
        const list = await problems(await refused.text());
        if (list.length) found[`${origin}${path} (refused)`] = list;
      }
      expect(found).toEqual({});
    });
  }

  it("the question a sign-in link asks, of a signed-out visitor and of a member signed into another account", async () => {
    const linked = await stack.platform.signupMember("demo");
    const link = `/user?accessToken=${encodeURIComponent(linked.token)}`;
    const visitor = new Visitor(stack);
    await visitor.get(link);
    const member = new Visitor(stack);
    expect((await member.post("/register", registerFields(freshMember()))).status).toBe(302);
    await member.get(link);
    const found = {
      signedOut: await validateAll(visitor, ["/confirm-sign-in"]),
      signedIn: await validateAll(member, ["/confirm-sign-in"]),
    };
    expect(found).toEqual({ signedOut: {}, signedIn: {} });
    // what was validated is the question itself, not a redirect's target
    expect((await visitor.follow("/confirm-sign-in")).html).toContain('data-testid="link-account"');
    expect((await member.follow("/confirm-sign-in")).html).toContain('data-testid="link-current-account"');
  });

  for (const [origin, depositOption, betAmount] of [
    ["http://localhost", "demo-instant", "10"],
    // the second tenant's only deposit option waits for an operator: its member has no money
    ["http://brand2.localhost", null, "10"],
  ] as const) {
    it(`${origin}: every member page, with toasts and with every form refused`, async () => {
      const visitor = await memberWithHistory(origin, depositOption, betAmount);
      const list = (await visitor.follow("/user/message")).html;
      const threadHref = /href="(\/user\/message\/[^"]+)"/.exec(list)?.[1];
      expect(threadHref, "a link to the member's message").toBeDefined();
      const found = await validateAll(visitor, memberPages(threadHref!));
      for (const [path, fields] of [
        ["/user/info", { realName: "" }],
        ["/user/setting", { intent: "password" }],
        ["/user/setting", { intent: "transaction" }],
        ["/user/smsVerify", { intent: "verify" }],
        ["/user/deposit", {}],
        ["/user/transfer", {}],
        ["/user/withdraw", {}],
        ["/user/bank", {}],
        ["/user/message", {}],
        [threadHref!, {}],
      ] as const) {
        const refused = await visitor.post(path, {
          ...fields,
          idempotencyKey: keyOf(await (await visitor.get(path)).text()),
        });
        const html = await refused.text();
        expect(refused.status, `${path} refused`).toBe(400);
        const problemsFound = await problems(html);
        if (problemsFound.length) found[`${origin}${path} ${JSON.stringify(fields)} (refused)`] = problemsFound;
      }
      expect(found).toEqual({});
    });
  }
});
