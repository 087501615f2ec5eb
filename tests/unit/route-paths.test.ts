import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The auth guard's "model" rule (app/README.md, "The model sub-page rule"): leaving a path that
 * contains "model" would keep a sub-page segment taken from the previous route's name. No route of
 * this product contains "model", so the rule has nothing to act on and is not implemented; this
 * pins that. A route whose path contains it (a file under app/routes: flat routes make every
 * path segment part of a file name) fails here, and must come with the rule's code and tests.
 */
const ROUTES = fileURLToPath(new URL("../../app/routes", import.meta.url));

describe("route paths", () => {
  const files = readdirSync(ROUTES, { recursive: true }).map(String);

  it("reads the app's route modules", () => {
    expect(files).toEqual(expect.arrayContaining(["user.gamePage.tsx", "user.withdraw.tsx", "$.tsx"]));
  });

  it('has no route whose path contains "model" (the auth guard\'s sub-page rule would apply to it)', () => {
    expect(files.filter((file) => /model/i.test(file))).toEqual([]);
  });
});
