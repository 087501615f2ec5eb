import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESIGN_DEFAULTS } from "../../server/contract/theme-design";
import type { Platform } from "../helpers/platform";
import { sharedPlatform } from "../helpers/shared";

let platform: Platform;
beforeAll(async () => {
  platform = await sharedPlatform();
});
afterAll(() => platform.dispose());

describe("siteInfo", () => {
  it("returns every configured field of a site an operator created", async () => {
    await platform.seedSite("info-site", { title: "Info Site" });
    const { status, envelope } = await platform.call("siteInfo", { params: { siteId: "info-site" } });
    expect(status).toBe(200);
    expect(envelope).toMatchObject({ statusCode: 200, message: "ok" });
    expect(envelope.data).toMatchObject({ siteId: "info-site", title: "Info Site", currency: "USD" });
  });

  it("answers invalid_site for a site no operator created", async () => {
    const { status, envelope } = await platform.call("siteInfo", { params: { siteId: "no-such-site" } });
    expect(status).toBe(400);
    expect(envelope).toEqual({ statusCode: 400, message: "invalid_site" });
  });
});

describe("a site's theme, set by the operator", () => {
  const readable = {
    light: { accent: "#0f766e", background: "#f3f7f6", surface: "#ffffff" },
    dark: { accent: "#2dd4bf", background: "#0b1413", surface: "#12201e" },
    defaultScheme: "dark" as const,
    upDown: "red-up" as const,
    logo: "mark-name" as const,
  };

  it("stores a theme that reaches WCAG AA and siteInfo returns it", async () => {
    await platform.seedSite("theme-ok", { title: "Theme OK" });
    const put = await platform.operator("operatorPutSite", {
      params: { siteId: "theme-ok" },
      body: { theme: readable },
    });
    expect(put.envelope.statusCode).toBe(200);
    const { envelope } = await platform.call("siteInfo", { params: { siteId: "theme-ok" } });
    // sent without the design parts (as before they existed): stored and answered with their defaults
    expect((envelope.data as { theme: unknown }).theme).toEqual({ ...readable, ...DESIGN_DEFAULTS });
  });

  it("stores the design parts an operator chooses and refuses one outside its choices", async () => {
    await platform.seedSite("theme-design", { title: "Theme design" });
    const design = { ...readable, font: "grotesk" as const, radius: "square" as const, hero: "split" as const };
    const put = await platform.operator("operatorPutSite", {
      params: { siteId: "theme-design" },
      body: { theme: design },
    });
    expect(put.envelope.statusCode).toBe(200);
    const { envelope } = await platform.call("siteInfo", { params: { siteId: "theme-design" } });
    expect((envelope.data as { theme: unknown }).theme).toEqual({ ...DESIGN_DEFAULTS, ...design });
    const bad = await platform.operator("operatorPutSite", {
      params: { siteId: "theme-design" },
      body: { theme: { ...design, radius: "4px" as "square" } },
    });
    expect(bad.status).toBe(400);
    expect(bad.envelope.message).toBe("invalid_parameters");
  });

  it("refuses a colour pair below AA with theme_contrast_too_low, says which pair, and keeps the config", async () => {
    await platform.seedSite("theme-bad", { title: "Theme Bad" });
    await platform.operator("operatorPutSite", { params: { siteId: "theme-bad" }, body: { theme: readable } });
    // a dark accent on the dark surface: links vanish in dark mode
    const bad = { ...readable, dark: { ...readable.dark, accent: "#1d4ed8" } };
    const { status, envelope } = await platform.operator("operatorPutSite", {
      params: { siteId: "theme-bad" },
      body: { theme: bad, title: "Changed" },
    });
    expect(status).toBe(400);
    expect(envelope.message).toBe("theme_contrast_too_low");
    const problems = (envelope.data as unknown as { problems: string[] }).problems;
    expect(
      problems.some((p) => p.startsWith("dark: accent #1d4ed8 on surface #12201e is") && p.endsWith("needs 4.5:1")),
    ).toBe(true);
    const after = (await platform.call("siteInfo", { params: { siteId: "theme-bad" } })).envelope.data as {
      title: string;
      theme: unknown;
    };
    expect(after.title).toBe("Theme Bad");
    expect(after.theme).toEqual({ ...readable, ...DESIGN_DEFAULTS });
  });
});

describe("links an operator sets for members' pages", () => {
  const NOT_WEB = ["javascript:alert(document.cookie)", "JavaScript:alert(1)", "data:text/html,<script>x</script>"];

  it("refuses a social, app or chat link that is not a web address, and keeps the stored ones", async () => {
    await platform.seedSite("links-site", {
      title: "Links",
      socialOptions: [{ name: "LINE", url: "https://line.me/R/ti/p/links" }],
      appLinks: [{ platform: "ios", url: "https://apps.example.com/links" }],
    });
    for (const url of NOT_WEB) {
      for (const body of [
        { socialOptions: [{ name: "LINE", url }] },
        { appLinks: [{ platform: "ios" as const, url }] },
      ]) {
        const put = await platform.operator("operatorPutSite", { params: { siteId: "links-site" }, body });
        expect(put.envelope, `${Object.keys(body)[0]} ${url}`).toEqual({
          statusCode: 400,
          message: "invalid_parameters",
        });
      }
      const chat = await platform.operator("operatorSetChatLink", {
        params: { siteId: "links-site" },
        body: { link: url },
      });
      expect(chat.envelope, `chat ${url}`).toEqual({ statusCode: 400, message: "invalid_parameters" });
    }
    const { envelope } = await platform.call("siteInfo", { params: { siteId: "links-site" } });
    expect(envelope.data).toMatchObject({
      socialOptions: [{ url: "https://line.me/R/ti/p/links" }],
      appLinks: [{ url: "https://apps.example.com/links" }],
    });
    // web addresses are taken as before
    const put = await platform.operator("operatorPutSite", {
      params: { siteId: "links-site" },
      body: { socialOptions: [{ name: "LINE", url: "http://line.me/R/ti/p/other" }] },
    });
    expect(put.envelope.statusCode, put.envelope.message).toBe(200);
    const chat = await platform.operator("operatorSetChatLink", {
      params: { siteId: "links-site" },
      body: { link: "https://chat.example.com/links" },
    });
    expect(chat.envelope.statusCode, chat.envelope.message).toBe(200);
  });
});
