import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStack, Visitor, type Stack } from "../helpers/site";
import type { TestOperator } from "../helpers/platform";
import type { SiteInfo } from "../../server/contract";
import en from "../../locales/en-US/backoffice.json";
import ja from "../../locales/ja-JP/backoffice.json";

/**
 * The campaign rule editor (brand › content › campaigns, routes/bo.sites.$siteId.brand.content_.rule.tsx):
 * what a campaign pays, written in a form as the CLI's put-site (`campaignRules`) would. Posted as a
 * browser without JavaScript posts it. Proves: bad input is refused with each reason translated and
 * nothing changes; a rule is added with its percent and cap as integers, the others kept, under
 * the admin's name in the audit log; a rule is edited only until it starts (a running one is
 * ended, not rewritten), and a form drawn before someone else's change is refused; finance is
 * refused with the translated 403.
 */
const OPS = "http://ops.localhost";
const SITE = "bo-rules";
const RUNNING = {
  kind: "rebate",
  key: "daily-rebate",
  optIn: true,
  startsAt: "2025-01-01T00:00:00.000Z",
  endsAt: null,
  endedAt: null,
  cap: 2_000,
  percentBp: 500,
  period: "day",
  rounds: 0,
} as const;
let stack: Stack;
let admin: TestOperator;
let finance: TestOperator;

beforeAll(async () => {
  stack = await createStack({ vars: { OPERATOR_HOSTS: "ops.localhost" } });
  await stack.platform.seedSite(SITE, {
    langOptions: ["en_US", "zh_TW", "zh_CN", "ja_JP"],
    defaultLanguage: "en_US",
    currency: "USD",
    campaignRules: [RUNNING],
  });
  admin = await stack.platform.createOperator({ name: "Admin Hsu", sites: [SITE], roles: ["admin"] });
  finance = await stack.platform.createOperator({ name: "Cashier Lin", sites: [SITE], roles: ["finance"] });
});
afterAll(() => stack?.dispose());

async function signedIn(operator: TestOperator): Promise<Visitor> {
  const visitor = new Visitor(stack, OPS);
  const answer = await visitor.post("/bo/login", { key: operator.key }, { csrf: await visitor.csrf("/bo/login") });
  expect(answer.status).toBe(302);
  return visitor;
}

