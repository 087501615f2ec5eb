import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Platform, TestMember } from "../helpers/platform";
import { sharedPlatform } from "../helpers/shared";

const SITE = "content-a";
let platform: Platform;
let member: TestMember;
let otherMember: TestMember;

beforeAll(async () => {
  platform = await sharedPlatform();
  await platform.seedSite(SITE);
  await platform.seedSite("content-b");
  member = await platform.signupMember(SITE);
  otherMember = await platform.signupMember("content-b");
  const press = (lang: "en_US" | "ja_JP", path: string, title: string, kind: "news" | "announcement" = "news") =>
    platform.operator("operatorPublishPress", {
      params: { siteId: SITE },
      body: { lang, kind, path, title, summary: `${title} summary`, content: `${title} content` },
    });
  await press("en_US", "launch", "Launch");
  await press("en_US", "maintenance", "Maintenance", "announcement");
  await press("ja_JP", "launch", "ローンチ");
  await platform.operator("operatorPublishPress", {
    params: { siteId: "content-b" },
    body: { lang: "en_US", kind: "news", path: "b-only", title: "B only", summary: "", content: "" },
  });
});
afterAll(() => platform.dispose());

const pressOf = (query: { lang: "en_US" | "zh_TW" | "ja_JP"; path?: string }) =>
  platform.call("press", { params: { siteId: SITE }, query, token: member.token, siteId: SITE });

describe("press", () => {
  it("lists the items in the requested language, each one missing there in the default language (en_US), newest first", async () => {
    const { envelope } = await pressOf({ lang: "en_US" });
    expect(envelope.statusCode).toBe(200);
    expect(envelope.data!.map((p) => p.title)).toEqual(["Maintenance", "Launch"]);
    expect(envelope.data![0]).toMatchObject({ kind: "announcement", path: "maintenance" });
    // "launch" exists in Japanese: never twice, never the English one
    expect((await pressOf({ lang: "ja_JP" })).envelope.data!.map((p) => p.title)).toEqual(["ローンチ", "Maintenance"]);
    expect((await pressOf({ lang: "zh_TW" })).envelope.data!.map((p) => p.title)).toEqual(["Maintenance", "Launch"]);
  });

  it("picks the one item of a path in that language, else in the default language", async () => {
    const { envelope } = await pressOf({ lang: "en_US", path: "launch" });
    expect(envelope.data).toHaveLength(1);
    expect(envelope.data![0]).toMatchObject({ title: "Launch", content: "Launch content" });
    expect((await pressOf({ lang: "ja_JP", path: "launch" })).envelope.data!.map((p) => p.title)).toEqual(["ローンチ"]);
    expect((await pressOf({ lang: "ja_JP", path: "maintenance" })).envelope.data!.map((p) => p.title)).toEqual([
      "Maintenance",
    ]);
    expect((await pressOf({ lang: "en_US", path: "nothing-here" })).envelope.data).toEqual([]);
  });

  it("never lists another site's items", async () => {
    const { envelope } = await pressOf({ lang: "en_US", path: "b-only" });
    expect(envelope.data).toEqual([]);
  });

  it("replaces an item when its path is published again, keeping its id", async () => {
    const before = (await pressOf({ lang: "en_US", path: "launch" })).envelope.data![0]!;
    const { envelope } = await platform.operator("operatorPublishPress", {
      params: { siteId: SITE },
      body: { lang: "en_US", kind: "news", path: "launch", title: "Launch", summary: "s", content: "Corrected" },
    });
    expect(envelope.data).toMatchObject({ id: before.id, content: "Corrected" });
    expect((await pressOf({ lang: "en_US" })).envelope.data).toHaveLength(2);
  });

  it("gives an item published without a path its id as path", async () => {
    const { envelope } = await platform.operator("operatorPublishPress", {
      params: { siteId: SITE },
      body: { lang: "zh_TW", kind: "news", path: "", title: "無路徑", summary: "", content: "" },
    });
    expect(envelope.data!.path).toBe(envelope.data!.id);
  });

  it("answers 402 without a token and 403 for a member of another site asking by path", async () => {
    const anonymous = await platform.call("press", {
      params: { siteId: SITE },
      query: { lang: "en_US" },
      siteId: SITE,
    });
    expect(anonymous.envelope).toEqual({ statusCode: 402, message: "invalid_permission" });
    const foreign = await platform.call("press", {
      params: { siteId: SITE },
      query: { lang: "en_US" },
      token: otherMember.token,
      siteId: "content-b",
    });
    expect(foreign.status).toBe(403);
    expect(foreign.envelope).toEqual({ statusCode: 403, message: "invalid_permission" });
  });
});

