import { describe, expect, it } from "vitest";
import {
  ACCOUNT_MODE_HEADER,
  CLIENT_ADDRESS_HEADER,
  SITE_INFO_WHEN_MISSING,
  siteInfo,
  type SiteInfo,
} from "../../server/contract";
import { DEMO_SITE } from "../../server/cli/seed/sites";
import { defaultSiteConfig } from "../../server/platform/site/defaults";
import { clientAddressOf, createPlatformClient } from "../../server/site/platform-client";

/** What the site's platform client puts on the wire for the platform's per-address limits. */
function recordingClient(clientAddress: string | undefined) {
  const sent: Request[] = [];
  const client = createPlatformClient({
    send: async (request) => {
      sent.push(request);
      return Response.json({ statusCode: 200, message: "ok", data: { token: "t".repeat(24) } });
    },
    siteId: "demo",
    token: () => "member-token",
    clientAddress,
    onSessionEnded: () => new Response(null, { status: 302 }),
  });
  return { client, sent };
}

describe("the client address", () => {
  it("is sent as X-Client-Address on public and member calls when the request had one", async () => {
    const { client, sent } = recordingClient("198.51.100.23");
    await client.call("signin", { body: { siteId: "demo", account: "alice", password: "secret-1" } });
    await client.call("playerInfo");
    expect(sent.map((r) => r.headers.get(CLIENT_ADDRESS_HEADER))).toEqual(["198.51.100.23", "198.51.100.23"]);
  });

  it("is left out when unknown, so the platform applies only its per-account limits", async () => {
    const { client, sent } = recordingClient(undefined);
    await client.call("signin", { body: { siteId: "demo", account: "alice", password: "secret-1" } });
    expect(sent[0]!.headers.has(CLIENT_ADDRESS_HEADER)).toBe(false);
  });

  it("in production comes from CF-Connecting-IP only, which the edge sets: a header the browser sent itself is not taken", () => {
    const spoofed = new Request("https://demo.example/login", {
      headers: {
        "CF-Connecting-IP": "203.0.113.9",
        [CLIENT_ADDRESS_HEADER]: "10.0.0.1",
        "X-Forwarded-For": "10.0.0.2",
      },
    });
    expect(clientAddressOf(spoofed, true)).toBe("203.0.113.9");
    const direct = new Request("https://demo.example/login", { headers: { [CLIENT_ADDRESS_HEADER]: "10.0.0.1" } });
    expect(clientAddressOf(direct, true)).toBeUndefined();
  });

  it("outside production ignores CF-Connecting-IP, which nothing overwrites there, and takes the forwarded header tests set", () => {
    const request = new Request("http://localhost/login", {
      headers: { "CF-Connecting-IP": "203.0.113.9", [CLIENT_ADDRESS_HEADER]: "2001:db8::7" },
    });
    expect(clientAddressOf(request, false)).toBe("2001:db8::7");
    const onlyCf = new Request("http://localhost/login", { headers: { "CF-Connecting-IP": "203.0.113.9" } });
    expect(clientAddressOf(onlyCf, false)).toBeUndefined();
    // what is not an address is not forwarded
    const junk = new Request("http://localhost/login", { headers: { [CLIENT_ADDRESS_HEADER]: "x, 203.0.113.9" } });
    expect(clientAddressOf(junk, false)).toBeUndefined();
  });
});