const RULE_PATH = `/bo/sites/${SITE}/brand/content/rule`;
const LIST = `/bo/sites/${SITE}/brand/content?kind=campaign`;
/** A text as React writes it into the page (an apostrophe escaped). */
const html = (text: string) => text.replace(/'/g, "&#x27;");
/** `minutes` from now as the form's UTC field. */
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString().slice(0, 16);

async function rules(): Promise<SiteInfo["campaignRules"]> {
  return (await stack.platform.call("siteInfo", { params: { siteId: SITE } })).envelope.data!.campaignRules;
}

async function version(visitor: Visitor, path: string): Promise<string> {
  const page = await (await visitor.get(path)).text();
  return /name="version" value="([0-9a-f]+)"/.exec(page)![1]!;
}

async function submit(visitor: Visitor, path: string, fields: Record<string, string>, page = path) {
  const answer = await visitor.post(path, fields, { csrf: await visitor.csrf(page) });
  if (answer.status !== 302) return { status: answer.status, location: null, html: await answer.text() };
  const location = answer.headers.get("location")!;
  return { status: 302, location, html: await (await visitor.get(location)).text() };
}

const bonus = (fields: Record<string, string>): Record<string, string> => ({
  kind: "deposit_bonus",
  original: "",
  key: "autumn-bonus",
  startsAt: inMinutes(24 * 60),
  endsAt: "",
  percent: "2.5",
  cap: "50",
  deposits: "each",
  wagering: "3",
  ...fields,
});

describe("the campaign rule editor", () => {
  it("refuses finance the page and the post with the translated 403, and nothing changes", async () => {
    const visitor = await signedIn(finance);
    const page = await visitor.get(`${RULE_PATH}?kind=rebate`);
    expect(page.status).toBe(403);
    const post = await visitor.post(RULE_PATH, bonus({}), { csrf: await visitor.csrf(`/bo/sites/${SITE}/deposits`) });
    expect(post.status).toBe(403);
    expect(await rules()).toEqual([RUNNING]);
  });

  it("refuses a bad rule with each reason translated at its field, and saves nothing", async () => {
    const visitor = await signedIn(admin);
    const path = `${RULE_PATH}?kind=deposit_bonus`;
    const v = await version(visitor, path);
    const cases: [Record<string, string>, (keyof typeof en.brand.rules.error)[]][] = [
      [{ key: "has spaces" }, ["key"]],
      [{ key: RUNNING.key }, ["key_taken"]],
      [{ startsAt: "tomorrow" }, ["starts_at"]],
      [{ startsAt: inMinutes(-60) }, ["starts_past"]],
      [{ endsAt: inMinutes(60) }, ["ends_before_start"]],
      [{ percent: "2.555" }, ["percent"]],
      [{ percent: "150" }, ["percent"]],
      [{ cap: "0" }, ["cap"]],
      [{ wagering: "1.5" }, ["wagering"]],
    ];
    for (const [fields, errors] of cases) {
      const answer = await submit(visitor, path, { ...bonus(fields), version: v });
      expect(answer.status, JSON.stringify(fields)).toBe(200);
      for (const error of errors)
        expect(answer.html, JSON.stringify(fields)).toContain(html(en.brand.rules.error[error]));
    }
    // a rebate counted in settled bets needs their number
    const rebate = await submit(visitor, `${RULE_PATH}?kind=rebate`, {
      kind: "rebate",
      original: "",
      key: "bets-rebate",
      startsAt: inMinutes(60),
      percent: "1",
      cap: "10",
      period: "rounds",
      rounds: "",
      version: v,
    });
    expect(rebate.html).toContain(html(en.brand.rules.error.rounds));
    expect(await rules()).toEqual([RUNNING]);
  });

  it("says the refusals in the operator's language", async () => {
    const visitor = await signedIn(admin);
    const language = await visitor.post("/bo/language", { locale: "ja_JP" }, { csrf: await visitor.csrf(LIST) });
    expect(language.status).toBe(302);
    const path = `${RULE_PATH}?kind=deposit_bonus`;
    const answer = await submit(visitor, path, { ...bonus({ cap: "-1" }), version: await version(visitor, path) });
    expect(answer.html).toContain(ja.brand.rules.error.cap);
    expect(await rules()).toEqual([RUNNING]);
  });

  it("adds a rule with its percent and cap as integers, keeps the others, and the audit names the admin", async () => {
    const visitor = await signedIn(admin);
    const path = `${RULE_PATH}?kind=deposit_bonus`;
    const added = await submit(visitor, path, { ...bonus({ optIn: "on" }), version: await version(visitor, path) });
    expect(added.status).toBe(302);
    expect(added.location).toBe(LIST);
    expect(added.html).toContain(html(en.brand.rules.added));
    const [running, autumn] = await rules();
    expect(running).toEqual(RUNNING);
    expect(autumn).toMatchObject({
      kind: "deposit_bonus",
      key: "autumn-bonus",
      optIn: true,
      percentBp: 250,
      cap: 5_000,
      deposits: "each",
      wagering: 3,
      endsAt: null,
      endedAt: null,
    });
    // the list offers Edit on the rule that has not started, End now only on the running one
    expect(added.html).toContain(`${RULE_PATH}?key=autumn-bonus`);
    expect(added.html).not.toContain(`${RULE_PATH}?key=${RUNNING.key}`);
    const audit = await stack.platform.operator("operatorAudit", {
      params: { siteId: SITE },
      query: { pageSize: 50 } as never,
    });
    const puts = (audit.envelope.data?.items ?? []).filter(
      (e) => e.type === "operator_action" && e.details.call === "operatorPutSite",
    );
    expect(puts[0]?.operator?.name).toBe("Admin Hsu");
  });

  it("edits a rule until it starts, refuses a form drawn before another change, and never rewrites a running one", async () => {
    const visitor = await signedIn(admin);
    const path = `${RULE_PATH}?key=autumn-bonus`;
    const stale = await version(visitor, path);
    const form = { ...bonus({ original: "autumn-bonus", percent: "5" }) };
    const saved = await submit(visitor, path, { ...form, version: stale });
    expect(saved.status).toBe(302);
    expect(saved.html).toContain(html(en.brand.rules.saved));
    expect((await rules())[1]).toMatchObject({ key: "autumn-bonus", percentBp: 500 });
    // the same form again: drawn before the save above, so it would undo it
    const again = await submit(visitor, path, { ...form, percent: "7", version: stale });
    expect(again.status).toBe(200);
    expect(again.html).toContain('data-testid="rule-changed"');
    expect((await rules())[1]).toMatchObject({ percentBp: 500 });
    // a running rule: the page sends back to the list, a post changes nothing
    const running = await visitor.get(`${RULE_PATH}?key=${RUNNING.key}`);
    expect(running.status).toBe(302);
    expect(running.headers.get("location")).toBe(LIST);
    const rewrite = await submit(
      visitor,
      `${RULE_PATH}?key=${RUNNING.key}`,
      {
        kind: "rebate",
        original: RUNNING.key,
        key: RUNNING.key,
        startsAt: inMinutes(60),
        percent: "50",
        cap: "1000",
        period: "day",
        version: await version(visitor, `${RULE_PATH}?kind=rebate`),
      },
      LIST,
    );
    // refused by the action, and the page it would show sends back to the list
    expect(rewrite.location).toBe(LIST);
    expect((await rules())[0]).toEqual(RUNNING);
  });
});
