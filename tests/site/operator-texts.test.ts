import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO2_SITE, DEMO_SITE, type SeedSite } from "../../server/cli/seed/sites";
import { localizeSite, type SiteInfo } from "../../server/contract";
import type { LocaleId } from "#rules/locales";
import { defaultSiteConfig } from "../../server/platform/site/defaults";
import { publishSeedContent, freshMember, registerFields, Visitor, type Stack } from "../helpers/site";
import { sharedStack } from "../helpers/shared";

/**
 * Operator texts in the member's language (server/contract/README.md, "Operator texts"): on both
 * demo sites, in every language, the pages a member reads show this language's seeded texts and
 * none of another language's: site title, description, copyright, game names, deposit options,
 * terms additions, news, campaigns and help. Over HTTP, signed in, each page rendered on the server.
 */

const LANGS: LocaleId[] = ["en_US", "zh_TW", "zh_CN", "ja_JP"];
const PAGES = [
  "/",
  "/terms",
  "/user",
  "/user/deposit",
  "/user/activity",
  "/user/news",
  "/user/help",
  "/user/transfer",
  "/game",
  "/game?tab=rules",
];

let stack: Stack;

beforeAll(async () => {
  stack = await sharedStack();
  await publishSeedContent(stack.platform, DEMO_SITE, DEMO2_SITE);
});
afterAll(() => stack?.dispose());

/** The first line of a text: a list's items are split into elements, a line is in one. */
const firstLine = (text: string) => text.split("\n")[0]!.trim();

/** Every text the operator wrote for `lang`, as one page element shows it. */
function textsOf(seed: SeedSite, lang: LocaleId): string[] {
  const site = localizeSite(
    { ...defaultSiteConfig(seed.siteId), ...seed.config, siteId: seed.siteId } as SiteInfo,
    lang,
  );
  const brand = (title: string) => title.replace("{brand}", seed.config.title!);
  return [
    site.title,
    site.description,
    site.copyRight,
    firstLine(site.terms),
    ...site.games.map((g) => g.name),
    ...site.depositOptions.flatMap((o) => [o.name, firstLine(o.instructions)]),
    ...seed.press.filter((p) => p.lang === lang).map((p) => brand(p.title)),
    ...seed.campaigns.filter((c) => c.lang === lang).map((c) => c.title),
    ...seed.instructions
      .filter((i) => i.lang === lang && (i.type === "help" || i.type === "rules"))
      .map((i) => i.title),
  ];
}

function decode(html: string): string {
  return html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

describe.each([
  { seed: DEMO_SITE, origin: "http://localhost" },
  { seed: DEMO2_SITE, origin: "http://brand2.localhost" },
])("$seed.siteId", ({ seed, origin }) => {
  it.each(LANGS)("in %s shows this language's operator texts and no other language's", async (lang) => {
    const visitor = new Visitor(stack, origin);
    expect((await visitor.post("/register", registerFields(freshMember()))).status).toBe(302);
    expect((await visitor.post("/language", { locale: lang, redirectTo: "/" })).status).toBe(302);

    let html = "";
    for (const path of PAGES) {
      const page = await visitor.follow(path);
      expect(page.response.status, path).toBe(200);
      expect(page.path, `${path} stays (no sign-in redirect)`).toBe(path);
      html += decode(page.html);
    }
    // the sign-in page, as a visitor in this language sees it
    const visitorOnly = new Visitor(stack, origin);
    await visitorOnly.post("/language", { locale: lang, redirectTo: "/" });
    html += decode((await visitorOnly.follow("/login")).html);

    const own = textsOf(seed, lang);
    expect(
      own.filter((text) => !html.includes(text)),
      `${lang} texts missing from the pages`,
    ).toEqual([]);
    // another language's text, unless this language's texts contain it too (the brand's name)
    const foreign = LANGS.filter((other) => other !== lang)
      .flatMap((other) => textsOf(seed, other))
      .filter((text) => !own.some((mine) => mine.includes(text)));
    expect(foreign.length, "the other languages have texts of their own").toBeGreaterThan(10);
    expect(
      foreign.filter((text) => html.includes(text)),
      `other languages' texts on ${lang} pages`,
    ).toEqual([]);
  });

  it("keeps the web app manifest in the site's default language for a member reading another", async () => {
    const visitor = new Visitor(stack, origin);
    const other = LANGS.find((lang) => lang !== seed.config.defaultLanguage)!;
    await visitor.post("/language", { locale: other, redirectTo: "/" });
    const manifest = (await (await visitor.get("/manifest.webmanifest")).json()) as {
      name: string;
      description: string;
    };
    expect(manifest).toMatchObject({ name: seed.config.title, description: seed.config.description });
  });

  it("renders numbered rules as list items (the daily rebate's 1. … 3., the first-deposit bonus's 1. … 4.)", async () => {
    const visitor = new Visitor(stack, origin);
    expect((await visitor.post("/register", registerFields(freshMember()))).status).toBe(302);
    const html = (await visitor.follow("/user/activity")).html;
    const lists = [...html.matchAll(/<ol>(.*?)<\/ol>/gs)].map((m) => m[1]!.match(/<li>/g)?.length ?? 0);
    expect(lists).toEqual([3, 4]);
  });
});
