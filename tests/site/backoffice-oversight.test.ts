import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStack, Visitor, type Stack } from "../helpers/site";
import type { TestMember, TestOperator } from "../helpers/platform";
import { bindBank, eventually, fund, memberCall, memberIdOf, MONEY_SITE } from "../platform/money-helpers";
import en from "../../locales/en-US/backoffice.json";
import ja from "../../locales/ja-JP/backoffice.json";
import messages from "../../locales/en-US/messages.json";

/**
 * The back office's members and oversight sections (app/backoffice/README.md, decision 036),
 * through the pages as a browser without JavaScript asks for them: support finds a member by
 * account, mobile number or id; finance and admin read a day's totals, search the audit log and
 * download a day's file; each section is refused to the roles it is not for; bad input is
 * answered in words and asks nothing of the platform.
 */
const OPS = "http://ops.localhost";
const SITE = "bo-oversight";
let stack: Stack;
let member: TestMember;
let wu: TestOperator;
let lin: TestOperator;
let admin: TestOperator;

beforeAll(async () => {
  stack = await createStack({ vars: { OPERATOR_HOSTS: "ops.localhost" } });
  await stack.platform.seedSite(SITE, MONEY_SITE);
  wu = await stack.platform.createOperator({ name: "Helpdesk Wu", sites: [SITE], roles: ["support"] });
  lin = await stack.platform.createOperator({ name: "Cashier Lin", sites: [SITE], roles: ["finance"] });
  admin = await stack.platform.createOperator({ name: "Admin Ho", sites: [SITE], roles: ["admin"] });
  member = await stack.platform.signupMember(SITE);
  await fund(stack.platform, member, 20_000);
  await bindBank(stack.platform, member);
  const withdrawn = await memberCall(stack.platform, member, "withdraw", {
    body: { amount: 2_000, transactionPassword: member.transactionPassword },
  });
  expect(withdrawn.envelope.statusCode, withdrawn.envelope.message).toBe(200);
});
afterAll(() => stack?.dispose());

async function signedIn(operator: TestOperator): Promise<Visitor> {
  const visitor = new Visitor(stack, OPS);
  const answer = await visitor.post("/bo/login", { key: operator.key }, { csrf: await visitor.csrf("/bo/login") });
  expect(answer.status).toBe(302);
  return visitor;
}

const site = (path: string) => `/bo/sites/${SITE}/${path}`;
/** The text as the page's HTML writes it (React escapes these). */
const html = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

describe("members", () => {
  it("finds the same member by account, by mobile number and by id, and shows the withdrawal waiting", async () => {
    const wuPage = await signedIn(wu);
    for (const query of [
      `by=account&q=${member.account.toUpperCase()}`,
      `by=mobile&q=${encodeURIComponent(`+886 ${member.mobile.slice(1)}`)}`,
      `by=id&q=${memberIdOf(member)}`,
    ]) {
      const answer = await wuPage.get(site(`members?${query}`));
      expect(answer.status, query).toBe(200);
      const page = await answer.text();
      expect(page, query).toContain(`<h2 id="bo-member-title">${member.account}</h2>`);
      expect(page, query).toContain(memberIdOf(member));
      expect(page, query).toContain(html(en.members.withdrawals));
    }
  });

  it("answers a member it cannot find, or a malformed id, in words, with the form filled in again", async () => {
    const wuPage = await signedIn(wu);
    for (const query of ["by=mobile&q=0999999999", "by=id&q=no%20such%20id", "by=account&q=nobody1"]) {
      const page = await (await wuPage.get(site(`members?${query}`))).text();
      expect(page, query).toContain(`<p role="alert">${html(messages.account_not_found)}</p>`);
      expect(page, query).not.toContain('id="bo-member-title"');
    }
  });

  it("links the member's message threads, and each thread back to the member's page", async () => {
    const sent = await memberCall(stack.platform, member, "sendMessage", {
      body: { title: "Where is my withdrawal?", content: "I asked this morning." },
    });
    expect(sent.envelope.statusCode, sent.envelope.message).toBe(200);
    const id = (sent.envelope.data as { id: string }).id;
    const wuPage = await signedIn(wu);
    const thread = site(`messages/${memberIdOf(member)}/${id}`);
    const page = await eventually(async () => {
      const text = await (await wuPage.get(site(`members?by=account&q=${member.account}`))).text();
      return text.includes(`href="${thread}"`) ? text : null;
    });
    expect(page).toContain("Where is my withdrawal?");
    const threadPage = await (await wuPage.get(thread)).text();
    expect(threadPage).toContain(`href="${html(site(`members?by=id&q=${memberIdOf(member)}`))}"`);
    expect(threadPage).toContain(html(en.members.open_member));
  });

  it("is support's: finance is refused with the role's reason", async () => {
    const linPage = await signedIn(lin);
    const answer = await linPage.get(site(`members?by=account&q=${member.account}`));
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain(html(en.refused.role));
  });
});