describe("campaign", () => {
  it("lists campaigns of the language that have not ended, latest start first", async () => {
    const publish = (title: string, startsAt: string, endsAt: string | null) =>
      platform.operator("operatorPublishCampaign", {
        params: { siteId: SITE },
        body: { lang: "en_US", title, summary: "", content: `${title} rules`, startsAt, endsAt },
      });
    await publish("Old", "2020-01-01T00:00:00Z", "2020-02-01T00:00:00Z");
    await publish("Open", "2024-01-01T00:00:00Z", null);
    await publish("Until 2999", "2025-01-01T00:00:00Z", "2999-01-01T00:00:00Z");
    const { envelope } = await platform.call("campaign", {
      params: { siteId: SITE },
      query: { lang: "en_US" },
      token: member.token,
      siteId: SITE,
    });
    expect(envelope.data!.map((c) => c.title)).toEqual(["Until 2999", "Open"]);
    expect(envelope.data![0]).toMatchObject({
      startsAt: "2025-01-01T00:00:00.000Z",
      endsAt: "2999-01-01T00:00:00.000Z",
    });
    // no key: each stands alone, and Japanese readers see the default language's
    const ja = await platform.call("campaign", {
      params: { siteId: SITE },
      query: { lang: "ja_JP" },
      token: member.token,
      siteId: SITE,
    });
    expect(ja.envelope.data!.map((c) => c.title)).toEqual(["Until 2999", "Open"]);
  });
});

describe("instruction", () => {
  it("lists the instructions of a type in a language; publishing a title again replaces it and keeps its id", async () => {
    const publish = (lang: "en_US" | "ja_JP", type: string, title: string, content: string) =>
      platform.operator("operatorPublishInstruction", {
        params: { siteId: SITE },
        body: { lang, type, title, content },
      });
    await publish("en_US", "deposit", "Step 1", "Choose an option");
    const first = (await publish("en_US", "deposit", "Step 2", "Pay")).envelope.data!;
    await publish("en_US", "withdraw", "Withdraw", "Bind a bank first");
    await publish("ja_JP", "deposit", "手順", "選択");
    await publish("en_US", "deposit", "Step 2", "Pay and keep the receipt");
    const { envelope } = await platform.call("instruction", {
      params: { siteId: SITE },
      query: { lang: "en_US", type: "deposit" },
      token: member.token,
      siteId: SITE,
    });
    expect(envelope.data).toEqual([
      { id: expect.any(String), type: "deposit", title: "Step 1", content: "Choose an option" },
      { id: first.id, type: "deposit", title: "Step 2", content: "Pay and keep the receipt" },
    ]);
  });
});

