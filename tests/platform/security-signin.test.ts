import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CLIENT_ADDRESS_HEADER,
  SIGNIN_LIMITS,
  TURNSTILE_TEST_ANSWER,
  signinDelaySeconds,
  type AuditEntry,
} from "../../server/contract";
import type { Platform, TestMember } from "../helpers/platform";
import { stoppedClockPlatform } from "./center-helpers";

/**
 * Sign-in limits per account, per network and per known device (server/contract/security.ts
 * SIGNIN_LIMITS), replaying the black-box findings: forty guesses from forty addresses of one IPv6
 * /64, and ten failures from one address shutting out everyone behind it. On a stopped clock, so
 * the waits can be waited out; the development platform checks the challenge with Turnstile's
 * always-passing test secret, locally (server/platform/auth/turnstile.ts).
 */
const SITE = "signin-a";
const OTHER_SITE = "signin-b";
const MINUTE = 60_000;
const LOCK = SIGNIN_LIMITS.lockMinutes * MINUTE;
/** longer than any wait */
const WAIT = SIGNIN_LIMITS.maxDelaySeconds * 1000;
let platform: Platform;
let advance: (ms: number) => Promise<void>;

beforeAll(async () => {
  ({ platform, advance } = await stoppedClockPlatform(Date.now() - 24 * 60 * MINUTE));
  await platform.seedSite(SITE);
  await platform.seedSite(OTHER_SITE);
});
afterAll(() => platform.dispose());

type Options = { address?: string; device?: string; challenge?: string; siteId?: string };
function signin(account: string, password: string, opts: Options = {}) {
  const headers: Record<string, string> = opts.address ? { [CLIENT_ADDRESS_HEADER]: opts.address } : {};
  const body = {
    siteId: opts.siteId ?? SITE,
    account,
    password,
    ...(opts.device ? { device: opts.device } : {}),
    ...(opts.challenge ? { challenge: opts.challenge } : {}),
  };
  return platform.call("signin", { body, headers });
}

let networkCounter = 0;
/** A network no other test uses: an IPv4 address (TEST-NET-2) or a documentation IPv6 /64. */
const freshNetwork = (v6: boolean) => {
  networkCounter += 1;
  return v6 ? `2001:db8:${networkCounter.toString(16)}:1` : `198.51.100.${networkCounter}`;
};
const freshAddress = () => `${freshNetwork(true)}::1`;

/** The member's device token, from a sign-in at home. */
async function deviceOf(m: TestMember, address = freshAddress()): Promise<string> {
  const home = await signin(m.account, m.password, { address });
  expect(home.envelope.statusCode).toBe(200);
  expect(home.envelope.data!.device).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return home.envelope.data!.device!;
}

const WRONG = { statusCode: 400, message: "wrong_account_or_password" };
const CHALLENGE = { statusCode: 429, message: "challenge_required" };
const messages = (results: { envelope: { message: string } }[]) => results.map((r) => r.envelope.message);
const count = (values: string[]) =>
  values.reduce<Record<string, number>>((acc, v) => ({ ...acc, [v]: (acc[v] ?? 0) + 1 }), {});

