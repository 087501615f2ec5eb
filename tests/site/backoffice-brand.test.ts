import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStack, Visitor, type Stack } from "../helpers/site";
import type { TestMember, TestOperator } from "../helpers/platform";
import type { SiteInfo } from "../../server/contract";
import en from "../../locales/en-US/backoffice.json";
import { POOL_OPTION, TEST_XPUB, XPUB_OPTION } from "../platform/money-helpers";

/**
 * The back office's brand section (app/backoffice/README.md, "Brand and content"): site info, the
 * theme and content, each through the pages as a browser without JavaScript posts them. Bad input
 * is answered with the translated reason and changes nothing on the platform (read back after
 * each); what is accepted is on the platform, and the audit log names the admin who did it.
 */
const OPS = "http://ops.localhost";
const SITE = "bo-brand";
let stack: Stack;
let admin: TestOperator;
let finance: TestOperator;
let treasurer: TestOperator;
let member: TestMember;

beforeAll(async () => {
  stack = await createStack({
    vars: {
      OPERATOR_HOSTS: "ops.localhost",
      TENANT_HOSTS: JSON.stringify({ "bo.localhost": SITE, localhost: "demo" }),
    },
  });
  await stack.platform.seedSite(SITE, {
    langOptions: ["en_US", "zh_TW", "zh_CN", "ja_JP"],
    defaultLanguage: "en_US",
    translations: { zh_TW: { title: "品牌" } },
    depositOptions: [POOL_OPTION, XPUB_OPTION] as unknown as SiteInfo["depositOptions"],
  });
  admin = await stack.platform.createOperator({ name: "Admin Ho", sites: [SITE], roles: ["admin"] });
  finance = await stack.platform.createOperator({ name: "Cashier Lin", sites: [SITE], roles: ["finance"] });
  treasurer = await stack.platform.createOperator({ name: "Admin Wen", sites: [SITE], roles: ["admin", "finance"] });
  member = await stack.platform.signupMember(SITE);
});
afterAll(() => stack?.dispose());

async function signedIn(operator: TestOperator): Promise<Visitor> {
  const visitor = new Visitor(stack, OPS);
  const answer = await visitor.post("/bo/login", { key: operator.key }, { csrf: await visitor.csrf("/bo/login") });
  expect(answer.status).toBe(302);
  return visitor;
}

