import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Platform, TestMember } from "../helpers/platform";
import { sharedPlatform } from "../helpers/shared";
import { sentResetCode, stoppedClockPlatform } from "./center-helpers";
import { eventually, memberCall } from "./money-helpers";

/**
 * The member's live stream ends with the session that opened it: a sign-out closes that
 * session's streams, a password change or reset every stream of the member, and the client sees
 * the close at once (not when the member's object next hibernates). A listen key opens a stream
 * on its own site only.
 */
const SITE = "streams-a";
const OTHER_SITE = "streams-b";
/** What the outside test waited for: a close within 5 s of the sign-out. */
const CLOSE_WITHIN_MS = 5_000;
let platform: Platform;
beforeAll(async () => {
  platform = await sharedPlatform();
  await platform.seedSite(SITE);
  await platform.seedSite(OTHER_SITE);
});
afterAll(() => platform.dispose());

type TestSocket = {
  accept(): void;
  close(): void;
  readyState: number;
  addEventListener(type: "close", listener: (event: { code: number }) => void): void;
};

async function listenKey(m: TestMember): Promise<string> {
  const { envelope } = await memberCall(platform, m, "listenKey");
  expect(envelope.statusCode, envelope.message).toBe(200);
  return envelope.data!;
}

function openWith(key: string, siteHeader?: string): Promise<Response> {
  const headers: Record<string, string> = { Upgrade: "websocket" };
  if (siteHeader !== undefined) headers["X-Site-Id"] = siteHeader;
  return platform.fetch(`/player/stream?listenKey=${encodeURIComponent(key)}`, { headers });
}

/** Opens a stream with a fresh listen key of the member's session; `closed` resolves with the close code. */
async function open(m: TestMember) {
  const response = await openWith(await listenKey(m), m.siteId);
  expect(response.status).toBe(101);
  const ws = (response as unknown as { webSocket: TestSocket }).webSocket;
  let closedAt: number | null = null;
  let code: number | null = null;
  ws.accept();
  ws.addEventListener("close", (event) => {
    closedAt = Date.now();
    code = event.code;
  });
  return {
    ws,
    /** waits for the close event; answers how long after `since` it came, and its code */
    async closed(since: number) {
      await eventually(async () => closedAt !== null, CLOSE_WITHIN_MS);
      return { afterMs: closedAt! - since, code };
    },
    isOpen: () => closedAt === null,
  };
}

/** A second session of the same member (another device). */
async function secondSession(m: TestMember): Promise<TestMember> {
  const { envelope } = await platform.call("signin", {
    body: { siteId: m.siteId, account: m.account, password: m.password },
  });
  return { ...m, token: envelope.data!.token };
}

describe("closing the member's stream", () => {
  it("closes the streams of a session within 5 s of its sign-out; another session's stream stays open", async () => {
    const m = await platform.signupMember(SITE);
    const phone = await secondSession(m);
    const [first, alsoFirst, other] = await Promise.all([open(m), open(m), open(phone)]);
    const signedOut = Date.now();
    expect((await memberCall(platform, m, "signout")).envelope.statusCode).toBe(200);
    for (const stream of [first, alsoFirst]) {
      const { afterMs, code } = await stream.closed(signedOut);
      expect(code).toBe(4001);
      expect(afterMs).toBeLessThan(CLOSE_WITHIN_MS);
    }
    // the other session's stream outlived that sign-out: it closes only when its own session ends
    expect(other.isOpen()).toBe(true);
    const phoneSignedOut = Date.now();
    expect((await memberCall(platform, phone, "signout")).envelope.statusCode).toBe(200);
    const { afterMs, code } = await other.closed(phoneSignedOut);
    expect(code).toBe(4001);
    expect(afterMs, "closed by its own session's sign-out, not the first one").toBeGreaterThanOrEqual(0);
  });

  it("closes every stream of the member within 5 s of a login-password change, which ends every session", async () => {
    const m = await platform.signupMember(SITE);
    const streams = await Promise.all([open(m), open(await secondSession(m))]);
    const changed = Date.now();
    const change = await memberCall(platform, m, "changePassword", {
      body: { oldPassword: m.password, newPassword: "changed-pass-1" },
    });
    expect(change.envelope.statusCode, change.envelope.message).toBe(200);
    for (const stream of streams) expect((await stream.closed(changed)).afterMs).toBeLessThan(CLOSE_WITHIN_MS);
  });

  it("closes every stream of the member within 5 s of a forgotten-password reset", async () => {
    const m = await platform.signupMember(SITE);
    const stream = await open(m);
    const forgot = { siteId: SITE, account: m.account, areaCode: m.areaCode, mobile: m.mobile };
    expect((await platform.call("forgotSend", { body: forgot })).envelope.statusCode).toBe(200);
    const code = (await sentResetCode(platform, SITE, m.mobile)).code;
    const reset = Date.now();
    const answer = await platform.call("forgotReset", {
      body: { siteId: SITE, account: m.account, code, newPassword: "reset-pass-7" },
      headers: { "Idempotency-Key": randomUUID() },
    });
    expect(answer.envelope.statusCode, answer.envelope.message).toBe(200);
    expect((await stream.closed(reset)).afterMs).toBeLessThan(CLOSE_WITHIN_MS);
  });
});

