/** The platform's check of Cloudflare Access tokens on operator calls (server/platform/auth/access.ts). */
import { beforeAll, describe, expect, it } from "vitest";
import { verifyAccessToken } from "../../server/platform/auth/access";

const TEAM = "ops-team.cloudflareaccess.com";
const AUD = "aud-0123456789abcdef";
const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);

let keys: CryptoKeyPair;
let otherKeys: CryptoKeyPair;
let jwks: JsonWebKey[];

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const json = (value: unknown) => b64url(new TextEncoder().encode(JSON.stringify(value)));

async function sign(
  payload: Record<string, unknown>,
  opts: { kid?: string; key?: CryptoKey; alg?: string } = {},
): Promise<string> {
  const head = json({ alg: opts.alg ?? "RS256", kid: opts.kid ?? "key-1", typ: "JWT" });
  const body = json(payload);
  const signature = await crypto.subtle.sign(
    "RSASSA-PKCS1-v1_5",
    opts.key ?? keys.privateKey,
    new TextEncoder().encode(`${head}.${body}`),
  );
  return `${head}.${body}.${b64url(new Uint8Array(signature))}`;
}

const claims = (over: Record<string, unknown> = {}) => ({
  iss: `https://${TEAM}`,
  aud: [AUD],
  exp: NOW / 1000 + 600,
  iat: NOW / 1000 - 10,
  email: "operator@example.com",
  ...over,
});

const verify = (token: string) =>
  verifyAccessToken(token, { teamDomain: TEAM, audience: AUD, now: NOW, fetchKeys: async () => jwks });

beforeAll(async () => {
  const params = {
    name: "RSASSA-PKCS1-v1_5",
    modulusLength: 2048,
    publicExponent: new Uint8Array([1, 0, 1]),
    hash: "SHA-256",
  };
  keys = (await crypto.subtle.generateKey(params, true, ["sign", "verify"])) as CryptoKeyPair;
  otherKeys = (await crypto.subtle.generateKey(params, true, ["sign", "verify"])) as CryptoKeyPair;
  jwks = [{ ...(await crypto.subtle.exportKey("jwk", keys.publicKey)), kid: "key-1" } as JsonWebKey];
});

describe("Cloudflare Access tokens", () => {
  it("accepts a token signed by the team's key for this application", async () => {
    expect(await verify(await sign(claims()))).toBe(true);
  });

  it("refuses a token for another application (audience)", async () => {
    expect(await verify(await sign(claims({ aud: ["someone-else"] })))).toBe(false);
  });

  it("refuses a token of another team (issuer)", async () => {
    expect(await verify(await sign(claims({ iss: "https://evil.cloudflareaccess.com" })))).toBe(false);
  });

  it("refuses an expired token", async () => {
    expect(await verify(await sign(claims({ exp: NOW / 1000 - 1 })))).toBe(false);
  });

  it("refuses a token signed by another key under the team's key id", async () => {
    expect(await verify(await sign(claims(), { key: otherKeys.privateKey }))).toBe(false);
  });

  it("refuses a token whose payload was changed after signing", async () => {
    const [head, , signature] = (await sign(claims())).split(".");
    const forged = `${head}.${json(claims({ email: "attacker@example.com", aud: [AUD] }))}.${signature}`;
    expect(await verify(forged)).toBe(false);
  });

  it("refuses a token naming an unknown key, another algorithm, or no structure at all", async () => {
    expect(await verify(await sign(claims(), { kid: "key-9" }))).toBe(false);
    expect(await verify(await sign(claims(), { alg: "none" }))).toBe(false);
    expect(await verify("not-a-token")).toBe(false);
  });
});