describe("forty guesses at one account from forty addresses of one IPv6 /64", () => {
  it("are one network: challenged from the third failure, slowed down, locked at the tenth; the 41st, with the right password, does not sign in", async () => {
    const m = await platform.signupMember(SITE);
    const device = await deviceOf(m);
    const slash64 = freshNetwork(true);
    const outcomes: string[] = [];
    for (let i = 1; i <= 40; i++) {
      const address = `${slash64}:${i.toString(16)}:0:${(i * 7).toString(16)}`;
      // the guesser answers every challenge and waits out every wait: only a lock stops it
      let r = await signin(m.account, "wrong-guess", { address });
      if (r.envelope.message === "challenge_required")
        r = await signin(m.account, "wrong-guess", { address, challenge: TURNSTILE_TEST_ANSWER });
      if (r.envelope.message === "signin_too_fast") {
        await advance(WAIT);
        r = await signin(m.account, "wrong-guess", { address, challenge: TURNSTILE_TEST_ANSWER });
      }
      outcomes.push(r.envelope.message);
    }
    expect(count(outcomes)).toEqual({
      wrong_account_or_password: SIGNIN_LIMITS.maxFailures,
      account_locked: 40 - SIGNIN_LIMITS.maxFailures,
    });
    const last = `${slash64}:ffff::41`;
    const refused = await signin(m.account, m.password, { address: last, challenge: TURNSTILE_TEST_ANSWER });
    expect(refused.status).toBe(429);
    expect(refused.envelope.message).toBe("account_locked");
    // strangers on other networks too: the account's count adds up every network's failures
    expect(
      (await signin(m.account, m.password, { address: freshAddress(), challenge: TURNSTILE_TEST_ANSWER })).envelope
        .message,
    ).toBe("account_locked");
    // the member's own device is not held off by the strangers' lock, not even from that /64
    expect((await signin(m.account, m.password, { address: last, device })).envelope.statusCode).toBe(200);
    expect((await signin(m.account, m.password, { device })).envelope.statusCode).toBe(200);
    // the lock ends after its length
    await advance(LOCK);
    expect((await signin(m.account, m.password, { address: freshAddress() })).envelope.statusCode).toBe(200);
  });

  it("asks for the challenge before the wait, refuses a wrong answer, and names the seconds to wait, doubling with each failure", async () => {
    const m = await platform.signupMember(SITE);
    const slash64 = freshNetwork(true);
    const at = (i: number) => `${slash64}::${i.toString(16)}`;
    for (let i = 1; i <= SIGNIN_LIMITS.challengeAfter; i++)
      expect((await signin(m.account, "wrong-guess", { address: at(i) })).envelope).toEqual(WRONG);
    await advance(WAIT);
    expect((await signin(m.account, m.password, { address: at(10) })).envelope).toEqual(CHALLENGE);
    expect((await signin(m.account, m.password, { address: at(11), challenge: "not-the-answer" })).envelope).toEqual({
      statusCode: 400,
      message: "challenge_failed",
    });
    for (let failures = SIGNIN_LIMITS.challengeAfter; failures < SIGNIN_LIMITS.challengeAfter + 3; failures++) {
      expect(
        (await signin(m.account, "wrong-guess", { address: at(20 + failures), challenge: TURNSTILE_TEST_ANSWER }))
          .envelope,
      ).toEqual(WRONG);
      const early = await signin(m.account, m.password, {
        address: at(40 + failures),
        challenge: TURNSTILE_TEST_ANSWER,
      });
      expect(early.status).toBe(429);
      expect(early.envelope).toEqual({
        statusCode: 429,
        message: "signin_too_fast",
        data: { seconds: signinDelaySeconds(failures + 1) },
      });
      await advance(signinDelaySeconds(failures + 1) * 1000);
    }
    // after the wait, with the challenge, the right password from a stranger still signs in (no lock yet)
    expect(
      (await signin(m.account, m.password, { address: at(99), challenge: TURNSTILE_TEST_ANSWER })).envelope.statusCode,
    ).toBe(200);
  });
});

