import { HtmlValidate } from "html-validate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStack, Visitor, type Stack } from "../helpers/site";
import type { TestMember, TestOperator } from "../helpers/platform";
import {
  BANK_OPTION,
  bankBody,
  bindBank,
  eventually,
  fund,
  memberCall,
  memberIdOf,
  MONEY_SITE,
  uploadAll,
  wallets,
} from "../platform/money-helpers";
import zhTW from "../../locales/zh-TW/backoffice.json";

/**
 * The back office's queues (app/backoffice/README.md): finance confirms and refuses deposits,
 * approves withdrawals under four eyes and reviews bank accounts with the documents shown inline;
 * support answers messages. Each through the pages, as a browser without JavaScript posts them;
 * what the member then has is read back from the platform.
 */
const OPS = "http://ops.localhost";
const SITE = "bo-queues";
const THRESHOLD = 50_000;
let stack: Stack;
let lin: TestOperator;
let chen: TestOperator;
let wu: TestOperator;
let admin: TestOperator;

beforeAll(async () => {
  stack = await createStack({ vars: { OPERATOR_HOSTS: "ops.localhost" } });
  // the members' language is Traditional Chinese: refusals are written to them in it
  await stack.platform.seedSite(SITE, {
    ...MONEY_SITE,
    withdrawalSecondApprovalAbove: THRESHOLD,
    langOptions: ["zh_TW", "en_US"],
    defaultLanguage: "zh_TW",
  });
  lin = await stack.platform.createOperator({ name: "Cashier Lin", sites: [SITE], roles: ["finance"] });
  chen = await stack.platform.createOperator({ name: "Cashier Chen", sites: [SITE], roles: ["finance"] });
  wu = await stack.platform.createOperator({ name: "Helpdesk Wu", sites: [SITE], roles: ["support"] });
  admin = await stack.platform.createOperator({ name: "Admin Ho", sites: [SITE], roles: ["admin"] });
});
afterAll(() => stack?.dispose());

async function signedIn(operator: TestOperator): Promise<Visitor> {
  const visitor = new Visitor(stack, OPS);
  const answer = await visitor.post("/bo/login", { key: operator.key }, { csrf: await visitor.csrf("/bo/login") });
  expect(answer.status).toBe(302);
  return visitor;
}

/** Posts a form of the page at `path` (its CSRF token), as the browser would; returns where it went and the page there. */
async function decide(visitor: Visitor, path: string, fields: Record<string, string>) {
  const answer = await visitor.post(path, fields, { csrf: await visitor.csrf(path) });
  if (answer.status !== 302) return { status: answer.status, html: await answer.text() };
  const location = answer.headers.get("location")!;
  return { status: 302, location, html: await (await visitor.get(location)).text() };
}

const site = (path: string) => `/bo/sites/${SITE}/${path}`;

async function pendingDeposit(member: TestMember, amount: number): Promise<string> {
  const { envelope } = await memberCall(stack.platform, member, "deposit", {
    body: { optionId: BANK_OPTION.id, amount },
  });
  expect(envelope.data?.status).toBe("pending");
  return envelope.data!.id;
}

async function depositOf(member: TestMember, id: string) {
  const { envelope } = await memberCall(stack.platform, member, "deposits", { query: { pageSize: 50 } as never });
  return (envelope.data as { items: { id: string; status: string; reason: string }[] }).items.find((d) => d.id === id);
}

