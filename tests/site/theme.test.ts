import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO2_SITE } from "../../server/cli/seed/sites";
import { DESIGN_DEFAULTS } from "../../server/contract/theme-design";
import { themeColors, type Theme } from "../../server/contract/theme";
import { createStack, Visitor, type Stack } from "../helpers/site";

/**
 * The site's theme on its pages (app/README.md, "Themes"): every colour the operator sets reaches
 * the page's head as custom properties for light and dark, the `<html>` element carries the
 * member's scheme and up/down (cookie, else the site's default, else the language's), the
 * theme-color meta follows, and /appearance stores a choice that sign-out keeps.
 */
let stack: Stack;

/** An operator's theme no other test or seed uses: any of these colours on a page came from here. */
const THEME: Theme = {
  light: { accent: "#6d28d9", background: "#f4f1fa", surface: "#fcfbff" },
  dark: { accent: "#c4b5fd", background: "#0e0b16", surface: "#1a1526" },
  defaultScheme: "light",
  upDown: "locale",
  logo: "wordmark",
  ...DESIGN_DEFAULTS,
};

beforeAll(async () => {
  stack = await createStack();
  await stack.platform.seedSite("demo", { theme: THEME });
});
afterAll(() => stack?.dispose());

const BRAND2 = "http://brand2.localhost";
const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0] ?? "";
const attribute = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
/** The declarations of one rule of the page's theme <style>, as a map of custom properties. */
function rule(html: string, selector: string): Record<string, string> {
  const style = /<style nonce="[^"]+">([^<]*)<\/style>/.exec(html)?.[1] ?? "";
  const start = style.indexOf(`${selector}{`);
  if (start < 0) return {};
  const body = style.slice(start + selector.length + 1, style.indexOf("}", start));
  return Object.fromEntries(body.split(";").map((d) => d.split(":") as [string, string]));
}
const themeColorMetas = (html: string) =>
  [...html.matchAll(/<meta name="theme-color" content="([^"]+)"(?: media="([^"]+)")?\/>/g)].map((m) => ({
    color: m[1],
    media: m[2],
  }));

describe("the theme on the page", () => {
  it("puts each theme colour of both schemes in the head as custom properties, in a nonce'd <style>", async () => {
    const page = await new Visitor(stack).get("/login");
    const html = await page.text();
    const nonce = /'nonce-([^']+)'/.exec(page.headers.get("content-security-policy") ?? "")?.[1];
    expect(html).toContain(`<style nonce="${nonce}">`);
    const light = rule(html, ":root");
    const dark = rule(html, ":root[data-scheme=dark]");
    const system = rule(html, "@media (prefers-color-scheme:dark){:root[data-scheme=system]");
    expect(light).toMatchObject({
      "--accent": THEME.light.accent,
      "--bg": THEME.light.background,
      "--card": THEME.light.surface,
    });
    expect(dark).toMatchObject({
      "--accent": THEME.dark.accent,
      "--bg": THEME.dark.background,
      "--card": THEME.dark.surface,
    });
    expect(system).toEqual(dark);
    // the derived colours too: the page uses every one the contract computes
    const derived = themeColors(THEME.dark, "dark");
    expect(dark).toMatchObject({
      "--fg": derived.fg,
      "--line": derived.line,
      "--accent-fg": derived.accentFg,
      "--accent-soft": derived.accentSoft,
      "--green": derived.green,
      "--red": derived.red,
    });
  });

  it("sets data-scheme from the site's default, and from the member's scheme cookie when it holds a known value", async () => {
    expect(attribute(htmlTag(await (await new Visitor(stack).get("/")).text()), "data-scheme")).toBe("light");
    expect(attribute(htmlTag(await (await new Visitor(stack, BRAND2).get("/")).text()), "data-scheme")).toBe(
      DEMO2_SITE.config.theme!.defaultScheme,
    );
    for (const [cookie, shown] of [
      ["dark", "dark"],
      ["system", "system"],
      ["purple", "dark"],
    ] as const) {
      const visitor = new Visitor(stack, BRAND2);
      visitor.cookies.set("scheme", cookie);
      expect(attribute(htmlTag(await (await visitor.get("/login")).text()), "data-scheme"), `scheme=${cookie}`).toBe(
        shown,
      );
    }
  });

  it("sets data-updown by the language (red-up for ja-JP, zh-TW, zh-CN) unless the member chose", async () => {
    const updown = async (locale: string, choice?: string) => {
      const visitor = new Visitor(stack);
      visitor.cookies.set("locale", locale);
      if (choice) visitor.cookies.set("updown", choice);
      return attribute(htmlTag(await (await visitor.get("/terms")).text()), "data-updown");
    };
    expect(await updown("en_US")).toBe("green-up");
    expect(await updown("ja_JP")).toBe("red-up");
    expect(await updown("zh_TW")).toBe("red-up");
    expect(await updown("zh_CN")).toBe("red-up");
    expect(await updown("ja_JP", "green-up")).toBe("green-up");
    expect(await updown("en_US", "red-up")).toBe("red-up");
    expect(await updown("en_US", "blue-up")).toBe("green-up");
  });

  it("gives the browser the theme's surface colour: both schemes' with their media when following the device, else the one shown", async () => {
    const device = new Visitor(stack);
    device.cookies.set("scheme", "system");
    expect(themeColorMetas(await (await device.get("/")).text())).toEqual([
      { color: THEME.light.surface, media: "(prefers-color-scheme: light)" },
      { color: THEME.dark.surface, media: "(prefers-color-scheme: dark)" },
    ]);
    expect(themeColorMetas(await (await new Visitor(stack).get("/")).text())).toEqual([
      { color: THEME.light.surface, media: undefined },
    ]);
    const dark = new Visitor(stack);
    dark.cookies.set("scheme", "dark");
    expect(themeColorMetas(await (await dark.get("/")).text())).toEqual([
      { color: THEME.dark.surface, media: undefined },
    ]);
  });
});

