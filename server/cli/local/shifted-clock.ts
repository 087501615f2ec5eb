/**
 * The platform bundle behind a running clock with an offset, for local looks (serve.ts with
 * PLATFORM_CLOCK_CONTROL=1) and the site tests that need a platform ahead of real time: the same
 * shape as the tests' stopped-clock entry (tests/platform/center-helpers.ts, CLOCK_ENTRY), but the
 * time runs, so the market ticks live at "now + offset". `POST /__test__/clock-offset` with a
 * number of milliseconds sets the offset; it only grows (a clock that went back would let the
 * market record a second twice). Alarms are turned between the two clocks. It is never part of
 * what `wrangler deploy` builds.
 */
export const SHIFTED_CLOCK_ENTRY = `
  import worker, { MarketObject, MemberObject, SiteObject } from "./worker.js";
  export { OperatorObject } from "./worker.js";
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
  // Alarms are kept by the runtime on its own clock: an alarm set for "now + 1 s" on the shifted
  // clock would otherwise fire a whole offset late (the market's 1-second alarm, a member's
  // settlement). Each object's storage turns alarm times between the two clocks.
  function shiftAlarms(storage) {
    const set = storage.setAlarm.bind(storage);
    const get = storage.getAlarm.bind(storage);
    storage.setAlarm = (time, options) => set(Number(time) - offset, options);
    storage.getAlarm = async (options) => {
      const at = await get(options);
      return at === null ? null : at + offset;
    };
  }
  class ShiftedMarketObject extends MarketObject {
    constructor(ctx, env) { super(ctx, env); shiftAlarms(ctx.storage); }
  }
  class ShiftedMemberObject extends MemberObject {
    constructor(ctx, env) { super(ctx, env); shiftAlarms(ctx.storage); }
  }
  class ShiftedSiteObject extends SiteObject {
    constructor(ctx, env) { super(ctx, env); shiftAlarms(ctx.storage); }
  }
  export { ShiftedMarketObject as MarketObject, ShiftedMemberObject as MemberObject, ShiftedSiteObject as SiteObject };
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
