import { describe, expect, it } from "vitest";
import { createPlatformClient } from "../../server/platform-client";

const INFO = {
  account: "alice01",
  realName: "Alice Wang",
  areaCode: "+886",
  mobile: "0912345678",
  mobileVerified: false,
  email: "",
  inviteCode: "ABC123",
  referralCode: "",
  hasTransactionPassword: true,
  currency: "USD",
  createdAt: "2026-01-01T00:00:00.000Z",
  lastLoginAt: null,
};

/** A client whose platform answers every call with `data` and records what was sent. */
function clientWith(data: (path: string) => unknown, token = () => "a-member-token-of-some-length" as string | undefined) {
  const sent: string[] = [];
  const client = createPlatformClient({
    send: async (request) => {
      const path = new URL(request.url).pathname;
      sent.push(`${request.method} ${path}`);
      return Response.json({ statusCode: 200, message: "ok", data: data(path) });
    },
    siteId: "demo",
    token,
    onSessionEnded: () => new Response(null, { status: 302, headers: { location: "/login" } }),
  });
  return { client, sent };
}

describe("platform client: reads shared within one request", () => {
  it("answers the same read asked twice at once (root and page loaders) with one platform call", async () => {
    const { client, sent } = clientWith(() => INFO);
    const [a, b] = await Promise.all([client.call("playerInfo"), client.call("playerInfo")]);
    expect(a).toEqual({ ok: true, data: INFO });
    expect(b).toEqual(a);
    expect(sent).toEqual(["GET /player/info"]);
  });

  it("asks again after a call that may change data (an action's write before the loaders)", async () => {
    const { client, sent } = clientWith((path) => (path === "/player/info" ? INFO : null));
    await client.call("playerInfo");
    await client.call("signout");
    await client.call("playerInfo");
    expect(sent).toEqual(["GET /player/info", "POST /player/authorize/signout", "GET /player/info"]);
  });

  it("keeps reads with other parameters or another token apart", async () => {
    let token = "a-member-token-of-some-length";
    const { client, sent } = clientWith(
      () => ({ items: [], total: 0, page: 1, pageSize: 10 }),
      () => token
    );
    await client.call("orders", { query: { page: 1, pageSize: 10, status: "all" } });
    await client.call("orders", { query: { page: 2, pageSize: 10, status: "all" } });
    token = "another-member-token-of-some-length";
    await client.call("orders", { query: { page: 1, pageSize: 10, status: "all" } });
    expect(sent).toHaveLength(3);
  });

  it("does not keep a failed read: the next caller asks the platform again", async () => {
    let calls = 0;
    const client = createPlatformClient({
      send: async () => {
        calls += 1;
        return calls === 1
          ? Response.json({ statusCode: 400, message: "invalid_parameters" })
          : Response.json({ statusCode: 200, message: "ok", data: INFO });
      },
      siteId: "demo",
      token: () => "a-member-token-of-some-length",
      onSessionEnded: () => new Response(null, { status: 302 }),
    });
    expect((await client.call("playerInfo")).ok).toBe(false);
    expect(await client.call("playerInfo")).toEqual({ ok: true, data: INFO });
    expect(calls).toBe(2);
  });
});