describe("chatbox", () => {
  it("is public, empty until set, and strips whitespace from the link an operator sets", async () => {
    await platform.seedSite("content-chat");
    expect((await platform.call("chatbox", { params: { siteId: "content-chat" } })).envelope.data).toBe("");
    const set = await platform.operator("operatorSetChatLink", {
      params: { siteId: "content-chat" },
      body: { link: " https://chat.example.com/room 7 " },
    });
    expect(set.envelope.data).toBe("https://chat.example.com/room7");
    const { envelope } = await platform.call("chatbox", { params: { siteId: "content-chat" } });
    expect(envelope).toEqual({ statusCode: 200, message: "ok", data: "https://chat.example.com/room7" });
  });

  it("passes a referrer code on to the chat service", async () => {
    await platform.operator("operatorSetChatLink", {
      params: { siteId: SITE },
      body: { link: "https://chat.example.com/a?lang=en" },
    });
    const { envelope } = await platform.call("chatbox", { params: { siteId: SITE }, query: { referrer: "ABC123" } });
    expect(envelope.data).toBe("https://chat.example.com/a?lang=en&referrer=ABC123");
  });

  it("answers invalid_site for a site no operator created", async () => {
    const { envelope } = await platform.call("chatbox", { params: { siteId: "content-none" } });
    expect(envelope).toEqual({ statusCode: 400, message: "invalid_site" });
  });
});

describe("operatorRetireContent", () => {
  const auth = () => ({ params: { siteId: SITE }, token: member.token, siteId: SITE });
  const retire = (kind: "press" | "campaign" | "instruction", id: string, siteId = SITE) =>
    platform.operator("operatorRetireContent", { params: { siteId, kind, id } });

  it("retires a news item by id: it is no longer listed, other items stay", async () => {
    const published = await platform.operator("operatorPublishPress", {
      params: { siteId: SITE },
      body: { lang: "en_US", kind: "news", path: "short-lived", title: "Short-lived", summary: "", content: "" },
    });
    const id = published.envelope.data!.id;
    expect((await retire("press", id)).envelope).toEqual({ statusCode: 200, message: "ok", data: null });
    const titles = (await platform.call("press", { ...auth(), query: { lang: "en_US" } })).envelope.data!.map(
      (p) => p.title,
    );
    expect(titles).not.toContain("Short-lived");
    expect(titles).toContain("Launch");
  });

  it("retires a campaign and an instruction by id", async () => {
    const campaign = await platform.operator("operatorPublishCampaign", {
      params: { siteId: SITE },
      body: {
        lang: "en_US",
        title: "Retired promo",
        summary: "",
        content: "",
        startsAt: "2025-01-01T00:00:00.000Z",
        endsAt: null,
      },
    });
    const instruction = await platform.operator("operatorPublishInstruction", {
      params: { siteId: SITE },
      body: { lang: "en_US", type: "help", title: "Retired help", content: "Old" },
    });
    expect((await retire("campaign", campaign.envelope.data!.id)).envelope.statusCode).toBe(200);
    expect((await retire("instruction", instruction.envelope.data!.id)).envelope.statusCode).toBe(200);
    const campaigns = (await platform.call("campaign", { ...auth(), query: { lang: "en_US" } })).envelope.data!;
    expect(campaigns.map((c) => c.title)).not.toContain("Retired promo");
    const help = (await platform.call("instruction", { ...auth(), query: { lang: "en_US", type: "help" } })).envelope
      .data!;
    expect(help.map((i) => i.title)).not.toContain("Retired help");
  });

  it("answers invalid_parameters for an unknown id, an id of another kind, or another site's item", async () => {
    const press = await platform.operator("operatorPublishPress", {
      params: { siteId: SITE },
      body: { lang: "en_US", kind: "news", path: "keep-me", title: "Keep me", summary: "", content: "" },
    });
    const id = press.envelope.data!.id;
    expect((await retire("press", "no-such-id")).envelope).toEqual({ statusCode: 400, message: "invalid_parameters" });
    expect((await retire("campaign", id)).envelope).toEqual({ statusCode: 400, message: "invalid_parameters" });
    expect((await retire("press", id, "content-b")).envelope).toEqual({
      statusCode: 400,
      message: "invalid_parameters",
    });
    expect(
      (await platform.call("press", { ...auth(), query: { lang: "en_US", path: "keep-me" } })).envelope.data,
    ).toHaveLength(1);
  });
});

/**
 * Content in a language with the site's default language as fallback (server/platform/README.md,
 * "Content languages"), on a site whose default is zh_TW: one kind at a time.
 */
