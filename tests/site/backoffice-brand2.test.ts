import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStack, Visitor, type Stack } from "../helpers/site";
import type { TestMember, TestOperator } from "../helpers/platform";
import { localizeSite } from "../../server/contract/localize";
import type { SiteInfo } from "../../server/contract";
import { solidPng } from "../../server/platform/site/png";
import en from "../../locales/en-US/backoffice.json";

/**
 * The brand pages that took over the CLI's last brand commands (app/backoffice/README.md, "The CLI
 * and the back office"): deposit options, icons, the chat link and ending a campaign. Each is posted
 * as a browser without JavaScript posts it; bad input is answered translated and changes nothing
 * (read back from the platform after each); what is accepted is on the platform, under the admin's
 * name in the audit log; finance, who holds no admin role, is refused with the translated 403.
 */
const OPS = "http://ops.localhost";
const SITE = "bo-brand2";
const RULE = {
  kind: "deposit_bonus",
  key: "spring-bonus",
  optIn: false,
  startsAt: "2025-01-01T00:00:00.000Z",
  endsAt: null,
  endedAt: null,
  cap: 10_000,
  percentBp: 1000,
  deposits: "first",
  wagering: 5,
} as const;
const BANK = {
  id: "bank-a",
  kind: "bank",
  name: "Bank A",
  instructions: "Write the reference.",
  bankAccount: { bank: "First Bank", branch: "Main", accountName: "Brand Ltd", accountNumber: "123-456-789" },
} as const;
let stack: Stack;
let admin: TestOperator;
let finance: TestOperator;
let member: TestMember;

beforeAll(async () => {
  stack = await createStack({
    vars: { OPERATOR_HOSTS: "ops.localhost", TENANT_HOSTS: JSON.stringify({ "b2.localhost": SITE }) },
  });
  await stack.platform.seedSite(SITE, {
    langOptions: ["en_US", "zh_TW", "zh_CN", "ja_JP"],
    defaultLanguage: "en_US",
    currency: "USD",
    depositOptions: [BANK],
    translations: { ja_JP: { title: "ブランド", depositOptions: { "bank-a": { name: "銀行A" } } } },
    campaignRules: [RULE],
  });
  await stack.platform.operator("operatorSetChatLink", {
    params: { siteId: SITE },
    body: { link: "https://chat.example.com/before" },
  });
  await stack.platform.operator("operatorPublishCampaign", {
    params: { siteId: SITE },
    body: {
      lang: "en_US",
      key: RULE.key,
      title: "Spring bonus",
      summary: "10 %",
      content: "Deposit.",
      startsAt: RULE.startsAt,
      endsAt: null,
    },
  });
  admin = await stack.platform.createOperator({ name: "Admin Kao", sites: [SITE], roles: ["admin"] });
  finance = await stack.platform.createOperator({ name: "Cashier Wu", sites: [SITE], roles: ["finance"] });
  member = await stack.platform.signupMember(SITE);
});
afterAll(() => stack?.dispose());

async function signedIn(operator: TestOperator): Promise<Visitor> {
  const visitor = new Visitor(stack, OPS);
  const answer = await visitor.post("/bo/login", { key: operator.key }, { csrf: await visitor.csrf("/bo/login") });
  expect(answer.status).toBe(302);
  return visitor;
}