describe("ten failures on other accounts from one address (a carrier's NAT, an office)", () => {
  it("do not stop a right password from a known device, nor, after the challenge, from a new one", async () => {
    const nat = freshNetwork(false);
    const regular = await platform.signupMember(SITE);
    const device = await deviceOf(regular);
    const newcomer = await platform.signupMember(SITE);
    for (let i = 0; i < 10; i++) {
      const r = await signin(`stranger${networkCounter}n${i}`, "wrong-guess", {
        address: nat,
        challenge: i >= SIGNIN_LIMITS.challengeAfter ? TURNSTILE_TEST_ANSWER : undefined,
      });
      expect(r.envelope, `failure ${i + 1}`).toEqual(WRONG);
    }
    // a member who signed in on this phone before: straight in, no challenge
    expect((await signin(regular.account, regular.password, { address: nat, device })).envelope.statusCode).toBe(200);
    // a member new to this device: the network asks for the challenge, and then lets them in
    expect((await signin(newcomer.account, newcomer.password, { address: nat })).envelope).toEqual(CHALLENGE);
    const passed = await signin(newcomer.account, newcomer.password, {
      address: nat,
      challenge: TURNSTILE_TEST_ANSWER,
    });
    expect(passed.envelope.statusCode).toBe(200);
    // from now on the newcomer's device is known too
    expect(
      (await signin(newcomer.account, newcomer.password, { address: nat, device: passed.envelope.data!.device }))
        .envelope.statusCode,
    ).toBe(200);
    // the network is never locked: more failures still only ask for the challenge
    for (let i = 0; i < 20; i++)
      await signin(`stranger${networkCounter}m${i}`, "wrong-guess", { address: nat, challenge: TURNSTILE_TEST_ANSWER });
    expect(
      (await signin(`late${networkCounter}`, "wrong-guess", { address: nat, challenge: TURNSTILE_TEST_ANSWER }))
        .envelope,
    ).toEqual(WRONG);
  });

  it("ask for the challenge only on that network and site: another network, and the same address on another site, go on without", async () => {
    const nat = freshNetwork(false);
    for (let i = 0; i < SIGNIN_LIMITS.challengeAfter; i++)
      await signin(`ghost${networkCounter}g${i}`, "wrong-guess", { address: nat });
    const m = await platform.signupMember(SITE);
    expect((await signin(m.account, m.password, { address: nat })).envelope).toEqual(CHALLENGE);
    // an IPv6 /64 is one network, whichever of its addresses each failure came from
    const slash64 = freshNetwork(true);
    for (let i = 1; i <= SIGNIN_LIMITS.challengeAfter; i++)
      await signin(`ghost${networkCounter}h${i}`, "wrong-guess", { address: `${slash64}:${i}::${i}` });
    expect((await signin(m.account, m.password, { address: `${slash64}:beef::1` })).envelope).toEqual(CHALLENGE);
    expect((await signin(m.account, m.password, { address: freshAddress() })).envelope.statusCode).toBe(200);
    const elsewhere = await platform.signupMember(OTHER_SITE);
    expect(
      (await signin(elsewhere.account, elsewhere.password, { address: nat, siteId: OTHER_SITE })).envelope.statusCode,
    ).toBe(200);
  });
});

describe("the device token", () => {
  it("is handed out at a sign-in from a new device, names its account only, and is refused when made up", async () => {
    const m = await platform.signupMember(SITE);
    const other = await platform.signupMember(SITE);
    const device = await deviceOf(m);
    // a known device gets its own token back, not a new one
    expect((await signin(m.account, m.password, { device })).envelope.data!.device).toBe(device);
    // three strangers' failures on the other account: its challenge holds for this device, which it does not know
    for (let i = 0; i < SIGNIN_LIMITS.challengeAfter; i++)
      await signin(other.account, "wrong-guess", { address: freshAddress() });
    await advance(WAIT);
    expect((await signin(other.account, other.password, { device, address: freshAddress() })).envelope).toEqual(
      CHALLENGE,
    );
    // a token of the right shape that the platform never made is a stranger's
    for (let i = 0; i < SIGNIN_LIMITS.challengeAfter; i++)
      await signin(m.account, "wrong-guess", { address: freshAddress() });
    await advance(WAIT);
    expect((await signin(m.account, m.password, { device: "A".repeat(43), address: freshAddress() })).envelope).toEqual(
      CHALLENGE,
    );
    expect((await signin(m.account, m.password, { device, address: freshAddress() })).envelope.statusCode).toBe(200);
    // a malformed token is a malformed request
    expect((await signin(m.account, m.password, { device: "short" })).envelope.message).toBe("invalid_parameters");
  });

  it("is limited per device: its wrong passwords wait and then lock that device alone, not the member's other devices", async () => {
    const m = await platform.signupMember(SITE);
    const phone = await deviceOf(m);
    const laptop = await deviceOf(m);
    const outcomes: string[] = [];
    for (let i = 0; i < SIGNIN_LIMITS.maxFailures + 2; i++) {
      let r = await signin(m.account, "wrong-guess", { device: phone });
      if (r.envelope.message === "signin_too_fast") {
        outcomes.push("wait");
        await advance(WAIT);
        r = await signin(m.account, "wrong-guess", { device: phone });
      }
      outcomes.push(r.envelope.message);
    }
    expect(outcomes.filter((o) => o === "wrong_account_or_password")).toHaveLength(SIGNIN_LIMITS.maxFailures);
    expect(outcomes).toContain("wait");
    expect(outcomes.at(-1)).toBe("account_locked");
    expect((await signin(m.account, m.password, { device: phone })).envelope.message).toBe("account_locked");
    expect((await signin(m.account, m.password, { device: laptop })).envelope.statusCode).toBe(200);
    // the device's failures are not strangers' failures: a stranger is not asked for the challenge
    expect((await signin(m.account, m.password, { address: freshAddress() })).envelope.statusCode).toBe(200);
    await advance(LOCK);
    expect((await signin(m.account, m.password, { device: phone })).envelope.statusCode).toBe(200);
  });
});

