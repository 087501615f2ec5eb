import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Platform, TestMember } from "../helpers/platform";
import { sharedPlatform } from "../helpers/shared";

let platform: Platform;
let member: TestMember;
beforeAll(async () => {
  platform = await sharedPlatform();
  await platform.seedSite("session-a");
  await platform.seedSite("session-b");
  member = await platform.signupMember("session-a");
});
afterAll(() => platform.dispose());

const signin = (siteId: string, account: string, password: string) =>
  platform.call("signin", { body: { siteId, account, password } });
const verify = (token: string, siteId: string) => platform.call("accessTokenVerify", { token, siteId });

describe("signin", () => {
  it("returns a token for the right password", async () => {
    const { status, envelope } = await signin("session-a", member.account, member.password);
    expect(status).toBe(200);
    expect(envelope.message).toBe("ok");
    expect(envelope.data!.token.length).toBeGreaterThanOrEqual(20);
  });

  it("accepts the account in another letter case", async () => {
    expect((await signin("session-a", member.account.toUpperCase(), member.password)).envelope.statusCode).toBe(200);
  });

  it("records the time of the last sign-in", async () => {
    const { token } = (await signin("session-a", member.account, member.password)).envelope.data!;
    const info = (await platform.call("playerInfo", { token, siteId: "session-a" })).envelope.data!;
    expect(Date.now() - Date.parse(info.lastLoginAt!)).toBeLessThan(60_000);
  });

  // one answer for all three, so sign-in tells nobody whether an account exists (ASVS 6.3.8)
  it("answers wrong_account_or_password for a wrong password", async () => {
    const { envelope } = await signin("session-a", member.account, "not-the-password");
    expect(envelope).toEqual({ statusCode: 400, message: "wrong_account_or_password" });
  });

  it("answers wrong_account_or_password for an unknown account", async () => {
    const { envelope } = await signin("session-a", "nobody-here", "whatever1");
    expect(envelope).toEqual({ statusCode: 400, message: "wrong_account_or_password" });
  });

  it("answers wrong_account_or_password for an account of another site", async () => {
    const { envelope } = await signin("session-b", member.account, member.password);
    expect(envelope).toEqual({ statusCode: 400, message: "wrong_account_or_password" });
  });

  it("answers invalid_site for a site no operator created", async () => {
    const { envelope } = await signin("session-none", member.account, member.password);
    expect(envelope).toEqual({ statusCode: 400, message: "invalid_site" });
  });
});

describe("accessTokenVerify and signout", () => {
  it("accepts a live token of the X-Site-Id site", async () => {
    expect((await verify(member.token, "session-a")).envelope).toEqual({ statusCode: 200, message: "ok", data: null });
  });

  it("answers 402 invalid_permission for a token of site A sent with X-Site-Id of site B", async () => {
    const { status, envelope } = await verify(member.token, "session-b");
    expect(status).toBe(402);
    expect(envelope).toEqual({ statusCode: 402, message: "invalid_permission" });
    const info = await platform.call("playerInfo", { token: member.token, siteId: "session-b" });
    expect(info.envelope).toEqual({ statusCode: 402, message: "invalid_permission" });
  });

  it("answers 402 invalid_permission for a token whose secret was altered", async () => {
    const [siteId, memberId, sessionId] = Buffer.from(member.token, "base64url").toString().split(".");
    const forged = Buffer.from([siteId, memberId, sessionId, "A".repeat(43)].join(".")).toString("base64url");
    expect((await verify(forged, "session-a")).envelope).toEqual({ statusCode: 402, message: "invalid_permission" });
  });

  it("answers 404 account_not_found for a well-formed token of a member who does not exist", async () => {
    const [siteId, , sessionId, secret] = Buffer.from(member.token, "base64url").toString().split(".");
    const ghost = Buffer.from([siteId, crypto.randomUUID(), sessionId, secret].join(".")).toString("base64url");
    const { status, envelope } = await verify(ghost, "session-a");
    expect(status).toBe(404);
    expect(envelope).toEqual({ statusCode: 404, message: "account_not_found" });
  });

  it("revokes the session on signout: the token then gets 402 everywhere, other sessions stay live", async () => {
    const first = (await signin("session-a", member.account, member.password)).envelope.data!.token;
    const second = (await signin("session-a", member.account, member.password)).envelope.data!.token;
    expect((await platform.call("signout", { token: first, siteId: "session-a" })).envelope).toEqual({
      statusCode: 200,
      message: "ok",
      data: null,
    });
    for (const name of ["accessTokenVerify", "playerInfo", "signout", "listenKey", "wallets"] as const) {
      const { status, envelope } = await platform.call(name, { token: first, siteId: "session-a" });
      expect(status, name).toBe(402);
      expect(envelope.message, name).toBe("invalid_permission");
    }
    expect((await verify(second, "session-a")).envelope.statusCode).toBe(200);
  });
});
