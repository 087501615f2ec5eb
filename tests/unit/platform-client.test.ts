import { describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "../../server/contract";
import { clientAddressOf, createPlatformClient } from "../../server/platform-client";

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

  it("comes from CF-Connecting-IP only: a header the browser sent itself is not taken", () => {
    const spoofed = new Request("https://demo.example/login", {
      headers: { "CF-Connecting-IP": "203.0.113.9", [CLIENT_ADDRESS_HEADER]: "10.0.0.1", "X-Forwarded-For": "10.0.0.2" },
    });
    expect(clientAddressOf(spoofed)).toBe("203.0.113.9");
    const direct = new Request("https://demo.example/login", { headers: { [CLIENT_ADDRESS_HEADER]: "10.0.0.1" } });
    expect(clientAddressOf(direct)).toBeUndefined();
  });
});