const brand = (path = "") => `/bo/sites/${SITE}/brand${path}`;
/** A text as React writes it into the page (an apostrophe escaped). */
const html = (text: string) => text.replace(/'/g, "&#x27;");

/** Posts a page's form (with the CSRF token of `page`): the status, where it went, and the page shown. */
async function submit(visitor: Visitor, path: string, fields: Record<string, string>, page = path) {
  const answer = await visitor.post(path, fields, { csrf: await visitor.csrf(page) });
  if (answer.status !== 302) return { status: answer.status, location: null, html: await answer.text() };
  const location = answer.headers.get("location")!;
  return { status: 302, location, html: await (await visitor.get(location)).text() };
}

/** Posts a multipart form as a browser does (Origin, the page's CSRF token). */
async function postFiles(visitor: Visitor, path: string, files: Record<string, Uint8Array>, page = path) {
  const form = new FormData();
  form.set("csrf", await visitor.csrf(page));
  for (const [name, bytes] of Object.entries(files))
    form.append(name, new File([bytes as Uint8Array<ArrayBuffer>], `${name}.png`, { type: "image/png" }));
  // encoded here: Miniflare's fetch does not recognise Node's FormData as a body
  const encoded = new Response(form);
  const answer = await stack.fetch(OPS + path, {
    method: "POST",
    headers: { cookie: visitor.cookieHeader, origin: OPS, "content-type": encoded.headers.get("content-type")! },
    body: await encoded.arrayBuffer(),
  });
  visitor.keep(answer);
  if (answer.status !== 302) return { status: answer.status, html: await answer.text() };
  return { status: 302, html: await (await visitor.get(answer.headers.get("location")!)).text() };
}

async function site(): Promise<SiteInfo> {
  return (await stack.platform.call("siteInfo", { params: { siteId: SITE } })).envelope.data!;
}

async function chatLink(): Promise<string> {
  return (await stack.platform.call("chatbox", { params: { siteId: SITE } })).envelope.data!;
}

async function icon(size: "180" | "192" | "512"): Promise<Uint8Array> {
  return new Uint8Array(await (await stack.fetch(`http://b2.localhost/icons/${size}.png`)).arrayBuffer());
}

async function logged(call: string) {
  const page = await stack.platform.operator("operatorAudit", {
    params: { siteId: SITE },
    query: { pageSize: 200 } as never,
  });
  return (page.envelope.data?.items ?? []).filter((e) => e.type === "operator_action" && e.details.call === call);
}

/** The option form's fields: a bank option written in the given languages. */
function bankFields(id: string, langs: string[]): Record<string, string> {
  const fields: Record<string, string> = {
    kind: "bank",
    original: "",
    id,
    accountName: "Brand Ltd",
    accountNumber: "9876 5432 10",
  };
  for (const lng of langs) {
    fields[`name.${lng}`] = `Bank ${id} ${lng}`;
    fields[`instructions.${lng}`] = `Pay ${lng}\r\nwith the reference`;
    fields[`bank.${lng}`] = `Bank of ${lng}`;
    fields[`branch.${lng}`] = "";
  }
  return fields;
}

/** The version field the page was drawn with: a change is refused when the options changed since. */
async function version(visitor: Visitor, path: string): Promise<string> {
  const page = await (await visitor.get(path)).text();
  return /name="version" value="([0-9a-f]+)"/.exec(page)![1]!;
}

describe("who may use them", () => {
  it("refuses finance the pages and every action with the translated 403, and nothing changes", async () => {
    const visitor = await signedIn(finance);
    for (const path of [
      brand("/icons"),
      `${brand("/deposits/option")}?kind=bank`,
      `${brand("/content")}?kind=campaign`,
    ]) {
      const answer = await visitor.get(path);
      expect(answer.status, path).toBe(403);
      expect(await answer.text()).toContain(html(en.refused.role));
    }
    const before = await site();
    const csrf = await visitor.csrf(`/bo/sites/${SITE}`);
    const posts: [string, Record<string, string>][] = [
      [`${brand()}?index`, { intent: "chat", link: "https://chat.example.com/finance" }],
      [`${brand("/content")}?kind=campaign`, { kind: "campaign", intent: "end-campaign", key: RULE.key }],
      [`${brand("/deposits/option")}?kind=bank`, { ...bankFields("bank-f", ["en-US"]), version: "0" }],
      [brand("/deposits"), { intent: "remove", optionId: "bank-a", version: "0" }],
    ];
    for (const [path, fields] of posts) {
      const answer = await visitor.post(path, fields, { csrf });
      expect(answer.status, path).toBe(403);
      expect(await answer.text()).toContain(html(en.refused.role));
    }
    const icons = await postFiles(
      visitor,
      brand("/icons"),
      { icon192: await solidPng(192, "#000000") },
      `/bo/sites/${SITE}`,
    );
    expect(icons.status).toBe(403);
    expect(await logged("operatorPutIcon")).toEqual([]);
    expect(await chatLink()).toBe("https://chat.example.com/before");
    expect(await site()).toEqual(before);
  });
});

describe("deposit options", () => {
  it("refuses a bad option with each reason translated at its field, and saves nothing", async () => {
    const visitor = await signedIn(admin);
    const path = `${brand("/deposits/option")}?kind=bank`;
    const v = await version(visitor, path);
    const before = await site();
    const puts = (await logged("operatorPutSite")).length;
    const noName = await submit(visitor, path, { ...bankFields("bank-b", ["ja-JP"]), version: v });
    expect(noName.status).toBe(200);
    expect(noName.html).toContain(en.brand.options.not_sent);
    expect(noName.html).toContain(html(en.brand.options.error.name.replace("{{language}}", "English")));
    const bad = await submit(visitor, path, {
      ...bankFields("bank a", ["en-US"]),
      accountNumber: "12",
      version: v,
    });
    expect(bad.html).toContain(en.brand.options.error.id);
    expect(bad.html).toContain(en.brand.options.error.accountNumber);
    const taken = await submit(visitor, path, { ...bankFields("bank-a", ["en-US"]), version: v });
    expect(taken.html).toContain(en.brand.options.error.id_taken);
    const crypto = `${brand("/deposits/option")}?kind=crypto`;
    const coin = await submit(visitor, crypto, {
      kind: "crypto",
      original: "",
      id: "usdt",
      "name.en-US": "USDT",
      asset: "usdt",
      network: "TRON",
      decimals: "6",
      unitPrice: "0",
      assign: "member",
      address: "TXYZabcdefghijklmnopqrstuv",
      version: v,
    });
    expect(coin.html).toContain(en.brand.options.error.asset);
    expect(coin.html).toContain(html(en.brand.options.error.unitPrice));
    expect(html(coin.html)).toContain(html(en.brand.options.error.address_unused));
    // the fields come back as written
    expect(coin.html).toContain('value="TXYZabcdefghijklmnopqrstuv"');
    expect(await site()).toEqual(before);
    expect(await logged("operatorPutSite")).toHaveLength(puts);
  });

  it("adds a bank option in four languages: members read it in theirs, the audit names the admin", async () => {
    const visitor = await signedIn(admin);
    const path = `${brand("/deposits/option")}?kind=bank`;
    const fields = bankFields("bank-b", ["en-US", "zh-TW", "zh-CN", "ja-JP"]);
    const added = await submit(visitor, path, { ...fields, version: await version(visitor, path) });
    expect(added.status).toBe(302);
    expect(added.location).toBe(brand("/deposits"));
    expect(added.html).toContain(html(en.brand.options.added));
    const info = await site();
    expect(info.depositOptions.map((o) => o.id)).toEqual(["bank-a", "bank-b"]);
    expect(info.depositOptions[1]).toMatchObject({
      name: "Bank bank-b en-US",
      instructions: "Pay en-US\nwith the reference",
      bankAccount: { bank: "Bank of en-US", branch: "", accountName: "Brand Ltd", accountNumber: "9876 5432 10" },
    });
    const japanese = localizeSite(info, "ja_JP");
    expect(japanese.depositOptions[1]).toMatchObject({
      name: "Bank bank-b ja-JP",
      instructions: "Pay ja-JP\nwith the reference",
    });
    expect(japanese.depositOptions[1]!.bankAccount!.bank).toBe("Bank of ja-JP");
    // the other texts of that language are kept
    expect(info.translations.ja_JP?.title).toBe("ブランド");
    expect(info.translations.ja_JP?.depositOptions?.["bank-a"]).toEqual({ name: "銀行A" });
    const [entry] = await logged("operatorPutSite");
    expect(entry?.operator?.name).toBe("Admin Kao");
    expect(String(entry?.details.fields)).toContain("depositOptions");
  });

  it("adds a crypto option with its price parsed in the site's money, never a float", async () => {
    const visitor = await signedIn(admin);
    const path = `${brand("/deposits/option")}?kind=crypto`;
    const answer = await submit(visitor, path, {
      kind: "crypto",
      original: "",
      id: "usdt",
      "name.en-US": "USDT (TRC20)",
      asset: "USDT",
      network: "TRON (TRC20)",
      decimals: "6",
      unitPrice: "1.07",
      assign: "site",
      address: "TXYZabcdefghijklmnopqrstuv",
      version: await version(visitor, path),
    });
    expect(answer.status).toBe(302);
    const usdt = (await site()).depositOptions.find((o) => o.id === "usdt");
    expect(usdt?.crypto).toEqual({
      asset: "USDT",
      network: "TRON (TRC20)",
      decimals: 6,
      unitPrice: 107,
      assign: "site",
      address: "TXYZabcdefghijklmnopqrstuv",
    });
  });

  it("edits an option in place, and refuses a form drawn before someone else's change", async () => {
    const visitor = await signedIn(admin);
    const path = `${brand("/deposits/option")}?id=bank-b`;
    const stale = await version(visitor, path);
    const form = await (await visitor.get(path)).text();
    expect(form).toContain('value="Bank bank-b zh-TW"');
    const fields = { ...bankFields("bank-b", ["en-US", "ja-JP"]), original: "bank-b", "name.en-US": "Bank B" };
    const saved = await submit(visitor, path, { ...fields, version: stale });
    expect(saved.status).toBe(302);
    expect(saved.html).toContain(html(en.brand.options.saved));
    const info = await site();
    expect(info.depositOptions.map((o) => o.id)).toEqual(["bank-a", "bank-b", "usdt"]);
    expect(info.depositOptions[1]!.name).toBe("Bank B");
    // the languages emptied are gone: their members read the text language's
    expect(info.translations.zh_TW?.depositOptions?.["bank-b"]).toBeUndefined();
    const again = await submit(visitor, path, { ...fields, "name.en-US": "Bank B2", version: stale });
    expect(again.status).toBe(200);
    expect(again.html).toContain(en.brand.options.changed);
    expect((await site()).depositOptions[1]!.name).toBe("Bank B");
  });

  it("moves an option and removes one after asking, with its texts in every language", async () => {
    const visitor = await signedIn(admin);
    const list = brand("/deposits");
    const moved = await submit(visitor, list, {
      intent: "move-up",
      optionId: "usdt",
      version: await version(visitor, list),
    });
    expect(moved.status).toBe(302);
    expect((await site()).depositOptions.map((o) => o.id)).toEqual(["bank-a", "usdt", "bank-b"]);

    const ask = await (await visitor.get(`${list}?remove=bank-a`)).text();
    expect(ask).toContain('data-testid="remove-confirm"');
    expect(ask).toContain(html(en.brand.options.remove_pending));
    const removed = await submit(
      visitor,
      list,
      { intent: "remove", optionId: "bank-a", version: await version(visitor, list) },
      list,
    );
    expect(removed.status).toBe(302);
    expect(removed.html).toContain(html(en.brand.options.removed));
    const info = await site();
    expect(info.depositOptions.map((o) => o.id)).toEqual(["usdt", "bank-b"]);
    expect(info.translations.ja_JP?.depositOptions?.["bank-a"]).toBeUndefined();
    expect(info.translations.ja_JP?.title).toBe("ブランド");
    // a member whose form still offers it is told it is not available, and nothing is recorded
    const deposit = await stack.platform.call("deposit", {
      token: member.token,
      siteId: SITE,
      body: { optionId: "bank-a", amount: 10_000 },
      headers: { "idempotency-key": "gone-option-1" },
    });
    expect(deposit.envelope.message).toBe("deposit_option_invalid");
    const records = await stack.platform.call("deposits", { token: member.token, siteId: SITE, query: {} } as never);
    expect(JSON.stringify(records.envelope.data)).not.toContain("bank-a");
  });
});

describe("the chat link", () => {
  it("refuses what the platform would, translated, and sets a link as the admin", async () => {
    const visitor = await signedIn(admin);
    const page = await (await visitor.get(brand())).text();
    expect(page).toContain("https://chat.example.com/before");
    // the site info page is the brand section's index route: a browser's form posts to ?index
    const index = `${brand()}?index`;
    const bad = await submit(visitor, index, { intent: "chat", link: "chat.example.com" }, brand());
    expect(bad.status).toBe(200);
    expect(bad.html).toContain(en.brand.chat.invalid);
    // said at the top of the page too, which a browser without JavaScript opens at
    expect(bad.html).toContain(`<a href="#chat-link">${en.brand.chat.not_saved}</a>`);
    expect(await chatLink()).toBe("https://chat.example.com/before");
    const set = await submit(visitor, index, { intent: "chat", link: " https://chat.example.com/after " }, brand());
    expect(set.status).toBe(302);
    expect(set.html).toContain(en.brand.chat.saved);
    expect(await chatLink()).toBe("https://chat.example.com/after");
    const [entry] = await logged("operatorSetChatLink");
    expect(entry?.operator?.name).toBe("Admin Kao");
  });
});

describe("icons", () => {
  it("checks each PNG before sending: a wrong size, another type or too large sends none of the files", async () => {
    const visitor = await signedIn(admin);
    const before = await icon("192");
    const tooLarge = new Uint8Array(300 * 1024);
    tooLarge.set(await solidPng(192, "#123456"));
    const answer = await postFiles(visitor, brand("/icons"), {
      icon180: await solidPng(180, "#123456"),
      icon192: await solidPng(100, "#123456"),
      icon512: new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"),
    });
    expect(answer.status).toBe(200);
    expect(answer.html).toContain(en.brand.icons.not_sent);
    expect(answer.html).toContain(en.brand.icons.problem.wrong_size.replaceAll("{{size}}", "192"));
    expect(answer.html).toContain(en.brand.icons.problem.not_png);
    const large = await postFiles(visitor, brand("/icons"), { icon192: tooLarge });
    expect(large.html).toContain(en.brand.icons.problem.too_large.replace("{{kb}}", "256"));
    const none = await postFiles(visitor, brand("/icons"), {});
    expect(none.html).toContain(en.brand.icons.none_chosen);
    expect(await icon("192")).toEqual(before);
    expect(await logged("operatorPutIcon")).toEqual([]);
  });

  it("uploads the PNGs chosen, which the site then serves, and shows them on the page", async () => {
    const visitor = await signedIn(admin);
    const png192 = await solidPng(192, "#aa3300");
    const png512 = await solidPng(512, "#aa3300");
    const answer = await postFiles(visitor, brand("/icons"), { icon192: png192, icon512: png512 });
    expect(answer.status).toBe(302);
    expect(answer.html).toContain(en.brand.icons.saved);
    expect(await icon("192")).toEqual(png192);
    expect(await icon("512")).toEqual(png512);
    const shown = await visitor.get(`${brand()}/icon/192`);
    expect(shown.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await shown.arrayBuffer())).toEqual(png192);
    const entries = await logged("operatorPutIcon");
    expect(entries).toHaveLength(2);
    expect(new Set(entries.map((e) => e.operator?.name))).toEqual(new Set(["Admin Kao"]));
  });
});

