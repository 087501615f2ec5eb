import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signupBody, unique, objectStub, type Platform, type TestMember } from "../helpers/platform";
import { sharedPlatform } from "../helpers/shared";

const SITE = "player-a";
let platform: Platform;
beforeAll(async () => {
  platform = await sharedPlatform();
  await platform.seedSite(SITE, {
    localsOptions: ["+886", "+81"],
    currency: "EUR",
    games: [
      { code: "binary", name: "Binary" },
      { code: "contract", name: "Contract" },
    ],
  });
});
afterAll(() => platform.dispose());

/** The member's Durable Object, for checks no contract call exposes. */
async function memberObject(memberId: string): Promise<unknown> {
  return objectStub(platform, "MEMBER", memberId);
}

const update = (member: TestMember, body: object) =>
  platform.call("updatePlayerInfo", { token: member.token, siteId: SITE, body });
const info = async (member: TestMember) =>
  (await platform.call("playerInfo", { token: member.token, siteId: SITE })).envelope.data!;

describe("playerInfo", () => {
  it("returns the member's profile without any credential", async () => {
    const member = await platform.signupMember(SITE);
    const { envelope } = await platform.call("playerInfo", { token: member.token, siteId: SITE });
    expect(envelope.statusCode).toBe(200);
    expect(envelope.data).toMatchObject({ account: member.account, mobile: member.mobile, currency: "EUR" });
    expect(JSON.stringify(envelope)).not.toMatch(/pbkdf2|password_hash|secret/);
  });
});

describe("updatePlayerInfo", () => {
  it("changes the real name and e-mail and returns the new profile", async () => {
    const member = await platform.signupMember(SITE);
    const { envelope } = await update(member, { realName: "New Name", email: "new@example.com" });
    expect(envelope.statusCode).toBe(200);
    expect(envelope.data).toMatchObject({ realName: "New Name", email: "new@example.com" });
    expect(await info(member)).toMatchObject({ realName: "New Name", email: "new@example.com" });
  });

  it("answers no_user_data_update when nothing differs from the current values", async () => {
    const member = await platform.signupMember(SITE);
    expect((await update(member, {})).envelope).toEqual({ statusCode: 400, message: "no_user_data_update" });
    const same = await update(member, { realName: member.realName, mobile: member.mobile });
    expect(same.envelope).toEqual({ statusCode: 400, message: "no_user_data_update" });
  });

  it("answers mobile_registered for a mobile another member of the site holds, changing nothing", async () => {
    const holder = await platform.signupMember(SITE);
    const member = await platform.signupMember(SITE);
    const { envelope } = await update(member, { mobile: holder.mobile, realName: "Should Not Stick" });
    expect(envelope).toEqual({ statusCode: 400, message: "mobile_registered" });
    expect(await info(member)).toMatchObject({ mobile: member.mobile, realName: member.realName });
  });

  it("moves the member to a new mobile, frees the old one and marks the new one unverified", async () => {
    const member = await platform.signupMember(SITE);
    const fresh = unique().mobile;
    const { envelope } = await update(member, { mobile: fresh });
    expect(envelope.data).toMatchObject({ mobile: fresh, mobileVerified: false });
    const taker = signupBody(SITE, { mobile: member.mobile });
    expect((await platform.call("signup", { body: taker })).envelope.statusCode).toBe(200);
    const clash = signupBody(SITE, { mobile: fresh });
    expect((await platform.call("signup", { body: clash })).envelope.message).toBe("mobile_registered");
  });

  it("answers invalid_area_code for an area code the site does not offer", async () => {
    const member = await platform.signupMember(SITE);
    expect((await update(member, { areaCode: "+44" })).envelope).toEqual({
      statusCode: 400,
      message: "invalid_area_code",
    });
    // the kept number must fit the new area code: a Taiwanese number is no Japanese one
    expect((await update(member, { areaCode: "+81" })).envelope.message).toBe("invalid_parameters");
    const japanese = `080-${member.mobile.slice(2, 6)}-${member.mobile.slice(6)}`;
    expect((await update(member, { areaCode: "+81", mobile: japanese })).envelope.data).toMatchObject({
      areaCode: "+81",
      mobile: `080${member.mobile.slice(2)}`,
    });
    // the same number typed another way is no change
    expect((await update(member, { mobile: `80${member.mobile.slice(2)}` })).envelope.message).toBe(
      "no_user_data_update",
    );
  });

  it("refuses a malformed e-mail or mobile with invalid_parameters", async () => {
    const member = await platform.signupMember(SITE);
    expect((await update(member, { email: "not-an-email" })).envelope.message).toBe("invalid_parameters");
    expect((await update(member, { mobile: "12345" })).envelope.message).toBe("invalid_parameters");
  });
});

describe("listenKey", () => {
  it("returns a fresh key of at least 16 characters on every call", async () => {
    const member = await platform.signupMember(SITE);
    const first = await platform.call("listenKey", { token: member.token, siteId: SITE });
    const second = await platform.call("listenKey", { token: member.token, siteId: SITE });
    expect(first.envelope.statusCode).toBe(200);
    expect(first.envelope.data!.length).toBeGreaterThanOrEqual(16);
    expect(first.envelope.data).not.toBe(second.envelope.data);
    expect(first.envelope.data).not.toBe(member.token);
  });

  it("is stored (as a hash) by the member, who recognises it and nothing else", async () => {
    const member = await platform.signupMember(SITE);
    const key = (await platform.call("listenKey", { token: member.token, siteId: SITE })).envelope.data!;
    const [siteId, memberId, id, secret] = Buffer.from(key, "base64url").toString().split(".") as string[];
    const stub = (await memberObject(memberId!)) as unknown as {
      checkListenKey(siteId: string, id: string, secretHash: string): Promise<boolean>;
    };
    const hash = (text: string) => createHash("sha256").update(text).digest("hex");
    expect(await stub.checkListenKey(siteId!, id!, hash(secret!))).toBe(true);
    expect(await stub.checkListenKey(siteId!, id!, hash(`${secret}x`))).toBe(false);
    expect(await stub.checkListenKey("other-site", id!, hash(secret!))).toBe(false);
  });
});

describe("wallets", () => {
  it("shows a new member a zero main account and one zero wallet per game of the site", async () => {
    const member = await platform.signupMember(SITE);
    const { envelope } = await platform.call("wallets", { token: member.token, siteId: SITE });
    expect(envelope).toEqual({
      statusCode: 200,
      message: "ok",
      data: {
        currency: "EUR",
        main: { balance: 0, onHold: 0, bonus: 0 },
        games: [
          { code: "binary", name: "Binary", balance: 0 },
          { code: "contract", name: "Contract", balance: 0 },
        ],
        inBets: 0,
        inPositions: 0,
        total: 0,
      },
    });
  });

  it("keeps every balance equal to the sum of its ledger entries for a new member", async () => {
    const member = await platform.signupMember(SITE);
    const memberId = Buffer.from(member.token, "base64url").toString().split(".")[1]!;
    const stub = (await memberObject(memberId)) as unknown as {
      checkLedger(): Promise<{ mismatches: unknown[]; total: number; negative: unknown[] }>;
    };
    expect(await stub.checkLedger()).toMatchObject({ mismatches: [], total: 0, negative: [] });
  });
});
