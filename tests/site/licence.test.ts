import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO2_SITE, DEMO_SITE } from "../../server/cli/seed/sites";
import { createStack, Visitor, type Stack } from "../helpers/site";

/**
 * "Licence and operator" (site info `licence`): a short link in every page's footer, a section
 * with id="licence" on /terms, and the governing-law clause pointing at it; a site without one
 * shows no link, no section and no pointer to a section that is not there.
 */

let stack: Stack;
beforeAll(async () => {
  stack = await createStack();
});
afterAll(() => stack?.dispose());

const footerOf = (html: string) => /<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? "";
const sectionOf = (html: string, id: string) =>
  new RegExp(`<section[^>]*id="${id}"[^>]*>([\\s\\S]*?)</section>`).exec(html)?.[1];
const lawOf = (html: string) => /<section aria-labelledby="terms-law">([\s\S]*?)<\/section>/.exec(html)?.[1] ?? "";

describe("licence and operator", () => {
  it("links it from the footer and shows it on /terms, where the governing-law clause points at it (demo, English)", async () => {
    const visitor = new Visitor(stack);
    const home = (await visitor.follow("/")).html;
    expect(footerOf(home)).toMatch(/<a [^>]*href="\/terms#licence"[^>]*>Licence and operator<\/a>/);
    const terms = (await visitor.follow("/terms")).html;
    const section = sectionOf(terms, "licence");
    expect(section).toContain('<h2 id="terms-licence">Licence and operator</h2>');
    expect(section).toContain("Demo Trade is operated by Demo Trade Ltd., Taipei, Taiwan");
    expect(section).toContain("holds no gaming or financial licence");
    expect(lawOf(terms)).toMatch(/<a href="#licence">Licence and operator<\/a>/);
  });

  it("shows the site's own text in its language (demo2, Traditional Chinese, and its English translation)", async () => {
    const visitor = new Visitor(stack, "http://brand2.localhost");
    const zh = (await visitor.follow("/terms")).html;
    expect(footerOf(zh)).toMatch(/<a [^>]*href="\/terms#licence"[^>]*>執照與營運商<\/a>/);
    expect(sectionOf(zh, "licence")).toContain(DEMO2_SITE.config.licence!.split("\n")[0]);
    await visitor.post("/language", { locale: "en_US", redirectTo: "/" });
    const en = (await visitor.follow("/terms")).html;
    expect(sectionOf(en, "licence")).toContain("Brand Two Markets is operated by Brand Two Markets Ltd.");
  });

  it("shows nothing of it where the site publishes none: no footer link, no section, no pointer in the clause", async () => {
    await stack.platform.seedSite("demo", { licence: "" });
    try {
      const visitor = new Visitor(stack);
      const terms = (await visitor.follow("/terms")).html;
      expect(footerOf(terms)).not.toContain("#licence");
      expect(sectionOf(terms, "licence")).toBeUndefined();
      expect(terms).not.toContain('href="#licence"');
      // the clause itself still reads whole: the law of the operator's place of incorporation
      expect(lawOf(terms)).toContain(
        "governed by the laws of the place where the operator of Demo Trade is incorporated",
      );
    } finally {
      await stack.platform.seedSite("demo", { licence: DEMO_SITE.config.licence! });
    }
  });
});
