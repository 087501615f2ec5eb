import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALE_IDS } from "#rules/locales";
import type { OperatorClient } from "../../server/cli/operator/client";
import { seedDemoSites } from "../../server/cli/seed/seed";
import { DEMO2_SITE, DEMO_SITE } from "../../server/cli/seed/sites";
import { createPlatform, type Platform } from "../helpers/platform";

let platform: Platform;
let operator: OperatorClient;
beforeAll(async () => {
  platform = await createPlatform();
  operator = async (name, input) => (await platform.operator(name, input as never)).envelope as never;
  await seedDemoSites(operator);
});
afterAll(() => platform.dispose());

const site = async (siteId: string) => (await platform.call("siteInfo", { params: { siteId } })).envelope.data!;

describe("demo seed", () => {
  it("creates two differently branded sites", async () => {
    const [demo, demo2] = await Promise.all([site("demo"), site("demo2")]);
    expect(demo).toMatchObject({ title: "Demo Trade", defaultLanguage: "en_US", logo: "/brand/demo/logo.svg" });
    expect(demo2).toMatchObject({
      title: "Brand Two Markets",
      defaultLanguage: "zh_TW",
      logo: "/brand/demo2/logo.svg",
    });
    expect(demo2.langOptions.slice().sort()).toEqual([...LOCALE_IDS].sort());
    expect(demo.depositOptions.some((o) => o.kind === "demo")).toBe(true);
    expect(demo.appLinks.map((l) => l.platform).sort()).toEqual(["android", "ios"]);
  });

  it("publishes news, announcements, campaigns and rules, deposit and help instructions in all four languages, and a chat link", async () => {
    for (const seeded of [DEMO_SITE, DEMO2_SITE]) {
      const member = await platform.signupMember(seeded.siteId, { areaCode: "+886" });
      const auth = { token: member.token, siteId: seeded.siteId, params: { siteId: seeded.siteId } };
      for (const lang of LOCALE_IDS) {
        const press = (await platform.call("press", { ...auth, query: { lang } })).envelope.data!;
        expect(press.filter((p) => p.kind === "news").length, lang).toBeGreaterThanOrEqual(3);
        expect(press.filter((p) => p.kind === "announcement").length, lang).toBeGreaterThanOrEqual(2);
        const campaigns = (await platform.call("campaign", { ...auth, query: { lang } })).envelope.data!;
        expect(
          campaigns.some((c) => c.endsAt !== null),
          lang,
        ).toBe(true);
        for (const type of ["rules", "deposit", "help"]) {
          const list = await platform.call("instruction", { ...auth, query: { lang, type } });
          expect(list.envelope.data!.length, `${lang} ${type}`).toBeGreaterThanOrEqual(1);
        }
      }
      const chat = await platform.call("chatbox", { params: { siteId: seeded.siteId } });
      expect(chat.envelope.data).toBe(seeded.chatLink);
    }
  });

  it("changes nothing when run again", async () => {
    const before = await site("demo");
    await seedDemoSites(operator);
    expect(await site("demo")).toEqual(before);
    const member = await platform.signupMember("demo");
    const press = await platform.call("press", {
      params: { siteId: "demo" },
      query: { lang: "en_US" },
      token: member.token,
      siteId: "demo",
    });
    expect(press.envelope.data).toHaveLength(DEMO_SITE.press.filter((p) => p.lang === "en_US").length);
  });
});
