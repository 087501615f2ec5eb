import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { flatRoutes } from "@remix-run/dev/dist/config/flat-routes.js";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../app/i18n";
import { MEMBER_LINKS } from "../../app/utils/member-links";
import { MEMBER_PAGES } from "../helpers/member-pages";
import remixConfig from "../../remix.config.js";

/**
 * The member center's menu (app/utils/member-links.ts), the one list every member page list is
 * derived from: each section must be a page of the app and have its label in every language.
 */
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Every URL path the app renders a page at, read with Remix's own flat-routes convention and the
 * app's ignored files, so it is the router's reading of app/routes, not a second one. A layout
 * route with children is not a page (its index is).
 */
function pagePaths(): Set<string> {
  const routes = flatRoutes(join(ROOT, "app"), remixConfig.ignoredRouteFiles);
  const parents = new Set(Object.values(routes).map((route) => route.parentId));
  const fullPath = (id: string): string => {
    const route = routes[id]!;
    const above = route.parentId && route.parentId !== "root" ? fullPath(route.parentId) : "";
    return [above, route.path].filter(Boolean).join("/");
  };
  return new Set(
    Object.values(routes)
      .filter((route) => route.index || !parents.has(route.id))
      .map((route) => `/${fullPath(route.id)}`),
  );
}

function flatten(value: unknown, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) for (const [fk, fv] of flatten(v, `${prefix}${k}.`)) out.set(fk, fv);
  } else out.set(prefix.slice(0, -1), value);
  return out;
}

const common = (locale: string) =>
  flatten(JSON.parse(readFileSync(join(ROOT, "locales", locale, "common.json"), "utf8")));

describe("the member center's menu", () => {
  const pages = pagePaths();

  it("reads the app's pages as the router does: an index, a leaf, a path out of its folder's layout", () => {
    expect(pages).toContain("/user");
    expect(pages).toContain("/user/withdraw");
    expect(pages).toContain("/game/contract");
    // would find a section without a page
    expect(pages).not.toContain("/user/nowhere");
  });

  it.each(MEMBER_LINKS.map(([path]) => path))("%s is a page of the app", (path) => {
    expect(pages).toContain(path);
  });

  it.each(LOCALES)("%s has the label of every section, none empty", (locale) => {
    const texts = common(locale);
    for (const [path, key] of MEMBER_LINKS)
      expect(texts.get(key), `${path}: ${key}`).toEqual(expect.stringMatching(/\S/));
    // would find a label the language lacks
    expect(texts.get("user.nav_nowhere")).toBeUndefined();
  });

  it("walks every member page: each /user page without a parameter is in the checks' list", () => {
    // a page added to app/routes but not to the menu would escape valid HTML, touch targets and
    // accessibility; pages with a parameter (a message thread, a news item) need a check's own data
    const walked = new Set(MEMBER_PAGES.map((page) => page.split("?")[0]));
    const missing = [...pages].filter((path) => path.startsWith("/user") && !path.includes(":") && !walked.has(path));
    expect(missing).toEqual([]);
  });

  it("lists each section once", () => {
    const paths = MEMBER_LINKS.map(([path]) => path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
