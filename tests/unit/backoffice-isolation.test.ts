/**
 * Nothing of the back office reaches a member page (decision 034): no member route's initial JS or
 * CSS (entry, root, its route chain and their static imports, as tests/bench measures them) holds
 * a source file of app/backoffice/ or a back-office route, and no back-office route is in a member
 * route's chain. Read from the build (`npm run build` first), so a static import from root.tsx or a
 * shared component fails here, whatever the source looks like.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { analyseBundle } from "../bench/bundle";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const META = JSON.parse(readFileSync(join(ROOT, ".build/site/metafile.js.json"), "utf8")) as {
  outputs: Record<string, { inputs: Record<string, unknown> }>;
};

/** A source file of the back office: its folder, or a route of /bo. */
const isBackOffice = (input: string) =>
  /(^|\/)app\/backoffice\//.test(input) || /(^|\/)app\/routes\/bo[._]/.test(input);

describe("the back office stays out of the member site's pages", () => {
  it("adds no back-office source to any member route's initial JS or CSS", async () => {
    const report = await analyseBundle();
    const members = report.routes.filter((route) => !route.chain.some((id) => id.startsWith("routes/bo")));
    const backOffice = report.routes.filter((route) => route.chain.some((id) => id.startsWith("routes/bo")));
    // both kinds are there, or the check below proves nothing
    expect(members.length).toBeGreaterThan(20);
    expect(backOffice.length).toBeGreaterThan(3);
    for (const route of members) {
      const leaked = route.js.flatMap((url) =>
        Object.keys(META.outputs[`public${url}`]?.inputs ?? {}).filter(isBackOffice),
      );
      expect(leaked, `${route.id}'s initial JS`).toEqual([]);
      expect(
        route.css.filter((href) => /backoffice/.test(href)),
        `${route.id}'s CSS`,
      ).toEqual([]);
    }
    // and the check can see it: the back office's own pages do hold its sources
    const own = backOffice.flatMap((route) =>
      route.js.flatMap((url) => Object.keys(META.outputs[`public${url}`]?.inputs ?? {}).filter(isBackOffice)),
    );
    expect(own.length).toBeGreaterThan(0);
  });
});