describe("deposits", () => {
  it("confirms a deposit: the member's main account is credited, and the notice says so", async () => {
    const member = await stack.platform.signupMember(SITE);
    const id = await pendingDeposit(member, 12_000);
    const finance = await signedIn(lin);
    const page = await (await finance.get(site("deposits"))).text();
    expect(page).toContain(member.account);
    const done = await decide(finance, site("deposits"), { intent: "approve", id });
    expect(done.location).toBe(site("deposits"));
    expect(done.html).toContain("Deposit confirmed");
    expect((await wallets(stack.platform, member)).main.balance).toBe(12_000);
  });

  it("refuses with a template written in the site's language, whatever the operator reads", async () => {
    const member = await stack.platform.signupMember(SITE);
    const id = await pendingDeposit(member, 5_000);
    const finance = await signedIn(lin);
    const done = await decide(finance, site("deposits"), {
      intent: "reject",
      id,
      template: "not_received",
      reason: "",
    });
    expect(done.status).toBe(302);
    expect(await depositOf(member, id)).toMatchObject({
      status: "refused",
      reason: zhTW.reasons.deposit.not_received,
    });
  });

  it("refuses a refusal without a reason, changing nothing", async () => {
    const member = await stack.platform.signupMember(SITE);
    const id = await pendingDeposit(member, 5_000);
    const finance = await signedIn(lin);
    const answer = await decide(finance, site("deposits"), { intent: "reject", id, template: "", reason: "" });
    expect(answer.status).toBe(200);
    expect(answer.html).toContain("Choose a reason or write one");
    expect((await depositOf(member, id))?.status).toBe("pending");
  });

  it("answers support a translated 403 on the deposits page, and shows no money queue in its menu", async () => {
    const support = new Visitor(stack, OPS, { "accept-language": "ja-JP" });
    await support.post("/bo/login", { key: wu.key }, { csrf: await support.csrf("/bo/login") });
    const refused = await support.get(site("deposits"));
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("このページを開く権限がありません");
    const home = await (await support.get(`/bo/sites/${SITE}`)).text();
    expect(home).not.toContain(`href="${site("deposits")}"`);
    expect(home).toContain(`href="${site("messages")}"`);
  });
});

describe("withdrawals: four eyes", () => {
  it("records Lin's first approval, does not pay on Lin's second, and pays on Chen's", async () => {
    const member = await stack.platform.signupMember(SITE);
    await fund(stack.platform, member, 200_000);
    await bindBank(stack.platform, member);
    const requested = await memberCall(stack.platform, member, "withdraw", {
      body: { amount: THRESHOLD + 10_000, transactionPassword: member.transactionPassword },
    });
    const id = requested.envelope.data!.id;
    const before = await wallets(stack.platform, member);

    const first = await signedIn(lin);
    const firstDone = await decide(first, site("withdrawals"), { intent: "approve", id });
    expect(firstDone.html).toContain("First approval recorded: waiting for a second operator.");
    // Lin is not offered the second approval, and a forged one is refused by the platform
    expect(firstDone.html).toContain("You gave the first approval");
    expect(firstDone.html).not.toContain("Give the second approval");
    const again = await decide(first, site("withdrawals"), { intent: "approve", id });
    expect(again.html).toContain("The second approval must come from a different operator.");
    expect(await wallets(stack.platform, member)).toEqual(before);

    const second = await signedIn(chen);
    const queue = await (await second.get(site("withdrawals"))).text();
    expect(queue).toContain("Approved by Cashier Lin");
    expect(queue).toContain("Give the second approval");
    const paid = await decide(second, site("withdrawals"), { intent: "approve", id });
    expect(paid.html).toContain("Withdrawal approved and marked paid.");
    expect((await wallets(stack.platform, member)).main.onHold).toBe(0);
  });
});

