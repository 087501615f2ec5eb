import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Envelope } from "../../server/contract";
import { signupBody, type Platform, type TestMember } from "../helpers/platform";
import { sharedPlatform } from "../helpers/shared";

let platform: Platform;
let member: TestMember;
beforeAll(async () => {
  platform = await sharedPlatform();
  await platform.seedSite("router-a");
  await platform.seedSite("router-b");
  member = await platform.signupMember("router-a");
});
afterAll(() => platform.dispose());

const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as Envelope });

describe("routing and envelopes", () => {
  it("answers an unknown path with 400 invalid_parameters in the envelope", async () => {
    expect(await json(await platform.fetch("/no/such/call"))).toEqual({
      status: 400,
      body: { statusCode: 400, message: "invalid_parameters" },
    });
  });

  it("answers a known path with the wrong method with 400 invalid_parameters", async () => {
    const { status, body } = await json(await platform.fetch("/player/authorize/signin", { method: "GET" }));
    expect(status).toBe(400);
    expect(body.message).toBe("invalid_parameters");
  });

  it("sends JSON envelopes whose HTTP status equals statusCode", async () => {
    const response = await platform.fetch("/site/info/router-a");
    expect(response.headers.get("content-type")).toContain("application/json");
    const body = (await response.json()) as Envelope;
    expect(response.status).toBe(body.statusCode);
    expect(body.message).toBe("ok");
  });
});

describe("input validation", () => {
  it("refuses malformed JSON with 400 invalid_parameters and creates nothing", async () => {
    const response = await platform.fetch("/player/authorize/signup", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"siteId":"router-a","account":"brokenjson",',
    });
    expect(await json(response)).toEqual({ status: 400, body: { statusCode: 400, message: "invalid_parameters" } });
    // nothing holds the account: signing it up now succeeds (sign-in would not tell, it answers an unknown account as a wrong password)
    const again = await platform.call("signup", { body: signupBody("router-a", { account: "brokenjson" }) });
    expect(again.envelope.statusCode).toBe(200);
  });

  it("refuses fields of the wrong type with 400 invalid_parameters and creates nothing", async () => {
    const body = { ...signupBody("router-a"), mobile: 912345678 };
    const response = await platform.fetch("/player/authorize/signup", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    expect((await json(response)).body).toEqual({ statusCode: 400, message: "invalid_parameters" });
    const again = await platform.call("signup", { body: { ...body, mobile: signupBody("router-a").mobile } });
    expect(again.envelope.statusCode).toBe(200);
  });

  it("refuses a missing body with 400 invalid_parameters", async () => {
    const response = await platform.fetch("/player/authorize/signin", { method: "POST" });
    expect((await json(response)).body.message).toBe("invalid_parameters");
  });

  it("refuses extra fields where the schema is strict, changing nothing", async () => {
    const response = await platform.fetch("/player/info", {
      method: "PUT",
      headers: { Authorization: `Bearer ${member.token}`, "X-Site-Id": "router-a", "Content-Type": "application/json" },
      body: JSON.stringify({ realName: "Changed Name", isAdmin: true }),
    });
    expect((await json(response)).body).toEqual({ statusCode: 400, message: "invalid_parameters" });
    const info = await platform.call("playerInfo", { token: member.token, siteId: "router-a" });
    expect(info.envelope.data!.realName).toBe(member.realName);
  });

  it("refuses a query of the wrong shape with 400 invalid_parameters", async () => {
    const { envelope } = await platform.call("press", {
      params: { siteId: "router-a" },
      query: { lang: "fr_FR" as "en_US" },
      token: member.token,
      siteId: "router-a",
    });
    expect(envelope.message).toBe("invalid_parameters");
  });

  it("refuses a malformed siteId in the path with 400 invalid_parameters", async () => {
    const { envelope } = await platform.call("siteInfo", { params: { siteId: "Not_A_Site!" } });
    expect(envelope).toEqual({ statusCode: 400, message: "invalid_parameters" });
  });
});

describe("member authentication", () => {
  it("answers a member call without X-Site-Id with 400 invalid_parameters", async () => {
    const { envelope } = await platform.call("playerInfo", { token: member.token });
    expect(envelope).toEqual({ statusCode: 400, message: "invalid_parameters" });
  });

  it("answers a member call with a malformed X-Site-Id with 400 invalid_parameters", async () => {
    const { envelope } = await platform.call("playerInfo", { token: member.token, siteId: "NOT VALID" });
    expect(envelope.message).toBe("invalid_parameters");
  });

  it("answers a member call without a token with 402 invalid_permission", async () => {
    const { status, envelope } = await platform.call("playerInfo", { siteId: "router-a" });
    expect(status).toBe(402);
    expect(envelope).toEqual({ statusCode: 402, message: "invalid_permission" });
  });

  it("answers a garbled token with 402 invalid_permission", async () => {
    for (const token of ["garbage", `${member.token}x`, member.token.slice(0, -4)]) {
      const { envelope } = await platform.call("playerInfo", { token, siteId: "router-a" });
      expect(envelope).toEqual({ statusCode: 402, message: "invalid_permission" });
    }
  });

  it("answers a public call whose X-Site-Id names another site than its path with 400 invalid_site", async () => {
    const { envelope } = await platform.call("siteInfo", { params: { siteId: "router-a" }, siteId: "router-b" });
    expect(envelope).toEqual({ statusCode: 400, message: "invalid_site" });
  });
});

describe("operator authentication", () => {
  it("answers an operator call with a wrong key with 403 invalid_permission and changes nothing", async () => {
    const { status, envelope } = await platform.operator(
      "operatorPutSite",
      { params: { siteId: "router-a" }, body: { title: "Hijacked" } },
      "wrong-key",
    );
    expect(status).toBe(403);
    expect(envelope).toEqual({ statusCode: 403, message: "invalid_permission" });
    const info = await platform.call("siteInfo", { params: { siteId: "router-a" } });
    expect(info.envelope.data!.title).toBe("router-a");
  });

  it("answers an operator call without a key, or with a member token, with 403 invalid_permission", async () => {
    const none = await platform.call("operatorPutSite", { params: { siteId: "router-a" }, body: {} });
    expect(none.envelope).toEqual({ statusCode: 403, message: "invalid_permission" });
    const asMember = await platform.call("operatorPutSite", {
      params: { siteId: "router-a" },
      body: {},
      token: member.token,
    });
    expect(asMember.envelope).toEqual({ statusCode: 403, message: "invalid_permission" });
  });
});
