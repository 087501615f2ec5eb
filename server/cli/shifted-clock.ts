/**
 * The platform bundle behind a running clock with an offset, for local looks (serve.ts with
 * PLATFORM_CLOCK_CONTROL=1) and the site tests that need a platform ahead of real time: the same
 * shape as the tests' stopped-clock entry (tests/platform/center-helpers.ts, CLOCK_ENTRY), but the
 * time runs, so the market ticks live at "now + offset". `POST /__test__/clock-offset` with a
 * number of milliseconds sets the offset; it only grows (a clock that went back would let the
 * market record a second twice). It is never part of what `wrangler deploy` builds.
 */
export const SHIFTED_CLOCK_ENTRY = `
  import worker, { MarketObject, MemberObject, SiteObject } from "./worker.js";
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
  export { MarketObject, MemberObject, SiteObject };
  export default {
    async fetch(request, env, ctx) {
      if (new URL(request.url).pathname === "/__test__/clock-offset" && request.method === "POST") {
        offset = Math.max(offset, Number(await request.text()) || 0);
        return new Response(new Date().toISOString());
      }
      return worker.fetch(request, env, ctx);
    },
  };
`;