describe("a listen key", () => {
  it("opens a stream on its own site only: another site's X-Site-Id is 402, none is 400", async () => {
    const m = await platform.signupMember(SITE);
    const key = await listenKey(m);
    const foreign = await openWith(key, OTHER_SITE);
    expect(foreign.status).toBe(402);
    expect(await foreign.json()).toEqual({ statusCode: 402, message: "invalid_permission" });
    const unnamed = await openWith(key);
    expect(unnamed.status).toBe(400);
    expect(await unnamed.json()).toEqual({ statusCode: 400, message: "invalid_parameters" });
    expect((await openWith(key, "not a site!")).status).toBe(400);
    // the key is still good where it belongs
    const own = await openWith(key, SITE);
    expect(own.status).toBe(101);
    (own as unknown as { webSocket: TestSocket }).webSocket.accept();
    (own as unknown as { webSocket: TestSocket }).webSocket.close();
  });

  it("of a member of another site does not open this site's stream either, whatever the key says", async () => {
    const theirs = await platform.signupMember(OTHER_SITE);
    const key = await listenKey(theirs);
    expect((await openWith(key, SITE)).status).toBe(402);
  });
});

describe("a listen key dies with its session", () => {
  /** Opens with `key` and closes the socket again; answers the upgrade's status. */
  async function tryKey(key: string, siteId: string): Promise<number> {
    const response = await openWith(key, siteId);
    const ws = (response as unknown as { webSocket: TestSocket | null }).webSocket;
    if (ws) {
      ws.accept();
      ws.close();
    }
    return response.status;
  }

  it("is refused after its session signed out, also once the member has signed in again (the outside test's revival)", async () => {
    const m = await platform.signupMember(SITE);
    const key = await listenKey(m);
    expect(await tryKey(key, SITE)).toBe(101);
    expect((await memberCall(platform, m, "signout")).envelope.statusCode).toBe(200);
    expect(await tryKey(key, SITE)).toBe(402);
    // signing in again cleared the ended session's row: the old key must not come back with it
    const again = await secondSession(m);
    expect(await tryKey(key, SITE)).toBe(402);
    // the new session's own keys work
    expect(await tryKey(await listenKey(again), SITE)).toBe(101);
  });

  it("is refused after a login-password change, and after a second sign-in following it", async () => {
    const m = await platform.signupMember(SITE);
    const key = await listenKey(m);
    const change = await memberCall(platform, m, "changePassword", {
      body: { oldPassword: m.password, newPassword: "changed-pass-2" },
    });
    expect(change.envelope.statusCode, change.envelope.message).toBe(200);
    expect(await tryKey(key, SITE)).toBe(402);
    await secondSession({ ...m, password: "changed-pass-2" });
    expect(await tryKey(key, SITE)).toBe(402);
  });

  it("of one session is refused after that session signed out while another session's key still opens", async () => {
    const m = await platform.signupMember(SITE);
    const phone = await secondSession(m);
    const [mine, theirs] = [await listenKey(m), await listenKey(phone)];
    expect((await memberCall(platform, m, "signout")).envelope.statusCode).toBe(200);
    await secondSession(m);
    expect(await tryKey(mine, SITE)).toBe(402);
    expect(await tryKey(theirs, SITE)).toBe(101);
  });
});

describe("a listen key of a session that expired", () => {
  it("is refused once the session expired, also after a later sign-in cleared the expired session", async () => {
    const HOUR = 60 * 60_000;
    // a stopped clock a week and a day behind, so the session's 7 days can pass
    const { platform: clocked, advance } = await stoppedClockPlatform(Date.now() - 8 * 24 * HOUR);
    try {
      await clocked.seedSite(SITE);
      const m = await clocked.signupMember(SITE);
      await advance(7 * 24 * HOUR - 30 * 60_000);
      // a key asked for in the session's last half hour lives on past the session's end
      const { envelope } = await memberCall(clocked, m, "listenKey");
      const key = envelope.data!;
      await advance(31 * 60_000);
      const open = async () => {
        const response = await clocked.fetch(`/player/stream?listenKey=${encodeURIComponent(key)}`, {
          headers: { Upgrade: "websocket", "X-Site-Id": SITE },
        });
        const ws = (response as unknown as { webSocket: TestSocket | null }).webSocket;
        if (ws) {
          ws.accept();
          ws.close();
        }
        return response.status;
      };
      expect(await open()).toBe(402);
      // a new sign-in clears the expired session's row: the key must not come back with it
      const again = await clocked.call("signin", { body: { siteId: SITE, account: m.account, password: m.password } });
      expect(again.envelope.statusCode).toBe(200);
      expect(await open()).toBe(402);
    } finally {
      await clocked.dispose();
    }
  });
});
