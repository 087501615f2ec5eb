/**
 * The back office's Access gate (server/site/backoffice.ts, decision 034): in production the site
 * worker serves the back office only to a request with a valid Cloudflare Access token, checked
 * with the platform's own code (server/access/token.ts); development has no Access.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { accessGate } from "../../server/site/backoffice";

const TEAM = "ops-team.cloudflareaccess.com";
const AUD = "aud-0123456789abcdef";
const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const PRODUCTION = { ENVIRONMENT: "production" as const, ACCESS_TEAM_DOMAIN: TEAM, ACCESS_AUD: AUD };

let keys: CryptoKeyPair;
let jwks: JsonWebKey[];

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const json = (value: unknown) => b64url(new TextEncoder().encode(JSON.stringify(value)));

async function sign(payload: Record<string, unknown>): Promise<string> {
  const head = json({ alg: "RS256", kid: "key-1", typ: "JWT" });
  const body = json(payload);
  const signature = await crypto.subtle.sign(
    "RSASSA-PKCS1-v1_5",
    keys.privateKey,
    new TextEncoder().encode(`${head}.${body}`),
  );
  return `${head}.${body}.${b64url(new Uint8Array(signature))}`;
}

const claims = (over: Record<string, unknown> = {}) => ({
  iss: `https://${TEAM}`,
  aud: [AUD],
  exp: NOW / 1000 + 600,
  email: "Mei.Wu@example.com",
  ...over,
});

const request = (token?: string) =>
  new Request("https://ops.example.com/bo", token ? { headers: { "Cf-Access-Jwt-Assertion": token } } : {});
const inject = { now: NOW, fetchKeys: async () => jwks };

beforeAll(async () => {
  const params = {
    name: "RSASSA-PKCS1-v1_5",
    modulusLength: 2048,
    publicExponent: new Uint8Array([1, 0, 1]),
    hash: "SHA-256",
  };
  keys = (await crypto.subtle.generateKey(params, true, ["sign", "verify"])) as CryptoKeyPair;
  jwks = [{ ...(await crypto.subtle.exportKey("jwk", keys.publicKey)), kid: "key-1" } as JsonWebKey];
});

describe("the back office's Access gate", () => {
  it("lets a valid token through, naming its person in lower case, and keeps the assertion to send on", async () => {
    const token = await sign(claims());
    expect(await accessGate(request(token), PRODUCTION, inject)).toEqual({
      ok: true,
      email: "mei.wu@example.com",
      assertion: token,
    });
  });

  it("refuses a request without a token, with a token of another application, or an expired one", async () => {
    expect(await accessGate(request(), PRODUCTION, inject)).toEqual({ ok: false, reason: "missing" });
    const other = await sign(claims({ aud: ["another-app"] }));
    expect(await accessGate(request(other), PRODUCTION, inject)).toEqual({ ok: false, reason: "missing" });
    const expired = await sign(claims({ exp: NOW / 1000 - 1 }));
    expect(await accessGate(request(expired), PRODUCTION, inject)).toEqual({ ok: false, reason: "missing" });
  });

  it("refuses everything in production when Access is not configured, rather than serve on a key alone", async () => {
    const token = await sign(claims());
    const unset = { ENVIRONMENT: "production" as const, ACCESS_TEAM_DOMAIN: "", ACCESS_AUD: "" };
    expect(await accessGate(request(token), unset, inject)).toEqual({ ok: false, reason: "config" });
  });

  it("asks nothing in development, where there is no Access", async () => {
    const dev = { ENVIRONMENT: "development" as const, ACCESS_TEAM_DOMAIN: "", ACCESS_AUD: "" };
    expect(await accessGate(request(), dev, inject)).toEqual({ ok: true, email: null });
  });
});
