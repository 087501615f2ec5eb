import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signupBody, unique, type Platform } from "../helpers/platform";
import { sharedPlatform } from "../helpers/shared";

const SITE = "race-a";
let platform: Platform;
beforeAll(async () => {
  platform = await sharedPlatform();
  await platform.seedSite(SITE);
});
afterAll(() => platform.dispose());

const countBy = (messages: string[]) =>
  messages.reduce<Record<string, number>>((counts, m) => ({ ...counts, [m]: (counts[m] ?? 0) + 1 }), {});

describe("the account directory under concurrency", () => {
  it("lets exactly one of 20 parallel sign-ups of the same account succeed", async () => {
    const account = unique().account;
    const bodies = Array.from({ length: 20 }, () => signupBody(SITE, { account }));
    const results = await Promise.all(bodies.map((body) => platform.call("signup", { body })));
    expect(countBy(results.map((r) => r.envelope.message))).toEqual({ ok: 1, account_exists: 19 });

    const winner = bodies[results.findIndex((r) => r.envelope.statusCode === 200)]!;
    const signin = await platform.call("signin", { body: { siteId: SITE, account, password: winner.password } });
    const { token } = signin.envelope.data!;
    const info = await platform.call("playerInfo", { token, siteId: SITE });
    expect(info.envelope.data!.mobile).toBe(winner.mobile);
    // The losers' mobiles were never taken.
    const loser = bodies.find((b) => b !== winner)!;
    expect(
      (await platform.call("signup", { body: signupBody(SITE, { mobile: loser.mobile }) })).envelope.statusCode,
    ).toBe(200);
  });

  it("lets exactly one of 20 parallel sign-ups of the same mobile succeed", async () => {
    const mobile = unique().mobile;
    const bodies = Array.from({ length: 20 }, () => signupBody(SITE, { mobile }));
    const results = await Promise.all(bodies.map((body) => platform.call("signup", { body })));
    expect(countBy(results.map((r) => r.envelope.message))).toEqual({ ok: 1, mobile_registered: 19 });
  });

  it("lets 20 parallel sign-ups of different accounts all succeed", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => platform.call("signup", { body: signupBody(SITE) })),
    );
    expect(results.every((r) => r.envelope.statusCode === 200)).toBe(true);
  });
});