describe("the account mode", () => {
  function modeClient(mode: () => "real" | "practice") {
    const sent: Request[] = [];
    const client = createPlatformClient({
      send: async (request) => {
        sent.push(request);
        return Response.json({ statusCode: 200, message: "ok", data: null });
      },
      siteId: "demo",
      token: () => "member-token",
      mode,
      onSessionEnded: () => new Response(null, { status: 302 }),
    });
    return { client, sent };
  }

  it("follows the session on every member call, is absent on public ones, and keeps one cached read per mode", async () => {
    let mode: "real" | "practice" = "practice";
    const { client, sent } = modeClient(() => mode);
    await client.call("practice");
    await client.call("pairs");
    mode = "real";
    await client.call("practice");
    expect(sent.map((r) => r.headers.get(ACCOUNT_MODE_HEADER))).toEqual(["practice", null, "real"]);
  });

  it("is left out (real) for a token handed in by ?accessToken=, whatever the session's mode", async () => {
    const { client, sent } = modeClient(() => "practice");
    await client.call("playerInfo", { token: "another-token-of-some-length" });
    expect(sent[0]!.headers.has(ACCOUNT_MODE_HEADER)).toBe(false);
  });
});

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
function clientWith(
  data: (path: string) => unknown,
  token = () => "a-member-token-of-some-length" as string | undefined,
) {
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
      () => token,
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

describe("site info with fields left out", () => {
  /** A client whose platform answers site info with only these fields. */
  const answering = (data: Record<string, unknown>) =>
    createPlatformClient({
      send: async () => Response.json({ statusCode: 200, message: "ok", data }),
      siteId: "sparse",
      token: () => undefined,
      onSessionEnded: () => new Response(null, { status: 302 }),
    });

  it("reads a site info holding only its siteId: every field left out is its empty value, not a failure", async () => {
    const result = await answering({ siteId: "sparse" }).call("siteInfo", { params: { siteId: "sparse" } });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data).toEqual({ siteId: "sparse", ...SITE_INFO_WHEN_MISSING });
    expect(result.data.title).toBe("");
    expect(result.data.depositOptions).toEqual([]);
    expect(result.data.smsVerify).toBe(false);
    expect(result.data.maxBetAmount).toBe(0);
  });

  it("keeps every field the platform did send, and reads a null as left out", async () => {
    const result = await answering({
      siteId: "sparse",
      title: "Sparse Markets",
      bankVerify: true,
      betAmounts: [100],
      logo: null,
    }).call("siteInfo", {
      params: { siteId: "sparse" },
    });
    expect(result.ok && result.data.title).toBe("Sparse Markets");
    expect(result.ok && result.data.bankVerify).toBe(true);
    expect(result.ok && result.data.betAmounts).toEqual([100]);
    expect(result.ok && result.data.logo).toBe("");
  });

  // every field of site info in turn (the spec: "missing fields become empty"): a full answer
  // (the demo site's) without that one field still parses, with that field empty and the rest kept
  const FULL = { ...defaultSiteConfig("demo"), ...DEMO_SITE.config, siteId: "demo" } as SiteInfo;
  // the site's id, and the beacon the platform names itself (optional: an older platform names none)
  const FIELDS = Object.keys(siteInfo.shape).filter(
    (key) => key !== "siteId" && key !== "beacon",
  ) as (keyof typeof SITE_INFO_WHEN_MISSING)[];
  it("knows every field of site info", () => {
    expect(FIELDS.length).toBeGreaterThan(40);
    expect(new Set(FIELDS)).toEqual(new Set(Object.keys(SITE_INFO_WHEN_MISSING)));
  });
  it.each(FIELDS)(
    "reads an answer without %s as that field's empty value, keeping every other field",
    async (field) => {
      const { [field]: _dropped, ...rest } = FULL;
      const result = await answering(rest).call("siteInfo", { params: { siteId: "demo" } });
      expect(result.ok, result.ok ? "" : result.code).toBe(true);
      if (!result.ok) return;
      expect(result.data[field]).toEqual(SITE_INFO_WHEN_MISSING[field]);
      expect({ ...result.data, [field]: undefined }).toEqual({ ...siteInfo.parse(FULL), [field]: undefined });
    },
  );

  it("still refuses a field the platform sent wrong: empty is for what is missing, not for what is invalid", async () => {
    const result = await answering({ siteId: "sparse", maxBetAmount: -5 }).call("siteInfo", {
      params: { siteId: "sparse" },
    });
    expect(result.ok).toBe(false);
  });
});

describe("a failure's data", () => {
  const failing = (body: unknown) =>
    createPlatformClient({
      send: async () => Response.json(body),
      siteId: "demo",
      token: () => "a-member-token-of-some-length",
      onSessionEnded: () => new Response(null, { status: 302 }),
    });

  it("hands the caller the amount a refusal names (bonus_locked: the turnover still needed)", async () => {
    const result = await failing({ statusCode: 400, message: "bonus_locked", data: { amount: 45000 } }).call(
      "withdraw",
      {
        body: { amount: 1000 },
        idempotencyKey: "k".repeat(36),
      },
    );
    expect(result).toEqual({ ok: false, status: 400, code: "bonus_locked", amount: 45000 });
  });

  it("leaves amount out when the failure has none, or when its data breaks the contract", async () => {
    const none = await failing({ statusCode: 400, message: "insufficient_balance" }).call("playerInfo");
    expect(none).toEqual({ ok: false, status: 400, code: "insufficient_balance" });
    const broken = await failing({ statusCode: 400, message: "bonus_locked", data: { amount: "lots" } }).call(
      "playerInfo",
    );
    expect(broken).toEqual({ ok: false, status: 400, code: "bonus_locked" });
  });
});