describe("/appearance", () => {
  it("stores the scheme and up/down for a year and sends the member back to the page they were on", async () => {
    const visitor = new Visitor(stack);
    const answer = await visitor.post(
      "/appearance",
      { scheme: "dark", updown: "red-up", redirectTo: "/terms" },
      { csrf: await visitor.csrf("/") },
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/terms");
    const set = answer.headers.getSetCookie();
    expect(set.find((c) => c.startsWith("scheme=dark;"))).toContain("Max-Age=31536000");
    expect(set.find((c) => c.startsWith("updown=red-up;"))).toContain("Max-Age=31536000");
    const tag = htmlTag(await (await visitor.get("/terms")).text());
    expect([attribute(tag, "data-scheme"), attribute(tag, "data-updown")]).toEqual(["dark", "red-up"]);
  });

  it("ignores unknown values and a redirect off the site, and refuses a post without the CSRF token", async () => {
    const visitor = new Visitor(stack);
    const answer = await visitor.post(
      "/appearance",
      { scheme: "neon", updown: "up-up", redirectTo: "https://evil.example/" },
      { csrf: await visitor.csrf("/") },
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/");
    expect(answer.headers.getSetCookie().filter((c) => /^(scheme|updown)=/.test(c))).toEqual([]);
    const forged = await new Visitor(stack).post("/appearance", { scheme: "dark" }, { csrf: null });
    expect(forged.status).toBe(403);
    expect(forged.headers.getSetCookie().filter((c) => c.startsWith("scheme="))).toEqual([]);
  });

  it("keeps both choices across sign-in and sign-out", async () => {
    const member = await stack.platform.signupMember("demo");
    const visitor = new Visitor(stack);
    await visitor.post("/appearance", { scheme: "dark", updown: "red-up" }, { csrf: await visitor.csrf("/") });
    await visitor.signIn(member.account, member.password);
    const out = await visitor.post("/logout", {});
    expect(out.status).toBe(302);
    expect([visitor.cookies.get("scheme"), visitor.cookies.get("updown")]).toEqual(["dark", "red-up"]);
    const tag = htmlTag(await (await visitor.get("/")).text());
    expect([attribute(tag, "data-scheme"), attribute(tag, "data-updown")]).toEqual(["dark", "red-up"]);
  });
});

describe("the operator's up/down convention", () => {
  // last in the file: it changes brand2's theme for the rest of this stack
  it("overrides the language's default when the site sets one, and a member's own choice still wins", async () => {
    const zh = new Visitor(stack, BRAND2);
    expect(attribute(htmlTag(await (await zh.get("/")).text()), "data-updown")).toBe("red-up");
    await stack.platform.seedSite("demo2", { theme: { ...DEMO2_SITE.config.theme!, upDown: "green-up" } });
    expect(attribute(htmlTag(await (await new Visitor(stack, BRAND2).get("/")).text()), "data-updown")).toBe(
      "green-up",
    );
    const chose = new Visitor(stack, BRAND2);
    chose.cookies.set("updown", "red-up");
    expect(attribute(htmlTag(await (await chose.get("/")).text()), "data-updown")).toBe("red-up");
  });
});