describe("oversight", () => {
  const today = new Date().toISOString().slice(0, 10);

  it("is finance's and admin's, and refused to support in the operator's language", async () => {
    for (const who of [lin, admin]) expect((await (await signedIn(who)).get(site("oversight"))).status).toBe(200);
    const wuPage = await signedIn(wu);
    const language = await wuPage.post(
      "/bo/language",
      { locale: "ja_JP" },
      { csrf: await wuPage.csrf(site("members")) },
    );
    expect(language.status).toBe(302);
    const refused = await wuPage.get(site("oversight"));
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(html(ja.refused.role));
    expect((await wuPage.get(site(`oversight/export?day=${today}&kind=ledger`))).status).toBe(403);
  });

  it("searches the audit log by account and says so when the search is not valid", async () => {
    const linPage = await signedIn(lin);
    const found = await (
      await linPage.get(site(`oversight?account=${member.account}&type=withdrawal_requested`))
    ).text();
    expect(found).toContain(html(en.audit_type.withdrawal_requested));
    expect(found).toContain(">1 entry<");
    for (const bad of ["from=2025-02-30", "operator=someone", "account=a%20b"]) {
      const page = await (await linPage.get(site(`oversight?${bad}`))).text();
      expect(page, bad).toContain(`<p role="alert">${html(en.oversight.search_invalid)}</p>`);
    }
  });

  it("downloads a day's ledger as a CSV attachment, and the audit file for admin only", async () => {
    // the day of the member's deposit (not the test's clock, which may have passed midnight since)
    const { envelope } = await memberCall(stack.platform, member, "deposits");
    const day = (envelope.data as { items: { createdAt: string }[] }).items[0]!.createdAt.slice(0, 10);
    const linPage = await signedIn(lin);
    const file = await linPage.get(site(`oversight/export?day=${day}&kind=ledger`));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="${SITE}-${day}-ledger.csv"`);
    expect(file.headers.get("cache-control")).toContain("no-store");
    const csv = await file.text();
    expect(csv).toContain(`,${member.account},`);
    expect(csv).toContain(",deposit,");

    // finance is refused the audit file by the platform: back to oversight with its words
    const audit = await linPage.get(site(`oversight/export?day=${today}&kind=audit`));
    expect(audit.status).toBe(302);
    expect(audit.headers.get("location")).toBe(site("oversight"));
    expect(await (await linPage.get(site("oversight"))).text()).toContain(html(messages.operator_role_missing));
    const adminAudit = await (await signedIn(admin)).get(site(`oversight/export?day=${today}&kind=audit`));
    expect(adminAudit.status).toBe(200);
    expect(adminAudit.headers.get("content-disposition")).toBe(`attachment; filename="${SITE}-${today}-audit.csv"`);
  });

  it("sends a day or a file that is not one back to oversight with a reason, asking nothing", async () => {
    const linPage = await signedIn(lin);
    for (const query of ["day=2025-02-30&kind=ledger", `day=${today}&kind=secrets`, "kind=ledger"]) {
      const answer = await linPage.get(site(`oversight/export?${query}`));
      expect(answer.status, query).toBe(302);
      expect(await (await linPage.get(site("oversight"))).text(), query).toContain(html(en.oversight.export_invalid));
    }
  });
});
