import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStack, Visitor, type Stack } from "../helpers/site";
import { objectStub } from "../helpers/platform";
import type { SiteConfigPatch } from "../../server/contract";

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
