import { expect } from "vitest";
import type { CallData } from "../../server/contract";
import { createPlatform, STOPPED_CLOCK_JS, type Platform, type TestMember } from "../helpers/platform";
import { eventually, memberCall } from "./money-helpers";

/**
 * The real bundle behind an entry that stops the isolate's clock: `Date.now()` and `new Date()`
 * answer exactly the time the test set with `setClock` until it sets another (a running clock made
 * the 59th/61st-second tests depend on how fast the machine was). The platform's durable objects
 * run in the same isolate under Miniflare, so they see the same clock; the production code has
 * no hook for it. (Alarms are scheduled on the shifted clock too, so a platform built with this
 * entry should not rely on the outbox while the clock is ahead.)
 */
export const CLOCK_ENTRY = `
  import worker, { MarketObject, MemberObject, SiteObject } from "./worker.js";
  export { OperatorObject } from "./worker.js";
  ${STOPPED_CLOCK_JS}
  export { MarketObject, MemberObject, SiteObject };
  export default {
    async fetch(request, env, ctx) {
      if (new URL(request.url).pathname === "/__test__/clock") {
        frozen = Number(await request.text());
        return new Response(new Date().toISOString());
      }
      return worker.fetch(request, env, ctx);
    },
  };
`;

/** Sets the platform's clock to `at`, where it stays until the next call. Returns the platform's now. */
export async function setClock(platform: Platform, at: number): Promise<string> {
  const response = await platform.fetch("/__test__/clock", { method: "POST", body: String(at) });
  return response.text();
}

/**
 * A platform on a stopped clock set to `start` (CLOCK_ENTRY), and `advance(ms)` to move it on. A
 * start in the past keeps the member objects' alarms firing at once.
 */
export async function stoppedClockPlatform(
  start: number,
): Promise<{ platform: Platform; advance: (ms: number) => Promise<void> }> {
  const platform = await createPlatform({ wrapEntry: CLOCK_ENTRY });
  let clock = start;
  await setClock(platform, clock);
  const advance = async (ms: number) => {
    clock += ms;
    await setClock(platform, clock);
  };
  return { platform, advance };
}

/** The newest code the log provider "sent" to a number, read as an operator would. */
export async function lastCode(
  platform: Platform,
  siteId: string,
  mobile: string,
): Promise<CallData<"operatorSmsLog">[number] | undefined> {
  const { envelope } = await platform.operator("operatorSmsLog", { params: { siteId }, query: { mobile } });
  expect(envelope.statusCode, envelope.message).toBe(200);
  return envelope.data![0];
}

/**
 * The newest reset code sent to a number, waited for: forgotSend answers before the text leaves
 * (server/platform/README.md, "Forgotten password"), so it reaches the log just after the answer.
 */
export async function sentResetCode(
  platform: Platform,
  siteId: string,
  mobile: string,
): Promise<CallData<"operatorSmsLog">[number]> {
  return eventually(async () => {
    const entry = await lastCode(platform, siteId, mobile);
    return entry?.purpose === "reset_password" ? entry : null;
  });
}

export async function sendCode(platform: Platform, member: TestMember) {
  return memberCall(platform, member, "smsSend", { body: { purpose: "verify_mobile" } });
}

export async function verifyCode(platform: Platform, member: TestMember, code: string) {
  return memberCall(platform, member, "smsVerify", { body: { code }, key: null });
}

/** A different code of the same length: what a wrong guess looks like. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