describe("ending a campaign", () => {
  it("asks first, then ends it now: it pays nothing new and members no longer see it", async () => {
    const visitor = await signedIn(admin);
    const path = `${brand("/content")}?kind=campaign`;
    const list = await (await visitor.get(path)).text();
    expect(list).toContain(`data-testid="rule-${RULE.key}"`);
    expect(list).toContain(en.brand.campaigns.status.active);
    const ask = await (await visitor.get(`${path}&end=${RULE.key}`)).text();
    expect(ask).toContain('data-testid="end-confirm"');
    const texts = async () =>
      (
        await stack.platform.call("campaign", {
          token: member.token,
          siteId: SITE,
          params: { siteId: SITE },
          query: { lang: "en_US" },
        })
      ).envelope.data ?? [];
    expect((await texts()).map((c) => c.key)).toEqual([RULE.key]);

    const badKey = await visitor.post(
      path,
      { kind: "campaign", intent: "end-campaign", key: "no spaces" },
      { csrf: await visitor.csrf(path) },
    );
    expect(badKey.status).toBe(400);
    expect((await site()).campaignRules[0]!.endedAt).toBeNull();

    const ended = await submit(visitor, path, { kind: "campaign", intent: "end-campaign", key: RULE.key });
    expect(ended.status).toBe(302);
    expect(ended.html).toContain(en.brand.campaigns.ended);
    expect(ended.html).toContain(en.brand.campaigns.status.ended);
    expect((await site()).campaignRules[0]!.endedAt).not.toBeNull();
    expect(await texts()).toEqual([]);
    const [entry] = await logged("operatorEndCampaign");
    expect(entry?.operator?.name).toBe("Admin Kao");
  });
});