/** A text as React writes it into the page (an apostrophe escaped). */
const html = (text: string) => text.replace(/'/g, "&#x27;");

const brand = (path = "") => `/bo/sites/${SITE}/brand${path}`;

/** Posts the page's form (with its CSRF token): the status, where it went, and the page shown. */
async function submit(visitor: Visitor, path: string, fields: Record<string, string>) {
  const answer = await visitor.post(path, fields, { csrf: await visitor.csrf(path) });
  if (answer.status !== 302) return { status: answer.status, location: null, html: await answer.text() };
  const location = answer.headers.get("location")!;
  return { status: 302, location, html: await (await visitor.get(location)).text() };
}

async function site(): Promise<SiteInfo> {
  const info = await stack.platform.call("siteInfo", { params: { siteId: SITE } });
  return info.envelope.data!;
}

async function campaignsIn(lang: "en_US" | "zh_TW" | "zh_CN" | "ja_JP") {
  const answer = await stack.platform.call("campaign", {
    token: member.token,
    siteId: SITE,
    params: { siteId: SITE },
    query: { lang },
  });
  return answer.envelope.data ?? [];
}

async function adminActions(call: string) {
  const page = await stack.platform.operator("operatorAudit", {
    params: { siteId: SITE },
    query: { pageSize: 200 } as never,
  });
  return (page.envelope.data?.items ?? []).filter((e) => e.type === "operator_action" && e.details.call === call);
}

/** The editor's fields for a campaign written in the given languages. */
function campaignFields(key: string, langs: string[]): Record<string, string> {
  const fields: Record<string, string> = { kind: "campaign", key, startsAt: "2026-01-01T00:00", endsAt: "" };
  for (const lng of langs) {
    fields[`title.${lng}`] = `${key} ${lng}`;
    fields[`summary.${lng}`] = `summary ${lng}`;
    fields[`content.${lng}`] = `- one ${lng}\r\n- two`;
  }
  return fields;
}

describe("who may open it", () => {
  it("refuses finance every brand page with the translated 403, and leaves it out of their menu", async () => {
    const visitor = await signedIn(finance);
    for (const path of ["", "/theme", "/content", "/hosts"]) {
      const answer = await visitor.get(brand(path));
      expect(answer.status, path).toBe(403);
      expect(await answer.text()).toContain(en.refused.role);
    }
    const overview = await (await visitor.get(`/bo/sites/${SITE}`)).text();
    expect(overview).not.toContain(`href="${brand()}"`);
  });

  it("shows an admin the section in the menu, with its tabs", async () => {
    const visitor = await signedIn(admin);
    const html = await (await visitor.get(brand())).text();
    expect(html).toContain(`href="${brand()}"`);
    for (const tab of Object.values(en.brand.tab)) expect(html).toContain(tab);
  });
});

describe("content", () => {
  it("refuses a campaign missing the default language or a text, translated, and publishes nothing", async () => {
    const visitor = await signedIn(admin);
    const path = `${brand("/content")}?kind=campaign`;
    const noDefault = await submit(visitor, path, { ...campaignFields("spring", ["ja-JP"]), intent: "publish" });
    expect(noDefault.status).toBe(200);
    expect(noDefault.html).toContain(en.brand.content.error.text_language.replace("{{language}}", "English"));
    const incomplete = campaignFields("spring", ["en-US", "zh-TW"]);
    incomplete["content.zh-TW"] = "";
    const half = await submit(visitor, path, { ...incomplete, intent: "publish" });
    expect(half.html).toContain(en.brand.content.error.incomplete);
    const badKey = await submit(visitor, path, { ...campaignFields("no spaces", ["en-US"]), intent: "publish" });
    expect(badKey.html).toContain(en.brand.content.error.key);
    expect(await campaignsIn("en_US")).toEqual([]);
    expect(await adminActions("operatorPublishCampaign")).toEqual([]);
  });

  it("previews without publishing, then publishes each language under one key, named in the audit log", async () => {
    const visitor = await signedIn(admin);
    const path = `${brand("/content")}?kind=campaign`;
    const fields = campaignFields("summer", ["en-US", "zh-TW", "zh-CN", "ja-JP"]);
    const preview = await submit(visitor, path, { ...fields, intent: "preview" });
    expect(preview.status).toBe(200);
    expect(preview.html).toContain(en.brand.content.preview_title);
    expect(preview.html).toContain("summer ja-JP");
    expect(await campaignsIn("ja_JP")).toEqual([]);

    const published = await submit(visitor, path, { ...fields, intent: "publish" });
    expect(published.status).toBe(302);
    expect(published.location).toBe(`${brand("/content")}?kind=campaign`);
    expect(published.html).toContain(en.brand.content.published);
    for (const [lang, tag] of [
      ["en_US", "en-US"],
      ["zh_TW", "zh-TW"],
      ["zh_CN", "zh-CN"],
      ["ja_JP", "ja-JP"],
    ] as const) {
      const [campaign] = await campaignsIn(lang);
      expect(campaign, lang).toMatchObject({ key: "summer", title: `summer ${tag}`, endsAt: null });
      // the textarea's CRLF arrives as the LF the platform keeps
      expect(campaign!.content).toBe(`- one ${tag}\n- two`);
      expect(campaign!.startsAt).toBe("2026-01-01T00:00:00.000Z");
    }
    const logged = await adminActions("operatorPublishCampaign");
    expect(logged.map((e) => e.details.lang).sort()).toEqual(["en_US", "ja_JP", "zh_CN", "zh_TW"]);
    expect(new Set(logged.map((e) => e.operator?.name))).toEqual(new Set(["Admin Ho"]));
  });

  it("lists what is published, fills the editor with an item, and unpublishes one language of it", async () => {
    const visitor = await signedIn(admin);
    const list = await (await visitor.get(`${brand("/content")}?kind=campaign`)).text();
    const item = list.slice(list.indexOf('data-testid="published-summer"'));
    for (const name of ["English", "繁體中文", "简体中文", "日本語"]) expect(item).toContain(name);
    const editor = await (await visitor.get(`${brand("/content")}?kind=campaign&key=summer`)).text();
    expect(editor).toContain('value="summer ja-JP"');
    expect(editor).toContain('value="2026-01-01T00:00"');

    const [japanese] = await campaignsIn("ja_JP");
    const retired = await submit(visitor, `${brand("/content")}?kind=campaign`, {
      kind: "campaign",
      intent: "retire",
      id: japanese!.id,
    });
    expect(retired.status).toBe(302);
    expect(retired.html).toContain(html(en.brand.content.retired));
    // a member reading Japanese now gets the text language's
    expect((await campaignsIn("ja_JP")).map((c) => c.title)).toEqual(["summer en-US"]);
    expect((await campaignsIn("zh_TW")).map((c) => c.title)).toEqual(["summer zh-TW"]);
    const [logged] = await adminActions("operatorRetireContent");
    expect(logged?.operator?.name).toBe("Admin Ho");
  });

  it("saves terms additions per language and keeps the other translated texts", async () => {
    const visitor = await signedIn(admin);
    const path = `${brand("/content")}?kind=terms`;
    const answer = await submit(visitor, path, {
      kind: "terms",
      intent: "publish",
      "content.en-US": "House rule one.",
      "content.zh-TW": "本站規則一。",
      "content.zh-CN": "",
      "content.ja-JP": "当サイトのルール1。",
    });
    expect(answer.status).toBe(302);
    const info = await site();
    expect(info.terms).toBe("House rule one.");
    expect(info.translations.zh_TW).toMatchObject({ terms: "本站規則一。", title: "品牌" });
    expect(info.translations.ja_JP?.terms).toBe("当サイトのルール1。");
    expect(info.translations.zh_CN?.terms).toBe("");
  });
});

describe("theme", () => {
  it("refuses a colour that is not #rrggbb and an unreadable accent, translated, and stores nothing", async () => {
    const visitor = await signedIn(admin);
    const before = (await site()).theme;
    const saves = (await adminActions("operatorPutSite")).length;
    const notColour = await submit(visitor, brand("/theme"), { "light.accent": "teal", intent: "save" });
    expect(notColour.status).toBe(200);
    expect(notColour.html).toContain(en.brand.theme.invalid);
    expect(notColour.html).toContain(en.brand.theme.color_invalid);
    const unreadable = await submit(visitor, brand("/theme"), { "light.accent": "#ffff00", intent: "save" });
    expect(unreadable.status).toBe(200);
    expect(unreadable.html).toContain(en.brand.theme.refused);
    // the failing pair, in the words of the page
    expect(unreadable.html).toMatch(/bo-contrast-fail"><th scope="row">Accent on background/);
    expect((await site()).theme).toEqual(before);
    expect(await adminActions("operatorPutSite")).toHaveLength(saves);
  });

  it("previews a draft without storing it, then saves it", async () => {
    const visitor = await signedIn(admin);
    const before = (await site()).theme;
    const preview = await submit(visitor, brand("/theme"), { "light.accent": "#0f766e", intent: "preview" });
    expect(preview.html).toContain(en.brand.theme.draft);
    expect(preview.html).toContain("light.accent=%230f766e");
    expect((await site()).theme).toEqual(before);
    const saved = await submit(visitor, brand("/theme"), {
      "light.accent": "#0f766e",
      buttons: "pill",
      intent: "save",
    });
    expect(saved.status).toBe(302);
    expect(saved.html).toContain(en.brand.theme.saved);
    expect((await site()).theme).toMatchObject({ light: { ...before.light, accent: "#0f766e" }, buttons: "pill" });
  });

  it("serves the preview's stylesheet for a draft, scoped to the preview", async () => {
    const visitor = await signedIn(admin);
    const answer = await visitor.get(`${brand("/preview.css")}?light.accent=%23123456`);
    expect(answer.headers.get("content-type")).toBe("text/css; charset=utf-8");
    const css = await answer.text();
    expect(css).toContain(".bo-preview-pane{");
    expect(css).toContain("--accent:#123456");
    expect(css).not.toContain(":root");
  });
});

describe("site info", () => {
  it("refuses bad values, translated, and saves nothing; saves good ones", async () => {
    const visitor = await signedIn(admin);
    const before = await site();
    const form = {
      title: "Brand Bo",
      description: "A brand.",
      keywords: "",
      gameName: "Rise",
      copyRight: "© Bo",
      licence: "",
      logo: "",
      logo2: "",
      favicon: "",
      sessionIdleMinutes: "30",
      langOptions: "en_US",
      defaultLanguage: "ja_JP",
    };
    const wrongDefault = await submit(visitor, `${brand()}?index`, form);
    expect(wrongDefault.status).toBe(200);
    expect(wrongDefault.html).toContain(html(en.brand.site.default_invalid));
    const badMinutes = await submit(visitor, `${brand()}?index`, {
      ...form,
      defaultLanguage: "en_US",
      sessionIdleMinutes: "soon",
    });
    expect(badMinutes.html).toContain(en.brand.site.field_invalid);
    expect(await site()).toEqual(before);

    const saved = await submit(visitor, `${brand()}?index`, { ...form, defaultLanguage: "en_US", smsVerify: "on" });
    expect(saved.status).toBe(302);
    const after = await site();
    expect(after).toMatchObject({ title: "Brand Bo", gameName: "Rise", sessionIdleMinutes: 30, smsVerify: true });
    expect(after.langOptions).toEqual(["en_US"]);
    const [logged] = await adminActions("operatorPutSite");
    expect(logged?.operator?.name).toBe("Admin Ho");
  });
});

describe("deposit options", () => {
  const pool = async (optionId: string) =>
    (
      await stack.platform.operator("operatorDepositAddresses", {
        params: { siteId: SITE, optionId },
        query: {} as never,
      })
    ).envelope.data!;
  const ADDRESSES = ["TQ1111111111111111111111111111111a", "TQ1111111111111111111111111111111b"];

  it("refuses addresses and an xpub that are not, translated, and loads or sets nothing", async () => {
    const visitor = await signedIn(treasurer);
    const page = await submit(visitor, brand("/deposits"), {
      optionId: POOL_OPTION.id,
      intent: "addresses",
      addresses: "not an address",
    });
    expect(page.status).toBe(200);
    expect(page.html).toContain(en.brand.deposits.addresses_invalid);
    const xpub = await submit(visitor, brand("/deposits"), { optionId: XPUB_OPTION.id, intent: "xpub", xpub: "xprv0" });
    expect(xpub.html).toContain(en.brand.deposits.xpub_invalid);
    expect(await pool(POOL_OPTION.id)).toMatchObject({ source: "pool", free: 0, assigned: 0 });
    expect(await pool(XPUB_OPTION.id)).toMatchObject({ source: "pool", xpub: null });
  });

  it("loads a pool (blank lines skipped) and sets an xpub, and shows what is left", async () => {
    const visitor = await signedIn(treasurer);
    const loaded = await submit(visitor, brand("/deposits"), {
      optionId: POOL_OPTION.id,
      intent: "addresses",
      addresses: `${ADDRESSES[0]}\r\n\r\n  ${ADDRESSES[1]}  \r\n`,
    });
    expect(loaded.status).toBe(302);
    expect(loaded.html).toContain(en.brand.deposits.loaded);
    expect(loaded.html).toContain(en.brand.deposits.from_pool.replace("{{free}}", "2").replace("{{assigned}}", "0"));
    const set = await submit(visitor, brand("/deposits"), {
      optionId: XPUB_OPTION.id,
      intent: "xpub",
      xpub: TEST_XPUB,
    });
    expect(set.status).toBe(302);
    expect(await pool(XPUB_OPTION.id)).toMatchObject({ source: "xpub", xpub: TEST_XPUB });
  });

  it("shows an admin without the finance role the platform's refusal of the pool, not a count", async () => {
    const visitor = await signedIn(admin);
    const html = await (await visitor.get(brand("/deposits"))).text();
    expect(html).toContain(POOL_OPTION.name);
    expect(html).not.toContain('data-testid="pool-usdt-member"');
  });
});

describe("contract trading settings", () => {
  const form = (s: SiteInfo["contractSettings"]) => ({
    leverageOptions: s.leverageOptions.join(", "),
    feePpm: String(s.feePpm),
    maxFeeShareBp: String(s.maxFeeShareBp),
    stopOutBp: String(s.stopOutBp),
    slippageBp: String(s.slippageBp),
    maxOpenPositions: String(s.maxOpenPositions),
    minMargin: "10.00",
    maxMargin: "5,000.50",
    maxNotionalPerMember: "100000",
    maxNotionalPerPair: "1000000",
  });

  it("refuses leverages out of order and a margin range upside down, translated, and changes nothing", async () => {
    const visitor = await signedIn(admin);
    const before = (await site()).contractSettings;
    const disordered = await submit(visitor, brand("/contract"), { ...form(before), leverageOptions: "20, 10" });
    expect(disordered.status).toBe(200);
    expect(disordered.html).toContain(en.brand.site.invalid);
    expect(disordered.html).toMatch(/id="contract-leverageOptions"[^>]*aria-invalid="true"/);
    const upsideDown = await submit(visitor, brand("/contract"), { ...form(before), minMargin: "9000" });
    expect(upsideDown.html).toMatch(/id="contract-minMargin"[^>]*aria-invalid="true"/);
    const notMoney = await submit(visitor, brand("/contract"), { ...form(before), maxMargin: "1.234" });
    expect(notMoney.html).toMatch(/id="contract-maxMargin"[^>]*aria-invalid="true"/);
    expect((await site()).contractSettings).toEqual(before);
  });

  it("saves amounts in the site's money as minor units, and the close-only pairs ticked", async () => {
    const visitor = await signedIn(admin);
    const before = (await site()).contractSettings;
    const pair = (await site()).pairs[0]!;
    const saved = await submit(visitor, brand("/contract"), {
      ...form(before),
      leverageOptions: "5 10 20",
      closeOnlyPairs: pair,
    });
    expect(saved.status).toBe(302);
    expect(saved.html).toContain(en.brand.contract.saved);
    expect((await site()).contractSettings).toMatchObject({
      leverageOptions: [5, 10, 20],
      minMargin: 1000,
      maxMargin: 500_050,
      maxNotionalPerMember: 10_000_000,
      closeOnlyPairs: [pair],
    });
  });
});

describe("hostnames", () => {
  it("lists the TENANTS entries and the configured hostnames of this site only, and how to add one", async () => {
    const kv = await stack.platform.mf.getKVNamespace("TENANTS", "member-site");
    await kv.put("brand.example", SITE);
    await kv.put("other.example", "demo");
    const visitor = await signedIn(admin);
    const html = await (await visitor.get(brand("/hosts"))).text();
    const list = html.slice(
      html.indexOf('data-testid="hosts"'),
      html.indexOf("</ul>", html.indexOf('data-testid="hosts"')),
    );
    expect(list).toContain("<code>brand.example</code>");
    expect(list).toContain("<code>bo.localhost</code>");
    expect(list).not.toContain("other.example");
    expect(list).not.toContain("<code>localhost</code>");
    expect(html).toContain(`map-host &lt;hostname&gt; ${SITE} --remote`);
  });
});
