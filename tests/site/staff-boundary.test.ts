import { readdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStack, Visitor, type Stack } from "../helpers/site";
import { objectStub } from "../helpers/platform";
import { OPERATOR_ROLES, type OperatorRole, type SiteConfigPatch } from "../../server/contract";
import { SECTIONS } from "../../app/backoffice/sections";
import en from "../../locales/en-US/backoffice.json";

/**
 * What an attacker's review of the back office and the staff/member boundary fixed (app/backoffice/
 * README.md, "Attacks considered"), each shown over HTTP against the built site and platform.
 */
const OPS = "http://ops.localhost";
let stack: Stack;

beforeAll(async () => {
  stack = await createStack({ vars: { OPERATOR_HOSTS: "ops.localhost" } });
});
afterAll(() => stack?.dispose());

describe("links staff set, on members' pages", () => {
  it("draws no social link that is not a web address, even one stored before the platform refused them", async () => {
    // written to the site object directly, as a site stored before the rule would hold it
    const site = objectStub<{ putConfig(siteId: string, patch: SiteConfigPatch): Promise<unknown> }>(
      stack.platform,
      "SITE",
      "demo2",
    );
    await site.putConfig("demo2", {
      socialOptions: [
        { name: "Evil", url: "javascript:alert(document.cookie)" },
        { name: "Data", url: "data:text/html,<script>alert(1)</script>" },
        { name: "LINE", url: "https://line.me/R/ti/p/brandtwo" },
      ],
    });
    const visitor = new Visitor(stack, "http://brand2.localhost");
    for (const path of ["/", "/login", "/contact"]) {
      const page = await visitor.get(path);
      expect(page.status, path).toBe(200);
      const html = await page.text();
      expect(html, path).not.toMatch(/href="(javascript|data):/i);
      expect(html, path).toContain('href="https://line.me/R/ti/p/brandtwo"');
    }
  });
});

/** A back-office route file's path, as a request names it (Remix's flat routes), on the site `demo`. */
function pathOf(file: string): string {
  // "[.]" is a literal dot inside a segment (preview[.]css)
  const segments = file
    .replace(/\.tsx$/, "")
    .replace("[.]", "\u0000")
    .split(".")
    .map((segment) => segment.replace("\u0000", "."));
  const index = segments.at(-1) === "_index";
  const parts = (index ? segments.slice(0, -1) : segments).map((segment) => {
    const plain = segment.replace(/_$/, "");
    if (plain === "$siteId") return "demo";
    if (plain === "$size") return "192";
    if (plain === "$pair") return "BTC-USDT";
    return plain.startsWith("$") ? "x1" : plain;
  });
  return `/${parts.join("/")}${index ? "?index" : ""}`;
}

/**
 * Who may open a route, from the one table the menu and the pages read (sections.ts): a site's
 * section by its first segment, a document for whoever reviews banks or answers messages, the
 * platform section for admins of every site. null: any operator of the site (its overview).
 */
function rolesOf(path: string): { platform: true } | readonly OperatorRole[] | null {
  if (path.startsWith("/bo/platform")) return { platform: true };
  const section = /^\/bo\/sites\/demo\/([a-z]+)/.exec(path)?.[1];
  if (section === undefined) return null;
  if (section === "files") return [...new Set(["bank", "messages"].flatMap((s) => rolesFor(s)))];
  return rolesFor(section);
}
function rolesFor(section: string): readonly OperatorRole[] {
  const found = SECTIONS.find((s) => s.path === section);
  if (!found) throw new Error(`a back-office route under an unknown section: ${section}`);
  return found.roles;
}

/** Every back-office route of a site or the platform, with whether it takes posts. */
const ROUTES = readdirSync("app/routes")
  .filter((file) => /^bo\.(sites|platform)/.test(file))
  .map((file) => ({
    file,
    path: pathOf(file),
    action: /export async function action/.test(readFileSync(`app/routes/${file}`, "utf8")),
  }));

describe("a role on another role's page, loader or action", () => {
  it("finds the routes it sweeps: every action of the back office's sections", () => {
    expect(ROUTES.filter((r) => r.action).length).toBeGreaterThanOrEqual(16);
    expect(ROUTES.map((r) => r.path)).toContain("/bo/sites/demo/withdrawals");
  });

  it("refuses each route to an operator of the site holding every role but the route's, GET and POST", async () => {
    const made = new Map<string, Visitor>();
    /** signed in as an operator of `sites` with `roles`, made once per combination */
    const as = async (sites: string[], roles: OperatorRole[]) => {
      const name = `${sites.join("+")}:${roles.join("+")}`;
      let visitor = made.get(name);
      if (!visitor) {
        const op = await stack.platform.createOperator({ name: `Sweep ${name}`, sites, roles });
        visitor = new Visitor(stack, OPS);
        const answer = await visitor.post("/bo/login", { key: op.key }, { csrf: await visitor.csrf("/bo/login") });
        expect(answer.status).toBe(302);
        made.set(name, visitor);
      }
      return visitor;
    };
    let swept = 0;
    for (const route of ROUTES) {
      const needed = rolesOf(route.path);
      if (needed === null) continue;
      const attackers =
        "platform" in needed
          ? // admin of one site only, and every role but admin on every site
            [await as(["demo"], [...OPERATOR_ROLES]), await as(["*"], ["support", "finance"])]
          : [
              await as(
                ["demo"],
                OPERATOR_ROLES.filter((role) => !needed.includes(role)),
              ),
            ];
      for (const visitor of attackers) {
        const read = await visitor.get(route.path);
        expect(read.status, `GET ${route.path}`).toBe(403);
        if (!route.action) continue;
        // the session's CSRF token, from a page every operator of the site opens: the post is well formed
        const csrf = await visitor.csrf("/bo/sites/demo");
        for (const intent of ["approve", "save", "publish", "create", "chat", "pause", "xpub", "addresses"]) {
          const posted = await visitor.post(route.path, { intent, id: "x1", confirm: "yes" }, { csrf });
          expect(posted.status, `POST ${route.path} intent=${intent}`).toBe(403);
          const page = await posted.text();
          expect(page, route.path).toContain("platform" in needed ? html(en.refused.platform) : html(en.refused.role));
        }
        swept++;
      }
    }
    expect(swept).toBeGreaterThanOrEqual(16);
  });

  it("refuses each route of a site to an operator of another site holding every role", async () => {
    const op = await stack.platform.createOperator({
      name: "Other site",
      sites: ["demo2"],
      roles: [...OPERATOR_ROLES],
    });
    const visitor = new Visitor(stack, OPS);
    await visitor.post("/bo/login", { key: op.key }, { csrf: await visitor.csrf("/bo/login") });
    const csrf = await visitor.csrf("/bo/sites/demo2");
    for (const route of ROUTES.filter((r) => r.path.startsWith("/bo/sites/demo"))) {
      expect((await visitor.get(route.path)).status, `GET ${route.path}`).toBe(403);
      if (route.action)
        expect((await visitor.post(route.path, { intent: "approve", id: "x1" }, { csrf })).status, route.path).toBe(
          403,
        );
    }
  });
});

/** A text as React writes it into the page (an apostrophe escaped). */
const html = (text: string) => text.replace(/'/g, "&#x27;").replace(/"/g, "&quot;");
