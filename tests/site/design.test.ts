import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStack, Visitor, type Stack } from "../helpers/site";

/**
 * The two demo sites look like two brands (app/README.md, "Themes"; docs/operators.md, "Theme"):
 * the server renders each site's design as `<html>` attributes and custom properties, and the home
 * page's hero in the layout and artwork the theme chose, with no JavaScript.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await createStack();
});
afterAll(() => stack?.dispose());

const DEMO = "http://localhost";
const DEMO2 = "http://brand2.localhost";
const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0] ?? "";
const attribute = (tag: string, name: string) => new RegExp(` ${name}="([^"]*)"`).exec(tag)?.[1];
const DESIGN_ATTRIBUTES = ["data-font", "data-scale", "data-radius", "data-density", "data-buttons", "data-hero"];

async function page(origin: string, path: string, locale?: string): Promise<string> {
  const visitor = new Visitor(stack, origin);
  if (locale) visitor.cookies.set("locale", locale);
  return (await visitor.get(path)).text();
}

describe("each site's design on its pages", () => {
  it("renders different design attributes on <html> for demo and demo2, on every kind of page", async () => {
    for (const path of ["/", "/login", "/terms"]) {
      const demo = htmlTag(await page(DEMO, path));
      const demo2 = htmlTag(await page(DEMO2, path));
      const values = (tag: string) => DESIGN_ATTRIBUTES.map((name) => attribute(tag, name));
      expect(values(demo), path).toEqual(["rounded", "large", "round", "comfortable", "pill", "centred"]);
      expect(values(demo2), path).toEqual(["grotesk", "compact", "square", "compact", "solid", "split"]);
    }
  });

  it("writes the design's custom properties, with the family's CJK fonts for the page's language", async () => {
    const demoJa = await page(DEMO, "/", "ja_JP");
    expect(demoJa).toContain("--text-root:17px");
    expect(demoJa).toContain("--radius:16px");
    expect(demoJa).toMatch(/--font:[^;]*"Hiragino Maru Gothic ProN"/);
    const demo2Tw = await page(DEMO2, "/", "zh_TW");
    expect(demo2Tw).toContain("--text-root:15px");
    expect(demo2Tw).toContain("--radius:2px");
    expect(demo2Tw).toMatch(/--font:Inter, [^;]*"PingFang TC"/);
    expect(demo2Tw).not.toMatch(/--font:[^;]*"PingFang SC"/);
  });

  it("lays out the home page's hero as the theme says: demo centred under waves, demo2 beside its markets", async () => {
    const demo = await page(DEMO, "/");
    expect(demo).toContain('class="hero hero-centred"');
    expect(demo).toMatch(/<svg class="hero-art"[^>]*aria-hidden="true"/);
    expect(demo).not.toContain("hero-markets");
    const demo2 = await page(DEMO2, "/", "en_US");
    expect(demo2).toContain('class="hero hero-split"');
    // the site's pairs link to the game, and the odds are the site's own
    expect(demo2).toMatch(/<section aria-labelledby="markets-title" class="card hero-markets">/);
    expect(demo2).toContain('href="/game?pair=BTC-USDT"');
    expect(demo2).toMatch(/<dt>Rise<\/dt><dd>×1\.90<\/dd>/);
  });
});