describe("the counting", () => {
  it("lets no more than three of twenty concurrent guesses be tried: the rest must wait (and then answer the challenge)", async () => {
    const m = await platform.signupMember(SITE);
    const results = await Promise.all(Array.from({ length: 20 }, () => signin(m.account, "wrong-guess")));
    expect(count(messages(results))).toEqual({
      wrong_account_or_password: SIGNIN_LIMITS.challengeAfter,
      signin_too_fast: 20 - SIGNIN_LIMITS.challengeAfter,
    });
    await advance(WAIT);
    expect((await signin(m.account, m.password)).envelope).toEqual(CHALLENGE);
  });

  it("treats a name that does not exist as an account: challenged, slowed and locked alike, so no answer tells it apart", async () => {
    const m = await platform.signupMember(SITE);
    const answers = new Map<string, string[]>();
    for (const name of [m.account, `ghost${networkCounter}x`]) {
      const seen: string[] = [];
      for (let i = 0; i < SIGNIN_LIMITS.maxFailures + 1; i++) {
        const address = freshAddress();
        let r = await signin(name, "wrong-guess", { address });
        seen.push(r.envelope.message);
        if (r.envelope.message === "challenge_required")
          r = await signin(name, "wrong-guess", { address, challenge: TURNSTILE_TEST_ANSWER });
        seen.push(r.envelope.message);
        await advance(WAIT);
      }
      answers.set(name, seen);
    }
    const [real, ghost] = [...answers.values()];
    expect(ghost).toEqual(real);
    expect(real!.at(-1)).toBe("account_locked");
  });

  it("logs the lock of an account against strangers once", async () => {
    const m = await platform.signupMember(SITE);
    for (let i = 0; i < SIGNIN_LIMITS.maxFailures + 2; i++) {
      await signin(m.account, "wrong-guess", { address: freshAddress(), challenge: TURNSTILE_TEST_ANSWER });
      await advance(WAIT);
    }
    const { envelope } = await platform.operator("operatorAudit", {
      params: { siteId: SITE },
      query: { type: "signin_locked", account: m.account } as never,
    });
    const locks = (envelope.data as { items: AuditEntry[] }).items;
    expect(locks).toHaveLength(1);
    expect(locks[0]).toMatchObject({ actor: "system", details: { scope: "account" } });
  });
});

// (that it costs the same password hash, too, is proven by counting hashes: security-signin-work.test.ts)
describe("sign-in tells nobody whether an account exists", () => {
  it("answers an account that does not exist exactly as a wrong password: status, code and message", async () => {
    const m = await platform.signupMember(SITE);
    const wrong = await signin(m.account, "wrong-guess", { address: freshAddress() });
    const unknown = await signin(`${m.account}zz`, "wrong-guess", { address: freshAddress() });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.envelope).toEqual(wrong.envelope);
    expect(wrong.envelope).toEqual(WRONG);
  });
});