describe("content languages", () => {
  const FALLBACK_SITE = "content-fallback";
  let reader: TestMember;
  const as = (_lang: "en_US" | "zh_TW" | "zh_CN" | "ja_JP") => ({
    params: { siteId: FALLBACK_SITE },
    token: reader.token,
    siteId: FALLBACK_SITE,
  });

  beforeAll(async () => {
    await platform.seedSite(FALLBACK_SITE);
    const put = await platform.operator("operatorPutSite", {
      params: { siteId: FALLBACK_SITE },
      body: { defaultLanguage: "zh_TW" },
    });
    expect(put.envelope.statusCode).toBe(200);
    reader = await platform.signupMember(FALLBACK_SITE);
  });

  it("press: an item in the reader's language, else in the default language, by path", async () => {
    const press = (lang: "zh_TW" | "ja_JP" | "en_US", path: string, title: string) =>
      platform.operator("operatorPublishPress", {
        params: { siteId: FALLBACK_SITE },
        body: { lang, kind: "news", path, title, summary: "", content: "" },
      });
    await press("zh_TW", "both", "兩種語言");
    await press("ja_JP", "both", "両言語");
    await press("zh_TW", "default-only", "只有中文");
    // an English item whose path has no default-language version: English readers only
    await press("en_US", "english-only", "English only");
    const titles = async (lang: "zh_TW" | "ja_JP" | "en_US" | "zh_CN") =>
      (await platform.call("press", { ...as(lang), query: { lang } })).envelope.data!.map((p) => p.title).sort();
    expect(await titles("ja_JP")).toEqual(["両言語", "只有中文"].sort());
    expect(await titles("zh_TW")).toEqual(["兩種語言", "只有中文"].sort());
    expect(await titles("zh_CN")).toEqual(["兩種語言", "只有中文"].sort());
    expect(await titles("en_US")).toEqual(["English only", "兩種語言", "只有中文"].sort());
  });

  it("campaign: one key is one campaign; the reader's language wins, the default fills in, a keyless one stands alone", async () => {
    const campaign = (lang: "zh_TW" | "ja_JP", title: string, key?: string) =>
      platform.operator("operatorPublishCampaign", {
        params: { siteId: FALLBACK_SITE },
        body: {
          lang,
          ...(key ? { key } : {}),
          title,
          summary: "",
          content: "",
          startsAt: "2025-01-01T00:00:00.000Z",
          endsAt: null,
        },
      });
    expect((await campaign("zh_TW", "首存獎勵", "first-deposit")).envelope.statusCode).toBe(200);
    await campaign("ja_JP", "初回入金ボーナス", "first-deposit");
    await campaign("zh_TW", "每月挑戰", "monthly");
    await campaign("ja_JP", "日本だけ");
    const titles = async (lang: "zh_TW" | "ja_JP" | "en_US") =>
      (await platform.call("campaign", { ...as(lang), query: { lang } })).envelope.data!.map((c) => c.title).sort();
    expect(await titles("ja_JP")).toEqual(["初回入金ボーナス", "日本だけ", "每月挑戰"].sort());
    expect(await titles("zh_TW")).toEqual(["首存獎勵", "每月挑戰"].sort());
    expect(await titles("en_US")).toEqual(["首存獎勵", "每月挑戰"].sort());

    // the key names the campaign: publishing it with a new title corrects it, no second one
    const before = (await platform.call("campaign", { ...as("ja_JP"), query: { lang: "ja_JP" } })).envelope.data!.find(
      (c) => c.title === "初回入金ボーナス",
    )!;
    const renamed = await campaign("ja_JP", "初回入金ボーナス 10%", "first-deposit");
    expect(renamed.envelope.data).toMatchObject({ id: before.id, title: "初回入金ボーナス 10%" });
    expect(await titles("ja_JP")).toEqual(["初回入金ボーナス 10%", "日本だけ", "每月挑戰"].sort());
  });

  it("instruction: one key per type is one instruction, in the reader's language else the default", async () => {
    const instruction = (lang: "zh_TW" | "ja_JP", title: string, key?: string, type = "help") =>
      platform.operator("operatorPublishInstruction", {
        params: { siteId: FALLBACK_SITE },
        body: { lang, ...(key ? { key } : {}), type, title, content: title },
      });
    await instruction("zh_TW", "如何存款", "deposit");
    await instruction("zh_TW", "如何提款", "withdraw");
    await instruction("ja_JP", "入金方法", "deposit");
    await instruction("ja_JP", "規則", "deposit", "rules");
    const titles = async (lang: "zh_TW" | "ja_JP" | "zh_CN", type = "help") =>
      (await platform.call("instruction", { ...as(lang), query: { lang, type } })).envelope.data!.map((i) => i.title);
    // in the order first published
    expect(await titles("ja_JP")).toEqual(["入金方法", "如何提款"]);
    expect(await titles("zh_CN")).toEqual(["如何存款", "如何提款"]);
    // the key is per type: the Japanese "rules" item replaces nothing under "help"
    expect(await titles("ja_JP", "rules")).toEqual(["規則"]);
    expect(await titles("zh_TW", "rules")).toEqual([]);
  });
});