describe("bank accounts", () => {
  it("shows the ID card and passbook in the page from a route that streams them inline, never stored", async () => {
    const member = await stack.platform.signupMember(SITE);
    const files = await uploadAll(stack.platform, member);
    const applied = await memberCall(stack.platform, member, "bankApply", { body: bankBody(files) });
    expect(applied.envelope.data?.status).toBe("under_review");
    const memberId = memberIdOf(member);
    const finance = await signedIn(lin);
    await eventually(async () => (await (await finance.get(site("bank"))).text()).includes(member.account));
    const page = await (await finance.get(site(`bank/${memberId}`))).text();
    const sources = [...page.matchAll(/<img[^>]+src="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources).toHaveLength(3);
    expect(page).not.toMatch(/download/i);
    for (const src of sources) {
      const image = await finance.get(src);
      expect(image.status, src).toBe(200);
      expect(image.headers.get("content-type")).toMatch(/^image\/(png|jpeg|webp)$/);
      expect(image.headers.get("content-disposition")).toBe("inline");
      expect(image.headers.get("cache-control")).toBe("private, no-store");
      expect(image.headers.get("x-content-type-options")).toBe("nosniff");
      // no page of another origin (a brand's, on the same parent domain) may embed it
      expect(image.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    }
    // documents are for finance and support; an admin alone gets a 403
    const adminVisitor = await signedIn(admin);
    expect((await adminVisitor.get(sources[0]!)).status).toBe(403);

    const rejected = await decide(finance, site(`bank/${memberId}`), {
      intent: "reject",
      template: "documents_unclear",
      reason: "",
    });
    expect(rejected.html).toContain("Bank account rejected");
    const bank = await memberCall(stack.platform, member, "bank");
    expect(bank.envelope.data).toMatchObject({ status: "rejected", reason: zhTW.reasons.bank.documents_unclear });
  });
});

describe("messages", () => {
  it("lets support answer a member's message, which the member then reads", async () => {
    const member = await stack.platform.signupMember(SITE);
    const sent = await memberCall(stack.platform, member, "sendMessage", {
      body: { title: "Where is my deposit?", content: "I paid this morning." },
    });
    const id = sent.envelope.data!.id;
    const support = await signedIn(wu);
    const list = await eventually(async () => {
      const html = await (await support.get(site("messages"))).text();
      return html.includes("Where is my deposit?") ? html : undefined;
    });
    expect(list).toContain(member.account);
    const thread = site(`messages/${memberIdOf(member)}/${id}`);
    expect(await (await support.get(thread)).text()).toContain("I paid this morning.");
    const replied = await decide(support, thread, { content: "它已入帳，請查看您的主帳戶。" });
    expect(replied.location).toBe(site("messages"));
    expect(replied.html).toContain("Reply sent.");
    const read = await memberCall(stack.platform, member, "message", { params: { id } });
    expect(read.envelope.data?.replies.at(-1)).toMatchObject({
      from: "operator",
      content: "它已入帳，請查看您的主帳戶。",
    });
  });
});

describe("valid HTML", () => {
  // the rules of tests/site/html-validity.test.ts: html-validate's standard preset and three of the Nu checker's
  const validator = new HtmlValidate({
    extends: ["html-validate:standard"],
    rules: { "no-missing-references": "error", "wcag/h37": "error", "input-attributes": "error" },
  });

  it("renders every back-office page, with items waiting and a refusal, as valid HTML", async () => {
    const member = await stack.platform.signupMember(SITE);
    await pendingDeposit(member, 5_000);
    await fund(stack.platform, member, 200_000);
    const files = await uploadAll(stack.platform, member);
    await memberCall(stack.platform, member, "bankApply", { body: bankBody(files) });
    const sent = await memberCall(stack.platform, member, "sendMessage", {
      body: { title: "Hello", content: "A question." },
    });
    const finance = await signedIn(lin);
    const support = await signedIn(wu);
    const pages: [Visitor, string][] = [
      [new Visitor(stack, OPS), "/bo/login"],
      [finance, `/bo/sites/${SITE}`],
      [finance, site("deposits")],
      [finance, site("withdrawals")],
      [finance, site("bank")],
      [finance, site(`bank/${memberIdOf(member)}`)],
      [finance, site("messages")],
      [support, site("messages")],
      [support, site(`messages/${memberIdOf(member)}/${sent.envelope.data!.id}`)],
    ];
    const found: Record<string, string[]> = {};
    for (const [visitor, path] of pages) {
      const response = await visitor.get(path);
      const report = await validator.validateString(await response.text(), "page.html");
      const list = report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message} @ ${m.selector}`));
      if (list.length) found[`${path} (${response.status})`] = list;
    }
    expect(found).toEqual({});
  });
});
