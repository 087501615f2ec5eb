import type { Stack } from "./site";

/**
 * A test-only entry around the site bundle (createStack({ siteEntry: SITE_HARNESS_ENTRY })):
 *  - the site's clock can be moved ahead (POST /__test__/clock with the ms to add), so idle and
 *    absolute session lifetimes are tested without waiting; the platform keeps real time. It never
 *    goes back: what the site computed from a later time (e.g. its site info cache) stays valid;
 *  - every request the site sends the platform is written down (GET /__test__/platform-calls
 *    returns and clears the list), so a test can prove which calls a page made;
 *  - a request with an X-Test-Session-Secrets header is served with that SESSION_SECRETS, as a
 *    worker with another secret list would serve it (rolling the session secret).
 * Production code has no such hook: this module exists only in the test's workerd.
 */
export const SITE_HARNESS_ENTRY = `
  import worker from "./index.js";
  const RealDate = Date;
  let offset = 0;
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() { return RealDate.now() + offset; }
  }
  globalThis.Date = ShiftedDate;
  let calls = [];
  export default {
    async fetch(request, env, ctx) {
      const path = new URL(request.url).pathname;
      if (path === "/__test__/clock") {
        offset += Math.max(0, Number(await request.text()));
        return new Response(String(offset));
      }
      if (path === "/__test__/platform-calls") {
        const taken = calls;
        calls = [];
        return Response.json(taken);
      }
      const platform = {
        fetch(upstream) {
          const url = new URL(upstream.url);
          calls.push(upstream.method + " " + url.pathname);
          return env.PLATFORM.fetch(upstream);
        },
      };
      const secrets = request.headers.get("x-test-session-secrets");
      return worker.fetch(request, { ...env, PLATFORM: platform, ...(secrets ? { SESSION_SECRETS: secrets } : {}) }, ctx);
    },
  };
`;

/** Moves the site's clock `ms` further ahead (for good: a test measures time from where it starts). */
export async function advanceSiteClock(stack: Stack, ms: number): Promise<void> {
  const response = await stack.fetch("http://localhost/__test__/clock", { method: "POST", body: String(ms) });
  if (response.status !== 200) throw new Error(`site clock: ${response.status}`);
}

/** The platform requests ("METHOD /path") the site made since the last call, in order. */
export async function takePlatformCalls(stack: Stack): Promise<string[]> {
  const response = await stack.fetch("http://localhost/__test__/platform-calls");
  return (await response.json()) as string[];
}