describe("operatorContent", () => {
  const LIST_SITE = "content-list";
  beforeAll(async () => {
    await platform.seedSite(LIST_SITE);
    const campaign = (lang: "en_US" | "ja_JP", key: string, title: string) =>
      platform.operator("operatorPublishCampaign", {
        params: { siteId: LIST_SITE },
        body: { lang, key, title, summary: "", content: title, startsAt: "2026-01-01T00:00:00.000Z", endsAt: null },
      });
    await campaign("en_US", "spring", "Spring");
    await campaign("en_US", "summer", "Summer");
    await campaign("ja_JP", "spring", "春");
  });

  it("lists every language of every item of a kind, each key's languages together in first-published order", async () => {
    const { envelope } = await platform.operator("operatorContent", {
      params: { siteId: LIST_SITE },
      query: { kind: "campaign" },
    });
    expect(envelope.statusCode).toBe(200);
    expect(envelope.data!.map((e) => [e.key, e.lang, e.title])).toEqual([
      ["spring", "en_US", "Spring"],
      ["spring", "ja_JP", "春"],
      ["summer", "en_US", "Summer"],
    ]);
    expect(envelope.data![0]).toMatchObject({ type: "campaign", startsAt: "2026-01-01T00:00:00.000Z", endsAt: null });
    // each entry's id is what retire takes: one language goes, the others stay
    const retired = await platform.operator("operatorRetireContent", {
      params: { siteId: LIST_SITE, kind: "campaign", id: envelope.data![1]!.id },
    });
    expect(retired.envelope.statusCode).toBe(200);
    const after = await platform.operator("operatorContent", {
      params: { siteId: LIST_SITE },
      query: { kind: "campaign" },
    });
    expect(after.envelope.data!.map((e) => e.title)).toEqual(["Spring", "Summer"]);
  });

  it("lists news with its path as key and its kind as type, and nothing of another site", async () => {
    const { envelope } = await platform.operator("operatorContent", {
      params: { siteId: SITE },
      query: { kind: "press" },
    });
    expect(envelope.data!.find((e) => e.key === "launch" && e.lang === "ja_JP")).toMatchObject({
      type: "news",
      title: "ローンチ",
      startsAt: null,
    });
    expect(envelope.data!.some((e) => e.key === "b-only")).toBe(false);
  });

  it("is the admins': a support operator is refused", async () => {
    const support = await platform.createOperator({ name: "Helpdesk", sites: [LIST_SITE], roles: ["support"] });
    const { envelope } = await platform.operator(
      "operatorContent",
      { params: { siteId: LIST_SITE }, query: { kind: "press" } },
      support.key,
    );
    expect(envelope.statusCode).toBe(403);
  });
});
